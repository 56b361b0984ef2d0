/* Fathom's symbols (tbprobe.h) over the library's Go functions (main.go): the Go
   functions take the types cgo spells, these take the types tbprobe.h declares. */
#include <dlfcn.h>
#include <stddef.h>

#include "tbprobe.h"
#include "_cgo_export.h"

unsigned TB_LARGEST = 0;

/* set_largest sets TB_LARGEST where the program reads it. Go links the library with
   -Bsymbolic, so that the library's own references to TB_LARGEST, dlsym's from here
   with RTLD_DEFAULT included, are to its definition, while a program linked against it
   reads a copy of its own (a copy relocation), the first TB_LARGEST in the program's
   search order. */
static void set_largest(unsigned n) {
    TB_LARGEST = n;
    void *prog = dlopen(NULL, RTLD_NOW);
    if (prog == NULL)
        return;
    unsigned *p = dlsym(prog, "TB_LARGEST");
    if (p != NULL)
        *p = n;
    dlclose(prog);
}

bool tb_init(const char *path) {
    set_largest(espresso_init((char *)path));
    return true;
}

bool tb_init_impl(const char *path) { return tb_init(path); }

void tb_free(void) {
    espresso_free();
    set_largest(0);
}

unsigned tb_probe_wdl_impl(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                           uint64_t rooks, uint64_t bishops, uint64_t knights,
                           uint64_t pawns, unsigned ep, bool turn) {
    return espresso_probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns,
                              ep, turn);
}

unsigned tb_probe_root_impl(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                            uint64_t rooks, uint64_t bishops, uint64_t knights,
                            uint64_t pawns, unsigned rule50, unsigned ep, bool turn,
                            unsigned *results) {
    (void)white, (void)black, (void)kings, (void)queens, (void)rooks, (void)bishops;
    (void)knights, (void)pawns, (void)rule50, (void)ep, (void)turn;
    if (results != NULL)
        results[0] = TB_RESULT_FAILED;
    return TB_RESULT_FAILED;
}

int tb_probe_root_dtz(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                      uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns,
                      unsigned rule50, unsigned castling, unsigned ep, bool turn,
                      bool hasRepeated, bool useRule50, struct TbRootMoves *results) {
    (void)white, (void)black, (void)kings, (void)queens, (void)rooks, (void)bishops;
    (void)knights, (void)pawns, (void)rule50, (void)castling, (void)ep, (void)turn;
    (void)hasRepeated, (void)useRule50;
    if (results != NULL)
        results->size = 0;
    return 0;
}

int tb_probe_root_wdl(uint64_t white, uint64_t black, uint64_t kings, uint64_t queens,
                      uint64_t rooks, uint64_t bishops, uint64_t knights, uint64_t pawns,
                      unsigned rule50, unsigned castling, unsigned ep, bool turn,
                      bool useRule50, struct TbRootMoves *results) {
    (void)white, (void)black, (void)kings, (void)queens, (void)rooks, (void)bishops;
    (void)knights, (void)pawns, (void)rule50, (void)castling, (void)ep, (void)turn;
    (void)useRule50;
    if (results != NULL)
        results->size = 0;
    return 0;
}

unsigned tb_pop_count(uint64_t bb) { return (unsigned)__builtin_popcountll(bb); }

unsigned tb_lsb(uint64_t bb) { return (unsigned)__builtin_ctzll(bb); }

uint64_t tb_pop_lsb(uint64_t bb) { return bb & (bb - 1); }

uint64_t tb_king_attacks(unsigned sq) { return espresso_attacks(0, 0, sq, 0); }

uint64_t tb_queen_attacks(unsigned sq, uint64_t occ) { return espresso_attacks(1, 0, sq, occ); }

uint64_t tb_rook_attacks(unsigned sq, uint64_t occ) { return espresso_attacks(2, 0, sq, occ); }

uint64_t tb_bishop_attacks(unsigned sq, uint64_t occ) { return espresso_attacks(3, 0, sq, occ); }

uint64_t tb_knight_attacks(unsigned sq) { return espresso_attacks(4, 0, sq, 0); }

uint64_t tb_pawn_attacks(unsigned sq, bool color) {
    return espresso_attacks(5, color ? 0 : 1, sq, 0);
}
