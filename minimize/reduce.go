package minimize

import (
	"github.com/espresso-go/espresso/cover"
)

// Reduce replaces each cube of F by its maximal reduction, the smallest
// cube contained in it that still covers, with the other cubes and D, the
// function; cubes that reduce to nothing are deleted (reduce).
//
// The cubes are reduced in turn, each against the cubes already reduced.
// Their order alternates from one call to the next, as in 2.3, between
// sort_reduce and mini_sort descending; the alternation is kept in the Run.
// F is reordered and overwritten.
func (r *Run) Reduce(F, D *cover.Cover) *cover.Cover {
	cube := r.cube
	if r.opt.UseRandomOrder {
		F = F.RandomOrder()
	} else {
		if r.reduceToggle {
			F = cube.SortReduce(F)
		} else {
			F = F.MiniSort(cover.Descend)
		}
		r.reduceToggle = !r.reduceToggle
	}

	s := newScccer(cube)
	FD := cube.NewCubeList(F, D)
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		cunder := s.reduceCube(FD, p)
		if cunder.Equal(p) {
			p.SetFlag(cover.Active)
			p.SetFlag(cover.Prime)
		} else {
			if r.opt.Debug&DebugReduce != 0 {
				r.debugf(DebugReduce, "REDUCE: %s to %s %s\n", formatCube(cube, p), formatCube(cube, cunder),
					FormatTime(Clock()-r.start))
			}
			p.Copy(cunder) // the header too, as set_copy does
			p.ResetFlag(cover.Prime)
			if cunder.IsEmpty() {
				p.ResetFlag(cover.Active)
			} else {
				p.SetFlag(cover.Active)
			}
		}
	}
	return F.RemoveInactive()
}

// scccer computes smallest cubes containing complements; it holds the
// cube structure and a scratch set (cube.temp in 2.3).
type scccer struct {
	cube *cover.Cube
	temp cover.Set
}

func newScccer(cube *cover.Cube) *scccer {
	return &scccer{cube: cube, temp: cube.NewSet()}
}

// reduceCube returns the maximal reduction of p with respect to the cube
// list FD, as a new set with a cleared header (reduce_cube).
func (s *scccer) reduceCube(FD cover.CubeList, p cover.Set) cover.Set {
	cunder := s.sccc(s.cube.Cofactor(FD, p))
	return cunder.And(cunder, p)
}

// sccc returns the smallest cube containing the complement of the cube
// list T, as a new set with a cleared header (sccc).
func (s *scccer) sccc(T cover.CubeList) cover.Set {
	r, d := s.specialCases(T)
	if r != nil {
		return r
	}
	cube := s.cube
	cl, cr := cube.NewSet(), cube.NewSet()
	best := cube.BinateSplitSelect(T, d, cl, cr)
	left := s.sccc(cube.SCofactor(T, cl, best))
	right := s.sccc(cube.SCofactor(T, cr, best))
	return scccMerge(left, right, cl, cr)
}

// scccMerge returns (left ∩ cl) ∪ (right ∩ cr), stored in left
// (sccc_merge).
func scccMerge(left, right, cl, cr cover.Set) cover.Set {
	left.And(left, cl)
	right.And(right, cr)
	return left.Or(left, right)
}

// scccCube intersects result with the smallest cube containing the
// complement of the cube p: the complement of p in its single active
// variable, or everything if p has more than one (sccc_cube).
func (s *scccer) scccCube(result, p cover.Set) cover.Set {
	if v := s.cube.Active(p); v >= 0 {
		temp := s.temp.Xor(p, s.cube.VarMask[v])
		result.And(result, temp)
	}
	return result
}

// specialCases returns the answer for T when a special case settles it;
// otherwise it returns nil and the column counts of T
// (sccc_special_cases).
func (s *scccer) specialCases(T cover.CubeList) (cover.Set, *cover.CData) {
	cube := s.cube
	cof := T.Cof

	// Empty cover: the complement is the universe.
	if len(T.Cubes) == 0 {
		return cube.FullSet.Clone(), nil
	}
	// A row of 1's: the complement is empty.
	for _, p := range T.Cubes {
		if cube.FullRow(p, cof) {
			return cube.NewSet(), nil
		}
	}

	d := cube.MassiveCount(T)

	// Unate cover (or a single cube): simple rules.
	if d.VarsUnate == d.VarsActive || len(T.Cubes) == 1 {
		result := cube.FullSet.Clone()
		temp := cube.NewSet()
		for _, p := range T.Cubes {
			s.scccCube(result, temp.Or(p, cof))
		}
		return result, nil
	}

	// A column of 0's can be factored out.
	ceil := cof.Clone()
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(cube.FullSet) {
		result := s.scccCube(cube.FullSet.Clone(), ceil)
		if result.Equal(cube.FullSet) {
			return result, nil
		}
		return scccMerge(s.sccc(cube.Cofactor(T, ceil)), cube.FullSet.Clone(), ceil, result), nil
	}

	// A single active column here means a tautology: the SCCC is empty.
	if d.VarsActive == 1 {
		return cube.NewSet(), nil
	}

	// Components.
	if d.VarZeros[d.Best] < len(T.Cubes)/2 {
		A, B, n, _ := cube.CubelistPartition(T, nil) // errors only on debug output
		if n != 0 {
			result := s.sccc(A)
			b := s.sccc(B)
			return result.And(result, b), nil
		}
	}
	return nil, d
}
