package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
)

// buildTables builds the tables of the given materials into a new directory.
func buildTables(t testing.TB, materials ...string) string {
	t.Helper()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := run(append([]string{"build", "-q", "--out", dir}, materials...), nil, &stdout, &stderr); status != 0 {
		t.Fatalf("build: status %d: %s", status, stderr.String())
	}
	return dir
}

// TestProbeStreams: probe answers a line of standard input before the next one is
// written, as a GUI or an engine that writes one FEN and waits for its answer needs.
func TestProbeStreams(t *testing.T) {
	dir := buildTables(t, "KQvK")
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			status := make(chan int, 1)
			go func() {
				var stderr bytes.Buffer
				status <- run([]string{"probe", "--format", format, dir, "-"}, inR, outW, &stderr)
				outW.Close()
			}()
			lines := bufio.NewReader(outR)
			for i, fen := range []string{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", "k7/Q7/1K6/8/8/8/8/8 b - - 0 1"} {
				if _, err := io.WriteString(inW, fen+"\n"); err != nil {
					t.Fatal(err)
				}
				// Standard input stays open: the answer must come without it closing.
				got := make(chan string, 1)
				go func() {
					l, _ := lines.ReadString('\n')
					got <- l
				}()
				select {
				case l := <-got:
					want := []string{"win", "loss"}[i]
					if !strings.Contains(l, want) {
						t.Errorf("answer to %s: %q, want %s", fen, l, want)
					}
				case <-time.After(30 * time.Second):
					t.Fatalf("no answer to %s within 30 s while standard input stays open", fen)
				}
			}
			inW.Close()
			if s := <-status; s != 0 {
				t.Errorf("status %d", s)
			}
		})
	}
}

