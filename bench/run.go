package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The labels of the two binaries measured.
const (
	Ours      = "ours"
	Reference = "reference"
)

// Verification outcomes recorded in Result.Verified.
const (
	VerifiedYes   = "yes"   // the verifier found output and input equivalent
	VerifiedNo    = "no"    // the verifier found them different
	VerifiedNA    = "n/a"   // no verifier, or the run produced no output
	VerifiedError = "error" // the verifier failed or timed out
)

// Config says what to run and how.
type Config struct {
	Ours      string // our espresso binary
	Reference string // a reference espresso binary; empty for none
	// Verifier is an espresso binary whose -Dverify checks outputs; empty
	// records every run as "n/a".
	Verifier string
	// Chess2PLA is the chess2pla binary; ChessArgs its arguments, in which
	// {material} stands for the material and {canonical} for --canonical
	// (or nothing). It writes the PLA on stdout.
	Chess2PLA  string
	ChessArgs  string
	Conditions []Condition
	Timeout    time.Duration // per run; 0 for none
	// GenTimeout limits each chess2pla run; 0 for none.
	GenTimeout time.Duration
	Repeat     int       // runs of each binary per input and condition (medians are kept); < 1 means 1
	WorkDir    string    // where generated PLAs and outputs go
	Keep       bool      // keep generated PLAs and outputs (otherwise each is removed once used)
	Progress   io.Writer // progress lines; nil for none
}

// Result is one binary's run of one input under one condition.
type Result struct {
	Suite      string
	Input      string
	Material   string // chess only
	Canonical  bool   // chess only
	Condition  string
	Args       string
	Binary     string // Ours or Reference
	InputCubes int    // cubes of F in the input PLA; -1 when unknown
	Status     Status
	ExitCode   int
	Cubes      int // cubes of F in the output; -1 when unknown
	Literals   int // their input literals; -1 when unknown
	WallS      float64
	CPUS       float64
	MaxRSSKB   int64
	Verified   string
	// SameOutput says, on our runs when a reference ran too, whether our
	// output is byte-identical to the reference's: "yes", "no", or "" when
	// either run failed or there is no reference.
	SameOutput string
	Err        string
}

// DefaultChessArgs is the default argument template of chess2pla.
const DefaultChessArgs = "{canonical} {material}"

// ChessArgv expands the argument template of chess2pla for one input.
func ChessArgv(bin, template string, in Input) []string {
	argv := []string{bin}
	for _, f := range strings.Fields(template) {
		switch f {
		case "{canonical}":
			if in.Canonical {
				argv = append(argv, "--canonical")
			}
			continue
		}
		argv = append(argv, strings.ReplaceAll(f, "{material}", in.Material))
	}
	return argv
}

// Run benchmarks every input under every condition, with our binary and, when
// configured, the reference binary, alternating which goes first from one
// input and condition to the next so that both see the same machine load.
// Failed and timed-out runs are recorded, not fatal; the error is only for a
// work directory that cannot be used.
func Run(ctx context.Context, cfg Config, inputs []Input) ([]Result, error) {
	if err := os.MkdirAll(cfg.WorkDir, 0o755); err != nil {
		return nil, fmt.Errorf("work directory: %w", err)
	}
	bins := []struct{ label, path string }{{Ours, cfg.Ours}}
	if cfg.Reference != "" {
		bins = append(bins, struct{ label, path string }{Reference, cfg.Reference})
	}
	repeat := max(cfg.Repeat, 1)
	total := len(inputs) * len(cfg.Conditions) * len(bins)
	var results []Result
	done, turn := 0, 0
	for ii, in := range inputs {
		if ctx.Err() != nil {
			break
		}
		inputCubes := -1
		genErr := ""
		if in.Path == "" && in.Material != "" {
			in.Path, genErr = generate(ctx, cfg, in, ii)
		}
		if genErr == "" {
			if c, err := CountFile(in.Path); err == nil {
				inputCubes = c.Cubes
			}
		}
		for _, cond := range cfg.Conditions {
			order := make([]int, len(bins))
			for i := range order {
				order[i] = (i + turn) % len(bins)
			}
			turn++
			row := make([]Result, len(bins))
			for i, b := range bins {
				row[i] = Result{Suite: in.Suite, Input: in.Name, Material: in.Material, Canonical: in.Canonical,
					Condition: cond.Name, Args: cond.ArgString(), Binary: b.label, InputCubes: inputCubes,
					Cubes: -1, Literals: -1, Verified: VerifiedNA, ExitCode: -1}
				if genErr != "" {
					row[i].Status, row[i].Err = StatusFailed, genErr
				}
			}
			if genErr == "" {
				samples := make([][]Measurement, len(bins))
				for rep := 0; rep < max(repeat, in.Repeat) && ctx.Err() == nil; rep++ {
					for _, bi := range order {
						out := outPath(cfg.WorkDir, ii, in, cond, bins[bi].label)
						argv := append(append([]string{bins[bi].path}, cond.Args...), in.Path)
						m := Measure(ctx, argv, out, cfg.Timeout)
						m.Err = scrub(m.Err, bins[bi].path)
						samples[bi] = append(samples[bi], m)
					}
				}
				for bi, b := range bins {
					out := outPath(cfg.WorkDir, ii, in, cond, b.label)
					finishResult(ctx, cfg, &row[bi], samples[bi], in.Path, out)
				}
				if len(bins) == 2 {
					row[0].SameOutput = sameOutput(row[0], row[1],
						outPath(cfg.WorkDir, ii, in, cond, bins[0].label), outPath(cfg.WorkDir, ii, in, cond, bins[1].label))
				}
			}
			for _, bi := range order {
				done++
				progress(cfg.Progress, done, total, row[bi])
				if !cfg.Keep {
					os.Remove(outPath(cfg.WorkDir, ii, in, cond, bins[bi].label))
				}
			}
			results = append(results, row...)
		}
		if in.Material != "" && genErr == "" && !cfg.Keep {
			os.Remove(in.Path) // 4-piece tables take hundreds of MB each
		}
	}
	return results, ctx.Err()
}

