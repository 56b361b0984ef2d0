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

// The states of a position being solved (builder.ent), a byte each: resolved (won or lost,
// the distance kept apart in builder.dist when the table keeps distances), drawn, or
// unresolved with the number of its outs.
const (
	sDraw    uint8 = 0
	sLoss    uint8 = 1
	sWin     uint8 = 2
	sOpen    uint8 = 0x80 // plus the number of outs
	sMaxOuts       = 0x7D
	sIllegal uint8 = 0xFE
	sInvalid uint8 = 0xFF
)

func sUnresolved(s uint8) bool { return s&sOpen != 0 && s < sIllegal }

// stateOf returns the state of a position resolved with entry value v.
func stateOf(v uint16) uint8 {
	if vIsWin(v) {
		return sWin
	}
	return sLoss
}

// word returns the 32-bit word holding the state of compact index c and the shift of c's
// byte in it.
func (b *builder) word(c uint32) (*uint32, uint) {
	return (*uint32)(unsafe.Pointer(&b.ent[c&^3])), uint((c&3)^b.bigEndian) * 8
}

// load returns the state of position y, read atomically.
func (b *builder) load(y uint32) uint8 {
	p, sh := b.word(b.at(y))
	return uint8(atomic.LoadUint32(p) >> sh)
}

// state returns the state of position y (in the sequential parts of the computation).
func (b *builder) state(y uint32) uint8 { return b.ent[b.at(y)] }

// resolve sets position y to the resolved value v atomically (the other bytes of its
// word may change meanwhile).
func (b *builder) resolve(y uint32, v uint16) {
	c := b.at(y)
	p, sh := b.word(c)
	s := stateOf(v)
	for {
		old := atomic.LoadUint32(p)
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFF<<sh)|uint32(s)<<sh) {
			break
		}
	}
	if b.dist != nil {
		b.dist[c] = v
	}
}

// setIfUnresolved sets position y to the resolved value v when it is unresolved,
// atomically; it reports whether it did.
func (b *builder) setIfUnresolved(y uint32, v uint16) bool {
	c := b.at(y)
	p, sh := b.word(c)
	s := stateOf(v)
	for {
		old := atomic.LoadUint32(p)
		if !sUnresolved(uint8(old >> sh)) {
			return false
		}
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFF<<sh)|uint32(s)<<sh) {
			if b.dist != nil {
				b.dist[c] = v
			}
			return true
		}
	}
}

// decrement removes one out from position y when it is unresolved, atomically; it returns
// the new state and whether it did.
func (b *builder) decrement(y uint32) (uint8, bool) {
	p, sh := b.word(b.at(y))
	for {
		old := atomic.LoadUint32(p)
		s := uint8(old >> sh)
		if !sUnresolved(s) {
			return s, false
		}
		if atomic.CompareAndSwapUint32(p, old, old-1<<sh) {
			return s - 1, true
		}
	}
}

// value returns the entry value of computed position y at the end of the computation
// (unresolved positions are draws): its distance when the table keeps them, else that of
// a win in 1 or a loss in 0.
func (b *builder) value(y uint32) uint16 {
	c := b.at(y)
	switch s := b.ent[c]; {
	case s == sInvalid:
		return vInvalid
	case s == sIllegal:
		return vIllegal
	case s == sWin || s == sLoss:
		if b.dist != nil {
			return b.dist[c]
		}
		return uint16(s)
	}
	return vDraw
}
