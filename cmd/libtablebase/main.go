// Command libtablebase is a C library of the endgame tables behind Fathom's probing API:
// built with go build -buildmode=c-shared, it exports Fathom's tb_init, tb_free,
// TB_LARGEST, tb_probe_wdl (an inline function of the header over tb_probe_wdl_impl, as in
// Fathom), tb_probe_root and the rest of Fathom's tbprobe.h, which this directory's
// tbprobe.h declares with Fathom's names, signatures and constants. A program written
// against Fathom builds unchanged against it:
//
//	go build -buildmode=c-shared -o libtablebase.so ./cmd/libtablebase
//	cc -I cmd/libtablebase prog.c -L. -ltablebase
//
// tbprobe.h says where the library differs from Fathom. The go build also writes cgo's
// own libtablebase.h beside the library; it declares the Go functions tbprobe.c wraps,
// and including it from a program is an error that names tbprobe.h.
//
// The opened tables are the library's one piece of state, as Fathom's are: C callers
// hold no handle. They sit behind an atomic pointer, and a Tablebase is safe for
// concurrent use, so every function may be called from several threads at once.
package main

/*
#cgo CFLAGS: -DESPRESSO_LIBTABLEBASE
#cgo LDFLAGS: -ldl
#ifndef ESPRESSO_LIBTABLEBASE
#error "libtablebase.h is cgo's header of the library's internals: include tbprobe.h"
#endif
#include <stdbool.h>
#include <stdint.h>
*/
import "C"

import (
	"errors"
	"math/bits"
	"path/filepath"
	"sync/atomic"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// resultFailed is Fathom's TB_RESULT_FAILED.
const resultFailed = 0xFFFFFFFF

// tables is what tb_init opened: the directories of its path that hold tables, in the
// path's order, and the most pieces of a table among them.
type tables struct {
	dirs    []*tablebase.Tablebase
	largest int
}

// opened holds the tables of the last tb_init, nil before it and after tb_free.
var opened atomic.Pointer[tables]

func main() {}

// espresso_init opens the tables of path, dropping those opened before, and returns
// the most pieces of a table opened (TB_LARGEST). A goroutine then reads them all
// (Tablebase.Preload), so that an engine's search meets no table's first use; a probe
// of a table not read yet reads it, or waits for it.
//
//export espresso_init
func espresso_init(path *C.char) C.uint {
	t := open(C.GoString(path))
	opened.Store(t)
	go func() {
		for _, tb := range t.dirs {
			tb.Preload() // a bad file fails its own probes
		}
	}()
	return C.uint(t.largest)
}

// open opens the directories of path, a list separated as the system separates PATH,
// that hold table files; Fathom's "<empty>" and an empty path open none.
func open(path string) *tables {
	t := &tables{}
	if path == "" || path == "<empty>" {
		return t
	}
	for _, dir := range filepath.SplitList(path) {
		tb, err := tablebase.Open(dir)
		if err != nil {
			continue // no tables there: Fathom skips such a directory
		}
		t.dirs = append(t.dirs, tb)
		t.largest = max(t.largest, tb.MaxPieces())
	}
	return t
}

// espresso_free drops the tables opened.
//
//export espresso_free
func espresso_free() {
	opened.Store(nil)
}

// espresso_probe_wdl is tb_probe_wdl_impl: the value of a position in Fathom's codes,
// from the first directory of the path with its material's table.
//
//export espresso_probe_wdl
func espresso_probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns C.uint64_t, ep C.uint, turn C.bool) C.uint {
	t := opened.Load()
	if t == nil {
		return resultFailed
	}
	var buf [32]tablebase.Placement
	p, ok := position(buf[:0], [8]uint64{uint64(white), uint64(black), uint64(kings), uint64(queens),
		uint64(rooks), uint64(bishops), uint64(knights), uint64(pawns)}, uint(ep), bool(turn))
	if !ok {
		return resultFailed
	}
	for _, tb := range t.dirs {
		v, err := tb.Probe(&p)
		if err == nil {
			return C.uint(v + 2) // Loss -2 … Win 2 onto TB_LOSS 0 … TB_WIN 4
		}
		if !errors.Is(err, tablebase.ErrNoTable) {
			break
		}
	}
	return resultFailed
}

// espresso_attacks returns Fathom's attack sets (a1 = bit 0) for a piece of kind (King 0
// … Pawn 5) and colour (White 0) on sq with the squares of occ occupied.
//
//export espresso_attacks
func espresso_attacks(kind, colour C.int, sq C.uint, occ C.uint64_t) C.uint64_t {
	if sq > 63 {
		return 0
	}
	p := chess.Piece{Kind: chess.Kind(kind), Colour: chess.Colour(colour)}
	// a8 = 0 numbering: a square's rank flips (s ^ 56), so each byte of a set moves.
	return C.uint64_t(bits.ReverseBytes64(chess.Attacks(p, int(sq)^56, bits.ReverseBytes64(uint64(occ)))))
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