// TestProbeLines: every input line gets exactly one output line, in order: blank lines
// and comments come back as they are (text) or as {"comment": …} (json), bad FENs as
// errors, and the status is 1 when any line was an error.
func TestProbeLines(t *testing.T) {
	dir := buildTables(t, "KQvK")
	in := strings.Join([]string{
		"# KQvK",
		"k7/7Q/1K6/8/8/8/8/8 w - - 0 1",
		"",
		"   ",
		"8/8/8 w - -",
		"k7/Q7/1K6/8/8/8/8/8 b - - 0 1",
		"KR6/8/8/8/8/8/8/2k5 w - -",
		"k7/8/1Q6/8/8/8/8/7K b - -",
		"8/8/8/8/8/8/8/K6k w - -",
	}, "\n") // no newline after the last line
	tests := []struct {
		format string
		want   []string
	}{
		{"text", []string{
			"# KQvK",
			"win",
			"",
			"",
			`error: FEN "8/8/8 w - -": illegal position: 3 ranks, want 8`,
			"loss",
			`error: FEN "KR6/8/8/8/8/8/8/2k5 w - -": no table: KRvK`,
			"draw",
			"draw",
		}},
		{"json", []string{
			`{"comment":"# KQvK"}`,
			`{"fen":"k7/7Q/1K6/8/8/8/8/8 w - - 0 1","category":"win","wdl":2}`,
			`{"comment":""}`,
			`{"comment":""}`,
			`{"fen":"8/8/8 w - -","error":"FEN \"8/8/8 w - -\": illegal position: 3 ranks, want 8"}`,
			`{"fen":"k7/Q7/1K6/8/8/8/8/8 b - - 0 1","category":"loss","wdl":-2}`,
			`{"fen":"KR6/8/8/8/8/8/8/2k5 w - -","error":"FEN \"KR6/8/8/8/8/8/8/2k5 w - -\": no table: KRvK"}`,
			`{"fen":"k7/8/1Q6/8/8/8/8/7K b - -","category":"draw","wdl":0}`,
			`{"fen":"8/8/8/8/8/8/8/K6k w - -","category":"draw","wdl":0}`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.format, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run([]string{"probe", "--format", tc.format, dir}, strings.NewReader(in), &stdout, &stderr)
			got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			if status != 1 || strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("status %d, stdout:\n%s\nwant status 1, stdout:\n%s", status, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestProbeMoves: with --moves, each move's category is the probe of the position the
// move leads to (played here, without the move generator), the moves come best first,
// and a position without moves is a checkmate (a loss) or a stalemate (a draw).
func TestProbeMoves(t *testing.T) {
	dir := buildTables(t, "KQvK", "KRvK", "KBvK", "KNvK", "KPvK")
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var fens []string
	for _, m := range []string{"KQvK", "KRvK", "KPvK", "KNvK"} {
		for range 25 {
			p := tbref.RandomPosition(chess.MustParseMaterial(m), rng)
			fens = append(fens, p.FEN())
		}
	}
	fens = append(fens,
		"k7/Q7/1K6/8/8/8/8/8 b - - 0 1", // mated
		"k7/8/1Q6/8/8/8/8/7K b - -",     // stalemate
		"8/3P4/8/8/8/8/k7/7K w - - 0 1", // promotions
	)
	var stdout, stderr bytes.Buffer
	if status := run(append([]string{"probe", "--format", "json", "--moves", dir}, fens...), nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(fens) {
		t.Fatalf("%d lines for %d positions", len(lines), len(fens))
	}
	moves := 0
	for i, line := range lines {
		var got probeLine
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		if err := checkMoves(tb, fens[i], got.Category, *got.Checkmate, *got.Stalemate, *got.Moves); err != nil {
			t.Errorf("%s: %v", fens[i], err)
		}
		moves += len(*got.Moves)
	}
	t.Logf("%d positions, %d moves", len(fens), moves)
}

// checkMoves checks an answer with moves for fen against probes of the positions after
// each move, played by playUCI.
func checkMoves(tb *tablebase.Tablebase, fen, cat string, checkmate, stalemate bool, moves []moveLine) error {
	v, err := tb.ProbeFEN(fen)
	if err != nil {
		return err
	}
	if cat != v.String() {
		return fmt.Errorf("category %s, the probe says %s", cat, v)
	}
	if len(moves) == 0 != (checkmate || stalemate) || checkmate && v != tablebase.Loss || stalemate && v != tablebase.Draw {
		return fmt.Errorf("%s with %d moves, checkmate %v, stalemate %v", v, len(moves), checkmate, stalemate)
	}
	p, err := tablebase.ParseFEN(fen)
	if err != nil {
		return err
	}
	prev := tablebase.Loss
	for i, m := range moves {
		q, err := playUCI(p, m.UCI)
		if err != nil {
			return err
		}
		w, err := tb.Probe(&q)
		if err != nil {
			return fmt.Errorf("after %s (%s): %v", m.UCI, q.FEN(), err)
		}
		if m.Category != w.String() || m.WDL == nil || *m.WDL != int(w) {
			return fmt.Errorf("move %s: category %s, the probe of %s says %s", m.UCI, m.Category, q.FEN(), w)
		}
		if w < prev {
			return fmt.Errorf("move %d, %s, leaves the opponent %s after a move that leaves it %s: not best first", i+1, m.UCI, w, prev)
		}
		prev = w
		if i == 0 && -w != v {
			return fmt.Errorf("the best move %s leaves the opponent %s, the position is %s", m.UCI, w, v)
		}
	}
	return nil
}

// playUCI returns the position after the move uci (e2e4, e7e8q) in p, a legal move.
func playUCI(p tablebase.Position, uci string) (tablebase.Position, error) {
	if len(uci) < 4 || len(uci) > 5 {
		return p, fmt.Errorf("move %q", uci)
	}
	from, err1 := chess.ParseSquare(uci[:2])
	to, err2 := chess.ParseSquare(uci[2:4])
	if err1 != nil || err2 != nil {
		return p, fmt.Errorf("move %q", uci)
	}
	q := tablebase.Position{SideToMove: 1 - p.SideToMove}
	var mover tablebase.Placement
	for _, pl := range p.Pieces {
		if pl.Square == from {
			mover = pl
		}
	}
	captured := to
	if mover.Piece.Kind == chess.Pawn && from&7 != to&7 && p.EnPassant == to {
		captured = from&^7 | to&7 // en passant: the pawn beside
	}
	for _, pl := range p.Pieces {
		if pl.Square != from && pl.Square != captured {
			q.Pieces = append(q.Pieces, pl)
		}
	}
	mover.Square = to
	if len(uci) == 5 {
		mover.Piece.Kind = chess.Kind(strings.IndexByte("kqrbnp", uci[4]))
	}
	q.Pieces = append(q.Pieces, mover)
	if mover.Piece.Kind == chess.Pawn && (to-from == 16 || from-to == 16) {
		q.EnPassant = (from + to) / 2
	}
	return q, nil
}

// TestAnalyseConcurrent: answers with moves from four goroutines at once, as serve gives
// them, are those given one at a time (.ci/run runs it under -race).
func TestAnalyseConcurrent(t *testing.T) {
	dir := buildTables(t, "KQvK", "KRvK", "KBvK", "KNvK", "KPvK")
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	mats := []string{"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}
	fens := make([]string, 200)
	want := make([]string, len(fens))
	for i := range fens {
		p := tbref.RandomPosition(chess.MustParseMaterial(mats[i%len(mats)]), rng)
		fens[i] = p.FEN()
		a, err := analyse(tb, fens[i], true)
		want[i] = probeText(&a, err, true)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(fens))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range fens {
				j := (i + g*len(fens)/4) % len(fens)
				a, err := analyse(tb, fens[j], true)
				if got := probeText(&a, err, true); got != want[j] {
					errs <- fmt.Sprintf("%s: %q at once, %q alone", fens[j], got, want[j])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for e := range errs {
		if n++; n <= 5 {
			t.Error(e)
		}
	}
}
