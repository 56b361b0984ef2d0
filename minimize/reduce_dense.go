package minimize

import (
	"encoding/binary"
	"math/bits"

	"github.com/espresso-go/espresso/cover"
)

// denseReductions reduces F's cubes one at a time through a dense table
// counting them and marking D's points (dense.go), which follows each
// cube as it is reduced.
type denseReductions struct {
	t     *denseTable
	F     *cover.Cover
	under []cover.Set // the one reduction returned
}

func (d *denseReductions) reduceFrom(from int) ([]cover.Set, error) {
	d.under[0] = d.t.reduceCube(d.F.At(from))
	return d.under, nil
}

// reduceCube returns the maximal reduction of p, a cube of the counted
// cover (see reduction), and then counts p as reduced.
func (t *denseTable) reduceCube(p cover.Set) cover.Set {
	res := t.reduction(p)
	c, s := t.cube, t.space
	if d, ok := s.decode(c, p); ok {
		if under, ok := s.decode(c, res); !ok {
			t.remove(d)
		} else if under != d {
			t.remove(d)
			t.add(under) // no overflow: these points were counted before
		}
	}
	return res
}

// reduction returns the maximal reduction of p, a cube of the counted
// cover, as a new set with a cleared header: the smallest cube holding
// its points counted once, empty if there are none. It only reads the
// table: goroutines may ask at once.
func (t *denseTable) reduction(p cover.Set) cover.Set {
	c, s := t.cube, t.space
	res := c.NewSet()
	d, ok := s.decode(c, p)
	if !ok {
		return res
	}
	// one and zero gather the values of the free inputs over the holes
	// (those taking 1, those taking 0), outs their outputs.
	var one, zero uint32
	var outs uint64
	n, hi := d.runs()
	count := t.count
scan:
	for left := d.outs; left != 0; left &= left - 1 {
		j := bits.TrailingZeros64(left)
		base := j<<s.inputs | int(d.fixed)
		for sub := uint32(0); ; sub = (sub - hi) & hi {
			from := base | int(sub)
			run := count[from : from+n : from+n]
			for i := 0; i < n; {
				var ones uint64 // 0x80 in the byte of each hole
				if n-i >= 8 {
					ones = zeroBytes(binary.LittleEndian.Uint64(run[i:]) ^ eachByte)
				} else if run[i] == 1 {
					ones = 0x80
				}
				for ; ones != 0; ones &= ones - 1 {
					// The point's assignment.
					at := d.fixed | sub | uint32(i+bits.TrailingZeros64(ones)>>3)
					one |= at & d.free
					zero |= ^at & d.free
					outs |= 1 << j
				}
				if n-i >= 8 {
					i += 8
				} else {
					i++
				}
			}
			if one == d.free && zero == d.free && outs == d.outs {
				break scan
			}
			if sub == hi {
				break
			}
		}
	}
	if outs == 0 {
		return res
	}
	for v := 0; v < s.inputs; v++ {
		f, b := c.FirstPart[v], s.bit[v]
		switch {
		case d.free>>b&1 == 0:
			if d.fixed>>b&1 == 0 {
				res.Insert(f)
			} else {
				res.Insert(f + 1)
			}
		default:
			if zero>>b&1 != 0 {
				res.Insert(f)
			}
			if one>>b&1 != 0 {
				res.Insert(f + 1)
			}
		}
	}
	for o := outs; o != 0; o &= o - 1 {
		res.Insert(s.firstOut + bits.TrailingZeros64(o))
	}
	return res
}
