package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// planFlags choose the tables of a build and how they are built; plan and build share
// them.
type planFlags struct {
	Out       string   `short:"o" required:"" placeholder:"DIR" help:"The build's folder: its plan, values, slices and table files (created if missing)."`
	Pieces    int      `placeholder:"N" help:"Every table of 3 up to N pieces (3 to 5), one per colour pair as Syzygy stores them (35 five-piece ones as their colour twin, e.g. KBvKQQ.tbc for KQQvKB: docs/FORMAT.md)."`
	Materials []string `arg:"" optional:"" name:"material" help:"Materials to build, e.g. KQvKR or KQkr (instead of --pieces)."`
	Full      bool     `help:"Run the whole ESPRESSO loop on each cover (by default: compaction, expansion, irredundancy)."`
	AllOrders bool     `name:"all-orders" help:"Try all six orders of the decision list (by default one: the values by the cubes of their first covers, the fewest first)."`
	NoBoard   bool     `name:"no-board-symmetry" help:"Store every position, not only the representatives of the board's symmetries (to measure what they gain)."`
	NoColour  bool     `name:"no-colour-symmetry" help:"Store the positions with Black to move where both sides have the same pieces (to measure what the colour symmetry gains)."`
	NoPiece   bool     `name:"no-piece-symmetry" help:"Store both orders of identical pieces (the two rooks of KRRvKR), not only the one with their squares ascending (to measure what this symmetry gains)."`
	Paper     bool     `help:"Also minimize the paper's encoding (one cover, three outputs) of the tables built whole and report its cubes."`
	SliceAll  bool     `name:"slice-all" help:"Build the tables of 3 and 4 pieces as 5-piece tables are built: one slice per square of the white king, then merged (to measure what slicing costs)."`
	NoMerge   bool     `name:"no-merge" help:"Join a sliced table's slices as they are (format version 2) instead of merging them into one decision list (to measure what the merge gains)."`
	JobMemory cli.Size `name:"job-memory" placeholder:"SIZE" default:"2GiB" help:"Memory one job may take: a table of 3 or 4 pieces whose whole build is expected to need more is built as 5-piece tables are, in slices (a larger size, e.g. 8GiB, builds every one whole)."`
	Captures  bool     `name:"captures-resolved" help:"Build for a probe that resolves captures one ply deep, as Syzygy's does: where a capture attains a position's value, any value not above it may be stored (smaller tables; their probes search captures)."`
}

// materials returns the materials the command line names.
func (f *planFlags) materials() ([]chess.Material, error) {
	switch {
	case f.Pieces != 0 && len(f.Materials) > 0:
		return nil, errors.New("give --pieces or materials, not both")
	case f.Pieces != 0:
		if f.Pieces < 3 || f.Pieces > chess.MaxPieces {
			return nil, fmt.Errorf("--pieces: must be 3 to %d, not %d", chess.MaxPieces, f.Pieces)
		}
		return chess.Materials(f.Pieces), nil
	case len(f.Materials) == 0:
		return nil, errors.New("name the materials to build, or give --pieces")
	}
	var out []chess.Material
	for _, name := range f.Materials {
		m, err := chess.ParseMaterial(name)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// plan returns the plan of the command line's build.
func (f *planFlags) plan() (*plan.Plan, error) {
	mats, err := f.materials()
	if err != nil {
		return nil, err
	}
	return plan.New(mats, plan.Options{SliceAll: f.SliceAll, Full: f.Full, AllOrders: f.AllOrders,
		NoBoardSymmetry: f.NoBoard, NoColourSymmetry: f.NoColour, NoPieceSymmetry: f.NoPiece, Paper: f.Paper, NoMerge: f.NoMerge, CapturesResolved: f.Captures,
		JobMiB: int(int64(f.JobMemory) >> 20)})
}

// writePlan makes the build's folder and writes p into it as plan.tsv.
func (f *planFlags) writePlan(p *plan.Plan) error {
	if err := os.MkdirAll(f.Out, 0o777); err != nil {
		return err
	}
	return plan.WriteFile(f.Out, p)
}

// planCmd is the plan subcommand.
type planCmd struct {
	planFlags `embed:""`
	Waves     bool `help:"Print the plan's waves instead of the plan, one line each: wave, first and last job, memory_mib and minutes of its largest job (deploy/ submits them); without materials or --pieces, those of the plan in --out."`
}

// Run writes the plan and prints it or its waves.
func (c *planCmd) Run(e *env) error {
	var p *plan.Plan
	var err error
	if c.Waves && c.Pieces == 0 && len(c.Materials) == 0 {
		p, err = plan.ReadFile(c.Out)
	} else if p, err = c.plan(); err == nil {
		err = c.writePlan(p)
	}
	if err != nil {
		return err
	}
	if c.Waves {
		return plan.WriteWaves(e.stdout, p)
	}
	return plan.Write(e.stdout, p)
}
