package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Condition is one way of running espresso: a name and the arguments put
// before the PLA file on its command line.
type Condition struct {
	Name  string
	Args  []string
	About string // what it does, in the paper's words where it has them
}

// ArgString is the condition's arguments as one command-line string.
func (c Condition) ArgString() string { return strings.Join(c.Args, " ") }

// BuiltinConditions returns the paper's processing conditions, in the order
// of its Tables 3 and 4.
func BuiltinConditions() []Condition {
	return []Condition{
		{"compact", []string{"-Dcompact"}, "compaction"},
		{"compact_expand", []string{"-ecompact", "-Dexpand"}, "compaction, then just expansion"},
		{"compact_expand_irred", []string{"-ecompact", "-efast"}, "compaction, expansion, then irredundancy"},
		{"compact_espresso", []string{"-ecompact"}, "compaction, then full ESPRESSO"},
		{"espresso", nil, "full ESPRESSO"},
		{"expand", []string{"-Dexpand"}, "just expansion"},
	}
}

// ParseConditions selects conditions from a comma-separated list of built-in
// names ("all" for every one) and adds the custom ones, each given as
// "name=ARGS" (ARGS split at blanks, e.g. "strong=-estrong -t").
func ParseConditions(names string, custom []string) ([]Condition, error) {
	builtin := BuiltinConditions()
	var out []Condition
	seen := map[string]bool{}
	addc := func(c Condition) error {
		if seen[c.Name] {
			return fmt.Errorf("condition %q given twice", c.Name)
		}
		seen[c.Name] = true
		out = append(out, c)
		return nil
	}
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		switch n {
		case "":
			continue
		case "all":
			for _, c := range builtin {
				if err := addc(c); err != nil {
					return nil, err
				}
			}
			continue
		}
		found := false
		for _, c := range builtin {
			if c.Name == n {
				if err := addc(c); err != nil {
					return nil, err
				}
				found = true
			}
		}
		if !found {
			var known []string
			for _, c := range builtin {
				known = append(known, c.Name)
			}
			return nil, fmt.Errorf("unknown condition %q (built in: %s, all; or use name=ARGS)", n, strings.Join(known, ", "))
		}
	}
	for _, s := range custom {
		name, args, ok := strings.Cut(s, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " ,\t") {
			return nil, fmt.Errorf("bad condition %q: want name=ARGS, e.g. strong=-estrong", s)
		}
		if err := addc(Condition{Name: name, Args: strings.Fields(args), About: "espresso " + strings.TrimSpace(args)}); err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no condition selected")
	}
	return out, nil
}

// Input is one PLA a suite benchmarks.
type Input struct {
	Suite string // the suite's name: the folder's base name, or "chess"
	Name  string // the PLA's name within the suite
	Path  string // the PLA file; for chess, empty until generated
	// Material and Canonical say which table a chess input is.
	Material  string
	Canonical bool
	// Repeat, when more than Config.Repeat, is how many times each binary
	// runs the input (the start-up suite's PLA runs StartupRepeat times).
	Repeat int
}

// FolderSuite lists the regular files of dir, sorted by name, as inputs.
// When patterns is not empty only the names matching one of its
// comma-separated shell patterns (filepath.Match) are kept.
func FolderSuite(dir, patterns string) ([]Input, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("suite folder: %w", err)
	}
	var pats []string
	for _, p := range strings.Split(patterns, ",") {
		if p = strings.TrimSpace(p); p != "" {
			if _, err := filepath.Match(p, ""); err != nil {
				return nil, fmt.Errorf("bad pattern %q: %w", p, err)
			}
			pats = append(pats, p)
		}
	}
	suite := filepath.Base(filepath.Clean(dir))
	if suite == "pla" { // .../espresso-suite/pla: name it after the suite
		suite = filepath.Base(filepath.Dir(filepath.Clean(dir)))
	}
	var ins []Input
	for _, e := range entries {
		if !e.Type().IsRegular() || !matchAny(pats, e.Name()) {
			continue
		}
		ins = append(ins, Input{Suite: suite, Name: e.Name(), Path: filepath.Join(dir, e.Name())})
	}
	sort.Slice(ins, func(i, j int) bool { return ins[i].Name < ins[j].Name })
	if len(ins) == 0 {
		return nil, fmt.Errorf("suite folder %s: no PLA file matches", dir)
	}
	return ins, nil
}

func matchAny(pats []string, name string) bool {
	if len(pats) == 0 {
		return true
	}
	for _, p := range pats {
		if ok, _ := filepath.Match(p, name); ok {
			return true
		}
	}
	return false
}

// ChessMaterials lists the materials of the paper's tables by number of
// pieces (kings included): 2 (Table 3), 3 (Table 3) and 4 (Table 4).
func ChessMaterials(pieces int) []string {
	switch pieces {
	case 2:
		return []string{"Kk"}
	case 3:
		return []string{"KQk", "KRk", "KBk", "KNk", "KPk"}
	case 4:
		return []string{"KQQk", "KQRk", "KQBk", "KQNk", "KQPk", "KRRk", "KRBk", "KRNk", "KRPk",
			"KBBk", "KBNk", "KBPk", "KNNk", "KNPk", "KPPk", "KQkq", "KQkr", "KQkb", "KQkn",
			"KQkp", "KRkr", "KRkb", "KRkn", "KRkp", "KBkb", "KBkn", "KBkp", "KNkn", "KNkp", "KPkp"}
	}
	return nil
}

// ChessSuite lists the chess tables to generate: every material with the
// given numbers of pieces ("2,3", "3", "2-4"), or the comma-separated
// materials of only when it is not empty; canon is "both", "yes" or "no"
// (with, without or both with and without --canonical).
func ChessSuite(pieces, only, canon string) ([]Input, error) {
	var modes []bool
	switch canon {
	case "both":
		modes = []bool{false, true}
	case "no":
		modes = []bool{false}
	case "yes":
		modes = []bool{true}
	default:
		return nil, fmt.Errorf("bad canonical choice %q: want both, yes or no", canon)
	}
	var mats []string
	if strings.TrimSpace(only) != "" {
		for _, m := range strings.Split(only, ",") {
			if m = strings.TrimSpace(m); m != "" {
				mats = append(mats, m)
			}
		}
	} else {
		ns, err := parsePieces(pieces)
		if err != nil {
			return nil, err
		}
		for _, n := range ns {
			mats = append(mats, ChessMaterials(n)...)
		}
	}
	var ins []Input
	for _, m := range mats {
		for _, c := range modes {
			name := m
			if c {
				name += "-canonical"
			}
			ins = append(ins, Input{Suite: "chess", Name: name, Material: m, Canonical: c})
		}
	}
	if len(ins) == 0 {
		return nil, fmt.Errorf("chess suite: no material selected")
	}
	return ins, nil
}

// parsePieces parses "3", "2,3" or "2-4" into piece counts between 2 and 4.
func parsePieces(s string) ([]int, error) {
	var ns []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 2 || b > 4 || a > b {
			return nil, fmt.Errorf("bad --pieces %q: want numbers from 2 to 4, e.g. 3, 2,3 or 2-4", s)
		}
		for n := a; n <= b; n++ {
			ns = append(ns, n)
		}
	}
	if len(ns) == 0 {
		return nil, fmt.Errorf("bad --pieces %q: empty", s)
	}
	return ns, nil
}
