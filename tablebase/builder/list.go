package builder

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/tablebase/format"
)

// classCovers holds the positions of each class of one table (don't-cares included) as a
// compacted cover over a single-output cube structure of the index bits. They are made
// once per table and joined into the covers of each minimization of its decision list.
type classCovers struct {
	cube   *cover.Cube
	inputs int
	of     [numClasses]*cover.Cover
}

// newClassCovers makes the covers of the classes of cls from its blocks (see formCovers).
func newClassCovers(cls []class, inputs int) (*classCovers, error) {
	k, err := emptyClassCovers(inputs)
	if err != nil {
		return nil, err
	}
	out := uint64(1) << uint(2*inputs)
	blocks(cls, inputs, func(lo uint32, size int, c class) {
		k.of[c].AppendEmpty()[1] = blockParts(lo, size, inputs) | out
	})
	for c := range k.of {
		k.of[c], _ = k.cube.Compact(k.of[c])
	}
	return k, nil
}

// emptyClassCovers returns class covers over inputs index bits with no cube yet.
func emptyClassCovers(inputs int) (*classCovers, error) {
	cube, err := cover.NewCube(inputs, []int{1})
	if err != nil {
		return nil, err
	}
	if cube.Size > 64 {
		return nil, fmt.Errorf("%d index bits: a cube does not fit in one word", inputs)
	}
	k := &classCovers{cube: cube, inputs: inputs}
	for c := range k.of {
		k.of[c] = cube.NewCover(0)
	}
	return k, nil
}

// first returns the covers of v's first cover: ON-set the positions that must have v,
// OFF-set those that may not, DC-set the don't-cares and the positions that may have v or
// another value (classDrawOrLoss, for a draw or a loss).
func (k *classCovers) first(v class) *covers {
	o := others(v)
	on, dc, off := []class{v}, []class{dontCare}, []class{o[0], o[1]}
	if k.of[classDrawOrLoss].Count > 0 {
		if classDrawOrLoss.allowed()&(1<<v) == 0 {
			off = append(off, classDrawOrLoss)
		} else {
			dc = append(dc, classDrawOrLoss)
		}
	}
	return &covers{cube: k.cube, F: k.union(on), D: k.union(dc), R: k.joinedClasses(off, nil)}
}

// second returns the covers of the second cover of order o: ON-set the positions that
// must have o[1] unless the first cover holds them, OFF-set those that may not have it,
// DC-set the don't-cares, the positions that may have o[1] or o[2], and the points of
// earlier, the first cover, which hold o[0]'s positions and don't-cares only (fewer cubes
// than o[0]'s positions).
func (k *classCovers) second(o [3]class, earlier []format.Cube) *covers {
	on, dc, off := []class{o[1]}, []class{dontCare}, []class{o[2]}
	if k.of[classDrawOrLoss].Count > 0 {
		switch a := classDrawOrLoss.allowed(); {
		case a&(1<<o[2]) == 0:
			on = append(on, classDrawOrLoss)
		case a&(1<<o[1]) == 0:
			off = append(off, classDrawOrLoss)
		default:
			dc = append(dc, classDrawOrLoss)
		}
	}
	return &covers{cube: k.cube, F: k.union(on), R: k.union(off), D: k.joinedClasses(dc, earlier)}
}

// union returns the positions of the classes cls in one cover: a copy of the one class's
// cover, or their covers joined.
func (k *classCovers) union(cls []class) *cover.Cover {
	if len(cls) == 1 {
		return k.of[cls[0]].Clone()
	}
	return k.joinedClasses(cls, nil)
}

// joinedClasses returns the positions of the classes cls and the cubes extra in one new
// cover, compacted.
func (k *classCovers) joinedClasses(cls []class, extra []format.Cube) *cover.Cover {
	cvs := make([]*cover.Cover, len(cls))
	for i, c := range cls {
		cvs[i] = k.of[c]
	}
	return k.joined(cvs, extra)
}

// joined returns the covers cvs and the cubes extra in one new cover, compacted.
func (k *classCovers) joined(cvs []*cover.Cover, extra []format.Cube) *cover.Cover {
	j := k.cube.NewCover(0)
	for _, cv := range cvs {
		j = j.AppendCover(cv)
	}
	out := uint64(1) << uint(2*k.inputs)
	for _, c := range extra {
		j.AppendEmpty()[1] = cubeParts(c, k.inputs) | out
	}
	j, _ = k.cube.Compact(j)
	return j
}

// clearRest returns the value that takes at least clearRestFactor times the blocks of
// each other value for its positions alone, and clearRestJoinedFactor times with the
// don't-cares joined to them (compacted), or dontCare when no value does.
func (k *classCovers) clearRest() class {
	var alone, joined [4]int
	for _, v := range values {
		alone[v] = k.of[v].Count
	}
	for _, v := range values {
		o := others(v)
		if alone[v] == 0 || alone[v] < clearRestFactor*max(alone[o[0]], alone[o[1]]) {
			continue
		}
		for _, w := range values {
			joined[w] = k.joined([]*cover.Cover{k.of[w], k.of[dontCare]}, nil).Count
		}
		if float64(joined[v]) >= clearRestJoinedFactor*float64(max(joined[o[0]], joined[o[1]])) {
			return v
		}
		return dontCare
	}
	return dontCare
}
