// Command bench measures the espresso command (and optionally a reference binary, run
// alternately with it) on benchmark suites under the paper's processing conditions, and
// writes a CSV, a Markdown report beside the paper's Tables 3-5, and an SVG plot of time
// against the cubes of the output cover. The tablebase suite (--suite tablebase) runs
// `tablebase build`, or the CSV of an earlier `tablebase build --csv` run is given
// (--tablebase-csv) with its tables (--tablebase); either way the report sets the tablebase
// beside the paper's Table 5 (our bytes, the paper's and Syzygy's, cubes, build and probe
// times), with a plot of the bytes per table; with --from, it can be added to a report
// without running the suites again.
//
// Usage:
//
//	bench [flags]
//
// Inside the module (go run ./cmd/bench, or a bench binary run from the repository) it
// builds the espresso, chess2pla and tablebase it measures from the source; elsewhere
// --espresso (and, for their suites, --chess2pla and --tablebase-bin) name the binaries. Run with --help for the
// flags.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/internal/cli"
)

// options are bench's flags.
type options struct {
	Suite      string       `placeholder:"LIST" help:"Comma-separated suites: 'startup' (a PLA of 2 inputs, run 40 times in turn with the reference: the start-up), 'reference' (the PLAs of the module's testdata/espresso-suite.zip), folders of PLA files, 'chess' and/or 'tablebase' (builds the tables of up to --tablebase-pieces pieces with the tablebase command and times probes into them; default: startup,reference,chess)."`
	Match      string       `placeholder:"PATTERNS" help:"Comma-separated shell patterns: only the PLA files of folder suites whose names match."`
	Conditions string       `placeholder:"LIST" default:"all" help:"Comma-separated built-in conditions (listed above), or 'all' (default: ${default})."`
	Cond       []string     `placeholder:"NAME=ARGS" sep:"none" help:"An extra condition, e.g. 'strong=-estrong' (repeatable)."`
	Pieces     string       `placeholder:"N" default:"2,3" help:"Chess suite: numbers of pieces, e.g. 3, 2,3 or 2-4 (default: ${default})."`
	Materials  string       `placeholder:"LIST" help:"Chess suite: comma-separated materials (e.g. KQk,KRk) instead of --pieces."`
	Canonical  string       `placeholder:"WHICH" enum:"yes,no,both" default:"both" help:"Chess suite: tables with --canonical (yes), without (no) or both (default: ${default})."`
	Espresso   string       `placeholder:"PATH" help:"The espresso binary to measure (default: build ./cmd/espresso, when run inside the module)."`
	Chess2pla  string       `name:"chess2pla" placeholder:"PATH" help:"The chess2pla binary (default: build ./cmd/chess2pla, when run inside the module)."`
	ChessArgs  string       `name:"chess-args" placeholder:"ARGS" default:"${chessargs}" help:"Arguments of chess2pla; {material} and {canonical} are replaced; the PLA is read from its stdout (default: '${default}')."`
	Reference  string       `placeholder:"PATH" help:"A reference espresso binary (e.g. ESPRESSO 2.3 built outside the repository), measured alternately with ours."`
	Verifier   string       `placeholder:"PATH" help:"The espresso binary whose -Dverify checks the outputs (default: ours, when its -Dverify works)."`
	NoVerify   bool         `name:"no-verify" help:"Do not verify outputs."`
	Timeout    cli.Duration `placeholder:"D" default:"30s" help:"Time limit of each run (0: none; default: ${default})."`
	GenTimeout cli.Duration `name:"gen-timeout" placeholder:"D" default:"10m" help:"Time limit of each chess2pla run (0: none; default: ${default})."`
	Repeat     cli.Count    `placeholder:"N" default:"1" help:"Runs of each binary per input and condition; the medians are reported (default: ${default})."`
	Out        string       `short:"o" placeholder:"DIR" help:"Folder for the reports (default: docs/bench of the module, when run inside it)."`
	Paper      string       `placeholder:"DIR" help:"Folder of the paper's table3.csv, table4.csv and table5.csv (default: testdata/paper of the module)."`
	From       string       `placeholder:"DIR" help:"Do not run: rewrite the Markdown and SVG of --out from the results.csv and meta.json in DIR."`
	Keep       bool         `help:"Keep the work folder (generated PLAs and outputs)."`
	TableCSV   string       `name:"tablebase-csv" placeholder:"FILE" help:"The CSV of a 'tablebase build --csv' run: the report gains the tablebase beside the paper's Table 5 (with --from: default, the tablebase.csv of that folder, if any)."`
	Tablebase  string       `placeholder:"DIR" help:"The tables of that build (its --out): times a probe into each table of --tablebase-csv."`
	TBPieces   cli.Count    `name:"tablebase-pieces" placeholder:"N" default:"3" help:"Tablebase suite: build every table of 3 up to N pieces, 3 or 4 (default: ${default})."`
	TBBinary   string       `name:"tablebase-bin" placeholder:"PATH" help:"Tablebase suite: the tablebase binary (default: build ./cmd/tablebase, when run inside the module)."`
	Probes     cli.Count    `placeholder:"N" default:"65536" help:"Random legal positions probed per table with --tablebase (default: ${default})."`
}

