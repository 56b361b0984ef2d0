package chess_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	chesslib "github.com/corentings/chess/v2"

	"github.com/espresso-go/espresso/chess"
)

// refCaptures is the rule Captures.Best is checked against: the legal moves of the
// position's FEN as github.com/corentings/chess/v2 generates them, those tagged as
// captures played, and the position reached looked up in the table of its material that
// s solves (one the test names its pieces for, in the order of their letters).
func refCaptures(t *testing.T, s *chess.Solver, fen string) (chess.Status, bool) {
	t.Helper()
	var pos chesslib.Position
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	best, has := chess.Loss, false
	for _, mv := range pos.ValidMoves() {
		if !mv.HasTag(chesslib.Capture) {
			continue
		}
		after := pos.Update(&mv)
		v := fenStatus(t, s, after.String())
		// The value after the capture is the opponent's: a loss for them wins.
		v = map[chess.Status]chess.Status{chess.Win: chess.Loss, chess.Draw: chess.Draw, chess.Loss: chess.Win}[v]
		if !has || better(v, best) {
			best = v
		}
		has = true
	}
	return best, has
}

// better reports whether a is better than b for the side to move.
func better(a, b chess.Status) bool { return a < b } // Win < Draw < Loss

// fenStatus returns the value of position fen (no en passant square) from the table of
// its material: kings first, then White's pieces, then Black's, each in the order the
// board lists them from a8.
func fenStatus(t *testing.T, s *chess.Solver, fen string) chess.Status {
	t.Helper()
	fields := strings.Fields(fen)
	var white, black []byte
	var wsq, bsq []int
	ksq := [2]int{-1, -1}
	sq := 0
	for _, c := range []byte(fields[0]) {
		switch {
		case c == '/':
		case c >= '1' && c <= '8':
			sq += int(c - '0')
		default:
			switch c {
			case 'K':
				ksq[0] = sq
			case 'k':
				ksq[1] = sq
			default:
				if c >= 'a' {
					black, bsq = append(black, c), append(bsq, sq)
				} else {
					white, wsq = append(white, c), append(wsq, sq)
				}
			}
			sq++
		}
	}
	name := "K" + string(white) + "k" + string(black)
	if name == "Kk" {
		return chess.Draw
	}
	tb, err := s.Solve(chess.MustParseMaterial(name))
	if err != nil {
		t.Fatal(err)
	}
	stm := chess.White
	if fields[1] == "b" {
		stm = chess.Black
	}
	x, err := tb.Index(stm, append(append([]int{ksq[0], ksq[1]}, wsq...), bsq...))
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return tb.Probe(x).Status
}

// TestCapturesBest compares Captures.Best with refCaptures at random positions of each
// material, until $CAPTURES_SAMPLE of them (300 by default) have a capture, and checks
// that a capture's best never exceeds the position's value. Materials in another order
// than the solver's (KRvKQ's rook before its queen) are answered in their own indices.
func TestCapturesBest(t *testing.T) {
	sample := 300
	if v, err := strconv.Atoi(os.Getenv("CAPTURES_SAMPLE")); err == nil {
		sample = v
	}
	ref := chess.NewSolver()
	ref.Workers = 2
	s := &chess.Solver{Workers: 2}
	short := 0 // positions whose best capture is below their value
	for _, name := range []string{"KQvK", "KvKP", "KQvKR", "KRvKQ", "KBNvK", "KRvKP"} {
		t.Run(name, func(t *testing.T) {
			m := chess.MustParseMaterial(name)
			tb, err := ref.Solve(m)
			if err != nil {
				t.Fatal(err)
			}
			c, err := s.Captures(m)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(name)), 57))
			var checked, withCapture, attained int
			for withCapture < sample && checked < 100*sample {
				x := rng.IntN(tb.Len())
				v := tb.Probe(x).Status
				got, has := c.Best(x)
				if v != chess.Win && v != chess.Draw && v != chess.Loss {
					if has {
						t.Fatalf("%s (%v): a capture of %v in a position that is not legal", tb.FEN(x), v, got)
					}
					continue
				}
				want, wantHas := refCaptures(t, ref, tb.FEN(x))
				if has != wantHas || has && got != want {
					t.Fatalf("%s: best capture %v (%t), want %v (%t)", tb.FEN(x), got, has, want, wantHas)
				}
				if has && better(got, v) {
					t.Fatalf("%s: a capture attains %v, above the position's %v", tb.FEN(x), got, v)
				}
				checked++
				if has {
					withCapture++
					if got == v {
						attained++
					}
				}
			}
			t.Logf("%v: %d positions, %d with a capture, %d of them attaining their value", m, checked, withCapture, attained)
			if withCapture < sample || attained == 0 {
				t.Errorf("%v: %d positions with a capture, %d attaining their value: the sample misses a case", m, withCapture, attained)
			}
			short += withCapture - attained
		})
	}
	if short == 0 {
		t.Errorf("no position whose captures fall short of its value: the samples miss a case")
	}
}

