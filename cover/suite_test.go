package cover

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// An early check of this package against the reference suite, before the
// pla package and the golden test of cmd/espresso exist: a minimal reader
// for the plainest PLAs of the suite (binary inputs, one output variable,
// type fd, no labels or comments) and writer of type-f output, enough to
// run the modes built from this package alone and compare with what 2.3
// printed.

// caSuite opens the reference suite, testdata/espresso-suite.zip, as a
// file system. Package internal/suite, which the other packages' tests use,
// reads PLAs with package pla and so cannot serve the tests of cover.
func caSuite(t *testing.T) fs.FS {
	name := filepath.Join("..", "testdata", "espresso-suite.zip")
	zr, err := zip.OpenReader(name)
	if err != nil {
		t.Fatalf("reference suite: %v (it is part of the repository; see testdata/README.md)", err)
	}
	t.Cleanup(func() { zr.Close() })
	return zr
}

type caPLA struct {
	cb   *Cube
	f, d *Cover
}

// caReadPLA reads a plain PLA; ok is false when the file uses anything
// beyond .i, .o, .p, .e and cubes on one line each.
func caReadPLA(fsys fs.FS, name string) (p caPLA, ok bool, err error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return p, false, err
	}
	ni, no := -1, -1
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if strings.HasPrefix(fields[0], ".") {
			switch fields[0] {
			case ".i", ".o":
				if len(fields) != 2 || p.cb != nil {
					return p, false, nil
				}
				n, err := strconv.Atoi(fields[1])
				if err != nil {
					return p, false, nil
				}
				if fields[0] == ".i" {
					ni = n
				} else {
					no = n
				}
			case ".p":
			case ".e", ".end":
				if p.cb == nil {
					return p, false, nil
				}
				return p, true, nil
			default:
				return p, false, nil
			}
			continue
		}
		if ni < 0 || no <= 0 {
			return p, false, nil
		}
		if p.cb == nil {
			if p.cb, err = NewCube(ni, []int{no}); err != nil {
				return p, false, err
			}
			p.f, p.d = p.cb.NewCover(10), p.cb.NewCover(10)
		}
		chars := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '|' {
				return -1
			}
			return r
		}, line)
		if len(chars) != ni+no {
			return p, false, nil
		}
		cf := p.cb.NewSet()
		for v := 0; v < ni; v++ {
			switch chars[v] {
			case '-', '2':
				cf.Insert(2*v + 1)
				cf.Insert(2 * v)
			case '0':
				cf.Insert(2 * v)
			case '1':
				cf.Insert(2*v + 1)
			case '?':
			default:
				return p, false, nil
			}
		}
		cd := cf.Clone()
		savef, saved := false, false
		for i := 0; i < no; i++ {
			part := p.cb.FirstPart[p.cb.Output] + i
			switch chars[ni+i] {
			case '1', '4':
				cf.Insert(part)
				savef = true
			case '-', '2':
				cd.Insert(part)
				saved = true
			case '0', '3', '~':
			default:
				return p, false, nil
			}
		}
		if savef {
			p.f.Append(cf)
		}
		if saved {
			p.d.Append(cd)
		}
	}
	return p, p.cb != nil, nil
}

func caWritePLA(cb *Cube, f *Cover) string {
	var b strings.Builder
	outputs := 0
	if cb.Output >= 0 {
		outputs = cb.PartSize[cb.Output]
	}
	fmt.Fprintf(&b, ".i %d\n.o %d\n.p %d\n", cb.NumBinaryVars, outputs, f.Count)
	for i := 0; i < f.Count; i++ {
		p := f.At(i)
		for v := 0; v < cb.NumBinaryVars; v++ {
			b.WriteByte("?01-"[Input(p, v)])
		}
		b.WriteByte(' ')
		for e := cb.FirstPart[cb.Output]; e <= cb.LastPart[cb.Output]; e++ {
			b.WriteByte("01"[map[bool]int{false: 0, true: 1}[p.Has(e)]])
		}
		b.WriteByte('\n')
	}
	b.WriteString(".e\n")
	return b.String()
}

// caManifest returns the exit status recorded for each "pla,mode".
func caManifest(t *testing.T, fsys fs.FS) map[string]string {
	f, err := fsys.Open("manifest.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r := strings.Split(sc.Text(), ",")
		if len(r) >= 4 {
			m[r[0]+","+r[1]] = r[3]
		}
	}
	return m
}

// TestSuitePlainPLAs runs the modes contain, lexsort, d1merge, d1merge_in,
// minterms, union, map and stats (ON-set and DC-set lines) on the plain PLAs
// of the suite and compares with 2.3's output byte for byte.
func TestSuitePlainPLAs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 8 modes over the suite; skipped with -short")
	}
	fsys := caSuite(t)
	manifest := caManifest(t, fsys)
	entries, err := fs.ReadDir(fsys, "pla")
	if err != nil {
		t.Fatal(err)
	}
	modes := []string{"contain", "lexsort", "d1merge", "d1merge_in", "minterms", "union", "map", "stats"}
	same, total := map[string]int{}, map[string]int{}
	for _, e := range entries {
		name := e.Name()
		pla, ok, err := caReadPLA(fsys, path.Join("pla", name))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		cb := pla.cb
		for _, mode := range modes {
			if manifest[name+","+mode] != "0" {
				continue
			}
			want, err := fs.ReadFile(fsys, path.Join("out", name, mode+".out"))
			if err != nil {
				t.Fatal(err)
			}
			f := pla.f.Clone()
			var got string
			switch mode {
			case "contain":
				got = caWritePLA(cb, f.Maximal())
			case "lexsort":
				got = caWritePLA(cb, f.LexSort())
			case "d1merge", "d1merge_in":
				n := cb.NumVars
				if mode == "d1merge_in" {
					n = cb.NumBinaryVars
				}
				for v := 0; v < n; v++ {
					f = f.Distance1Merge(cb.VarMask[v])
				}
				got = caWritePLA(cb, f)
			case "minterms":
				u, err := cb.Unravel(f, 0, cb.NumVars-1)
				if err != nil {
					t.Errorf("%s minterms: %v", name, err)
					continue
				}
				got = caWritePLA(cb, u.Distinct())
			case "union":
				other, ok, err := caReadPLA(fsys, path.Join("out", name, "default.out"))
				if err != nil || !ok {
					continue
				}
				got = caWritePLA(cb, ContainedUnion(f, other.f))
			case "map":
				var b bytes.Buffer
				if err := cb.Map(&b, f); err != nil {
					t.Errorf("%s map: %v", name, err)
					continue
				}
				got = b.String()
			case "stats":
				lines := strings.Split(string(want), "\n")
				if len(lines) < 4 {
					t.Fatalf("%s: short stats", name)
				}
				want = []byte(lines[1] + "\n" + lines[3] + "\n")
				got = fmt.Sprintf("# ON-set cost is  %s\n# DC-set cost is  %s\n", cb.printCost(f), cb.printCost(pla.d))
			}
			total[mode]++
			if got == string(want) {
				same[mode]++
			} else {
				t.Errorf("%s %s: output differs from 2.3's\ngot:\n%s\nwant:\n%s", name, mode, caHead(got), caHead(string(want)))
			}
		}
	}
	for _, mode := range modes {
		t.Logf("%-10s %d/%d identical", mode, same[mode], total[mode])
	}
}

func caHead(s string) string {
	if len(s) > 600 {
		return s[:600] + "..."
	}
	return s
}
