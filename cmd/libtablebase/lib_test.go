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

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
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

// cTools returns gcc's path, skipping the test without it or under -short.
func cTools(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a shared library and a C program")
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc on the PATH")
	}
	return gcc
}

// buildLibrary builds the library into dir with go build -buildmode=c-shared.
func buildLibrary(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(dir, "libtablebase.so"), ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}
}

// compileProgram compiles testdata/fathom.c, unchanged, into out with tbprobe.h from
// include and the objects or library flags of link.
func compileProgram(t *testing.T, gcc, out, include string, link ...string) {
	t.Helper()
	args := append([]string{"-std=c99", "-O2", "-Wall", "-Werror", "-D_POSIX_C_SOURCE=200809L", "-I" + include, "-o", out,
		filepath.Join("testdata", "fathom.c")}, link...)
	args = append(args, "-lpthread")
	if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// writePositions writes ps in the format testdata/fathom.c reads.
func writePositions(t *testing.T, path string, ps []tablebase.Position) {
	t.Helper()
	var b strings.Builder
	for i := range ps {
		bb, ep, turn := fathomArgs(&ps[i])
		fmt.Fprintf(&b, "%x %x %x %x %x %x %x %x %d %d\n", bb[0], bb[1], bb[2], bb[3], bb[4], bb[5], bb[6], bb[7], ep, map[bool]int{true: 1}[turn])
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs the compiled fathom.c on path and the positions, and returns its result for
// each position (-1 failed) and the figures it printed on stderr by name.
func run(t *testing.T, prog, path, positions string, n, rounds int) ([]int, map[string]float64) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(prog, path, positions, strconv.Itoa(rounds))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(prog), err, stderr.String())
	}
	lines := strings.Fields(stdout.String())
	if len(lines) != n {
		t.Fatalf("%s printed %d results for %d positions", filepath.Base(prog), len(lines), n)
	}
	res := make([]int, n)
	for i, l := range lines {
		v, err := strconv.Atoi(l)
		if err != nil {
			t.Fatalf("%s: result %d: %v", filepath.Base(prog), i, err)
		}
		res[i] = v
	}
	figures := map[string]float64{}
	for _, l := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
		if name, v, ok := strings.Cut(strings.TrimSpace(l), " "); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				figures[name] = f
			}
		}
	}
	return res, figures
}

