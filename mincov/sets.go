package mincov

import (
	"errors"
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// CoverSets finds, heuristically, a small set of elements that meets
// every set of f: the matrix has a row per set of f (numbered by position)
// and a column per element, and the result, a set of f.SetSize elements,
// holds the chosen columns (do_sm_minimum_cover).
func CoverSets(f *cover.Cover) (cover.Set, error) {
	return CoverSetsWith(NewMatrix(), f)
}

// CoverSetsWith is [CoverSets] building its matrix in m, which it resets
// first; a caller solving many such problems saves allocating a matrix
// for each.
func CoverSetsWith(m *Matrix, f *cover.Cover) (cover.Set, error) {
	m.Reset()
	for i := 0; i < f.Count; i++ {
		f.At(i).Elements(func(e int) bool {
			m.Insert(i, e)
			return true
		})
	}
	sol, err := minimumCover(m, Options{Heuristic: true}, true)
	if err != nil {
		return nil, fmt.Errorf("cover sets: %w", err)
	}
	out := cover.NewSet(f.SetSize)
	for p := sol.first; p != nil; p = p.link[inRow].next {
		out.Insert(p.Col)
	}
	// The search consumed m: check the result against f (verify_cover;
	// an empty set of f has no row).
	for i := 0; i < f.Count; i++ {
		if p := f.At(i); !p.IsEmpty() && p.Disjoint(out) {
			return nil, errors.New("cover sets: internal error -- cover verification failed")
		}
	}
	return out, nil
}
