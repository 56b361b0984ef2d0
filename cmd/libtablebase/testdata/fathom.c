/* A program written against Fathom's tbprobe.h, built unchanged against Fathom and
 * against libtablebase, so that the two can be compared.
 *
 * usage: fathom PATH POSITIONS ROUNDS
 *
 * POSITIONS has one position a line: the bitboards white, black, kings, queens, rooks,
 * bishops, knights, pawns in hex (a1 = bit 0), the en passant square (0 for none) and the
 * turn (1 White, 0 Black). fathom opens PATH with tb_init, probes each position once
 * with tb_probe_wdl (the first pass, each table's first use among them), then ROUNDS
 * times more (warm), and prints each position's result a line (TB_RESULT_FAILED as -1).
 * On stderr it prints "name value" lines: largest (TB_LARGEST), first_ns and warm_ns
 * (the time per call of the first pass and of the best warm one), first_cpu_ns and
 * warm_cpu_ns (the same in the thread's CPU time), first_proc_ns (the first pass in the
 * process's CPU time, its other threads' included) and root
 * (tb_probe_root of the first position, -1 for TB_RESULT_FAILED). It exits 1 when four
 * threads probing the list at once get another result than the first pass, when a probe
 * with castling rights or after a tb_init of a missing directory does not fail, when
 * TB_LARGEST is not 0 after tb_free, or when a helper function answers wrong. (A probe
 * after tb_free is not tried: Fathom's reads the freed tables.)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tbprobe.h"

typedef struct {
    uint64_t bb[8];
    unsigned ep;
    int turn;
} pos;

static pos *ps;
static unsigned *want;
static size_t n;

static unsigned probe(const pos *p, unsigned castling) {
    return tb_probe_wdl(p->bb[0], p->bb[1], p->bb[2], p->bb[3], p->bb[4], p->bb[5], p->bb[6],
                        p->bb[7], 0, castling, p->ep, p->turn != 0);
}

static void *worker(void *arg) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (probe(&ps[i], 0) != want[i])
            bad++;
    *(size_t *)arg = bad;
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The CPU time of the calling thread: on a busy machine, steadier than the time. */
static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The CPU time of the whole process: the probing thread's and any other's. */
static double proc(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int check(int ok, const char *what) {
    if (!ok)
        fprintf(stderr, "fathom: %s\n", what);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: fathom PATH POSITIONS ROUNDS\n");
        return 2;
    }
    int rounds = atoi(argv[3]);
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    size_t cap = 1024;
    ps = malloc(cap * sizeof *ps);
    pos p;
    while (fscanf(f, "%lx %lx %lx %lx %lx %lx %lx %lx %u %d", &p.bb[0], &p.bb[1], &p.bb[2],
                  &p.bb[3], &p.bb[4], &p.bb[5], &p.bb[6], &p.bb[7], &p.ep, &p.turn) == 10) {
        if (n == cap)
            ps = realloc(ps, (cap *= 2) * sizeof *ps);
        ps[n++] = p;
    }
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "fathom: no positions in %s\n", argv[2]);
        return 1;
    }
    want = malloc(n * sizeof *want);

    if (!tb_init(argv[1])) {
        fprintf(stderr, "fathom: tb_init(%s) failed\n", argv[1]);
        return 1;
    }
    fprintf(stderr, "largest %u\n", TB_LARGEST);
    double t = now(), c = cpu(), pc = proc();
    for (size_t i = 0; i < n; i++)
        want[i] = probe(&ps[i], 0);
    fprintf(stderr, "first_ns %.1f\nfirst_cpu_ns %.1f\nfirst_proc_ns %.1f\n", (now() - t) / n,
            (cpu() - c) / n, (proc() - pc) / n);
    double best = 0, bestCPU = 0;
    for (int r = 0; r < rounds; r++) {
        t = now(), c = cpu();
        unsigned sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += probe(&ps[i], 0);
        t = now() - t, c = cpu() - c;
        if (r == 0 || t < best)
            best = t;
        if (r == 0 || c < bestCPU)
            bestCPU = c;
        if (sum == 12345) /* keeps the loop */
            fprintf(stderr, " ");
    }
    if (rounds > 0)
        fprintf(stderr, "warm_ns %.1f\nwarm_cpu_ns %.1f\n", best / n, bestCPU / n);
    unsigned results[TB_MAX_MOVES];
    unsigned root = tb_probe_root(ps[0].bb[0], ps[0].bb[1], ps[0].bb[2], ps[0].bb[3], ps[0].bb[4],
                                  ps[0].bb[5], ps[0].bb[6], ps[0].bb[7], 0, 0, ps[0].ep,
                                  ps[0].turn != 0, results);
    fprintf(stderr, "root %d\n", root == TB_RESULT_FAILED ? -1 : (int)root);

    pthread_t th[4];
    size_t bad[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, worker, &bad[i]);
    int status = 0;
    for (int i = 0; i < 4; i++) {
        pthread_join(th[i], NULL);
        if (bad[i]) {
            fprintf(stderr, "fathom: thread %d got %zu other results\n", i, bad[i]);
            status = 1;
        }
    }
    for (size_t i = 0; i < n; i++)
        printf("%d\n", want[i] == TB_RESULT_FAILED ? -1 : (int)want[i]);

    status |= check(probe(&ps[0], TB_CASTLING_K) == TB_RESULT_FAILED,
                    "a probe with castling rights did not fail");
    status |= check(tb_pop_count(0x8100000000000081ULL) == 4, "tb_pop_count");
    status |= check(tb_lsb(0x50) == 4 && tb_pop_lsb(0x50) == 0x40, "tb_lsb, tb_pop_lsb");
    status |= check(tb_king_attacks(0) == 0x302, "tb_king_attacks(a1)");
    status |= check(tb_knight_attacks(0) == 0x20400, "tb_knight_attacks(a1)");
    status |= check(tb_rook_attacks(0, 0x100) == (0xFE | 0x100), "tb_rook_attacks(a1, a2)");
    status |= check(tb_bishop_attacks(0, 0) == 0x8040201008040200ULL, "tb_bishop_attacks(a1)");
    status |= check(tb_queen_attacks(0, 0x100) == (0xFE | 0x100 | 0x8040201008040200ULL),
                    "tb_queen_attacks(a1, a2)");
    status |= check(tb_pawn_attacks(9, true) == 0x50000 && tb_pawn_attacks(17, false) == 0x500,
                    "tb_pawn_attacks(b2 White, b3 Black)");

    size_t first = 0;
    while (first < n && want[first] == TB_RESULT_FAILED)
        first++;
    tb_free();
    status |= check(TB_LARGEST == 0, "TB_LARGEST after tb_free is not 0");
    /* A tb_init that finds no tables drops the tables opened before. */
    char *missing = malloc(strlen(argv[1]) + 16);
    sprintf(missing, "%s/missing", argv[1]);
    status |= check(tb_init(argv[1]) && first < n && probe(&ps[first], 0) == want[first],
                    "a second tb_init does not answer as the first");
    status |= check(tb_init(missing) && TB_LARGEST == 0,
                    "tb_init of a missing directory sets TB_LARGEST other than 0");
    status |= check(first == n || probe(&ps[first], 0) == TB_RESULT_FAILED,
                    "a probe after tb_init of a missing directory did not fail");
    status |= check(tb_init("") && TB_LARGEST == 0, "tb_init(\"\") sets TB_LARGEST other than 0");
    tb_free();
    free(missing);
    return status;
}