// TestCLibrary builds the library (go build -buildmode=c-shared) and compiles
// testdata/fathom.c, a program written against Fathom's tbprobe.h, against it and this
// directory's tbprobe.h: over 10 000 random legal positions of the 3-piece tables (built
// here; both colours), positions without a table, illegal ones and en passant squares,
// every result must be the Go probe's in Fathom's codes, also from four threads at once,
// TB_LARGEST must be 3, tb_probe_root must fail, and the program's own checks (castling
// rights, tb_free, a tb_init that finds nothing, the helper functions) must pass, and a
// probe after tb_free must fail. A program that includes cgo's libtablebase.h must not
// compile.
func TestCLibrary(t *testing.T) {
	gcc := cTools(t)
	work := t.TempDir()
	buildLibrary(t, work)
	prog := filepath.Join(work, "fathom")
	compileProgram(t, gcc, prog, ".", "-L"+work, "-ltablebase", "-Wl,-rpath,"+work)

	wrong := filepath.Join(work, "wrong.c")
	if err := os.WriteFile(wrong, []byte("#include \"libtablebase.h\"\nint main(void) { return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gcc, "-I"+work, "-I.", "-c", "-o", filepath.Join(work, "wrong.o"), wrong).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "include tbprobe.h") {
		t.Errorf("a program that includes cgo's libtablebase.h: %v\n%s", err, out)
	}

	dir := t.TempDir()
	mats := []string{"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}
	b := builder.NewBuilder(builder.Options{})
	for _, name := range mats {
		m := chess.MustParseMaterial(name)
		tab, _, err := b.Build(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := format.WriteFile(filepath.Join(dir, format.FileName(m)), tab); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}

	var ps []tablebase.Position
	for _, fen := range []string{
		"8/8/8/4k3/8/8/4Q3/K7 b - - 0 1",     // Black to move in check: legal
		"8/8/8/4k3/8/8/8/K7 w - - 0 1",       // bare kings: a draw without a table
		"8/8/8/4k3/8/8/8/KQQ5 w - - 0 1",     // KQQvK: no table
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
	want := make([]int, len(ps))
	failed := 0
	for i := range ps {
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
	writePositions(t, posFile, ps)
	got, figures := run(t, prog, dir, posFile, len(ps), 3)
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			if bad++; bad <= 10 {
				t.Errorf("%s: C library %d, Go probe %d", ps[i].FEN(), got[i], want[i])
			}
		}
	}
	if figures["largest"] != 3 || figures["root"] != -1 {
		t.Errorf("TB_LARGEST %v, tb_probe_root %v: want 3 and -1", figures["largest"], figures["root"])
	}
	t.Logf("%d positions, %d results differ; ns a call: first pass %v, warm %v", len(ps), bad, figures["first_ns"], figures["warm_ns"])

	// A probe after tb_free fails (the C program does not try it: Fathom's crashes).
	opened.Store(open(dir))
	kqk := func() uint64 { return uint64(espresso_probe_wdl(0x3, 1<<63, 1<<63|1, 0x2, 0, 0, 0, 0, 0, true)) }
	if v := kqk(); v != 4 {
		t.Errorf("KQvK, White to move: %d, want TB_WIN", v)
	}
	espresso_free()
	if v := kqk(); v != resultFailed {
		t.Errorf("KQvK after tb_free: %d, want TB_RESULT_FAILED", v)
	}
}

// TestFathomDropIn compiles testdata/fathom.c, unchanged, twice: against Fathom (its
// tbprobe.c, tbprobe.h and tbconfig.h in $FATHOM_SRC) over Syzygy's WDL files of up to
// four pieces ($SYZYGY_DIR, *.rtbw), and against this library over the tables of
// $TABLEBASE_DIR (tablebase build --out DIR --pieces 4). Both programs probe
// tbref.ProbeMix(100000) (100 000 positions of the materials of $TABLEBASE_DIR drawn
// likewise when it has only some of the 35 tables) and 2 000 positions of KPvKP with an
// en passant square, and must give the same answer to each, Fathom's TB_CURSED_WIN and
// TB_BLESSED_LOSS excepted, which the tables give as TB_WIN and TB_LOSS (none occur up
// to four pieces). It logs each program's time a call, first pass and warm, in time and
// in CPU time. A long check: Fathom is not part of this repository, and the test does
// not fetch it.
func TestFathomDropIn(t *testing.T) {
	fathom, syzygy, ours := os.Getenv("FATHOM_SRC"), os.Getenv("SYZYGY_DIR"), os.Getenv("TABLEBASE_DIR")
	if fathom == "" || syzygy == "" || ours == "" {
		t.Skip("FATHOM_SRC (Fathom's src directory), SYZYGY_DIR (Syzygy's *.rtbw up to four pieces) and TABLEBASE_DIR (our tables up to four pieces) name no directories")
	}
	gcc := cTools(t)
	work := t.TempDir()
	buildLibrary(t, work)
	progOurs := filepath.Join(work, "fathom-ours")
	compileProgram(t, gcc, progOurs, ".", "-L"+work, "-ltablebase", "-Wl,-rpath,"+work)
	progFathom := filepath.Join(work, "fathom-fathom")
	obj := filepath.Join(work, "tbprobe.o")
	if out, err := exec.Command(gcc, "-std=gnu11", "-O2", "-I"+fathom, "-c", "-o", obj, filepath.Join(fathom, "tbprobe.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc tbprobe.c: %v\n%s", err, out)
	}
	compileProgram(t, gcc, progFathom, fathom, obj)

	ps := mixOf(ours, 100000)
	if len(ps) == 0 {
		t.Fatalf("%s: no table of up to four pieces", ours)
	}
	if _, err := os.Stat(filepath.Join(ours, "KPvKP.tbc")); err == nil {
		ps = append(ps, enPassantPositions(2000)...)
	}
	posFile := filepath.Join(work, "positions")
	writePositions(t, posFile, ps)
	got, fo := run(t, progOurs, ours, posFile, len(ps), 5)
	want, ff := run(t, progFathom, syzygy, posFile, len(ps), 5)
	bad, failed := 0, 0
	for i := range got {
		w := want[i]
		if w == 1 || w == 3 { // the fifty-move rule's loss or win
			t.Errorf("%s: Fathom %d", ps[i].FEN(), w)
		}
		if w == -1 {
			failed++
		}
		if got[i] != w {
			if bad++; bad <= 10 {
				t.Errorf("%s: ours %d, Fathom %d", ps[i].FEN(), got[i], w)
			}
		}
	}
	if failed != 0 {
		t.Errorf("Fathom failed %d positions", failed)
	}
	if fo["largest"] != 4 || ff["largest"] != 4 {
		t.Errorf("TB_LARGEST: ours %v, Fathom's %v; want 4", fo["largest"], ff["largest"])
	}
	t.Logf("%d positions, %d answers differ", len(ps), bad)
	for _, f := range []string{"first_ns", "first_cpu_ns", "first_proc_ns", "warm_ns", "warm_cpu_ns"} {
		t.Logf("%s a call: ours %.1f, Fathom %.1f (%.2f×)", f, fo[f], ff[f], fo[f]/ff[f])
	}
}

// mixOf returns tbref.ProbeMix(n) when dir has all 35 tables of up to four pieces, and
// otherwise n positions drawn as it draws them, spread evenly over the materials of
// those tables in dir.
func mixOf(dir string, n int) []tablebase.Position {
	var ms []chess.Material
	for _, m := range chess.Materials(4) {
		if _, err := os.Stat(filepath.Join(dir, m.SyzygyName()+".tbc")); err == nil {
			ms = append(ms, m)
		}
	}
	if len(ms) == len(chess.Materials(4)) {
		return tbref.ProbeMix(n)
	}
	if len(ms) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]tablebase.Position, n)
	for i := range ps {
		ps[i] = tbref.RandomPosition(ms[i%len(ms)], rng)
	}
	return ps
}

// enPassantPositions returns n random legal positions of KPvKP with an en passant square,
// drawn with a fixed seed.
func enPassantPositions(n int) []tablebase.Position {
	m := chess.MustParseMaterial("KPvKP")
	rng := rand.New(rand.NewPCG(58, 2))
	var ps []tablebase.Position
	for len(ps) < n {
		p := tbref.RandomPosition(m, rng)
		// The pawn of the side not to move that may just have made a double push: on
		// row 3 (its fifth rank) for Black, row 4 for White (a8 = 0).
		for _, pl := range p.Pieces {
			if pl.Piece.Kind != chess.Pawn || pl.Piece.Colour == p.SideToMove {
				continue
			}
			ep := pl.Square - 8 // behind a black pawn on row 3
			if pl.Piece.Colour == chess.White {
				ep = pl.Square + 8
			}
			if row := pl.Square >> 3; pl.Piece.Colour == chess.Black && row != 3 || pl.Piece.Colour == chess.White && row != 4 {
				continue
			}
			q := p
			q.EnPassant = ep
			if q.Check() == nil {
				ps = append(ps, q)
			}
		}
	}
	return ps[:n]
}
