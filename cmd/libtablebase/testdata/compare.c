/* Probes positions through libtablebase, as a C program linked against it would.
 *
 * usage: compare DIR POSITIONS ROUNDS
 *
 * POSITIONS has one position a line: the bitboards white, black, kings, queens, rooks,
 * bishops, knights, pawns in hex (a1 = bit 0), the en passant square (0 for none) and the
 * turn (1 White, 0 Black). compare prints each position's result a line (TB_RESULT_FAILED
 * as -1), then on stderr the time per call of ROUNDS passes over the list. It exits 1
 * when four threads probing the list at once get another result than the first pass, or
 * when a probe after espresso_tb_free does not fail.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tablebase.h"

typedef struct {
    uint64_t bb[8];
    unsigned ep;
    int turn;
} pos;

static pos *ps;
static unsigned *want;
static size_t n;

static unsigned probe(const pos *p) {
    return espresso_tb_probe_wdl(p->bb[0], p->bb[1], p->bb[2], p->bb[3], p->bb[4], p->bb[5],
                                 p->bb[6], p->bb[7], p->ep, p->turn != 0);
}

static void *worker(void *arg) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (probe(&ps[i]) != want[i])
            bad++;
    *(size_t *)arg = bad;
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: compare DIR POSITIONS ROUNDS\n");
        return 2;
    }
    int rounds = atoi(argv[3]);
    if (!espresso_tb_init(argv[1])) {
        fprintf(stderr, "compare: espresso_tb_init(%s) failed\n", argv[1]);
        return 1;
    }
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
    want = malloc(n * sizeof *want);
    for (size_t i = 0; i < n; i++)
        want[i] = probe(&ps[i]);
    double best = 0;
    for (int r = 0; r < rounds; r++) {
        double t = now();
        unsigned sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += probe(&ps[i]);
        t = now() - t;
        if (r == 0 || t < best)
            best = t;
        if (sum == 12345) /* keeps the loop */
            fprintf(stderr, " ");
    }
    fprintf(stderr, "ns/call %.1f\n", best / n);

    pthread_t th[4];
    size_t bad[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, worker, &bad[i]);
    int status = 0;
    for (int i = 0; i < 4; i++) {
        pthread_join(th[i], NULL);
        if (bad[i]) {
            fprintf(stderr, "compare: thread %d got %zu other results\n", i, bad[i]);
            status = 1;
        }
    }
    for (size_t i = 0; i < n; i++)
        printf("%d\n", want[i] == TB_RESULT_FAILED ? -1 : (int)want[i]);
    espresso_tb_free();
    if (n > 0 && probe(&ps[0]) != TB_RESULT_FAILED) {
        fprintf(stderr, "compare: a probe after espresso_tb_free did not fail\n");
        status = 1;
    }
    return status;
}
