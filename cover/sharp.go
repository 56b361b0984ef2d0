package cover

import (
	"fmt"
	"io"
	"time"
)

// Sharp, disjoint sharp and intersection of covers (ESPRESSO's sharp.c).
//
// Where 2.3 builds a cube in fresh memory it sets only its parts: the flags
// and the SIZE field keep whatever the memory held. That matters where the
// cubes go to sf_union without a sort (which would set SIZE): the results
// of sharp and dsharp. There, on the reference platform, the memory is the
// block of the previous result, just freed, whose first word malloc has
// overwritten with a pointer: the first cube built gets a huge SIZE, and
// the others (in the common case) 0. We give the first cube built
// garbageSize and clear the other headers; this matches the suite's
// -Ddsharp outputs and most -Ddisjoint ones (the others depend on what
// else the memory held). The very first sharp of a cv_sharp, and the very
// first dsharp of a cv_dsharp, build in memory no result has used: the
// first cube's SIZE is 0 (so a cube passed through untouched, an empty one
// say, is not taken as contained in it; found by FuzzTwoPLAs,
// TestCommandsSmall/sharp-empty-var and dsharp-empty-var).

// garbageSize stands for the SIZE field 2.3 reads from a pointer left in
// freed memory: larger than any true size.
const garbageSize = 0xffff

// SharpCover returns the sharp product A # B, the minterms of a not in b,
// as the contained union over the cubes p of a of p # b (cv_sharp). When
// w is not nil, SharpCover prints to it 2.3's -v sharp trace: for each
// intersection of halves in the first four levels of the recursion, its
// level, the sizes of the result and of the two halves, and the time since
// the cube's sharp began.
func (c *Cube) SharpCover(a, b *Cover, w io.Writer) *Cover {
	var u unioner
	t := c.NewCover(0)
	for i := 0; i < a.Count; i++ {
		t = u.unionTaking(t, c.sharpCubeCover(a.At(i), b, w, i == 0))
	}
	return t
}

// sharpCubeCover returns the sharp product p # t of a cube and a cover,
// splitting t in halves recursively and intersecting the halves' results
// (cb_sharp), with SharpCover's trace to w if w is not nil (fresh: this is
// cv_sharp's first sharp, built in unused memory).
func (c *Cube) sharpCubeCover(p Set, t *Cover, w io.Writer, fresh bool) *Cover {
	if t.Count == 0 {
		r := c.NewCover(1)
		r.Append(p)
		return r
	}
	s := sharpRecursion{c: c, p: p, t: t, w: w, fresh: fresh}
	if w != nil {
		s.start = time.Now()
	}
	return s.recur(0, t.Count-1, 0)
}

// sharpRecursion is one cube's p # t (cb_recur_sharp), with where its
// trace goes (nil for none) and, when traced, when it began.
type sharpRecursion struct {
	c     *Cube
	p     Set
	t     *Cover
	w     io.Writer
	start time.Time
	// fresh: the next sharp is cv_sharp's first, built in unused memory.
	fresh bool
}

// recur is p # (cubes first..last of t), at the given depth.
func (s *sharpRecursion) recur(first, last, level int) *Cover {
	if first == last {
		r := s.c.sharp(s.p, s.t.At(first))
		if s.fresh {
			s.fresh = false
			builtFresh(r)
		}
		return r
	}
	middle := (first + last) / 2
	left := s.recur(first, middle, level+1)
	right := s.recur(middle+1, last, level+1)
	r := s.c.Intersect(left, right)
	if s.w != nil && level < 4 {
		ms := time.Since(s.start).Milliseconds()
		fmt.Fprintf(s.w, "# SHARP[%d]: %4d = %4d x %4d, time = %d.%02d sec\n",
			level, r.Count, left.Count, right.Count, ms/1000, ms%1000/10)
	}
	return r
}

// builtFresh gives the first cube of r, the result of the first sharp or
// dsharp of a cv_sharp or cv_dsharp, the SIZE of unused memory, 0, where
// sharp and dSharp gave it garbageSize (a cube passed through keeps its
// own).
func builtFresh(r *Cover) {
	if r.Count > 0 && r.At(0).Size() == garbageSize {
		r.At(0).PutSize(0)
	}
}

// sharp returns the sharp product a # b of two cubes: for each variable in
// which a has parts outside b, the cube a with only those parts in that
// variable; or a itself, header included, when a and b do not intersect
// (sharp).
func (c *Cube) sharp(a, b Set) *Cover {
	r := c.NewCover(c.NumVars)
	if !c.Dist0(a, b) {
		r.Append(a)
		return r
	}
	d := c.NewSet().Diff(a, b)
	temp := c.NewSet()
	for v := 0; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		if temp.andP(d, mask) {
			q := r.AppendEmpty()
			if r.Count == 1 {
				q.PutSize(garbageSize)
			}
			q.Diff(a, mask)
			q.Or(q, temp)
		}
	}
	return r
}

