package builder

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/tablebase/format"
)

// A coverSpec says how the classes of the positions become the covers of one
// minimization, over a cube structure of the index bits and outputs output parts: a
// position of class c lies in the ON-set F with the output parts on[c], in the OFF-set R
// with off[c], and in the DC-set D with the parts in neither.
type coverSpec struct {
	outputs int
	on, off [numClasses]uint64
}

// paperSpec is the paper's encoding: one cover with the outputs win, draw and loss
// (one-hot); a position's other two outputs are in the OFF-set.
var paperSpec = coverSpec{
	outputs: 3,
	on:      [numClasses]uint64{classWin: 1, classDraw: 2, classLoss: 4},
	off:     [numClasses]uint64{classWin: 6, classDraw: 5, classLoss: 3, classDrawOrLoss: 1},
}

// covers holds the three covers of a minimization and their cube structure.
type covers struct {
	cube    *cover.Cube
	F, D, R *cover.Cover
}

// formCovers writes the positions of cls into F, D and R by spec and compacts each of
// the three (the paper's compaction, as espresso -ecompact does as it reads a truth
// table). Positions go in as the aligned blocks of 2^k consecutive indices of one class
// (blocks), in index order: each block is a cube the compaction would make of its
// minterms, and a table of 2^25 positions becomes a few hundred thousand cubes instead
// of 2^25 minterms.
func formCovers(cls []class, inputs int, spec coverSpec) (*covers, error) {
	cube, err := cover.NewCube(inputs, []int{spec.outputs})
	if err != nil {
		return nil, err
	}
	if cube.Size > 64 {
		return nil, fmt.Errorf("%d index bits: a cube does not fit in one word", inputs)
	}
	cv := &covers{cube: cube}
	cv.F, cv.D, cv.R = cube.NewCover(0), cube.NewCover(0), cube.NewCover(0)
	all := uint64(1)<<spec.outputs - 1
	outShift := uint(2 * inputs)
	blocks(cls, inputs, func(lo uint32, k int, c class) {
		in := blockParts(lo, k, inputs)
		if p := spec.on[c]; p != 0 {
			cv.F.AppendEmpty()[1] = in | p<<outShift
		}
		if p := spec.off[c]; p != 0 {
			cv.R.AppendEmpty()[1] = in | p<<outShift
		}
		if p := all &^ (spec.on[c] | spec.off[c]); p != 0 {
			cv.D.AppendEmpty()[1] = in | p<<outShift
		}
	})
	for _, f := range []**cover.Cover{&cv.F, &cv.D, &cv.R} {
		*f, _ = cube.Compact(*f)
	}
	return cv, nil
}

// blocks calls emit, in index order, for each maximal aligned block of the indices of
// cls (2^bits of them) whose positions all have one class: the block of 2^k indices
// from lo.
func blocks(cls []class, bits int, emit func(lo uint32, k int, c class)) {
	// walk returns the class of the block of 2^k from lo when it has one; otherwise
	// it has emitted the block's parts.
	var walk func(lo uint32, k int) (class, bool)
	walk = func(lo uint32, k int) (class, bool) {
		if k == 0 {
			return cls[lo], true
		}
		half := uint32(1) << uint(k-1)
		a, ua := walk(lo, k-1)
		b, ub := walk(lo+half, k-1)
		if ua && ub && a == b {
			return a, true
		}
		if ua {
			emit(lo, k-1, a)
		}
		if ub {
			emit(lo+half, k-1, b)
		}
		return 0, false
	}
	if c, ok := walk(0, bits); ok {
		emit(0, bits, c)
	}
}

// blockParts returns the input parts of the cube of the 2^k indices from lo: the low k
// bits free, the others those of lo.
func blockParts(lo uint32, k, inputs int) uint64 {
	w := mintermParts(lo, inputs)
	for b := 0; b < k; b++ {
		v := uint(inputs - 1 - b)
		w |= 3 << (2 * v)
	}
	return w
}

// mintermParts returns the input parts of position x as one word of a set: input
// variable v is bit inputs-1-v of x (the most significant bit first, as package chess
// labels them), and its parts are 2v (the bit may be 0) and 2v+1 (may be 1).
func mintermParts(x uint32, inputs int) uint64 {
	var w uint64
	for v := 0; v < inputs; v++ {
		b := uint64(x>>uint(inputs-1-v)) & 1
		w |= 1 << (2*uint(v) + uint(b))
	}
	return w
}

// cubeParts returns the input parts of c, a cube over inputs index bits, as one word of
// a set (the inverse of cubeOf).
func cubeParts(c format.Cube, inputs int) uint64 {
	var w uint64
	for v := 0; v < inputs; v++ {
		bit := uint32(1) << uint(inputs-1-v)
		switch {
		case c.Mask&bit == 0:
			w |= 3 << (2 * uint(v))
		case c.Bits&bit != 0:
			w |= 2 << (2 * uint(v))
		default:
			w |= 1 << (2 * uint(v))
		}
	}
	return w
}

// cubeOf converts a cube of a single-output cover over inputs index bits to a Cube.
func cubeOf(s cover.Set, inputs int) format.Cube {
	var c format.Cube
	w := s[1]
	for v := 0; v < inputs; v++ {
		bit := uint32(1) << uint(inputs-1-v)
		switch w >> (2 * uint(v)) & 3 {
		case 1: // only part 2v: the bit is 0
			c.Mask |= bit
		case 2: // only part 2v+1: the bit is 1
			c.Mask |= bit
			c.Bits |= bit
		}
	}
	return c
}

// minimizeCovers minimizes cv as espresso -ecompact -efast does after reading (EXPAND,
// IRREDUNDANT, MAKE_SPARSE), or with full set the whole ESPRESSO loop (-ecompact),
// and returns the minimized ON-set.
func minimizeCovers(cv *covers, full bool, workers int) (*cover.Cover, error) {
	opt := minimize.DefaultOptions()
	opt.SingleExpand = !full
	if workers > 0 {
		opt.Workers = workers
	}
	return minimize.NewRun(cv.cube, opt).Espresso(cv.F, cv.D, cv.R)
}