// sameOutput compares the output files of ours and the reference when both
// runs are ok.
func sameOutput(ours, ref Result, oursOut, refOut string) string {
	if ours.Status != StatusOK || ref.Status != StatusOK {
		return ""
	}
	a, err1 := os.ReadFile(oursOut)
	b, err2 := os.ReadFile(refOut)
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		return "no"
	}
	return "yes"
}

// generate writes the chess table of in with chess2pla and returns its path,
// or an error message.
func generate(ctx context.Context, cfg Config, in Input, index int) (string, string) {
	if cfg.Chess2PLA == "" {
		return "", "chess2pla: not available"
	}
	path := filepath.Join(cfg.WorkDir, fmt.Sprintf("%03d-%s.pla", index, safeName(in.Name)))
	argv := ChessArgv(cfg.Chess2PLA, cfg.ChessArgs, in)
	m := Measure(ctx, argv, path, cfg.GenTimeout)
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "generate %s: %s %.2fs\n", in.Name, m.Status, m.Wall.Seconds())
	}
	if m.Status != StatusOK {
		return "", "chess2pla: " + scrub(m.Err, cfg.Chess2PLA)
	}
	return path, ""
}

// finishResult fills r from the measurements of its repeats: medians of
// wall and CPU time, the largest peak memory, the first failure if any, and
// the counts and verification of the output file.
func finishResult(ctx context.Context, cfg Config, r *Result, ms []Measurement, in, out string) {
	if len(ms) == 0 {
		r.Status, r.Err = StatusFailed, "not run: "+fmt.Sprint(ctx.Err())
		return
	}
	r.Status = StatusOK
	var walls, cpus []float64
	for _, m := range ms {
		walls = append(walls, m.Wall.Seconds())
		cpus = append(cpus, m.CPU.Seconds())
		r.MaxRSSKB = max(r.MaxRSSKB, m.MaxRSSKB)
		if m.Status != StatusOK && r.Status == StatusOK {
			r.Status, r.Err, r.ExitCode = m.Status, m.Err, m.ExitCode
		}
	}
	r.WallS, r.CPUS = median(walls), median(cpus)
	if r.Status != StatusOK {
		return
	}
	r.ExitCode = ms[len(ms)-1].ExitCode
	c, err := CountFile(out)
	if err != nil {
		r.Status, r.Err = StatusFailed, "output: "+err.Error()
		return
	}
	r.Cubes, r.Literals = c.Cubes, c.Literals
	var why string
	r.Verified, why = verify(ctx, cfg, in, out)
	if why != "" {
		r.Err = "verify: " + why
	}
}

// verify checks out against in with the verifier's -Dverify (2.3 reads the
// first PLA's F and D as the specification and the second's F as the cover
// to check, so the input goes first). With VerifiedError it also says why
// the verifier failed.
func verify(ctx context.Context, cfg Config, in, out string) (verified, why string) {
	if cfg.Verifier == "" {
		return VerifiedNA, ""
	}
	m := Measure(ctx, []string{cfg.Verifier, "-Dverify", in, out}, "", cfg.Timeout)
	switch {
	case m.Status == StatusOK:
		return VerifiedYes, ""
	case m.Status == StatusFailed && m.ExitCode == 1:
		return VerifiedNo, ""
	}
	return VerifiedError, m.Err
}

// ProbeVerify reports whether bin has a working -Dverify: it must find a
// small PLA equal to itself. dir is where the PLA is written.
func ProbeVerify(ctx context.Context, bin, dir string) bool {
	p := filepath.Join(dir, "probe.pla")
	if err := os.WriteFile(p, []byte(".i 2\n.o 1\n1- 1\n-1 1\n.e\n"), 0o644); err != nil {
		return false
	}
	m := Measure(ctx, []string{bin, "-Dverify", p, p}, "", 30*time.Second)
	return m.Status == StatusOK
}

func outPath(dir string, index int, in Input, cond Condition, label string) string {
	return filepath.Join(dir, fmt.Sprintf("%03d-%s.%s.%s.out", index, safeName(in.Name), safeName(cond.Name), label))
}

// scrub replaces the path of a binary in msg by its base name, so that
// reports do not name folders of the machine they ran on.
func scrub(msg, path string) string {
	if path == "" || !strings.ContainsRune(path, filepath.Separator) {
		return msg
	}
	return strings.ReplaceAll(msg, path, filepath.Base(path))
}

// safeName keeps letters, digits, '-', '_' and '.' of s.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, s)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func progress(w io.Writer, done, total int, r Result) {
	if w == nil {
		return
	}
	msg := fmt.Sprintf("[%d/%d] %s %s %s %s: %s %.3fs", done, total, r.Suite, r.Input, r.Condition, r.Binary, r.Status, r.WallS)
	if r.Status == StatusOK {
		msg += fmt.Sprintf(" %d cubes verified=%s", r.Cubes, r.Verified)
	} else if r.Err != "" {
		msg += " (" + r.Err + ")"
	}
	fmt.Fprintln(w, msg)
}
