package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/espresso-go/espresso/tablebase"
)

// probeCmd is the probe subcommand.
type probeCmd struct {
	Dir  string   `arg:"" name:"dir" help:"Folder of table files (as build --out writes them)."`
	FENs []string `arg:"" optional:"" name:"fen" help:"Positions in FEN, each one argument (quote it); without any, one a line on standard input."`
}

// Run answers each position with a line: win, draw or loss, or "error: " and why.
func (c *probeCmd) Run(e *env) error {
	tb, err := tablebase.Open(c.Dir)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(e.stdout)
	failed, total := 0, 0
	answer := func(fen string) {
		total++
		v, err := tb.ProbeFEN(fen)
		if err != nil {
			failed++
			fmt.Fprintf(out, "error: %v\n", err)
			return
		}
		fmt.Fprintln(out, v)
	}
	if len(c.FENs) > 0 {
		for _, fen := range c.FENs {
			answer(fen)
		}
	} else if e.stdin != nil {
		sc := bufio.NewScanner(e.stdin)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" {
				answer(line)
			}
		}
		if err := sc.Err(); err != nil {
			out.Flush()
			return fmt.Errorf("reading positions: %w", err)
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d positions could not be probed", failed, total)
	}
	return nil
}
