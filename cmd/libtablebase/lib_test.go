package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/build"
)

// fathomArgs returns p as Fathom's arguments: the bitboards white, black, kings, queens,
// rooks, bishops, knights, pawns (a1 = bit 0), the en passant square and the turn.
func fathomArgs(p *tablebase.Position) ([8]uint64, uint, bool) {
	var bb [8]uint64
	for _, pl := range p.Pieces {
		bit := uint64(1) << (pl.Square ^ 56)
		bb[pl.Piece.Colour] |= bit
		bb[2+pl.Piece.Kind] |= bit
	}
	ep := uint(0)
	if p.EnPassant != 0 {
		ep = uint(p.EnPassant ^ 56)
	}
	return bb, ep, p.SideToMove == chess.White
}

// TestPositionFromFathom: position turns Fathom's arguments back into the position they
// came from, and rejects a square of both colours or of no kind.
func TestPositionFromFathom(t *testing.T) {
	for _, fen := range []string{"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "8/8/8/8/4pP2/8/8/K6k b - f3 0 1", "7k/8/8/8/8/8/8/K6B b - - 0 1"} {
		p, err := tablebase.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		bb, ep, turn := fathomArgs(&p)
		q, ok := position(nil, bb, ep, turn)
		if !ok || q.FEN() != p.FEN() {
			t.Errorf("%s: back as %s (ok %v)", fen, q.FEN(), ok)
		}
	}
	bad := [][8]uint64{
		{1, 1, 1},           // white and black on a1
		{1, 0, 0},           // a piece of no kind
		{1, 0, 1, 1},        // a king and a queen on a1
		{1 << 9, 2, 1 << 9}, // black on b1 has no kind
	}
	for _, bb := range bad {
		if _, ok := position(nil, bb, 0, true); ok {
			t.Errorf("%x: accepted", bb)
		}
	}
}

// TestCLibrary builds the library (go build -buildmode=c-shared), compiles
// testdata/compare.c against it and tablebase.h with gcc, and has the C program probe
// 10 000 random legal positions of the 3-piece tables (built here; both colours),
// positions without a table, illegal ones and en passant squares: every result must be
// the Go probe's in Fathom's codes, also from four threads at once, and a probe after
// espresso_tb_free must fail. It logs the C call's time beside the Go probe's.
func TestCLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a shared library and a C program")
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	work := t.TempDir()
	lib := filepath.Join(work, "libtablebase.so")
	cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}
	prog := filepath.Join(work, "compare")
	cmd = exec.Command(gcc, "-std=c99", "-O2", "-Wall", "-Werror", "-D_POSIX_C_SOURCE=200809L", "-I.", "-o", prog,
		filepath.Join("testdata", "compare.c"), "-L"+work, "-ltablebase", "-lpthread", "-Wl,-rpath,"+work)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}

	dir := t.TempDir()
	mats := []string{"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}
	b := build.NewBuilder(build.Options{})
	for _, name := range mats {
		m := chess.MustParseMaterial(name)
		tab, _, err := b.Build(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := build.WriteFile(filepath.Join(dir, build.FileName(m)), tab); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}

	var ps []tablebase.Position
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/K7 w - - 0 1",       // bare kings: a draw without a table
		"8/8/8/4k3/8/8/8/KQQ5 w - - 0 1",     // KQQvK: no table
		"8/8/8/4k3/8/8/4Q3/K7 b - - 0 1",     // Black to move in check: legal
		"8/8/8/4k3/8/8/4Q3/K7 w - - 0 1",     // Black not to move in check: illegal
		"8/8/8/8/3pP3/8/8/K6k b - e3 0 1",    // KPvKP with an en passant capture: no table here
		"8/8/8/8/4P3/8/8/K6k b - e3 0 1",     // an en passant square no pawn can use
		"8/8/8/8/4P3/8/8/K6k b - d3 0 1",     // an en passant square no double push explains
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",      // stalemate
		"P7/8/8/8/8/8/8/K6k w - - 0 1",       // a pawn on the eighth rank
		"8/8/8/3k4/8/8/8/KRRRRRRR w - - 0 1", // more pieces than any table
	} {
		p, err := tablebase.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for i := len(ps); i < 10000; i++ {
		m := chess.MustParseMaterial(mats[i%len(mats)])
		m.Pieces = slices.Clone(m.Pieces)
		if rng.IntN(2) == 1 { // the colour-swapped twin
			for j := range m.Pieces {
				m.Pieces[j].Colour ^= 1
			}
		}
		ps = append(ps, tbref.RandomPosition(m, rng))
	}

	var in strings.Builder
	want := make([]int, len(ps))
	failed := 0
	for i := range ps {
		bb, ep, turn := fathomArgs(&ps[i])
		fmt.Fprintf(&in, "%x %x %x %x %x %x %x %x %d %d\n", bb[0], bb[1], bb[2], bb[3], bb[4], bb[5], bb[6], bb[7], ep, map[bool]int{true: 1}[turn])
		v, err := tb.Probe(&ps[i])
		want[i] = int(v) + 2
		if err != nil {
			want[i] = -1
			failed++
		}
	}
	if failed != 6 {
		t.Errorf("%d positions fail in Go, want the 6 chosen to", failed)
	}
	posFile := filepath.Join(work, "positions")
	if err := os.WriteFile(posFile, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd = exec.Command(prog, dir, posFile, "5")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("compare: %v\n%s", err, stderr.String())
	}
	lines := strings.Fields(stdout.String())
	if len(lines) != len(ps) {
		t.Fatalf("compare printed %d results for %d positions", len(lines), len(ps))
	}
	bad := 0
	for i, l := range lines {
		if got, err := strconv.Atoi(l); err != nil || got != want[i] {
			if bad++; bad <= 10 {
				t.Errorf("%s: C library %s, Go probe %d", ps[i].FEN(), l, want[i])
			}
		}
	}

	// The Go probe over the same positions, best of 5 passes as compare times it.
	best := time.Duration(0)
	for range 5 {
		start := time.Now()
		for i := range ps {
			tb.Probe(&ps[i])
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
	}
	t.Logf("%d positions, %d results differ; C call %s; Go probe ns/call %.1f",
		len(ps), bad, strings.TrimSpace(stderr.String()), float64(best.Nanoseconds())/float64(len(ps)))
}