// about is the description --help prints above the flags.
func about() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Runs espresso on the suites under each condition, measuring wall and CPU time, peak memory, "+
		"cubes and literals of the output cover, and verifying each output; writes %s, %s, %s and %s to --out.\n\n"+
		"Built-in conditions:\n\n", csvName, metaName, mdName, svgName)
	for _, c := range bench.BuiltinConditions() {
		fmt.Fprintf(&b, "  %-22s espresso %-22s %s\n", c.Name, c.ArgString(), c.About)
	}
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var opt options
	if status, ok := cli.Parse("bench", about(), &opt, args, stdout, stderr,
		kong.Vars{"chessargs": bench.DefaultChessArgs}); !ok {
		return status
	}
	if err := benchmark(opt, args, stderr); err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	return 0
}

// benchmark runs the benchmark opt describes (args: its command line, for the report).
func benchmark(opt options, args []string, stderr io.Writer) error {
	mod := findModule()
	if err := defaultFolders(&opt, mod); err != nil {
		return err
	}
	paper := loadPaper(opt.Paper, stderr)
	tables, err := tablebaseRows(opt)
	if err != nil {
		return err
	}
	if opt.From != "" {
		return regenerate(opt.From, opt.Out, paper, tables)
	}

	conditions, err := bench.ParseConditions(opt.Conditions, opt.Cond)
	if err != nil {
		return fmt.Errorf("--conditions: %w", err)
	}
	suiteList, cleanup, err := expandSuites(opt.Suite, mod)
	if err != nil {
		return err
	}
	defer cleanup()
	scratch, err := os.MkdirTemp("", "bench-suites-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	inputs, wantChess, wantTables, err := selectInputs(opt, suiteList, scratch)
	if err != nil {
		return err
	}
	if wantTables && tables != nil {
		return fmt.Errorf("--tablebase-csv: give it or the tablebase suite, not both")
	}
	if wantTables && (opt.TBPieces < 3 || opt.TBPieces > 4) {
		return fmt.Errorf("--tablebase-pieces: must be 3 or 4, not %d", opt.TBPieces)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	work, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	if opt.Keep {
		fmt.Fprintf(stderr, "bench: work folder %s\n", work)
	} else {
		defer os.RemoveAll(work)
	}

	meta := bench.DetectMachine(time.Now())
	meta.Command = commandLine(args)
	meta.Timeout = opt.Timeout.Std().String()
	meta.Repeat = int(opt.Repeat)
	meta.Conditions = conditions
	if mod != "" {
		meta.Commit = gitCommit(mod)
	}
	cfg, err := configure(ctx, opt, &meta, mod, work, wantChess, stderr)
	if err != nil {
		return err
	}

	results, runErr := bench.Run(ctx, cfg, inputs)
	if wantTables && runErr == nil {
		tables, runErr = buildTables(ctx, opt, mod, work, meta.Commit, stderr)
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "bench: stopped early (%v); reporting the runs done\n", runErr)
	}
	stop()
	if err := writeReports(opt.Out, meta, results, paper, tables); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "bench: wrote %s\n", filepath.Join(opt.Out, mdName))
	return runErr
}

