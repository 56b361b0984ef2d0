package chess

// This file holds the entry values of the tables being solved and their packed storage.

import (
	"sync/atomic"
	"unsafe"
)

// Entry values of a table (Table.val). A resolved position holds 1 + its distance to mate
// in plies: odd distances are wins for the side to move, even ones losses (0 = mated).
// Zero is a draw. While solving, an unresolved legal position holds vOpen plus the number
// of its moves that stay in the table and are not yet known to lose (its outs).
const (
	vDraw    uint16 = 0
	vOpen    uint16 = 0x8000
	vIllegal uint16 = 0xFFFE
	vInvalid uint16 = 0xFFFF
	vMaxDist        = 0x7FF0
)

func vResolved(v uint16) bool   { return v != vDraw && v < vOpen }
func vUnresolved(v uint16) bool { return v&0xFF00 == vOpen }
func vIsWin(v uint16) bool      { return vResolved(v) && v&1 == 0 }
func vIsLoss(v uint16) bool     { return vResolved(v) && v&1 == 1 }
func vDist(v uint16) int        { return int(v) - 1 }

// vFlip turns the value of a successor (from the opponent's side) into the value of the
// move for the side that made it: a loss in d for the opponent is a win in d+1, etc.
func vFlip(v uint16) uint16 {
	if v == vDraw {
		return vDraw
	}
	return v + 1
}

// vScore orders values for the side to move: faster wins first, slower losses before
// faster ones.
func vScore(v uint16) int {
	switch {
	case v == vDraw:
		return 0
	case v&1 == 0:
		return 1<<20 - int(v)
	default:
		return -(1 << 20) + int(v)
	}
}

// halfWord returns the 32-bit word holding entry y and the shift of y's half in it.
func (b *builder) halfWord(y uint32) (*uint32, uint) {
	return (*uint32)(unsafe.Pointer(&b.val[y&^1])), uint((y&1)^b.bigEndian) * 16
}

// load returns entry y, read atomically.
func (b *builder) load(y uint32) uint16 {
	p, sh := b.halfWord(y)
	return uint16(atomic.LoadUint32(p) >> sh)
}

// store sets entry y to v atomically (the other half of its word may change meanwhile).
func (b *builder) store(y uint32, v uint16) {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFFFF<<sh)|uint32(v)<<sh) {
			return
		}
	}
}

// setIfUnresolved sets entry y to v when it is unresolved, atomically; it reports whether
// it did.
func (b *builder) setIfUnresolved(y uint32, v uint16) bool {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		if !vUnresolved(uint16(old >> sh)) {
			return false
		}
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFFFF<<sh)|uint32(v)<<sh) {
			return true
		}
	}
}

// decrement removes one out from entry y when it is unresolved, atomically; it returns
// the new value and whether it did.
func (b *builder) decrement(y uint32) (uint16, bool) {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		v := uint16(old >> sh)
		if !vUnresolved(v) {
			return v, false
		}
		if atomic.CompareAndSwapUint32(p, old, old-1<<sh) {
			return v - 1, true
		}
	}
}
