package plan

import (
	"fmt"
	"io"
	"path"
	"slices"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Kind is what a job does.
type Kind uint8

// The kinds of job (see the package documentation).
const (
	Solve    Kind = iota // a material's values file
	Slice                // one slice of a table, minimized and checked
	Assemble             // the slices of a table joined into its file
	Table                // a table of up to four pieces, built whole
)

var kindNames = [...]string{Solve: "solve", Slice: "slice", Assemble: "assemble", Table: "table"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// parseKind is the inverse of Kind.String.
func parseKind(s string) (Kind, bool) {
	i := slices.Index(kindNames[:], s)
	return Kind(i), i >= 0
}

// Job is one line of a plan.
type Job struct {
	Number int // from 0, in wave order
	Wave   int // 0 for a job that runs after none, else one more than its dependencies' largest
	Kind   Kind
	// Material is the material as Syzygy stores it (see Stored), or for the slices and the
	// assembly of a sliced table the material its file holds (see Plan.Held).
	Material chess.Material
	// Square is the white king's square of a slice (a8 = 0 ... h1 = 63), -1 for the other
	// kinds.
	Square int
	// MemoryMiB and Minutes are what the job is expected to need at most (see estimate.go):
	// a cluster's request, and the local pool's budget.
	MemoryMiB, Minutes int
	// After lists the numbers of the jobs that must be done before this one starts.
	After []int
	// Output is the file the job writes, relative to the build's directory ('/'-separated).
	Output string
}

// Name describes the job in messages: "slice KQRvKR e4".
func (j Job) Name() string {
	s := j.Kind.String() + " " + j.Material.SyzygyName()
	if j.Square >= 0 {
		s += " " + chess.SquareName(j.Square)
	}
	return s
}

// Options are the build's settings that a plan records, so that each job builds as the
// plan was made.
type Options struct {
	// SliceAll slices the tables of 3 and 4 pieces too (by default they are built whole).
	SliceAll bool
	// JobMiB is the memory one job may take, 0 for no limit: a table of 3 or 4 pieces
	// whose whole build is expected to need more (estimate.go) is sliced, as the tables
	// of 5 pieces are, whose jobs need far less (the solve reads its dependencies' values
	// files; a slice is 64 times smaller than the table).
	JobMiB int
	// Full, AllOrders, NoBoardSymmetry, NoColourSymmetry, NoPieceSymmetry and Paper are
	// the Builder's options (the command's --full, --all-orders, --no-board-symmetry,
	// --no-colour-symmetry, --no-piece-symmetry, --paper).
	Full, AllOrders                                    bool
	NoBoardSymmetry, NoColourSymmetry, NoPieceSymmetry bool
	Paper                                              bool
	// NoMerge joins a sliced table's slices as they are (format version 2) instead of
	// merging them into one decision list over the whole index (builder.Merge), to
	// measure what the merge gains.
	NoMerge bool
	// CapturesResolved builds the tables for a probe that resolves captures, as Syzygy's
	// does (builder.Options.CapturesResolved; the command's --captures-resolved).
	CapturesResolved bool
}

// optionNames are the names of Options' fields in a plan's header, in the order of flags.
var optionNames = []string{"slice-all", "full", "all-orders", "no-board-symmetry", "no-colour-symmetry", "no-piece-symmetry", "paper", "no-merge", "captures-resolved"}

// jobMiBName names Options.JobMiB in a plan's header, as name=value.
const jobMiBName = "job-mib"

// flags returns o's fields in the order of optionNames.
func (o *Options) flags() []*bool {
	return []*bool{&o.SliceAll, &o.Full, &o.AllOrders, &o.NoBoardSymmetry, &o.NoColourSymmetry, &o.NoPieceSymmetry, &o.Paper, &o.NoMerge, &o.CapturesResolved}
}

// Builder returns the builder's options that o stands for, with workers goroutines and
// progress (nil: none).
func (o *Options) Builder(workers int, progress io.Writer) builder.Options {
	var omit format.Symmetry
	if o.NoBoardSymmetry {
		omit |= format.BoardSymmetry
	}
	if o.NoColourSymmetry {
		omit |= format.ColourSymmetry
	}
	if o.NoPieceSymmetry {
		omit |= format.PieceSymmetry
	}
	return builder.Options{Full: o.Full, AllOrders: o.AllOrders, Omit: omit, Paper: o.Paper,
		CapturesResolved: o.CapturesResolved, Workers: workers, Progress: progress}
}

// Plan is the jobs of a build.
type Plan struct {
	// Materials are the tables asked for, as stored, in the order asked.
	Materials []chess.Material
	Options   Options
	Jobs      []Job
}

// Sliced reports whether the table of m is built as slices under the plan's options.
func (p *Plan) Sliced(m chess.Material) bool {
	return m.NumPieces() >= 5 || p.Options.SliceAll || p.Options.JobMiB > 0 && tableMiB(m) > p.Options.JobMiB
}

// Held returns the material whose table the file of m holds: m as Syzygy stores it (see
// Stored), or for a sliced table the material of its values file (chess.ValuesMaterial),
// whose indices the slices are ranges of. The two differ only by the colours swapped:
// KQQvKB's sliced table is KBvKQQ.tbc, which a probe of either colour finds.
func (p *Plan) Held(m chess.Material) chess.Material {
	m = m.Stored()
	if p.Sliced(m) {
		return chess.ValuesMaterial(m)
	}
	return m
}

// Output paths, relative to the build's directory.

// ValuesPath returns the path of m's values file, named by chess.ValuesName:
// values/KQRvKR.wdl2.
func ValuesPath(m chess.Material) string { return path.Join("values", chess.ValuesName(m)) }

// SlicePath returns the path of the slice of m with the white king on square sq:
// slices/KQRvKR/e4.slice.
func SlicePath(m chess.Material, sq int) string {
	return path.Join("slices", m.SyzygyName(), chess.SquareName(sq)+".slice")
}

// OrderPath returns the path of the decision-list order of m's sliced table, which the
// job of its reference square's slice writes for the others: slices/KQRvKR/order.
func OrderPath(m chess.Material) string { return path.Join("slices", m.SyzygyName(), "order") }

// TablePath returns the path of m's table file: KQRvKR.tbc.
func TablePath(m chess.Material) string { return m.SyzygyName() + ".tbc" }

// New returns the plan that builds the tables of materials (each taken as Held) under
// opt: for a sliced table its solve, its slices and its assembly, for another its table
// job; and before them the solves of the materials they read. Materials of 3 to 5 pieces
// are accepted; one named twice is built once.
func New(materials []chess.Material, opt Options) (*Plan, error) {
	p := &Plan{Options: opt}
	b := &planner{p: p, solves: map[string]int{}}
	for _, m := range materials {
		if n := m.NumPieces(); n < 3 || n > chess.MaxPieces {
			return nil, fmt.Errorf("%v: tables of %d pieces are not built (3 to %d)", m, n, chess.MaxPieces)
		}
		m = p.Held(m)
		if slices.ContainsFunc(p.Materials, func(o chess.Material) bool { return o.String() == m.String() }) {
			continue
		}
		p.Materials = append(p.Materials, m)
	}
	for _, m := range p.Materials {
		b.table(m)
	}
	b.number()
	return p, nil
}

// planner makes a plan's jobs in the order they are needed; number then sorts them into
// waves.
type planner struct {
	p      *Plan
	solves map[string]int // the job solving a material, by the name of its values file
}

// add appends j with the number it has until number renumbers it.
func (b *planner) add(j Job) int {
	j.Number = len(b.p.Jobs)
	j.MemoryMiB, j.Minutes = estimate(j, &b.p.Options)
	b.p.Jobs = append(b.p.Jobs, j)
	return j.Number
}

// solve returns the job that solves m, adding it (after the solves it reads) if needed.
func (b *planner) solve(m chess.Material) int {
	if i, ok := b.solves[chess.ValuesName(m)]; ok {
		return i
	}
	var after []int
	for _, d := range fileDependencies(m) {
		after = append(after, b.solve(d))
	}
	i := b.add(Job{Kind: Solve, Material: m, Square: -1, After: after, Output: ValuesPath(m)})
	b.solves[chess.ValuesName(m)] = i
	return i
}

// table adds the jobs that build m's table file.
func (b *planner) table(m chess.Material) {
	if !b.p.Sliced(m) {
		b.add(Job{Kind: Table, Material: m, Square: -1, Output: TablePath(m)})
		return
	}
	s := b.solve(m)
	// The reference square's slice chooses the table's order for the others (plan's
	// slice job): it comes first, and the others after it.
	refSq := builder.NewBuilder(b.p.Options.Builder(1, nil)).ReferenceSquare(m)
	ref := b.add(Job{Kind: Slice, Material: m, Square: refSq, After: []int{s}, Output: SlicePath(m, refSq)})
	parts := []int{ref}
	for _, sq := range SliceSquares(m, !b.p.Options.NoBoardSymmetry) {
		if sq != refSq {
			parts = append(parts, b.add(Job{Kind: Slice, Material: m, Square: sq, After: []int{s, ref}, Output: SlicePath(m, sq)}))
		}
	}
	b.add(Job{Kind: Assemble, Material: m, Square: -1, After: parts, Output: TablePath(m)})
}

// number gives each job its wave, sorts the jobs by wave (keeping the order they were
// made in within a wave) and renumbers them from 0.
func (b *planner) number() {
	jobs := b.p.Jobs
	for i := range jobs { // a job is made after the jobs it runs after
		for _, a := range jobs[i].After {
			jobs[i].Wave = max(jobs[i].Wave, jobs[a].Wave+1)
		}
	}
	slices.SortStableFunc(jobs, func(x, y Job) int { return x.Wave - y.Wave })
	renumber := make([]int, len(jobs))
	for i, j := range jobs {
		renumber[j.Number] = i
	}
	for i := range jobs {
		jobs[i].Number = i
		for k, a := range jobs[i].After {
			jobs[i].After[k] = renumber[a]
		}
		slices.Sort(jobs[i].After)
	}
}

// Waves returns the range of job numbers of each wave: wave w is jobs [r[w][0], r[w][1]).
func (p *Plan) Waves() [][2]int {
	var out [][2]int
	for i, j := range p.Jobs {
		if j.Wave == len(out) {
			out = append(out, [2]int{i, i})
		}
		out[len(out)-1][1] = i + 1
	}
	return out
}

// Totals returns what the plan expects: the minutes of all its jobs one after the other,
// and the largest memory of one job.
func (p *Plan) Totals() (minutes, maxMemoryMiB int) {
	for _, j := range p.Jobs {
		minutes += j.Minutes
		maxMemoryMiB = max(maxMemoryMiB, j.MemoryMiB)
	}
	return minutes, maxMemoryMiB
}
