/*
 * libtablebase: the endgame tables of github.com/espresso-go/espresso in the shape of
 * Fathom's probing API (tb_init, tb_probe_wdl, tb_free), built from Go with
 *
 *     go build -buildmode=c-shared -o libtablebase.so ./cmd/libtablebase
 *
 * Squares are numbered as Fathom numbers them: a1 = 0, b1 = 1, ..., h8 = 63. The tables
 * ignore the fifty-move rule, so TB_CURSED_WIN and TB_BLESSED_LOSS never occur. Every
 * function is safe to call from several threads at once.
 */
#ifndef ESPRESSO_TABLEBASE_H
#define ESPRESSO_TABLEBASE_H

#include <stdbool.h>
#include <stdint.h>

#ifndef TB_LOSS
#define TB_LOSS          0 /* loss for the side to move */
#define TB_BLESSED_LOSS  1 /* never returned */
#define TB_DRAW          2
#define TB_CURSED_WIN    3 /* never returned */
#define TB_WIN           4
#define TB_RESULT_FAILED 0xFFFFFFFF
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the tables (*.tbc) of the directory path; a table is read on its first probe.
   Replaces the tables opened before. Returns false when path holds no table file. */
bool espresso_tb_init(const char *path);

/* Returns the value of the position for the side to move, TB_LOSS, TB_DRAW or TB_WIN,
   or TB_RESULT_FAILED for an illegal position, a material without a table (or with a
   bad table file), or before espresso_tb_init. The bitboards give the squares of each
   colour and each kind; ep is the en passant square or 0; turn is true for White. */
unsigned espresso_tb_probe_wdl(uint64_t white, uint64_t black, uint64_t kings,
                               uint64_t queens, uint64_t rooks, uint64_t bishops,
                               uint64_t knights, uint64_t pawns, unsigned ep, bool turn);

/* Closes the tables: later probes fail until the next espresso_tb_init. */
void espresso_tb_free(void);

#ifdef __cplusplus
}
#endif

#endif
