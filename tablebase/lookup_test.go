package tablebase

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// TestTrieMatchesScan: the lookup trie answers every stored position as the scan of the
// covers does, on the tables of up to three pieces (every position) and on a 4-piece
// table with both symmetries (a sample): built to regionDepth with its regions scanned,
// with its regions' tries built, and built whole at once.
func TestTrieMatchesScan(t *testing.T) {
	specs := append(tbtest.Specs3[1:], tbtest.Spec{Material: "KNvKN", Sym: format.BoardSymmetry | format.ColourSymmetry, Order: tbtest.WDL})
	rng := rand.New(rand.NewPCG(21, 22))
	for _, s := range specs {
		ct := tbtest.Solved(t, s.Material)
		tab := tbtest.TreeTable(ct, s.Sym, s.Order)
		tr := newTable(tab)
		pt := newPart(tab)
		top := newLookup(pt, regionDepth)
		built := newLookup(pt, regionDepth)
		regions := buildRegions(built)
		tries := map[string]*lookup{"regions scanned": top, "regions built": built, "whole": newLookup(pt, 0)}
		n := uint32(1) << tab.Material.Inputs()
		step := uint32(1)
		if n > 1<<16 {
			step = n >> 16
		}
		checked := 0
		for x := uint32(0); x < n; x += step {
			y := x
			if step > 1 {
				y = rng.Uint32N(n)
			}
			if st := ct.Probe(int(y)).Status; st != chess.Win && st != chess.Draw && st != chess.Loss ||
				tr.colourSym && tr.layout.SideToMove(y) == chess.Black || tr.canon != nil && tr.canon.Canonical(y) != y {
				continue // not stored
			}
			checked++
			want := wdlOf(tab.Lookup(y))
			for name, l := range tries {
				if got := pt.shape.order[l.rank(y)]; got != want {
					t.Fatalf("%s: index %d: trie (%s) %v, scan %v", s.Material, y, name, got, want)
				}
			}
		}
		t.Logf("%s: %d stored positions, %d regions", s.Material, checked, regions)
	}
}

// buildRegions builds the tries of l's regions and returns how many there are.
func buildRegions(l *lookup) int {
	n := 0
	for i := range l.nodes {
		if r := l.nodes[i].region; r != nil {
			r.once.Do(func() { r.trie.Store(newLookup(r, r.depth)) })
			n++
		}
	}
	return n
}

