// Command bench measures the espresso command (and optionally a reference
// binary, run alternately with it) on benchmark suites under the paper's
// processing conditions, and writes a CSV, a Markdown report beside the
// paper's Tables 3-5, and an SVG plot of time against cubes.
//
// Usage (from the repository root):
//
//	go run ./cmd/bench [flags]
//
// Run with -h for the flags.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/espresso-go/espresso/bench"
)

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// Output file names inside --out.
const (
	csvName  = "results.csv"
	metaName = "meta.json"
	mdName   = "report.md"
	svgName  = "time-vs-cubes.svg"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./cmd/bench [flags]\n\n"+
			"Runs espresso on the suites under each condition, measuring wall and CPU time, peak memory,\n"+
			"cubes and literals of F, and verifying each output; writes %s, %s, %s and %s to --out.\n\n"+
			"Built-in conditions:\n", csvName, metaName, mdName, svgName)
		for _, c := range bench.BuiltinConditions() {
			fmt.Fprintf(fs.Output(), "  %-22s espresso %-22s %s\n", c.Name, c.ArgString(), c.About)
		}
		fmt.Fprintf(fs.Output(), "\nFlags:\n")
		fs.PrintDefaults()
	}
	root := repoRoot()
	var (
		suites     = fs.String("suite", "", "comma-separated suites: folders of PLA files and/or 'chess' (default: the reference suite ../shared/espresso-suite/pla and chess)")
		match      = fs.String("match", "", "comma-separated shell patterns: only the PLA files of folder suites whose names match")
		conds      = fs.String("conditions", "all", "comma-separated built-in conditions, or 'all'")
		custom     stringList
		pieces     = fs.String("pieces", "2,3", "chess suite: numbers of pieces, e.g. 3, 2,3 or 2-4")
		materials  = fs.String("materials", "", "chess suite: comma-separated materials (e.g. KQk,KRk) instead of --pieces")
		canonical  = fs.String("canonical", "both", "chess suite: tables with --canonical (yes), without (no) or both")
		espresso   = fs.String("espresso", "", "our espresso binary (default: build ./cmd/espresso from the repository)")
		chess2pla  = fs.String("chess2pla", "", "the chess2pla binary (default: build ./cmd/chess2pla from the repository)")
		chessArgs  = fs.String("chess-args", bench.DefaultChessArgs, "arguments of chess2pla; {material} and {canonical} are replaced; the PLA is read from its stdout")
		reference  = fs.String("reference", "", "a reference espresso binary (e.g. ESPRESSO 2.3 built outside the repository), measured alternately with ours")
		verifier   = fs.String("verifier", "", "espresso binary whose -Dverify checks the outputs (default: ours, when its -Dverify works)")
		noVerify   = fs.Bool("no-verify", false, "do not verify outputs")
		timeout    = fs.Duration("timeout", 30*time.Second, "time limit of each run (0: none)")
		genTimeout = fs.Duration("gen-timeout", 10*time.Minute, "time limit of each chess2pla run (0: none)")
		repeat     = fs.Int("repeat", 1, "runs of each binary per input and condition; the medians are reported")
		outDir     = fs.String("out", filepath.Join(root, "docs", "bench"), "folder for the reports")
		paperDir   = fs.String("paper", filepath.Join(root, "..", "shared", "paper"), "folder of the paper's table3.csv, table4.csv and table5.csv")
		fromDir    = fs.String("from", "", "do not run: regenerate the Markdown and SVG of --out from the "+csvName+" and "+metaName+" in this folder")
		keep       = fs.Bool("keep", false, "keep the work folder (generated PLAs and outputs)")
	)
	fs.Var(&custom, "cond", "an extra condition name=ARGS, e.g. 'strong=-estrong' (repeatable)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (see -h)", fs.Arg(0))
	}
	paper, perr := bench.LoadPaper(*paperDir)
	if perr != nil {
		fmt.Fprintf(os.Stderr, "bench: the paper's tables are left out: %v\n", perr)
	}
	if *fromDir != "" {
		return regenerate(*fromDir, *outDir, paper)
	}

	conditions, err := bench.ParseConditions(*conds, custom)
	if err != nil {
		return err
	}
	var inputs []bench.Input
	suiteList := *suites
	if suiteList == "" {
		suiteList = filepath.Join(root, "..", "shared", "espresso-suite", "pla") + ",chess"
	}
	wantChess := false
	for _, s := range strings.Split(suiteList, ",") {
		s = strings.TrimSpace(s)
		switch s {
		case "":
		case "chess":
			wantChess = true
			ins, err := bench.ChessSuite(*pieces, *materials, *canonical)
			if err != nil {
				return err
			}
			inputs = append(inputs, ins...)
		default:
			ins, err := bench.FolderSuite(s, *match)
			if err != nil {
				return err
			}
			inputs = append(inputs, ins...)
		}
	}
	if len(inputs) == 0 {
		return fmt.Errorf("no suite selected")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	work, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Fprintf(os.Stderr, "bench: work folder %s\n", work)
	} else {
		defer os.RemoveAll(work)
	}

	meta := bench.DetectMachine(time.Now())
	meta.Command = commandLine(args)
	meta.Timeout = timeout.String()
	meta.Repeat = *repeat
	meta.Conditions = conditions
	meta.Commit = gitCommit(root)

	cfg := bench.Config{Reference: *reference, ChessArgs: *chessArgs, Conditions: conditions,
		Timeout: *timeout, GenTimeout: *genTimeout, Repeat: *repeat, WorkDir: filepath.Join(work, "runs"), Keep: *keep,
		Progress: os.Stderr}
	cfg.Ours = *espresso
	meta.Ours = "espresso binary given with --espresso"
	if cfg.Ours == "" {
		fmt.Fprintln(os.Stderr, "bench: building ./cmd/espresso")
		if cfg.Ours, err = build(root, "./cmd/espresso", filepath.Join(work, "espresso")); err != nil {
			return err
		}
		meta.Ours = "`go build ./cmd/espresso` at commit " + orUnknown(meta.Commit)
	}
	if *reference != "" {
		if _, err := os.Stat(*reference); err != nil {
			return fmt.Errorf("--reference: %w", err)
		}
		meta.Reference = "binary `" + filepath.Base(*reference) + "` given with --reference" + banner(*reference)
	}
	if wantChess {
		cfg.Chess2PLA = *chess2pla
		if cfg.Chess2PLA == "" {
			fmt.Fprintln(os.Stderr, "bench: building ./cmd/chess2pla")
			if cfg.Chess2PLA, err = build(root, "./cmd/chess2pla", filepath.Join(work, "chess2pla")); err != nil {
				fmt.Fprintf(os.Stderr, "bench: the chess suite will fail: %v\n", err)
				cfg.Chess2PLA = ""
			}
		}
	}
	switch {
	case *noVerify:
	case *verifier != "":
		cfg.Verifier = *verifier
		meta.Verifier = "`-Dverify` of the binary given with --verifier"
	case bench.ProbeVerify(ctx, cfg.Ours, work):
		cfg.Verifier = cfg.Ours
		meta.Verifier = "`-Dverify` of our espresso"
	default:
		fmt.Fprintln(os.Stderr, "bench: our espresso has no working -Dverify yet: outputs are not verified (n/a)")
	}
	if cfg.Verifier == "" {
		meta.Verifier = ""
	}

	results, runErr := bench.Run(ctx, cfg, inputs)
	if runErr != nil {
		fmt.Fprintf(os.Stderr, "bench: stopped early (%v); reporting the runs done\n", runErr)
	}
	if err := writeReports(*outDir, meta, results, paper); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: wrote %s\n", filepath.Join(*outDir, mdName))
	return runErr
}