// MakeDisjoint returns a cover of the same minterms as a whose cubes are
// pairwise disjoint: each cube of a less (disjoint sharp) those before it
// (make_disjoint).
func (c *Cube) MakeDisjoint(a *Cover) *Cover {
	r := c.NewCover(0)
	for i := 0; i < a.Count; i++ {
		r.AppendCover(c.dSharpCubeCover(a.At(i), r))
	}
	return r
}

// DSharpCover returns the disjoint sharp product of two covers: the
// contained union over the cubes p of a of the disjoint sharp p # b
// (cv_dsharp).
func (c *Cube) DSharpCover(a, b *Cover) *Cover {
	var u unioner
	t := c.NewCover(0)
	for i := 0; i < a.Count; i++ {
		t = u.unionTaking(t, c.dsharpCubeCover(a.At(i), b, i == 0))
	}
	return t
}

// dSharpCoverCube returns the contained union over the cubes p of t of the
// disjoint sharp p # q (cb1_dsharp).
func (c *Cube) dSharpCoverCube(t *Cover, q Set) *Cover {
	var u unioner
	return c.dsharpCoverCube(&u, t, q, false)
}

// dsharpCoverCube is dSharpCoverCube; fresh: its first dsharp is
// cv_dsharp's first, built in unused memory (builtFresh).
func (c *Cube) dsharpCoverCube(u *unioner, t *Cover, q Set, fresh bool) *Cover {
	r := u.newCover(t.Count, c.Size)
	for i := 0; i < t.Count; i++ {
		d := c.dSharp(t.At(i), q)
		if fresh && i == 0 {
			builtFresh(d)
		}
		r = u.unionTaking(r, d)
	}
	return r
}

// dSharpCubeCover returns the disjoint sharp product p # t of a cube and a
// cover, sharping by the cubes of t one after the other (cb_dsharp).
func (c *Cube) dSharpCubeCover(p Set, t *Cover) *Cover { return c.dsharpCubeCover(p, t, false) }

// dsharpCubeCover is dSharpCubeCover; fresh: its first dsharp is
// cv_dsharp's first (builtFresh).
func (c *Cube) dsharpCubeCover(p Set, t *Cover, fresh bool) *Cover {
	var u unioner
	y := c.NewCover(1)
	y.Append(p)
	for i := 0; i < t.Count; i++ {
		y1 := c.dsharpCoverCube(&u, y, t.At(i), fresh && i == 0)
		u.giveBack(y)
		y = y1
	}
	return y
}

// dSharp returns the disjoint sharp product a # b of two cubes: for each
// variable v in which a has parts outside b, the cube with those parts in
// v, a ∩ b in the variables before v that produced a cube, and a in the
// others; or a itself, header included, when a and b do not intersect
// (dsharp).
func (c *Cube) dSharp(a, b Set) *Cover {
	r := c.NewCover(c.NumVars)
	if !c.Dist0(a, b) {
		r.Append(a)
		return r
	}
	diff := c.NewSet().Diff(a, b)
	and := c.NewSet().And(a, b)
	mask := c.NewSet()
	temp1 := c.NewSet()
	for v := 0; v < c.NumVars; v++ {
		vm := c.VarMask[v]
		if diff.Disjoint(vm) {
			continue
		}
		q := r.AppendEmpty()
		if r.Count == 1 {
			q.PutSize(garbageSize)
		}
		q.And(diff, vm)
		q.Or(q, temp1.And(and, mask))
		mask.Or(mask, vm)
		q.Or(q, temp1.Diff(a, mask))
	}
	return r
}

// magic is the number of sets Intersect and UnateIntersect gather before
// removing contained ones (MAGIC).
const magic = 500

// Intersect returns the non-empty pairwise intersections of the cubes of a
// and b, less those contained in another (cv_intersect). As 2.3 does, it
// gathers 500 cubes at a time before removing contained ones.
func (c *Cube) Intersect(a, b *Cover) *Cover {
	// 2.3 allocates room for 500 cubes (uninitialised); most intersections
	// are far smaller, and zeroed room costs, so start with what can fit.
	t := c.NewCover(min(magic, a.Count*b.Count))
	var tsave *Cover
	var u unioner
	for i := 0; i < a.Count; i++ {
		pi := a.At(i)
		for j := 0; j < b.Count; j++ {
			pj := b.At(j)
			if !c.Dist0(pi, pj) {
				continue
			}
			t.AppendEmpty().And(pi, pj)
			if t.Count >= magic {
				if tsave == nil {
					tsave = t.Maximal()
				} else {
					tsave = u.unionTaking(tsave, t.Maximal())
				}
				t = c.NewCover(min(magic, a.Count*b.Count))
			}
		}
	}
	if tsave == nil {
		return t.Maximal()
	}
	return u.unionTaking(tsave, t.Maximal())
}
