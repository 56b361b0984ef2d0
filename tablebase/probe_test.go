package tablebase_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// valueOf returns the WDL of a value of package chess.
func valueOf(s chess.Status) tablebase.WDL {
	switch s {
	case chess.Win:
		return tablebase.Win
	case chess.Loss:
		return tablebase.Loss
	}
	return tablebase.Draw
}

// position returns the position of index x of table t.
func position(t *chess.Table, x int) tablebase.Position {
	stm, sq := t.Decode(x)
	p := tablebase.Position{SideToMove: stm}
	for j, s := range sq {
		p.Pieces = append(p.Pieces, tablebase.Placement{Piece: t.Material().Pieces[j], Square: s})
	}
	return p
}

// twin returns the name of the colour-swapped material (KvKQ for KQvK).
func twin(name string) string {
	w, b, _ := strings.Cut(chess.MustParseMaterial(name).SyzygyName(), "v")
	return b + "v" + w
}

// checkPositions probes the positions xs of material name (every index when xs is nil)
// and compares with the solved table: legal positions get their value, the others an
// error. It returns the number of legal positions probed.
func checkPositions(t *testing.T, tb *tablebase.Tablebase, name string, xs []int) int {
	ct := tbtest.Solved(t, name)
	if xs == nil {
		xs = make([]int, ct.Len())
		for i := range xs {
			xs[i] = i
		}
	}
	legal, bad := 0, 0
	for _, x := range xs {
		p := position(ct, x)
		want := ct.Probe(x).Status
		got, err := tb.Probe(&p)
		switch {
		case want == chess.Invalid || want == chess.Illegal:
			if err == nil {
				bad++
				if bad <= 5 {
					t.Errorf("%s: %s (%v) probed as %v, want an error", name, ct.FEN(x), want, got)
				}
			}
		case err != nil || got != valueOf(want):
			bad++
			if bad <= 5 {
				t.Errorf("%s: %s probed as %v (error %v), want %v", name, ct.FEN(x), got, err, want)
			}
		default:
			legal++
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d mismatches of %d positions", name, bad, len(xs))
	}
	return legal
}

// TestProbeExhaustive3 probes every position of every material of up to three pieces and
// of its colour-swapped twin, both sides to move, through tablebase.Open and Probe.
func TestProbeExhaustive3(t *testing.T) {
	dir := tbtest.Dir(t, tbtest.Specs3)
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range tbtest.Specs3 {
		for _, name := range []string{s.Material, twin(s.Material)} {
			total += checkPositions(t, tb, name, nil)
		}
	}
	t.Logf("%d legal positions probed", total)
}

// TestProbeSample4 probes random positions of 4-piece tables (one with the board's and
// colour's symmetries, one with the board's and identical pieces') and of their
// colour-swapped twins.
func TestProbeSample4(t *testing.T) {
	specs := []tbtest.Spec{
		{Material: "KNvKN", Sym: format.BoardSymmetry | format.ColourSymmetry, Order: [3]chess.Status{chess.Draw, chess.Win, chess.Loss}},
		{Material: "KBvKN", Sym: format.BoardSymmetry, Order: tbtest.WDL},
		{Material: "KNvK", Sym: format.BoardSymmetry, Order: tbtest.WDL},
		{Material: "KBvK", Sym: format.BoardSymmetry, Order: tbtest.WDL},
		{Material: "KNNvK", Sym: format.BoardSymmetry | format.PieceSymmetry, Order: tbtest.WDL},
	}
	tb, err := tablebase.Open(tbtest.Dir(t, specs))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range []string{"KNvKN", "KBvKN", "KNvKB", "KNNvK", "KvKNN"} {
		xs := make([]int, 100000)
		for i := range xs {
			xs[i] = rng.IntN(1 << 25)
		}
		n := checkPositions(t, tb, name, xs)
		t.Logf("%s: %d legal positions of %d probed", name, n, len(xs))
	}
}

func TestProbeFEN(t *testing.T) {
	tb, err := tablebase.Open(tbtest.Dir(t, tbtest.Specs3))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fen  string
		want tablebase.WDL
	}{
		{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", tablebase.Win},   // Qa7, Qb7 or Qh8 mates
		{"k7/Q7/1K6/8/8/8/8/8 b - - 0 1", tablebase.Loss},  // mated
		{"k7/8/1Q6/8/8/8/8/7K b - -", tablebase.Draw},      // stalemate
		{"q7/8/8/8/8/8/8/1K1k4 b - - 3 40", tablebase.Win}, // KvKQ, Black to move
		{"8/8/8/8/8/8/8/K1k5 w - - 0 1", tablebase.Draw},   // KvK
		{"8/8/8/8/4k3/8/4P3/4K3 w - - 0 1", tablebase.Draw},
		{"4k3/4p3/8/4K3/8/8/8/8 b - - 0 1", tablebase.Draw}, // the same, colours swapped
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", tablebase.Win},
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", tablebase.Loss},
	}
	for _, tc := range tests {
		got, err := tb.ProbeFEN(tc.fen)
		if err != nil || got != tc.want {
			t.Errorf("ProbeFEN(%q) = %v, %v; want %v", tc.fen, got, err, tc.want)
		}
	}
	// An en passant square that no pawn can use changes nothing.
	for _, fen := range []string{"8/8/8/4p3/8/8/8/K1k5 w - e6", "8/8/8/8/4P3/8/8/K1k5 b - e3"} {
		got, err := tb.ProbeFEN(fen)
		want, err2 := tb.ProbeFEN(fen[:len(fen)-2] + "-")
		if err != nil || err2 != nil || got != want {
			t.Errorf("ProbeFEN(%q) = %v, %v; without the en passant square %v, %v", fen, got, err, want, err2)
		}
	}
}

// TestBareKings: KvK is a draw without a table, and an illegal KvK an error.
func TestBareKings(t *testing.T) {
	tb, err := tablebase.Open(tbtest.Dir(t, tbtest.Specs3[1:2])) // KQvK only
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{"8/8/8/8/8/8/8/K1k5 w - - 0 1", "k7/8/1K6/8/8/8/8/8 b - -"} {
		if got, err := tb.ProbeFEN(fen); err != nil || got != tablebase.Draw {
			t.Errorf("ProbeFEN(%q) = %v, %v; want draw", fen, got, err)
		}
	}
	if _, err := tb.ProbeFEN("8/8/8/8/8/8/8/Kk6 w - -"); !errors.Is(err, tablebase.ErrIllegal) {
		t.Errorf("kings side by side: error %v, want one matching ErrIllegal", err)
	}
}

func TestProbeErrors(t *testing.T) {
	tb, err := tablebase.Open(tbtest.Dir(t, tbtest.Specs3))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ fen, want string }{
		{"", "fields"},
		{"8/8/8/8/8/8/8/K1k5 w", "fields"},
		{"8/8/8/8/8/8/K1k5 w - -", "7 ranks"},
		{"8/8/8/8/8/8/8/K1k6 w - -", "9 squares"},
		{"8/8/8/8/8/8/8/K1k4 w - -", "7 squares"},
		{"8/8/8/8/8/8/8/K1x5 w - -", "unknown piece letter"},
		{"8/8/8/8/8/8/8/K1k5 x - -", "side to move"},
		{"8/8/8/8/8/8/8/R3K1k1 w Q -", "castling"},
		{"8/8/8/8/8/8/8/K1k5 w - e4", "en passant square"},
		{"8/8/8/8/8/8/8/K1k5 w - z9", "en passant square"},
		{"8/8/8/8/8/8/8/K1k5 w - - x 1", "move counter"},
		{"8/8/8/8/8/8/8/K7 w - -", "0 black kings"},
		{"8/8/8/8/8/8/8/KK1k4 w - -", "2 white and 1 black kings"},
		{"8/8/8/8/8/8/8/Kk6 w - -", "in check"},
		{"8/8/8/8/8/8/8/K1k2R2 w - -", "in check"},
		{"P7/8/8/8/8/8/8/K1k5 w - -", "pawn on a8"},
		{"8/8/8/8/8/8/8/K1k4p b - -", "pawn on h1"},
		{"8/8/8/8/8/8/8/KQk5 w - -", "in check"},
		{"KQ6/8/8/8/8/8/8/3k1q2 w - -", "no table"},
		{"8/8/8/8/3p4/8/8/K1k5 w - e6", "no black pawn"},
		{"8/4p3/8/4p3/8/8/8/K1k5 w - e6", "no black pawn"},
		{"8/8/8/8/4P3/8/8/K1k5 w - e3", "sixth"},
		{"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w - -", "17 white pieces"},
		{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBN1 w - -", "9 white pawns"},
	}
	for _, tc := range tests {
		_, err := tb.ProbeFEN(tc.fen)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ProbeFEN(%q): error %v, want one containing %q", tc.fen, err, tc.want)
		}
		sentinel := tablebase.ErrIllegal
		if tc.want == "no table" {
			sentinel = tablebase.ErrNoTable
		}
		var perr *tablebase.PositionError
		if !errors.Is(err, sentinel) || !errors.As(err, &perr) || perr.FEN != tc.fen {
			t.Errorf("ProbeFEN(%q): error %#v, want a *PositionError with the FEN matching %v", tc.fen, err, sentinel)
		}
	}
	if _, err := tb.ProbeFEN("KQ6/8/8/8/8/8/8/3k1q2 w - -"); !errors.Is(err, tablebase.ErrNoTable) {
		t.Errorf("a material without a table: error %v does not match ErrNoTable", err)
	}
}