// TestTrieBuiltLazily: a table's first trieAfter probes scan its covers, and the next one
// builds the trie.
func TestTrieBuiltLazily(t *testing.T) {
	tb, err := Open(tbtest.Dir(t, tbtest.Specs3[1:2])) // KQvK
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFEN("k7/7Q/1K6/8/8/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var key uint32
	for _, pl := range p.Pieces {
		key += materialKey(pl.Piece)
	}
	f := tb.files[key]
	for i := range trieAfter + 1 {
		if v, err := tb.Probe(&p); err != nil || v != Win {
			t.Fatalf("probe %d: %v, %v", i, v, err)
		}
		tab, err := f.table()
		if err != nil {
			t.Fatal(err)
		}
		if built := tab.whole.trie.Load() != nil; built != (i >= trieAfter) {
			t.Fatalf("after %d probes the trie is built: %v", i+1, built)
		}
	}
}

// TestRegionBuiltLazily: once a table's trie is built to regionDepth, a region's first
// regionAfter probes scan its cubes and the next one builds its trie, unless it has at
// most regionScanCubes cubes, which are scanned for good; every answer is the scan's.
func TestRegionBuiltLazily(t *testing.T) {
	ct := tbtest.Solved(t, "KPvK")
	tab := tbtest.TreeTable(ct, 0, tbtest.WDL)
	pt := newPart(tab)
	rng := rand.New(rand.NewPCG(5, 8))
	n := uint32(1) << tab.Material.Inputs()
	stored := func() uint32 {
		for {
			x := rng.Uint32N(n)
			if st := ct.Probe(int(x)).Status; st == chess.Win || st == chess.Draw || st == chess.Loss {
				return x
			}
		}
	}
	probe := func(x uint32) {
		t.Helper()
		if got, want := pt.value(x), wdlOf(tab.Lookup(x)); got != want {
			t.Fatalf("index %d: %v, scan %v", x, got, want)
		}
	}
	for range trieAfter + 1 {
		probe(stored())
	}
	l := pt.trie.Load()
	if l == nil {
		t.Fatalf("no trie after %d probes", trieAfter+1)
	}
	for i := range l.nodes {
		if r := l.nodes[i].region; r != nil {
			if n := len(r.covers[0]) + len(r.covers[1]); (n <= regionScanCubes) != (r.after == math.MaxInt64) {
				t.Errorf("a region of %d cubes is built after %d probes", n, r.after)
			}
		}
	}
	for tries := 0; ; tries++ {
		if tries == 1000 {
			t.Fatal("no stored position probes a region")
		}
		x := stored()
		leaf := &l.nodes[0]
		for !leaf.leaf {
			leaf = &l.nodes[leaf.child+int32(x>>leaf.shift&(1<<leaf.width-1))]
		}
		r := leaf.region
		if r == nil || r.probes.Load() != 0 || r.after != regionAfter {
			continue // no region, or one tried, or one scanned for good
		}
		probe(x)
		if r.probes.Load() == 0 {
			continue // answered above the region
		}
		for i := 1; i <= regionAfter; i++ {
			if built := r.trie.Load() != nil; built {
				t.Fatalf("region built after %d probes", i)
			}
			probe(x)
		}
		if r.trie.Load() == nil {
			t.Fatalf("region not built after %d probes", regionAfter+1)
		}
		return
	}
}

// TestCountMatchesSplit: count gives, for every unit of a table and both ways of
// splitting, the copies and kept cubes split makes, on the root and on a node below it.
func TestCountMatchesSplit(t *testing.T) {
	for _, s := range tbtest.Specs3[1:] {
		tab := tbtest.TreeTable(tbtest.Solved(t, s.Material), s.Sym, s.Order)
		units := tableUnits(tab)
		cvs := [][2][]format.Cube{tab.Covers}
		if _, parts, _ := split(tab.Covers, units[1], false); len(parts[1]) > 1 {
			cvs = append(cvs, [2][]format.Cube{parts[0][1], parts[1][1]})
		}
		for ci, cv := range cvs {
			uc := count(cv, units, 0)
			for ui, u := range units {
				for _, stay := range []bool{false, true} {
					kept, _, copies := split(cv, u, stay)
					wantCopies, wantKept := uc.all[ui], 0
					if stay {
						wantCopies, wantKept = uc.stay[ui], uc.free[ui]
					}
					if copies != wantCopies || len(kept[0])+len(kept[1]) != wantKept {
						t.Errorf("%s: node %d, unit %d, stay %v: split %d copies and %d kept, count %d and %d",
							s.Material, ci, ui, stay, copies, len(kept[0])+len(kept[1]), wantCopies, wantKept)
					}
				}
			}
		}
	}
}

// BenchmarkLookupBuild builds the lookup tries of the tables of $TABLEBASE_DIR three
// ways: "whole" at once (regionDepth 0), "top" to regionDepth with the regions left to
// scan, "regions" to regionDepth with every region's trie built. One op builds them all;
// it reports the bytes of the tries (cubes, nodes, the regions' cubes while scanned) and
// the cubes a probe compares, on average over random stored positions of each table.
func BenchmarkLookupBuild(b *testing.B) {
	dir := os.Getenv("TABLEBASE_DIR")
	if dir == "" {
		b.Skip("TABLEBASE_DIR names no directory of built tables (tablebase build --out DIR --pieces 4)")
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
	var tabs []*format.Table
	for _, name := range names {
		tab, err := format.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		if len(tab.Slices) == 0 {
			tabs = append(tabs, tab)
		}
	}
	for _, way := range []string{"whole", "top", "regions"} {
		b.Run(way, func(b *testing.B) {
			var ls []*lookup
			var pts []*part
			for b.Loop() {
				ls, pts = ls[:0], pts[:0]
				for _, tab := range tabs {
					p := newPart(tab)
					depth := regionDepth
					if way == "whole" {
						depth = 0
					}
					l := newLookup(p, depth)
					if way == "regions" {
						buildRegions(l)
					}
					ls, pts = append(ls, l), append(pts, p)
				}
			}
			bytes, compared, probes := 0, 0, 0
			rng := rand.New(rand.NewPCG(3, 4))
			for i, l := range ls {
				bytes += lookupBytes(l)
				tr := newTable(tabs[i])
				for range 1000 {
					x := rng.Uint32N(1 << tabs[i].Material.Inputs())
					if tr.colourSym {
						x &^= 1 << tr.layout.StmShift()
					}
					if tr.canon != nil {
						x = tr.canon.Canonical(x)
					}
					compared += l.compared(x)
					probes++
				}
				_ = pts[i]
			}
			b.ReportMetric(float64(bytes), "trie-bytes")
			b.ReportMetric(float64(compared)/float64(probes), "cubes/probe")
		})
	}
}

// lookupBytes returns the bytes of l's nodes and cubes, and of its regions' (their
// tries', or their cubes' while they scan them).
func lookupBytes(l *lookup) int {
	n := len(l.nodes)*int(unsafe.Sizeof(node{})) + len(l.cubes)*int(unsafe.Sizeof(format.Cube{}))
	for i := range l.nodes {
		if r := l.nodes[i].region; r != nil {
			if sub := r.trie.Load(); sub != nil {
				n += lookupBytes(sub)
			} else {
				n += (len(r.covers[0]) + len(r.covers[1])) * int(unsafe.Sizeof(format.Cube{}))
			}
		}
	}
	return n
}

// compared returns the cubes l.rank(x) compares with x, a region's scan included; it
// changes no region's count of probes.
func (l *lookup) compared(x uint32) int {
	var path [maxDepth]*node
	depth := 0
	n := &l.nodes[0]
	for {
		path[depth] = n
		depth++
		if n.leaf {
			break
		}
		n = &l.nodes[n.child+int32(x>>n.shift&(1<<n.width-1))]
	}
	k := 0
	for _, p := range path[:depth] {
		for _, c := range l.cubes[p.first:p.mid] {
			k++
			if x&c.Mask == c.Bits {
				return k
			}
		}
	}
	r := 2
	if reg := n.region; reg != nil {
		if sub := reg.trie.Load(); sub != nil {
			k += sub.compared(x)
			r = sub.rank(x)
		} else {
			for i := range reg.covers {
				for _, c := range reg.covers[i] {
					k++
					if x&c.Mask == c.Bits {
						r = i
						break
					}
				}
				if r != 2 {
					break
				}
			}
		}
		if r == 0 {
			return k
		}
	}
	for _, p := range path[:depth] {
		for _, c := range l.cubes[p.mid:p.end] {
			k++
			if x&c.Mask == c.Bits {
				return k
			}
		}
	}
	return k
}