// writeReports writes the CSV, the metadata, the Markdown and the SVG into dir.
func writeReports(dir string, meta bench.Meta, results []bench.Result, paper *bench.Paper) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, csvName), func(f *os.File) error { return bench.WriteCSV(f, results) }); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, metaName), func(f *os.File) error {
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(meta)
	}); err != nil {
		return err
	}
	return writeViews(dir, meta, results, paper)
}

// writeViews writes the Markdown report and the SVG plot into dir.
func writeViews(dir string, meta bench.Meta, results []bench.Result, paper *bench.Paper) error {
	if err := writeFile(filepath.Join(dir, svgName), func(f *os.File) error {
		return bench.WriteSVG(f, "espresso-go: wall time against cubes in F", bench.PlotPoints(results, paper))
	}); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, mdName), func(f *os.File) error {
		return bench.WriteMarkdown(f, meta, results, paper, svgName)
	})
}

// regenerate rewrites the Markdown and SVG of outDir from the CSV and
// metadata in from.
func regenerate(from, outDir string, paper *bench.Paper) error {
	f, err := os.Open(filepath.Join(from, csvName))
	if err != nil {
		return err
	}
	defer f.Close()
	results, err := bench.ReadCSV(f, f.Name())
	if err != nil {
		return err
	}
	var meta bench.Meta
	b, err := os.ReadFile(filepath.Join(from, metaName))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return fmt.Errorf("%s: %w", metaName, err)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return writeViews(outDir, meta, results, paper)
}

func writeFile(path string, write func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// repoRoot finds the repository root: the nearest folder upwards from the
// working directory with a go.mod, or the working directory.
func repoRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := wd; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return wd
		}
		d = parent
	}
}

// build runs go build for pkg in root, writing the binary to out.
func build(root, pkg, out string) (string, error) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v: %s", pkg, err, strings.TrimSpace(string(msg)))
	}
	return out, nil
}

// gitCommit returns the short commit of root, with "-dirty" when the work
// tree has changes, or "" outside git.
func gitCommit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		c += "-dirty"
	}
	return c
}

// banner returns ", which says \"...\"" with the version line a binary
// prints when given a bad option (as ESPRESSO 2.3 does), or "".
func banner(bin string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, bin, "-h").CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "Version") {
			return " (" + strings.TrimSpace(line) + ")"
		}
	}
	return ""
}

// commandLine renders the bench command line for the report, with the path
// of --reference shortened to its base name.
func commandLine(args []string) string {
	parts := []string{"go run ./cmd/bench"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if (a == "--reference" || a == "-reference") && i+1 < len(args) {
			parts = append(parts, a, ".../"+filepath.Base(args[i+1]))
			i++
			continue
		}
		if v, ok := strings.CutPrefix(a, "--reference="); ok {
			a = "--reference=.../" + filepath.Base(v)
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