// TestCorruptFile flips one random byte of one table file of a directory 1 000 times:
// every time the probes of that material fail with an error naming the file that matches
// ErrCorrupt, and those of the other materials are answered. A truncated file and a file
// holding another material than its name says fail the same way.
func TestCorruptFile(t *testing.T) {
	dir := tbtest.Dir(t, tbtest.Specs3[:3]) // KvK, KQvK, KRvK
	path := filepath.Join(dir, "KQvK"+format.FileExt)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const kqk, krk = "k7/7Q/1K6/8/8/8/8/8 w - - 0 1", "k7/7R/1K6/8/8/8/8/8 b - - 0 1"
	// fails reports whether probing KQvK fails as a bad file must; with other set, KRvK
	// must still be answered (its table, without symmetries, takes a while to decode).
	fails := func(other bool) bool {
		t.Helper()
		tb, err := tablebase.Open(dir)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if other {
			if v, err := tb.ProbeFEN(krk); err != nil || v != tablebase.Loss {
				t.Fatalf("KRvK beside a bad KQvK file: %v, %v; want loss", v, err)
			}
		}
		_, err = tb.ProbeFEN(kqk)
		var perr *tablebase.PositionError
		return errors.Is(err, tablebase.ErrCorrupt) && errors.As(err, &perr) && perr.FEN == kqk &&
			strings.Contains(err.Error(), path)
	}
	if fails(false) {
		t.Fatal("the good file fails")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const trials = 1000
	detected := 0
	for range trials {
		c := append([]byte(nil), good...)
		c[rng.IntN(len(c))] ^= byte(1 + rng.IntN(255))
		if err := os.WriteFile(path, c, 0o644); err != nil {
			t.Fatal(err)
		}
		if fails(detected == 0) {
			detected++
		}
	}
	if detected != trials {
		t.Errorf("%d of %d one-byte flips detected by the probe", detected, trials)
	}
	t.Logf("%d of %d one-byte flips of %s (%d bytes) detected by the probe", detected, trials, filepath.Base(path), len(good))
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if !fails(false) {
		t.Error("a truncated file: no error naming it")
	}
	// KQvK's table under the name KQvK.tbc and KRvK.tbc: KRvK's probes fail.
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvK"+format.FileExt), good, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.ProbeFEN(krk); !errors.Is(err, tablebase.ErrCorrupt) || !strings.Contains(err.Error(), "KRvK"+format.FileExt) {
		t.Errorf("a misnamed file: error %v, want one naming KRvK.tbc that matches ErrCorrupt", err)
	}
	if v, err := tb.ProbeFEN(kqk); err != nil || v != tablebase.Win {
		t.Errorf("KQvK beside a misnamed file: %v, %v; want win", v, err)
	}
}

