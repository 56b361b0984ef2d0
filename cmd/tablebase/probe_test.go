package main

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase/format"
)

// TestProbe builds two tables and probes positions given as arguments and on standard
// input: one line each, an error on the line of a bad position and status 1.
func TestProbe(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := run([]string{"build", "-q", "--out", dir, "KQvK", "KBvK"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("build: status %d: %s", status, stderr.String())
	}
	good := []string{
		"k7/7Q/1K6/8/8/8/8/8 w - - 0 1", // Qa7, Qb7 or Qh8 mates
		"k7/Q7/1K6/8/8/8/8/8 b - - 0 1", // mated
		"k7/8/1Q6/8/8/8/8/7K b - -",     // stalemate
		"q7/8/8/8/8/8/8/1K1k4 b - -",    // KvKQ, probed in KQvK
		"8/8/8/3B4/8/8/8/K1k5 w - -",
	}
	want := "win\nloss\ndraw\nwin\ndraw\n"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		want   string
		status int
	}{
		{"arguments", append([]string{"probe", dir}, good...), "", want, 0},
		{"stdin", []string{"probe", dir}, strings.Join(good, "\n") + "\n\n", want + "\n", 0}, // a blank line for the blank line
		{"captures resolved", append([]string{"probe", "--resolve-captures", dir}, good...), "", want, 0},
		{"errors", []string{"probe", dir, good[0], "8/8/8 w - -", "KR6/8/8/8/8/8/8/2k5 w - -", good[1]}, "",
			"win\nerror: FEN \"8/8/8 w - -\": illegal position: 3 ranks, want 8\nerror: FEN \"KR6/8/8/8/8/8/8/2k5 w - -\": no table: KRvK\nloss\n", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if status != tc.status || stdout.String() != tc.want {
				t.Errorf("status %d, stdout:\n%s\nwant status %d, stdout:\n%s\nstderr: %s", status, stdout.String(), tc.status, tc.want, stderr.String())
			}
		})
	}
	var stderr2 bytes.Buffer
	if status := run([]string{"probe", filepath.Join(dir, "missing"), good[0]}, nil, &stdout, &stderr2); status == 0 {
		t.Error("probe of a missing folder succeeded")
	}
}

// TestProbeManyPositions probes, in one process, 10 000 random legal positions drawn over
// the materials of the tables in $TABLEBASE_DIR and their colour-swapped twins: every
// one must get an answer.
func TestProbeManyPositions(t *testing.T) {
	dir := tbref.Dir(t, "TABLEBASE_DIR", "tablebase build --out DIR --pieces 4, or some of its materials")
	names, err := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
	if err != nil || len(names) == 0 {
		t.Fatalf("no tables in %s", dir)
	}
	var mats []chess.Material
	for _, name := range names {
		mats = append(mats, chess.MustParseMaterial(strings.TrimSuffix(filepath.Base(name), format.FileExt)))
	}
	rng := rand.New(rand.NewPCG(11, 12))
	const count = 10000
	var in strings.Builder
	for range count {
		m := mats[rng.IntN(len(mats))]
		if rng.IntN(2) == 1 { // the colour-swapped twin material
			var sw chess.Material
			for _, pc := range m.Pieces {
				pc.Colour ^= 1
				sw.Pieces = append(sw.Pieces, pc)
			}
			m = sw
		}
		p := tbref.RandomPosition(m, rng)
		in.WriteString(p.FEN() + "\n")
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	status := run([]string{"probe", dir}, strings.NewReader(in.String()), &stdout, &stderr)
	elapsed := time.Since(start)
	if status != 0 {
		t.Errorf("status %d: %s", status, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	tally := map[string]int{}
	for _, l := range lines {
		tally[l]++
	}
	if len(lines) != count || tally["win"]+tally["draw"]+tally["loss"] != count {
		t.Errorf("%d lines for %d positions: %v", len(lines), count, tally)
	}
	t.Logf("%d positions over %d materials probed in %v (Open included): %d wins, %d draws, %d losses",
		count, len(mats), elapsed.Round(time.Millisecond), tally["win"], tally["draw"], tally["loss"])
}
