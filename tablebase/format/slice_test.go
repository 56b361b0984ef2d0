package format_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
	gocmp "github.com/google/go-cmp/cmp"
)

// sliced returns whole table t as slices, one per square of the white king its stored
// positions have: each cube of t that admits the square, with the square fixed.
func sliced(t *format.Table) *format.Table {
	ks := t.Material.Layout().Shift(0)
	canon := format.NewCanonicalizer(t.Material, format.BoardSymmetry)
	s := &format.Table{Material: t.Material, Symmetry: t.Symmetry}
	for king := range 64 {
		if t.Symmetry&format.BoardSymmetry != 0 && canon.Least(king) != king {
			continue
		}
		sl := format.Slice{King: king, Order: t.Order}
		for k, cv := range t.Covers {
			for _, c := range cv {
				if (c.Bits>>ks^uint32(king))&(c.Mask>>ks)&63 == 0 {
					sl.Covers[k] = append(sl.Covers[k], format.Cube{Mask: c.Mask | 63<<ks, Bits: c.Bits&^(63<<ks) | uint32(king)<<ks})
				}
			}
		}
		s.Slices = append(s.Slices, sl)
	}
	return s
}

// TestSlicedRoundTrip: a sliced table reads back as written (version 2), looks up every
// seventh index as the whole table does, and leaves the whole table's file at version 1.
func TestSlicedRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		material string
		sym      format.Symmetry
	}{
		{"KQk", format.BoardSymmetry},
		{"KPk", format.BoardSymmetry},
		{"KvKP", format.BoardSymmetry | format.ColourSymmetry},
		{"KRk", 0},
	} {
		whole := tbtest.TreeTable(tbtest.Solved(t, tc.material), tc.sym, wdl)
		tab := sliced(whole)
		data := encoded(t, tab)
		if v := data[4]; v != 2 {
			t.Errorf("%s: sliced file version %d, want 2", tc.material, v)
		}
		if v := encoded(t, whole)[4]; v != 1 {
			t.Errorf("%s: whole file version %d, want 1", tc.material, v)
		}
		got, err := format.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", tc.material, err)
		}
		want := *tab
		want.Slices = nil
		for _, s := range tab.Slices {
			s.Covers = [2][]format.Cube{sortedCover(s.Covers[0]), sortedCover(s.Covers[1])}
			want.Slices = append(want.Slices, s)
		}
		for i := range got.Slices {
			got.Slices[i].Covers = [2][]format.Cube{sortedCover(got.Slices[i].Covers[0]), sortedCover(got.Slices[i].Covers[1])}
		}
		if diff := gocmp.Diff(&want, got); diff != "" {
			t.Errorf("%s: decoded table differs (-want +got):\n%s", tc.material, diff)
		}
		l := whole.Material.Layout()
		for x := uint32(0); x < 1<<l.Bits(); x += 7 {
			if got.SliceOf(l.Square(x, 0)) == nil {
				continue
			}
			if a, b := whole.Lookup(x), got.Lookup(x); a != b {
				t.Fatalf("%s: index %d: whole %v, sliced %v", tc.material, x, a, b)
			}
		}
		t.Logf("%s: whole %d bytes, %d slices %d bytes", tc.material, len(encoded(t, whole)), len(tab.Slices), len(data))
	}
}

// TestLocalCube: a slice's cubes over its own index and back.
func TestLocalCube(t *testing.T) {
	c := format.Cube{Mask: 1<<24 | 63<<18 | 0o7070, Bits: 1<<24 | 12<<18 | 0o5030}
	l := format.LocalCube(c, chess.Layout(4))
	if want := (format.Cube{Mask: 1<<18 | 0o7070, Bits: 1<<18 | 0o5030}); l != want {
		t.Errorf("LocalCube = %#o/%#o, want %#o/%#o", l.Bits, l.Mask, want.Bits, want.Mask)
	}
	if back := format.SliceCube(l, chess.Layout(4), 12); back != c {
		t.Errorf("SliceCube(LocalCube(c)) = %v, want %v", back, c)
	}
}

// TestSlicedRejects: what a sliced table may not hold, and slices that do not join.
func TestSlicedRejects(t *testing.T) {
	m := chess.MustParseMaterial("KQk")
	ks := uint32(12)
	slice := func(king int, cubes ...format.Cube) format.Slice {
		return format.Slice{King: king, Order: wdl, Covers: [2][]format.Cube{cubes}}
	}
	for _, tc := range []struct {
		name string
		tab  format.Table
		want string
	}{
		{"other king", format.Table{Material: m, Slices: []format.Slice{slice(3, format.Cube{Mask: 63 << ks, Bits: 4 << ks})}}, "another white king"},
		{"free king", format.Table{Material: m, Slices: []format.Slice{slice(3, format.Cube{})}}, "another white king"},
		{"order", format.Table{Material: m, Slices: []format.Slice{{King: 1, Order: [3]chess.Status{chess.Win, chess.Win, chess.Loss}}}}, "order"},
		{"kings out of order", format.Table{Material: m, Slices: []format.Slice{slice(5), slice(2)}}, "not after"},
		{"covers beside slices", format.Table{Material: m, Covers: [2][]format.Cube{{{}}}, Slices: []format.Slice{slice(2)}}, "covers of its own"},
	} {
		err := format.Encode(&bytes.Buffer{}, &tc.tab)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one about %q", tc.name, err, tc.want)
		}
	}
	a := &format.Table{Material: m, Slices: []format.Slice{slice(2)}}
	b := &format.Table{Material: m, Slices: []format.Slice{slice(0), slice(2)}}
	if _, err := format.JoinSlices([]*format.Table{a, b}); err == nil || !strings.Contains(err.Error(), "two slices with the white king on c8") {
		t.Errorf("joining two slices of c8: %v", err)
	}
	whole := &format.Table{Material: m, Order: wdl}
	if _, err := format.JoinSlices([]*format.Table{a, whole}); err == nil || !strings.Contains(err.Error(), "not sliced") {
		t.Errorf("joining a whole table: %v", err)
	}
	j, err := format.JoinSlices([]*format.Table{{Material: m, Slices: []format.Slice{slice(9)}}, a})
	if err != nil || len(j.Slices) != 2 || j.Slices[0].King != 2 {
		t.Errorf("joining c8 and b7: %+v, %v", j, err)
	}
}

// TestDecodeVersion: a version this reader does not know is refused by name.
func TestDecodeVersion(t *testing.T) {
	data := encoded(t, &format.Table{Material: chess.MustParseMaterial("KBvK"), Order: wdl})
	data[4] = 3
	_, err := format.Decode(bytes.NewReader(fixCRC(data)))
	if err == nil || !strings.Contains(err.Error(), "table file version 3, this reader knows 1 and 2") {
		t.Errorf("version 3: %v", err)
	}
}

// fixCRC returns data with its checksum made right again.
func fixCRC(data []byte) []byte {
	body := data[:len(data)-4]
	binary.LittleEndian.PutUint32(data[len(body):], crc32.Checksum(body, crcTable))
	return data
}
