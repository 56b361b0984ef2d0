package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
)

// probeTimes sets the ProbeNS of each row: the mean time of tablebase.Probe from a
// position value over n random legal positions of its material (both sides to move), the
// tables of dir open. The positions are drawn with a fixed seed, so that every run probes
// the same ones; the first pass over them warms the caches and is not counted.
func probeTimes(dir string, rows []bench.TableRow, n int) error {
	tb, err := tablebase.Open(dir)
	if err != nil {
		return fmt.Errorf("tables to probe: %w", err)
	}
	for i := range rows {
		m, err := chess.ParseMaterial(rows[i].Material)
		if err != nil {
			return fmt.Errorf("tablebase CSV: %w", err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(i)))
		ps := make([]tablebase.Position, n)
		for j := range ps {
			ps[j] = tbref.RandomPosition(m, rng)
		}
		var elapsed time.Duration
		for pass := 0; pass < 2; pass++ {
			start := time.Now()
			for j := range ps {
				if _, err := tb.Probe(&ps[j]); err != nil {
					return fmt.Errorf("probing %v: %w", m, err)
				}
			}
			elapsed = time.Since(start)
		}
		rows[i].ProbeNS = float64(elapsed.Nanoseconds()) / float64(n)
	}
	return nil
}

// buildTables runs `tablebase build` for every table of up to --tablebase-pieces pieces
// into work, and returns its rows with their probe times.
func buildTables(ctx context.Context, opt options, mod, work, commit string, stderr io.Writer) ([]bench.TableRow, error) {
	bin, _, err := binary("--tablebase-bin", opt.TBBinary, "./cmd/tablebase", mod, work, commit, stderr)
	if err != nil {
		return nil, err
	}
	dir, csv := filepath.Join(work, "tables"), filepath.Join(work, "tables.csv")
	fmt.Fprintf(stderr, "bench: building the tables of up to %d pieces\n", opt.TBPieces)
	cmd := exec.CommandContext(ctx, bin, "build", "-q", "--out", dir, "--pieces", fmt.Sprint(int(opt.TBPieces)), "--csv", csv)
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("tablebase build: %w", err)
	}
	rows, err := readTables(csv)
	if err != nil {
		return nil, err
	}
	if err := probeTimes(dir, rows, int(opt.Probes)); err != nil {
		return nil, err
	}
	return rows, nil
}