// TestCapturesDeps checks that Captures reads its dependencies from values files (Deps)
// as it solves them in memory: the same answer at 2^18 random indices of two 4-piece
// tables.
func TestCapturesDeps(t *testing.T) {
	dir := t.TempDir()
	w := &chess.Solver{Workers: 2}
	for _, name := range []string{"KQk", "KRk", "KBk", "KNk", "KPk"} {
		if _, err := w.WriteValuesFile(dir, chess.MustParseMaterial(name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"KRkp", "KPkp"} {
		t.Run(name, func(t *testing.T) {
			m := chess.MustParseMaterial(name)
			mem, err := (&chess.Solver{}).Captures(m)
			if err != nil {
				t.Fatal(err)
			}
			files, err := (&chess.Solver{Deps: chess.ValuesDir(dir)}).Captures(m)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			rng := rand.New(rand.NewPCG(uint64(len(name)), 57))
			for range 1 << 18 {
				x := rng.IntN(m.Size())
				a, ha := mem.Best(x)
				b, hb := files.Best(x)
				if a != b || ha != hb {
					t.Fatalf("%v index %d: %v (%t) in memory, %v (%t) from values files", m, x, a, ha, b, hb)
				}
				if ha {
					n++
				}
			}
			if n == 0 {
				t.Fatalf("%v: no position with a capture", m)
			}
		})
	}
}

// TestLowestStored checks LowestStored against what a probe that resolves captures
// answers: a value s may be stored at a position of value v exactly when the better of s
// and the best capture is v.
func TestLowestStored(t *testing.T) {
	values := []chess.Status{chess.Win, chess.Draw, chess.Loss}
	for _, v := range values {
		for _, best := range values {
			if better(best, v) {
				continue // no capture is better than the position's value
			}
			for _, has := range []bool{false, true} {
				t.Run(fmt.Sprintf("%v/%v/%t", v, best, has), func(t *testing.T) {
					low := chess.LowestStored(v, best, has)
					for _, s := range values {
						probed := s
						if has && better(best, s) {
							probed = best
						}
						may := probed == v
						inRange := !better(s, v) && !better(low, s)
						if may != inRange {
							t.Errorf("stored %v: the probe answers %v, want %v; LowestStored %v says %t", s, probed, v, low, inRange)
						}
					}
				})
			}
		}
	}
}

// ExampleSolver_Captures: in KQvK, Black's king takes the queen on a7, a draw; the
// position is a draw, so a table probed with its captures resolved may store a loss
// there. With the queen on a6 Black has no capture, and its loss stays a loss.
func ExampleSolver_Captures() {
	m := chess.MustParseMaterial("KQvK")
	c, err := (&chess.Solver{}).Captures(m)
	if err != nil {
		panic(err)
	}
	t, err := chess.NewSolver().Solve(m)
	if err != nil {
		panic(err)
	}
	for _, q := range []string{"a7", "a6"} {
		sq := []int{0, 0, 0}
		for i, name := range []string{"h1", "a8", q} {
			if sq[i], err = chess.ParseSquare(name); err != nil {
				panic(err)
			}
		}
		x, err := t.Index(chess.Black, sq)
		if err != nil {
			panic(err)
		}
		v := t.Probe(x).Status
		best, has := c.Best(x)
		fmt.Println(t.FEN(x), v, best, has, chess.LowestStored(v, best, has))
	}
	// Output:
	// k7/Q7/8/8/8/8/8/7K b - - 0 1 draw draw true loss
	// k7/8/Q7/8/8/8/8/7K b - - 0 1 loss invalid false loss
}
