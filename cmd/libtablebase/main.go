// Command libtablebase is a C library of the endgame tables in the shape of Fathom's
// probing API: built with go build -buildmode=c-shared, it exports espresso_tb_init (a
// directory), espresso_tb_probe_wdl (Fathom's bitboard arguments, Fathom's TB_LOSS 0 …
// TB_WIN 4 or TB_RESULT_FAILED) and espresso_tb_free, declared in tablebase.h. The names
// carry a prefix of their own so that a program can link it beside Fathom.
//
//	go build -buildmode=c-shared -o libtablebase.so ./cmd/libtablebase
//	gcc -I cmd/libtablebase prog.c -L. -ltablebase
//
// The opened tables are the library's one piece of state, as Fathom's are: C callers
// hold no handle. They sit behind an atomic pointer, and a Tablebase is safe for
// concurrent use, so every function may be called from several threads at once.
package main

/*
#include <stdbool.h>
#include <stdint.h>
*/
import "C"

import (
	"math/bits"
	"sync/atomic"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// resultFailed is Fathom's TB_RESULT_FAILED.
const resultFailed = 0xFFFFFFFF

// opened holds the tables of the last espresso_tb_init, nil before it and after
// espresso_tb_free.
var opened atomic.Pointer[tablebase.Tablebase]

func main() {}

//export espresso_tb_init
func espresso_tb_init(path *C.char) C.bool {
	tb, err := tablebase.Open(C.GoString(path))
	if err != nil {
		return false
	}
	opened.Store(tb)
	return true
}

//export espresso_tb_free
func espresso_tb_free() {
	opened.Store(nil)
}

//export espresso_tb_probe_wdl
func espresso_tb_probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns C.uint64_t, ep C.uint, turn C.bool) C.uint {
	tb := opened.Load()
	if tb == nil {
		return resultFailed
	}
	var buf [32]tablebase.Placement
	p, ok := position(buf[:0], [8]uint64{uint64(white), uint64(black), uint64(kings), uint64(queens),
		uint64(rooks), uint64(bishops), uint64(knights), uint64(pawns)}, uint(ep), bool(turn))
	if !ok {
		return resultFailed
	}
	v, err := tb.Probe(&p)
	if err != nil {
		return resultFailed
	}
	return C.uint(v + 2) // Loss -2 … Win 2 onto TB_LOSS 0 … TB_WIN 4
}

// position turns Fathom's arguments (bitboards: white, black, then kings, queens, rooks,
// bishops, knights, pawns; a1 = bit 0) into a Position (a8 = square 0), appending the
// pieces to buf. It reports false for a square of both colours or of no kind.
func position(buf []tablebase.Placement, bb [8]uint64, ep uint, turn bool) (tablebase.Position, bool) {
	p := tablebase.Position{Pieces: buf}
	if bb[0]&bb[1] != 0 || ep > 63 {
		return p, false
	}
	for occ := bb[0] | bb[1]; occ != 0; occ &= occ - 1 {
		sq := bits.TrailingZeros64(occ)
		bit := uint64(1) << sq
		kind := -1
		for k := chess.King; k <= chess.Pawn; k++ {
			if bb[2+k]&bit != 0 {
				if kind >= 0 {
					return p, false
				}
				kind = int(k)
			}
		}
		if kind < 0 {
			return p, false
		}
		colour := chess.White
		if bb[1]&bit != 0 {
			colour = chess.Black
		}
		p.Pieces = append(p.Pieces, tablebase.Placement{Piece: chess.Piece{Kind: chess.Kind(kind), Colour: colour}, Square: sq ^ 56})
	}
	if !turn {
		p.SideToMove = chess.Black
	}
	if ep != 0 {
		p.EnPassant = int(ep ^ 56)
	}
	return p, true
}
