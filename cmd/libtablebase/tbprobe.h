/*
 * tbprobe.h: the endgame tables of github.com/espresso-go/espresso behind Fathom's
 * probing API (Fathom's tbprobe.h: the same names, signatures, constants and linkage),
 * so that a program written against Fathom builds unchanged against this library:
 *
 *     go build -buildmode=c-shared -o libtablebase.so ./cmd/libtablebase
 *     cc -I cmd/libtablebase prog.c -L. -ltablebase
 *
 * Include this file. The go build above also writes cgo's own libtablebase.h beside the
 * library: it declares the library's internals, and including it is an error.
 *
 * Where this library differs from Fathom:
 * - The tables hold values without the fifty-move rule and no distances: tb_probe_wdl
 *   answers TB_LOSS, TB_DRAW or TB_WIN (never TB_BLESSED_LOSS or TB_CURSED_WIN) and
 *   ignores rule50, where Fathom fails a probe with rule50 != 0. tb_probe_root answers
 *   TB_RESULT_FAILED, and tb_probe_root_dtz and tb_probe_root_wdl answer 0 (not all
 *   probes successful), as Fathom does without DTZ files.
 * - tb_init opens the table files (*.tbc) of each directory of path (separated by ':',
 *   ';' on Windows), as Fathom opens its *.rtbw files: it drops the tables opened before,
 *   returns true, and sets TB_LARGEST to the most pieces of a table found, 0 when none
 *   is (an empty path, a missing directory, a directory without tables). It returns at
 *   once and reads the tables in a thread of its own, so that the first probes of a
 *   table find it read; one probed before waits for it.
 * - Every function, tb_init and tb_free included, may be called from several threads
 *   at once.
 *
 * As in Fathom, a probe with castling rights fails, squares are numbered a1 = 0, b1 = 1,
 * ..., h8 = 63, ep is the en passant square or 0, and turn is true for White.
 *
 * The declarations, constants and macros below are those of Fathom's tbprobe.h, under
 * its licence:
 *
 * (C) 2015 basil, all rights reserved,
 *
 * Permission is hereby granted, free of charge, to any person obtaining a
 * copy of this software and associated documentation files (the "Software"),
 * to deal in the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense,
 * and/or sell copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */
#ifndef TBPROBE_H
#define TBPROBE_H

