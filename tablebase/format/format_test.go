package format_test

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
	gocmp "github.com/google/go-cmp/cmp"
)

var wdl = tbtest.WDL

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// sortedCover returns a copy of cv sorted by bits, then mask.
func sortedCover(cv []format.Cube) []format.Cube {
	s := slices.Clone(cv)
	slices.SortFunc(s, func(a, b format.Cube) int {
		if a.Bits != b.Bits {
			return cmp.Compare(a.Bits, b.Bits)
		}
		return cmp.Compare(a.Mask, b.Mask)
	})
	return s
}

// sortedTable returns t with its covers sorted by sortedCover.
func sortedTable(t *format.Table) *format.Table {
	s := *t
	for i := range s.Covers {
		s.Covers[i] = sortedCover(t.Covers[i])
	}
	return &s
}

func encoded(tb testing.TB, t *format.Table) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := format.Encode(&b, t); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func TestEncodeDecode(t *testing.T) {
	tests := []struct {
		material string
		sym      format.Symmetry
		order    [3]chess.Status
	}{
		{"Kk", 0, wdl},
		{"KQk", format.BoardSymmetry, [3]chess.Status{chess.Loss, chess.Win, chess.Draw}},
		{"KRk", 0, wdl},
		{"KPk", format.BoardSymmetry, [3]chess.Status{chess.Draw, chess.Win, chess.Loss}},
		{"KvKP", format.BoardSymmetry | format.ColourSymmetry, wdl},
	}
	for _, tc := range tests {
		t.Run(tc.material, func(t *testing.T) {
			tab := tbtest.TreeTable(tbtest.Solved(t, tc.material), tc.sym, tc.order)
			data := encoded(t, tab)
			got, err := format.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if diff := gocmp.Diff(sortedTable(tab), sortedTable(got)); diff != "" {
				t.Errorf("decoded table differs (-want +got):\n%s", diff)
			}
			t.Logf("%v: %d+%d cubes, %d bytes", tc.material, len(tab.Covers[0]), len(tab.Covers[1]), len(data))
		})
	}
}

func TestEncodeZeroCubes(t *testing.T) {
	tab := &format.Table{Material: chess.MustParseMaterial("KBvK"), Symmetry: format.BoardSymmetry, Order: [3]chess.Status{chess.Win, chess.Loss, chess.Draw}}
	data := encoded(t, tab)
	if len(data) > 24 {
		t.Errorf("a table without cubes takes %d bytes, want at most 24", len(data))
	}
	got, err := format.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(tab, got); diff != "" {
		t.Errorf("decoded table differs (-want +got):\n%s", diff)
	}
}

func TestEncodeRejects(t *testing.T) {
	m := chess.MustParseMaterial("KQk")
	tests := []struct {
		name string
		tab  format.Table
		want string
	}{
		{"order", format.Table{Material: m, Order: [3]chess.Status{chess.Win, chess.Win, chess.Loss}}, "order"},
		{"invalid status", format.Table{Material: m, Order: [3]chess.Status{chess.Illegal, chess.Win, chess.Loss}}, "order"},
		{"symmetry", format.Table{Material: m, Order: wdl, Symmetry: 16}, "symmetry"},
		{"cube past the index", format.Table{Material: m, Order: wdl, Covers: [2][]format.Cube{{{Mask: 1 << 19}}}}, "outside"},
		{"bits outside mask", format.Table{Material: m, Order: wdl, Covers: [2][]format.Cube{nil, {{Mask: 1, Bits: 2}}}}, "outside"},
	}
	for _, tc := range tests {
		err := format.Encode(&bytes.Buffer{}, &tc.tab)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got error %v, want one about %q", tc.name, err, tc.want)
		}
	}
}

// TestDecodeCorrupted flips one random byte of a table file 1 000 times (and truncates it
// at every length): format.Decode must refuse every one.
func TestDecodeCorrupted(t *testing.T) {
	data := encoded(t, tbtest.TreeTable(tbtest.Solved(t, "KPk"), format.BoardSymmetry, wdl))
	rng := rand.New(rand.NewPCG(1, 2))
	detected := 0
	const trials = 1000
	for range trials {
		c := bytes.Clone(data)
		i := rng.IntN(len(c))
		c[i] ^= byte(1 + rng.IntN(255))
		if _, err := format.Decode(bytes.NewReader(c)); err != nil {
			detected++
		} else {
			t.Errorf("flipping byte %d of %d went undetected", i, len(c))
		}
	}
	t.Logf("%d of %d one-byte flips detected (file of %d bytes)", detected, trials, len(data))
	for n := range len(data) {
		if _, err := format.Decode(bytes.NewReader(data[:n])); err == nil {
			t.Errorf("the file truncated to %d of %d bytes was accepted", n, len(data))
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	tab := tbtest.TreeTable(tbtest.Solved(t, "KRk"), format.BoardSymmetry, wdl)
	path := filepath.Join(dir, format.FileName(tab.Material))
	if err := format.WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	got, err := format.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := gocmp.Diff(sortedTable(tab), sortedTable(got)); diff != "" {
		t.Errorf("read table differs (-want +got):\n%s", diff)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "KRvK.tbc" {
		t.Errorf("directory holds %v, want only KRvK.tbc", entries)
	}
	// A table that cannot be encoded leaves neither the file nor a temporary file.
	bad := &format.Table{Material: tab.Material}
	if err := format.WriteFile(filepath.Join(dir, "bad.tbc"), bad); err == nil {
		t.Error("WriteFile accepted a table without a decision-list order")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after a failed write the directory holds %v", entries)
	}
}

// TestEncodeDeterministic: the bytes of a table do not depend on the order of its cubes.
func TestEncodeDeterministic(t *testing.T) {
	tab := tbtest.TreeTable(tbtest.Solved(t, "KPk"), format.BoardSymmetry, wdl)
	want := encoded(t, tab)
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range tab.Covers {
		rng.Shuffle(len(tab.Covers[i]), func(a, b int) { tab.Covers[i][a], tab.Covers[i][b] = tab.Covers[i][b], tab.Covers[i][a] })
	}
	if got := encoded(t, tab); !bytes.Equal(got, want) {
		t.Errorf("the table with its cubes shuffled encodes to %d other bytes (%d before)", len(got), len(want))
	}
}

// FuzzDecode: format.Decode never panics on a file with a valid checksum, and a table it reads
// encodes to a file it reads to the same table.
func FuzzDecode(f *testing.F) {
	f.Add(encoded(f, &format.Table{Material: chess.MustParseMaterial("KvK"), Order: wdl}))
	f.Add(encoded(f, &format.Table{Material: chess.MustParseMaterial("KQvK"), Symmetry: format.BoardSymmetry, Order: wdl,
		Covers: [2][]format.Cube{{{Mask: 0x7FFFF, Bits: 0x123}, {Mask: 0x3F000, Bits: 0x1000}}, {{Mask: 0x40000, Bits: 0x40000}}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) >= 4 {
			// Fix the checksum so that the fuzzer reaches the decoder proper.
			body := data[:len(data)-4]
			binary.LittleEndian.PutUint32(data[len(body):], crc32.Checksum(body, crcTable))
		}
		tab, err := format.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		again, err := format.Decode(bytes.NewReader(encoded(t, tab)))
		if err != nil {
			t.Fatalf("a table format.Decode read does not read back: %v", err)
		}
		if diff := gocmp.Diff(sortedTable(tab), sortedTable(again)); diff != "" {
			t.Fatalf("the table read back differs (-first +second):\n%s", diff)
		}
	})
}
