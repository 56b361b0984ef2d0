package chess

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// valuesBytes returns the values file of material name, solved by s.
func valuesBytes(t *testing.T, s *Solver, name string) (*Table, []byte) {
	t.Helper()
	tb, err := s.Solve(MustParseMaterial(name))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := tb.Values().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return tb, buf.Bytes()
}

// TestValuesRoundTrip writes tables as values files and reads them back whole and by
// index ranges, comparing every entry's status with the table's.
func TestValuesRoundTrip(t *testing.T) {
	s := NewSolver()
	for _, name := range []string{"Kk", "KQk", "KPk", "Kkp"} {
		t.Run(name, func(t *testing.T) {
			tb, data := valuesBytes(t, s, name)
			if want := 32 + tb.Len()/4 + 4*((tb.Len()/4+65535)/65536); len(data) != want {
				t.Fatalf("%d bytes, want %d", len(data), want)
			}
			v, err := ReadValues(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if v.Material().key() != tb.Material().key() {
				t.Fatalf("material %v, want %v", v.Material(), tb.Material())
			}
			var win, draw, loss int
			for i := 0; i < tb.Len(); i++ {
				want := tb.Probe(i).Status
				if got := v.At(i); got != want {
					t.Fatalf("index %d (%s): %v, want %v", i, tb.FEN(i), got, want)
				}
				switch want {
				case Win:
					win++
				case Draw:
					draw++
				case Loss:
					loss++
				}
			}
			if w, d, l := v.Count(); w != win || d != draw || l != loss {
				t.Errorf("Count: %d %d %d, want %d %d %d", w, d, l, win, draw, loss)
			}
			r, err := NewValuesReader(bytes.NewReader(data), int64(len(data)), name)
			if err != nil {
				t.Fatal(err)
			}
			n := tb.Len()
			for _, rg := range [][2]int{{0, n}, {1, 2}, {n - 3, n}, {n / 2, n/2 + 1<<18 + 5}, {77, 77}, {3, 1 << 13}} {
				lo, hi := max(0, min(rg[0], n)), max(0, min(rg[1], n))
				part, err := r.ReadRange(lo, hi)
				if err != nil {
					t.Fatal(err)
				}
				if plo, phi := part.Range(); plo != lo || phi != hi {
					t.Fatalf("range [%d, %d), want [%d, %d)", plo, phi, lo, hi)
				}
				for i := lo; i < hi; i++ {
					if got, want := part.At(i), tb.Probe(i).Status; got != want {
						t.Fatalf("range [%d, %d): index %d: %v, want %v", lo, hi, i, got, want)
					}
				}
			}
		})
	}
}

// TestValuesCorrupt checks that a values file with any one byte changed, or cut short, is
// refused with ErrBadValues when the part read covers that byte.
func TestValuesCorrupt(t *testing.T) {
	_, data := valuesBytes(t, NewSolver(), "KRk")
	dataEnd := 32 + MustParseMaterial("KRk").Size()/4
	for _, off := range []int{0, 9, 10, 12, 16, 20, 24, 28, 31, 32, 1000, dataEnd - 1, dataEnd, len(data) - 1} {
		bad := bytes.Clone(data)
		bad[off] ^= 0x10
		_, err := ReadValues(bytes.NewReader(bad))
		if !errors.Is(err, ErrBadValues) {
			t.Errorf("byte %d flipped: error %v, want ErrBadValues", off, err)
		}
	}
	for _, n := range []int{0, 31, 32, dataEnd, len(data) - 1} {
		if _, err := ReadValues(bytes.NewReader(data[:n])); !errors.Is(err, ErrBadValues) || !strings.Contains(err.Error(), "bytes") {
			t.Errorf("cut to %d bytes: error %v, want ErrBadValues naming the size", n, err)
		}
	}
	// A range read checks the chunks it reads, not the others.
	bad := bytes.Clone(data)
	bad[dataEnd-1] ^= 1
	r, err := NewValuesReader(bytes.NewReader(bad), int64(len(bad)), "KRk")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadRange(0, 100); err != nil {
		t.Errorf("range before the flipped byte: %v", err)
	}
	if _, err := r.ReadRange(r.Len()-1, r.Len()); !errors.Is(err, ErrBadValues) {
		t.Errorf("range over the flipped byte: error %v, want ErrBadValues", err)
	}
}

// TestValuesDir writes values files into a directory and opens them by material, twins
// included, and checks the errors for a missing file and a file of another material.
func TestValuesDir(t *testing.T) {
	dir := t.TempDir()
	s := NewSolver()
	tb, err := s.Solve(MustParseMaterial("KRk"))
	if err != nil {
		t.Fatal(err)
	}
	path, err := WriteValuesFile(dir, tb.Values())
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(path) != "KRvK.wdl2" {
		t.Errorf("written as %s, want KQvKR.wdl2", path)
	}
	for _, name := range []string{"KRk", "Kkr", "KRvK", "KvKR"} {
		r, err := ValuesDir(dir).OpenValues(MustParseMaterial(name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Material().key() != "KkR" {
			t.Errorf("%s: opened %v", name, r.Material())
		}
		r.Close()
	}
	tw, err := s.Solve(MustParseMaterial("Kkr"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteValuesFile(dir, tw.Values()); err == nil {
		t.Error("wrote Kkr's values (a twin, not a stored material)")
	}
	_, err = ValuesDir(dir).OpenValues(MustParseMaterial("KPk"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "KPk") || !strings.Contains(err.Error(), filepath.Join(dir, "KPvK.wdl2")) {
		t.Errorf("missing file: error %v, want one naming KRkp and the path", err)
	}
	if err := os.Rename(path, filepath.Join(dir, "KPvK.wdl2")); err != nil {
		t.Fatal(err)
	}
	if _, err = ValuesDir(dir).OpenValues(MustParseMaterial("KPk")); !errors.Is(err, ErrBadValues) || !strings.Contains(err.Error(), "holds KRk") {
		t.Errorf("file of another material: error %v", err)
	}
}