#ifdef __cplusplus
extern "C"
{
#endif

#ifndef TB_NO_STDINT
#include <stdint.h>
#else
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned uint32_t;
typedef long long unsigned uint64_t;
typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
#endif

#ifndef TB_NO_STDBOOL
#include <stdbool.h>
#else
#ifndef __cplusplus
typedef uint8_t bool;
#define true    1
#define false   0
#endif
#endif

/* Internal definitions: called by the inline functions below, not directly. */
extern bool tb_init_impl(const char *_path);
extern unsigned tb_probe_wdl_impl(uint64_t _white, uint64_t _black, uint64_t _kings,
    uint64_t _queens, uint64_t _rooks, uint64_t _bishops, uint64_t _knights,
    uint64_t _pawns, unsigned _ep, bool _turn);
extern unsigned tb_probe_root_impl(uint64_t _white, uint64_t _black, uint64_t _kings,
    uint64_t _queens, uint64_t _rooks, uint64_t _bishops, uint64_t _knights,
    uint64_t _pawns, unsigned _rule50, unsigned _ep, bool _turn, unsigned *_results);

#define TB_MAX_MOVES                (192+1)
#define TB_MAX_CAPTURES             64
#define TB_MAX_PLY                  256
#define TB_CASTLING_K               0x1     /* White king-side. */
#define TB_CASTLING_Q               0x2     /* White queen-side. */
#define TB_CASTLING_k               0x4     /* Black king-side. */
#define TB_CASTLING_q               0x8     /* Black queen-side. */

#define TB_LOSS                     0       /* loss for the side to move */
#define TB_BLESSED_LOSS             1       /* never answered */
#define TB_DRAW                     2       /* draw */
#define TB_CURSED_WIN               3       /* never answered */
#define TB_WIN                      4       /* win for the side to move */

#define TB_PROMOTES_NONE            0
#define TB_PROMOTES_QUEEN           1
#define TB_PROMOTES_ROOK            2
#define TB_PROMOTES_BISHOP          3
#define TB_PROMOTES_KNIGHT          4

#define TB_RESULT_WDL_MASK          0x0000000F
#define TB_RESULT_TO_MASK           0x000003F0
#define TB_RESULT_FROM_MASK         0x0000FC00
#define TB_RESULT_PROMOTES_MASK     0x00070000
#define TB_RESULT_EP_MASK           0x00080000
#define TB_RESULT_DTZ_MASK          0xFFF00000
#define TB_RESULT_WDL_SHIFT         0
#define TB_RESULT_TO_SHIFT          4
#define TB_RESULT_FROM_SHIFT        10
#define TB_RESULT_PROMOTES_SHIFT    16
#define TB_RESULT_EP_SHIFT          19
#define TB_RESULT_DTZ_SHIFT         20

#define TB_GET_WDL(_res)                        \
    (((_res) & TB_RESULT_WDL_MASK) >> TB_RESULT_WDL_SHIFT)
#define TB_GET_TO(_res)                         \
    (((_res) & TB_RESULT_TO_MASK) >> TB_RESULT_TO_SHIFT)
#define TB_GET_FROM(_res)                       \
    (((_res) & TB_RESULT_FROM_MASK) >> TB_RESULT_FROM_SHIFT)
#define TB_GET_PROMOTES(_res)                   \
    (((_res) & TB_RESULT_PROMOTES_MASK) >> TB_RESULT_PROMOTES_SHIFT)
#define TB_GET_EP(_res)                         \
    (((_res) & TB_RESULT_EP_MASK) >> TB_RESULT_EP_SHIFT)
#define TB_GET_DTZ(_res)                        \
    (((_res) & TB_RESULT_DTZ_MASK) >> TB_RESULT_DTZ_SHIFT)

#define TB_SET_WDL(_res, _wdl)                  \
    (((_res) & ~TB_RESULT_WDL_MASK) |           \
     (((_wdl) << TB_RESULT_WDL_SHIFT) & TB_RESULT_WDL_MASK))
#define TB_SET_TO(_res, _to)                    \
    (((_res) & ~TB_RESULT_TO_MASK) |            \
     (((_to) << TB_RESULT_TO_SHIFT) & TB_RESULT_TO_MASK))
#define TB_SET_FROM(_res, _from)                \
    (((_res) & ~TB_RESULT_FROM_MASK) |          \
     (((_from) << TB_RESULT_FROM_SHIFT) & TB_RESULT_FROM_MASK))
#define TB_SET_PROMOTES(_res, _promotes)        \
    (((_res) & ~TB_RESULT_PROMOTES_MASK) |      \
     (((_promotes) << TB_RESULT_PROMOTES_SHIFT) & TB_RESULT_PROMOTES_MASK))
#define TB_SET_EP(_res, _ep)                    \
    (((_res) & ~TB_RESULT_EP_MASK) |            \
     (((_ep) << TB_RESULT_EP_SHIFT) & TB_RESULT_EP_MASK))
#define TB_SET_DTZ(_res, _dtz)                  \
    (((_res) & ~TB_RESULT_DTZ_MASK) |           \
     (((_dtz) << TB_RESULT_DTZ_SHIFT) & TB_RESULT_DTZ_MASK))

#define TB_RESULT_CHECKMATE         TB_SET_WDL(0, TB_WIN)
#define TB_RESULT_STALEMATE         TB_SET_WDL(0, TB_DRAW)
#define TB_RESULT_FAILED            0xFFFFFFFF

/* The tables answer for any position of at most TB_LARGEST pieces (kings included)
   whose material has a table; set by tb_init. */
extern unsigned TB_LARGEST;

/* Opens the tables of path (see above); returns true. */
bool tb_init(const char *_path);

/* Closes the tables: later probes fail until the next tb_init. */
void tb_free(void);

/* Returns the value of the position for the side to move: TB_LOSS, TB_DRAW or TB_WIN,
   or TB_RESULT_FAILED with castling rights, for an illegal position, a material
   without a table (or with a bad table file), or without tables opened. The bitboards
   give the squares of each colour and each kind; rule50 is ignored. */
static inline unsigned tb_probe_wdl(
    uint64_t _white,
    uint64_t _black,
    uint64_t _kings,
    uint64_t _queens,
    uint64_t _rooks,
    uint64_t _bishops,
    uint64_t _knights,
    uint64_t _pawns,
    unsigned _rule50,
    unsigned _castling,
    unsigned _ep,
    bool     _turn)
{
    (void)_rule50;
    if (_castling != 0)
        return TB_RESULT_FAILED;
    return tb_probe_wdl_impl(_white, _black, _kings, _queens, _rooks,
        _bishops, _knights, _pawns, _ep, _turn);
}

/* Answers TB_RESULT_FAILED: the tables hold no distances to zeroing. When results is
   not NULL, its first entry is set to TB_RESULT_FAILED (an empty list). */
static inline unsigned tb_probe_root(
    uint64_t _white,
    uint64_t _black,
    uint64_t _kings,
    uint64_t _queens,
    uint64_t _rooks,
    uint64_t _bishops,
    uint64_t _knights,
    uint64_t _pawns,
    unsigned _rule50,
    unsigned _castling,
    unsigned _ep,
    bool     _turn,
    unsigned *_results)
{
    if (_castling != 0)
        return TB_RESULT_FAILED;
    return tb_probe_root_impl(_white, _black, _kings, _queens, _rooks,
        _bishops, _knights, _pawns, _rule50, _ep, _turn, _results);
}

typedef uint16_t TbMove;

#define TB_MOVE_FROM(move)                                                 \
    (((move) >> 6) & 0x3F)
#define TB_MOVE_TO(move)                                                   \
    ((move) & 0x3F)
#define TB_MOVE_PROMOTES(move)                                             \
    (((move) >> 12) & 0x7)

struct TbRootMove {
  TbMove move;
  TbMove pv[TB_MAX_PLY];
  unsigned pvSize;
  int32_t tbScore, tbRank;
};

struct TbRootMoves {
  unsigned size;
  struct TbRootMove moves[TB_MAX_MOVES];
};

/* Answer 0 (not all probes successful) with results->size 0: the tables hold no
   distances to rank moves by. */
int tb_probe_root_dtz(
    uint64_t _white,
    uint64_t _black,
    uint64_t _kings,
    uint64_t _queens,
    uint64_t _rooks,
    uint64_t _bishops,
    uint64_t _knights,
    uint64_t _pawns,
    unsigned _rule50,
    unsigned _castling,
    unsigned _ep,
    bool     _turn,
    bool hasRepeated,
    bool useRule50,
    struct TbRootMoves *_results);

int tb_probe_root_wdl(uint64_t _white,
    uint64_t _black,
    uint64_t _kings,
    uint64_t _queens,
    uint64_t _rooks,
    uint64_t _bishops,
    uint64_t _knights,
    uint64_t _pawns,
    unsigned _rule50,
    unsigned _castling,
    unsigned _ep,
    bool     _turn,
    bool useRule50,
    struct TbRootMoves *_results);

/* The helper API, as Fathom's: left out with TB_NO_HELPER_API. */
#ifndef TB_NO_HELPER_API

extern unsigned tb_pop_count(uint64_t _bb);
extern unsigned tb_lsb(uint64_t _bb);
extern uint64_t tb_pop_lsb(uint64_t _bb);
extern uint64_t tb_king_attacks(unsigned _square);
extern uint64_t tb_queen_attacks(unsigned _square, uint64_t _occ);
extern uint64_t tb_rook_attacks(unsigned _square, uint64_t _occ);
extern uint64_t tb_bishop_attacks(unsigned _square, uint64_t _occ);
extern uint64_t tb_knight_attacks(unsigned _square);
extern uint64_t tb_pawn_attacks(unsigned _square, bool _color);

#endif

#ifdef __cplusplus
}
#endif

#endif