// defaultFolders fills in --out and --paper from the module at mod (none when mod is "").
func defaultFolders(opt *options, mod string) error {
	if opt.Out == "" {
		if mod == "" {
			return fmt.Errorf("--out: give the folder for the reports (outside the module there is no docs/bench)")
		}
		opt.Out = filepath.Join(mod, "docs", "bench")
	}
	if opt.Paper == "" && mod != "" {
		opt.Paper = filepath.Join(mod, "testdata", "paper")
	}
	return nil
}

// loadPaper reads the paper's tables from dir; without them the report leaves them out,
// which it says on stderr.
func loadPaper(dir string, stderr io.Writer) *bench.Paper {
	if dir == "" {
		fmt.Fprintln(stderr, "bench: the paper's tables are left out (no --paper)")
		return nil
	}
	paper, err := bench.LoadPaper(dir)
	if err != nil {
		fmt.Fprintf(stderr, "bench: the paper's tables are left out: %v\n", err)
		return nil
	}
	return paper
}

// expandSuites returns the list of suites of --suite (startup,reference,chess when it is empty)
// with the reference suite replaced by the folder its PLAs are unpacked into, and the
// function that removes that folder.
func expandSuites(list, mod string) (string, func(), error) {
	if list == "" {
		list = "startup,reference,chess"
	}
	suites := strings.Split(list, ",")
	if !slices.Contains(suites, "reference") {
		return list, func() {}, nil
	}
	if mod == "" {
		return "", nil, fmt.Errorf("--suite: outside the module there is no reference suite; give a folder of PLAs")
	}
	dir, cleanup, err := referenceSuite(mod)
	if err != nil {
		return "", nil, fmt.Errorf("--suite: %w", err)
	}
	for i, s := range suites {
		if s == "reference" {
			suites[i] = dir
		}
	}
	return strings.Join(suites, ","), cleanup, nil
}

// configure returns the configuration of the runs: the binaries measured (built into work
// where none is given), the verifier and the settings of opt; it records in meta how each
// binary was obtained.
func configure(ctx context.Context, opt options, meta *bench.Meta, mod, work string, wantChess bool, stderr io.Writer) (bench.Config, error) {
	cfg := bench.Config{Reference: opt.Reference, ChessArgs: opt.ChessArgs, Conditions: meta.Conditions,
		Timeout: opt.Timeout.Std(), GenTimeout: opt.GenTimeout.Std(), Repeat: int(opt.Repeat),
		WorkDir: filepath.Join(work, "runs"), Keep: opt.Keep, Progress: stderr}
	var err error
	if cfg.Ours, meta.Ours, err = binary("--espresso", opt.Espresso, "./cmd/espresso", mod, work, meta.Commit, stderr); err != nil {
		return cfg, err
	}
	if opt.Reference != "" {
		if _, err := os.Stat(opt.Reference); err != nil {
			return cfg, fmt.Errorf("--reference: %w", err)
		}
		meta.Reference = "binary `" + filepath.Base(opt.Reference) + "` given with --reference" + banner(opt.Reference)
	}
	if wantChess {
		if cfg.Chess2PLA, _, err = binary("--chess2pla", opt.Chess2pla, "./cmd/chess2pla", mod, work, meta.Commit, stderr); err != nil {
			fmt.Fprintf(stderr, "bench: the chess suite will fail: %v\n", err)
			cfg.Chess2PLA = ""
		}
	}
	switch {
	case opt.NoVerify:
	case opt.Verifier != "":
		cfg.Verifier = opt.Verifier
		meta.Verifier = "`-Dverify` of the binary given with --verifier"
	case bench.ProbeVerify(ctx, cfg.Ours, work):
		cfg.Verifier = cfg.Ours
		meta.Verifier = "`-Dverify` of our espresso"
	default:
		fmt.Fprintln(stderr, "bench: our espresso has no working -Dverify: outputs are not verified (n/a)")
	}
	return cfg, nil
}