// TestOpenReadsNoTable: Open only lists the directory; a file that is not a table fails
// its material's first probe, not Open.
func TestOpenReadsNoTable(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "KQvKR"+format.FileExt), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if _, err := tb.ProbeFEN("k7/8/1K6/8/8/8/8/3Q2r1 w - - 0 1"); !errors.Is(err, tablebase.ErrCorrupt) {
		t.Errorf("probe of a file that is not a table: %v, want an error matching ErrCorrupt", err)
	}
}

func TestOpenEmpty(t *testing.T) {
	if _, err := tablebase.Open(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no table files") {
		t.Errorf("Open of an empty directory: %v", err)
	}
	if _, err := tablebase.Open(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("Open of a missing directory succeeded")
	}
}

// TestProbeConcurrent probes a fresh tablebase.Tablebase from several goroutines at once
// (run it with -race), so that they read the table file and build its trie together:
// each gets the answers a single goroutine gets from another Tablebase.
func TestProbeConcurrent(t *testing.T) {
	dir := tbtest.Dir(t, tbtest.Specs3[:2])
	single, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ps := randomPositions(chess.MustParseMaterial("KQvK"), 2000, rand.New(rand.NewPCG(13, 14)))
	want := make([]tablebase.WDL, len(ps))
	for i := range ps {
		if want[i], err = single.Probe(&ps[i]); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ps {
				i := (k + g*500) % len(ps)
				if got, err := tb.Probe(&ps[i]); err != nil || got != want[i] {
					errs <- fmt.Sprintf("%s: %v, %v; want %v", ps[i].FEN(), got, err, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestSetQueries: MaxPieces and Materials say what a directory holds without reading a
// table; Close makes later probes fail with ErrClosed.
func TestSetQueries(t *testing.T) {
	tb, err := tablebase.Open(tbtest.Dir(t, tbtest.Specs3[:3])) // KvK, KQvK, KRvK
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(tb.MaxPieces(), tb.Materials()), "3 [KvK KQvK KRvK]"; got != want {
		t.Errorf("MaxPieces, Materials: %s, want %s", got, want)
	}
	if _, err := tb.ProbeFEN("8/8/8/8/8/8/8/KQk5 b - -"); err != nil {
		t.Fatal(err)
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.ProbeFEN("8/8/8/8/8/8/8/KQ1k4 b - -"); !errors.Is(err, tablebase.ErrClosed) {
		t.Errorf("probe after Close: error %v, want one matching ErrClosed", err)
	}
	if got := fmt.Sprint(tb.MaxPieces(), tb.Materials()); got != "0 []" {
		t.Errorf("after Close: MaxPieces, Materials %s, want 0 []", got)
	}
}

// TestReopen: Reopen names the files added, replaced or removed since Open, keeps what
// was read of the others, and a replaced bad file is answered from again.
func TestReopen(t *testing.T) {
	dir := tbtest.Dir(t, tbtest.Specs3[:3]) // KvK, KQvK, KRvK
	path := filepath.Join(dir, "KQvK"+format.FileExt)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	const fen = "8/8/8/8/8/8/8/KQ1k4 b - -"
	if _, err := tb.ProbeFEN(fen); !errors.Is(err, tablebase.ErrCorrupt) {
		t.Fatalf("truncated KQvK: error %v, want ErrCorrupt", err)
	}
	same, changed, err := tb.Reopen()
	if err != nil || len(changed) != 0 {
		t.Errorf("Reopen of an unchanged directory: changed %v, error %v", changed, err)
	}
	if _, err := same.ProbeFEN(fen); !errors.Is(err, tablebase.ErrCorrupt) {
		t.Errorf("unchanged bad file: error %v, want ErrCorrupt (read once)", err)
	}
	tmp := path + ".new"
	if err := os.WriteFile(tmp, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil { // replaced as a build or a copy would
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "KRvK"+format.FileExt)); err != nil {
		t.Fatal(err)
	}
	nt, changed, err := tb.Reopen()
	if err != nil || fmt.Sprint(changed) != "[KQvK.tbc KRvK.tbc]" {
		t.Fatalf("Reopen: changed %v, error %v; want [KQvK.tbc KRvK.tbc]", changed, err)
	}
	if v, err := nt.ProbeFEN(fen); err != nil || v != tablebase.Loss {
		t.Errorf("repaired KQvK: %v %v, want loss", v, err)
	}
	if _, err := tb.ProbeFEN(fen); !errors.Is(err, tablebase.ErrCorrupt) {
		t.Errorf("the old set: error %v, want ErrCorrupt still", err)
	}
	if got := fmt.Sprint(nt.Materials()); got != "[KvK KQvK]" {
		t.Errorf("Materials after KRvK's removal: %s", got)
	}
}