// tablebaseRows returns the tables of --tablebase-csv, with their probe times when
// --tablebase gives their folder; nil without --tablebase-csv.
func tablebaseRows(opt options) ([]bench.TableRow, error) {
	if opt.TableCSV == "" {
		if opt.Tablebase != "" {
			return nil, fmt.Errorf("--tablebase: give the build's --tablebase-csv too")
		}
		return nil, nil
	}
	rows, err := readTables(opt.TableCSV)
	if err != nil {
		return nil, fmt.Errorf("--tablebase-csv: %w", err)
	}
	if opt.Tablebase != "" {
		if err := probeTimes(opt.Tablebase, rows, int(opt.Probes)); err != nil {
			return nil, fmt.Errorf("--tablebase: %w", err)
		}
	}
	return rows, nil
}

// selectInputs lists the inputs of the suites in list (the start-up suite's PLA written
// into scratch), and whether the chess suite and
// the tablebase suite are among them.
func selectInputs(opt options, list, scratch string) (inputs []bench.Input, wantChess, wantTables bool, err error) {
	for _, s := range strings.Split(list, ",") {
		switch s = strings.TrimSpace(s); s {
		case "":
		case "tablebase":
			wantTables = true
		case bench.StartupSuite:
			ins, err := bench.WriteStartupSuite(filepath.Join(scratch, bench.StartupSuite))
			if err != nil {
				return nil, false, false, err
			}
			inputs = append(inputs, ins...)
		case "chess":
			wantChess = true
			ins, err := bench.ChessSuite(opt.Pieces, opt.Materials, opt.Canonical)
			if err != nil {
				return nil, false, false, fmt.Errorf("chess suite (--pieces, --materials): %w", err)
			}
			inputs = append(inputs, ins...)
		default:
			ins, err := bench.FolderSuite(s, opt.Match)
			if err != nil {
				return nil, false, false, fmt.Errorf("--suite: %w", err)
			}
			inputs = append(inputs, ins...)
		}
	}
	if len(inputs) == 0 && !wantTables {
		return nil, false, false, fmt.Errorf("--suite: no suite selected")
	}
	return inputs, wantChess, wantTables, nil
}

// binary returns the path of the binary given with flag, or builds pkg of the module mod
// into work when none is given, and how the report describes it.
func binary(flag, given, pkg, mod, work, commit string, stderr io.Writer) (path, desc string, err error) {
	if given != "" {
		if _, err := os.Stat(given); err != nil {
			return "", "", fmt.Errorf("%s: %w", flag, err)
		}
		return given, "binary given with " + flag, nil
	}
	if mod == "" {
		return "", "", fmt.Errorf("%s: give the binary (outside the module it cannot be built)", flag)
	}
	fmt.Fprintf(stderr, "bench: building %s\n", pkg)
	path, err = build(mod, pkg, filepath.Join(work, filepath.Base(pkg)))
	if err != nil {
		return "", "", err
	}
	return path, "`go build " + pkg + "` at commit " + orUnknown(commit), nil
}

// commandLine renders the bench command line for the report, with the paths of the
// binaries shortened to their base names.
func commandLine(args []string) string {
	parts := []string{"bench"}
	paths := map[string]bool{"--reference": true, "--espresso": true, "--chess2pla": true, "--verifier": true,
		"--tablebase-csv": true, "--tablebase": true, "--tablebase-bin": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if paths[a] && i+1 < len(args) {
			parts = append(parts, a, ".../"+filepath.Base(args[i+1]))
			i++
			continue
		}
		if name, v, ok := strings.Cut(a, "="); ok && paths[name] {
			a = name + "=.../" + filepath.Base(v)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
