package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

// fuzzModes are the command lines FuzzCommand runs a PLA through: every
// mode of the suite that reads one PLA, the paper's, the summaries
// -s, -t and -d, the debug traces of -v, the strategies of -S, the ranges
// of -r, and some pairs of options. -Dminterms, -Dmap and -Dmapdc, whose output grows with
// 2^inputs, run on PLAs of at most 10 inputs.
var fuzzModes = [][]string{
	{}, {"-efast"}, {"-estrong"}, {"-eness"}, {"-enirr"}, {"-enunwrap"},
	{"-eonset"}, {"-epos"}, {"-eeat"}, {"-eeatdots"}, {"-ekiss"}, {"-x"},
	{"-ofd"}, {"-ofr"}, {"-ofdr"}, {"-or"}, {"-opleasure"}, {"-oeqntott"},
	{"-okiss"}, {"-ocons"}, {"-Dexact"}, {"-Dqm"}, {"-Dsignature"},
	{"-Dso"}, {"-Dso_both"}, {"-Dso", "-S1"}, {"-Dsimplify"}, {"-Dprimes"},
	{"-Dessen"}, {"-Dexpand"}, {"-Dgasp"}, {"-Dsuper_gasp"}, {"-Dirred"},
	{"-Dmake_sparse"}, {"-Dreduce"}, {"-Dmany"}, {"-Dcheck"}, {"-Dcontain"},
	{"-Dd1merge"}, {"-Dd1merge_in"}, {"-Ddisjoint"}, {"-Decho"},
	{"-Dequiv"}, {"-Dfsm"}, {"-Dlexsort"}, {"-Dopo"}, {"-Dopoall"},
	{"-Dpair"}, {"-Dpairall"}, {"-Dseparate"}, {"-Dstats"}, {"-Dtaut"},
	{"-Dtest"}, {"-Dcompact"}, {"-ecompact"}, {"-ecompact", "-efast"},
	{"-s"}, {"-t"}, {"-d"}, {"-s", "-Dexact"}, {"-d", "-estrong"},
	{"-t", "-Dso_both"}, {"-Dminterms"}, {"-Dmap"}, {"-Dmapdc"},
	// Appended after the corpus was made: a corpus input's mode byte is
	// below 65, so each keeps its command line.
	{"-vexpand"}, {"-vexpand1"}, {"-virred"}, {"-virred1"}, {"-vreduce"},
	{"-vreduce1"}, {"-vessen"}, {"-vgasp", "-estrong"}, {"-vsparse"},
	{"-vcompl"}, {"-vtaut", "-Dtaut"}, {"-vmincov", "-Dexact"},
	{"-vmincov1", "-Dexact"}, {"-vsharp"}, {"-vexact", "-Dexact"},
	{"-erandom"}, {"-Dso_both", "-S1"}, {"-Dopo", "-S1"}, {"-Dopo", "-S2"},
	{"-Dopo", "-S4"}, {"-Dopoall", "-S1"}, {"-Dpair", "-S1"},
	{"-Dpair", "-S2"}, {"-Dpair", "-S3"}, {"-Dpairall", "-S1"},
	{"-Dpairall", "-S2"}, {"-Dopoall", "-r0-1"}, {"-Dminterms", "-r1-2"},
	{"-Dd1merge", "-r1-2"}, {"-Dmany", "-s"}, {"-epos", "-ofd"},
	{"-Dexact", "-ofr"}, {"-eonset", "-ofdr"}, {"-Dsimplify", "-opleasure"},
	{"-efast", "-eness"}, {"-enunwrap", "-enirr"}, {"-Dso", "-ocons"},
	{"-t", "-Dexact"}, {"-t", "-epos"}, {"-x", "-s"}, {"-s", "-Dpair"},
	{"-t", "-Dmany"}, {"-vmincov1", "-estrong"},
}

// readPrimesRE matches the counts of primes that -s, -t and -d print for
// the covers as read: where reading computed a cover as a complement, 2.3
// counts the flags of fresh cubes it never cleared, and successive runs
// print different numbers.
var readPrimesRE = regexp.MustCompile(`((?:COMPL|ON-set cost is|OFF-set cost is|DC-set cost is) .*c=[0-9]+)\([0-9]+\)`)

// phaseExactPrimesRE matches the counts of primes on the EXACT lines that
// -Dopo and -Dopoall with -S1 print after the exact minimization of each
// phase assignment: 2.3 counts flags there that it never set, and on one
// input a line printed c=4(3) in 41 of 60 runs and c=4(4) in 19, so that
// even ten runs of 2.3 often miss ours on one of several such lines.
var phaseExactPrimesRE = regexp.MustCompile(`(# EXACT\tTime was [^,]*, cost is c=[0-9]+)\([0-9]+\)`)

// fuzzTimeLimit is how long FuzzCommand waits for ours on one input
// (which it keeps small) before it reports the input.
const fuzzTimeLimit = 20 * time.Second

// isMintermMode reports whether arg is a command whose output grows with
// 2^inputs.
func isMintermMode(arg string) bool {
	return arg == "-Dminterms" || arg == "-Dmap" || arg == "-Dmapdc"
}

// isPaperOption reports whether arg is one of the paper's additions,
// which 2.3 does not have.
func isPaperOption(arg string) bool { return arg == "-Dcompact" || arg == "-ecompact" }

// refusals are the errors with which ours deliberately refuses an input
// that 2.3 accepts, each with the reason; FuzzCommand does not compare
// with the reference where ours stops with one of them.
var refusals = []struct {
	message *regexp.Regexp
	why     string
}{
	{regexp.MustCompile(`cube size is silly`), "a variable of no values (.o 0, .mv with a size 0): 2.3 lays out fields of no parts and reads and prints past them"},
	{regexp.MustCompile(`product term for a function without outputs`), "2.3 takes the bounds of the output variable from past the end of its arrays"},
	{regexp.MustCompile(`a phase \(-epos or \.phase\) for a function without outputs`), "2.3 prints the phase of the outputs from before the start of its arrays"},
	{regexp.MustCompile(`output phase assignment \(-Dopoall\) for a function without outputs`), "2.3 prints the phase of the outputs from before the start of its arrays"},
	{regexp.MustCompile(`one output at a time \(-Dopo -S2\) for a function without outputs`), "2.3 loops over a number of outputs read from before the start of its arrays"},
	{regexp.MustCompile(`for each output function: the cube has no output variable`), "-Dso and -Dso_both loop over the outputs of a variable that does not exist"},
	{regexp.MustCompile(`\.symbolic for a function without outputs`), "2.3 takes the first part of the output variable, which does not exist, from before the start of its arrays, and then stops with \"sf_join: sf_size mismatch\" or crashes"},
	{regexp.MustCompile(`syntax error in \.pair \(-`), "2.3 allocates a negative number of pairs and pairs the cube structure from them"},
	{regexp.MustCompile(`ON-set and OFF-set overlap outside the DC-set`), "no function has such an ON-set and OFF-set: 2.3 stops in EXPAND (\"not orthogonal\") and elsewhere minimizes against them anyway"},
	{regexp.MustCompile(`with \.kiss option, need at least three multiple-valued variables`), "2.3 merges binary variables into a cube structure whose binary part sizes are no longer 2"},
}

// FuzzCommand runs espresso, in process, on arbitrary bytes as a PLA in
// one of fuzzModes: whatever the input, the command must not panic.
// Inputs too large to run quickly are skipped: over 16 variables, 64
// parts, 40 cubes in a cover, or 4 PLAs in the stream.
//
// With ESPRESSO_REFERENCE naming an ESPRESSO 2.3 binary, each input also
// runs through it, and ours must print the same stdout (times aside, and
// the counts of primes of the covers read, readPrimesRE, and of the
// exact minimizations of -Dopo and -Dopoall, phaseExactPrimesRE) and
// end with the same exit status; stderr is not compared (our messages add
// file:line). Inputs are not compared where the reference crashes or takes
// over 5 s, where ours refuses them on purpose (refusals), where the
// paper's relaxed consistency applies (an OFF-set given that meets the
// DC-set), or in the paper's own modes. Run it as
//
//	ESPRESSO_REFERENCE=/path/to/espresso go test -fuzz FuzzCommand ./cmd/espresso
func FuzzCommand(f *testing.F) {
	for i, s := range []string{
		".i 3\n.o 2\n0-1 10\n1-0 -1\n11- 01\n.e\n",
		".type fr\n.i 3\n.o 1\n00- 1\n11- 0\n-01 1\n.e\n",
		".type fdr\n.i 2\n.o 2\n00 1-\n11 0-\n01 -1\n10 00\n",
		".mv 4 1 3 -2 2\n0 100 a 10\n1 010 b 01\n- 001 - 11\n",
		".i 3\n.o 1\n.phase 0\n0-1 1\n1-0 1\n",
		".i 4\n.o 3\n.pair 1 (1 2)\n0-1- 101\n1--0 011\n-11- 110\n",
		".i 2\n.o 1\n.symbolic 0 1 ; X Y ;\n00 1\n11 1\n",
		".i 3\n.o 1\n.p 2\n000 1\n111 -\n.e\n",
		".i 4\n.o 2\n.ilb a b c d\n.ob y z\n0--1 11\n-1-0 10\n1100 01\n.e\n",
	} {
		f.Add([]byte(s), uint8(i*7))
	}
	reference := referenceBinary(f)
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		if len(data) > 4096 {
			return
		}
		args := append([]string{"espresso"}, fuzzModes[int(mode)%len(fuzzModes)]...)
		small, relaxed, allBinary, outputs, inputs := readFuzz(data, slices.Contains(args, "-epos"))
		if !small {
			return
		}
		// -Dopoall minimizes once for each of 2^outputs phase
		// assignments, and -Dpairall once for each pairing of the inputs.
		if (slices.Contains(args, "-Dopoall") && outputs > 6) || (slices.Contains(args, "-Dpairall") && inputs > 8) ||
			slices.ContainsFunc(args, isMintermMode) && inputs > 10 {
			return
		}
		stdout, stderr, status := runWithin(t, "", args, data)
		if reference == "" || relaxed || slices.ContainsFunc(args, isPaperOption) {
			return
		}
		if why := refused(status, stderr); why != "" {
			t.Skipf("ours refuses the input: %s", why)
		}
		if overlappingPairCopy(data) {
			t.Skip(".pair word of 4 or more characters after '(': 2.3 strips the '(' with an overlapping strcpy")
		}
		if longDotWord(data) {
			t.Skip("a word of 256 or more characters on a line starting with '.': 2.3's get_word overflows its buffer")
		}
		if allBinary && slices.Contains(args, "-Dmap") {
			t.Skip("-Dmap with no outputs: 2.3 reads its second output space past the end of its minterm set")
		}
		defer func() {
			if t.Failed() {
				t.Logf("input:\n%q", data)
			}
		}()
		compareWithReference(t, reference, "", args, data, stdout, status)
	})
}

// referenceBinary returns the ESPRESSO 2.3 binary ESPRESSO_REFERENCE
// names, or "" if it is not set. A binary that cannot be run fails the
// test at once: runReference skips an input 2.3 cannot be run on (a crash,
// a time-out), so with a wrong path every input would pass unchecked.
func referenceBinary(tb testing.TB) string {
	ref := os.Getenv("ESPRESSO_REFERENCE")
	if ref == "" {
		return ""
	}
	path, err := exec.LookPath(ref)
	if err != nil {
		tb.Fatalf("ESPRESSO_REFERENCE: %v", err)
	}
	return path
}

// pairParenWordRE matches a "(" followed by 4 or more characters other
// than white space, somewhere after a .pair (over-broadly: the word may
// start before the "(", which then is not stripped).
var pairParenWordRE = regexp.MustCompile(`(?s)\.pair.*\([^\s]{4,}`)

// overlappingPairCopy reports whether 2.3's reading of data may depend on
// its C library: read_pla strips the '(' of a .pair word with strcpy(word,
// word+1), whose buffers overlap. glibc's strcpy on x86-64 copies such a
// string of 4 to 7 characters in two overlapping moves, the second reading
// what the first wrote: "(0A10" leaves "0100", "(in10" leaves "i100". On
// these inputs 2.3 reads another variable (or none) than the word names,
// and ours reads the word.
func overlappingPairCopy(data []byte) bool { return pairParenWordRE.Match(data) }

// longDotWord reports whether a line of data that starts with '.' holds a
// word of 256 or more characters. 2.3 reads the words of such lines with
// get_word, which copies a word of any length into read_pla's char
// word[256]: past that it writes over the other locals of the stack frame
// (on one input it printed an unknown command back with 'f' for its '.').
func longDotWord(data []byte) bool {
	for line := range bytes.Lines(data) {
		if line[0] != '.' {
			continue
		}
		for _, w := range bytes.Fields(line) {
			if len(w) >= 256 {
				return true
			}
		}
	}
	return false
}

// twoPLAModes are the commands FuzzTwoPLAs runs on two PLA files.
var twoPLAModes = []string{"-Dverify", "-DPLAverify", "-Dsharp", "-Ddsharp", "-Dintersect", "-Dunion", "-Dxor", "-vsharp -Dsharp"}

// FuzzTwoPLAs is FuzzCommand for the commands that read two PLA files:
// whatever the two files hold, the command must not panic, and with
// ESPRESSO_REFERENCE set it must print what 2.3 prints and end with its
// exit status. -Dverify of two files that both declare a DC- or OFF-set
// is the paper's partial-function check, which 2.3 does not make, and is
// not compared.
func FuzzTwoPLAs(f *testing.F) {
	for i, s := range [][2]string{
		{".i 3\n.o 2\n0-1 10\n1-0 -1\n11- 01\n.e\n", ".i 3\n.o 2\n0-1 10\n1-0 01\n.e\n"},
		{".i 2\n.o 1\n00 1\n11 1\n", ".i 2\n.o 1\n0- 1\n"},
		{".type fd\n.i 2\n.o 1\n00 1\n11 -\n", ".type fr\n.i 2\n.o 1\n00 1\n01 0\n10 0\n"},
		{".mv 3 1 3 2\n0 100 10\n1 011 01\n", ".mv 3 1 3 2\n- 111 11\n"},
	} {
		f.Add([]byte(s[0]), []byte(s[1]), uint8(i))
	}
	reference := referenceBinary(f)
	f.Fuzz(func(t *testing.T, a, b []byte, mode uint8) {
		if len(a) > 4096 || len(b) > 4096 {
			return
		}
		smallA, relaxedA, _, _, _ := readFuzz(a, false)
		smallB, relaxedB, _, _, _ := readFuzz(b, false)
		if !smallA || !smallB {
			return
		}
		dir := t.TempDir()
		for name, data := range map[string][]byte{"a.pla": a, "b.pla": b} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args := append(append([]string{"espresso"}, strings.Fields(twoPLAModes[int(mode)%len(twoPLAModes)])...), "a.pla", "b.pla")
		stdout, stderr, status := runWithin(t, dir, args, nil)
		if reference == "" || relaxedA || relaxedB || (args[1] == "-Dverify" && bothPartial(a, b)) {
			return
		}
		if why := refused(status, stderr); why != "" {
			t.Skipf("ours refuses the input: %s", why)
		}
		if overlappingPairCopy(a) || overlappingPairCopy(b) {
			t.Skip(".pair word of 4 or more characters after '(': 2.3 strips the '(' with an overlapping strcpy")
		}
		if longDotWord(a) || longDotWord(b) {
			t.Skip("a word of 256 or more characters on a line starting with '.': 2.3's get_word overflows its buffer")
		}
		defer func() {
			if t.Failed() {
				t.Logf("a.pla:\n%q\nb.pla:\n%q", a, b)
			}
		}()
		compareWithReference(t, reference, dir, args, nil, stdout, status)
	})
}

// bothPartial reports whether the first PLA of a and of b both declare a
// DC- or OFF-set, which makes -Dverify the paper's partial-function check.
// b is read as the command reads it, with a's cube structure, which a PLA
// that gives no .i and .o of its own takes.
func bothPartial(a, b []byte) bool {
	read := func(data []byte, prev *cover.Cube) *pla.PLA {
		p, err := pla.NewReader(bytes.NewReader(data), "fuzz", io.Discard, io.Discard).
			Read(pla.ReadOptions{Type: pla.FD, MaxMaskBits: 1 << 12, Cube: prev})
		if err != nil {
			return nil
		}
		return p
	}
	pa := read(a, nil)
	if pa == nil || !explicitDCOrOffset(pa) {
		return false
	}
	pb := read(b, pa.Cube)
	return pb != nil && explicitDCOrOffset(pb)
}

// runWithin runs ours in process (in dir, with stdin) and returns what it
// printed and its exit status; it fails the test when ours takes longer
// than fuzzTimeLimit.
func runWithin(t *testing.T, dir string, args []string, stdin []byte) (stdout, stderr []byte, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- runIn(dir, args, bytes.NewReader(stdin), &out, &errb) }()
	select {
	case status = <-done:
	case <-time.After(fuzzTimeLimit):
		t.Fatalf("espresso %s: no answer in %v\nstdin:\n%q", strings.Join(args[1:], " "), fuzzTimeLimit, stdin)
	}
	return out.Bytes(), errb.Bytes(), status
}

// refused returns why ours refused the input on purpose (see refusals),
// or "".
func refused(status int, stderr []byte) string {
	if status != 0 {
		for _, r := range refusals {
			if r.message.Match(stderr) {
				return r.why
			}
		}
	}
	return ""
}

// compareWithReference runs the reference with args (in dir, with stdin)
// and reports where its stdout, times and the counts of primes of the
// covers read aside, or exit status differs from ours; a reference that
// crashes or takes over 5 s skips the test. Where the stdout differs, the
// reference runs up to referenceReruns times more: if its own outputs
// differ (2.3 reads flags it never cleared in other places too), an output
// of ours that is one of them passes, and so does one of the same number
// of lines each of which is that line in one of 2.3's runs: lines that
// vary independently (the prime counts after each of -Dopoall -S1's exact
// minimizations) seldom all come out as ours in one run. In -Ddisjoint,
// -Dsharp (also with -vsharp, whose trace before the PLA must be equal) and
// -Ddsharp, where 2.3 orders the cubes, and drops those it finds
// contained, by SIZE fields it never set (what freed memory held), ours
// passes when it prints the same lines in another order, or the same
// function (for -Ddisjoint in pairwise disjoint cubes, as in TestGolden).
func compareWithReference(t *testing.T, reference, dir string, args []string, stdin, stdout []byte, status int) {
	t.Helper()
	phases := slices.Contains(args, "-Dopo") || slices.Contains(args, "-Dopoall")
	normalize := func(b []byte) string {
		b = readPrimesRE.ReplaceAll(normalizeTimes(b), []byte("$1(#)"))
		if phases {
			b = phaseExactPrimesRE.ReplaceAll(b, []byte("$1(#)"))
		}
		return string(b)
	}
	want, refStatus, refErr := runReference(t, reference, dir, args, stdin)
	ours := normalize(stdout)
	if d := cmp.Diff(normalize(want), ours); d != "" {
		flags := slices.DeleteFunc(slices.Clone(args[1:]), func(a string) bool { return strings.HasSuffix(a, ".pla") })
		switch cmd := strings.Join(flags, " "); cmd {
		case "-Ddisjoint", "-Dsharp", "-Ddsharp", "-vsharp -Dsharp":
			wantEcho, wantPLA := splitEcho(want)
			oursEcho, oursPLA := splitEcho(stdout)
			if bytes.Equal(wantEcho, oursEcho) && (sameLinesReordered(wantPLA, oursPLA) ||
				sameFunction(t, wantPLA, oursPLA) && (cmd != "-Ddisjoint" || pairwiseDisjoint(t, oursPLA))) {
				t.Skipf("%s: 2.3 orders and prunes sharp's cubes by SIZE fields it never set (see cover/sharp.go), and ours is the same function", cmd)
			}
		}
		runs := []string{normalize(want)}
		for range referenceReruns {
			again, _, _ := runReference(t, reference, dir, args, stdin)
			if normalize(again) == ours {
				t.Skip("2.3's output varies from run to run, and ours is one of its outputs")
			}
			runs = append(runs, normalize(again))
		}
		if lineByLineOneOf(ours, runs) {
			t.Skip("2.3's output varies from run to run, and each line of ours is that line in one of its runs")
		}
		if slices.ContainsFunc(runs, func(r string) bool { return r != runs[0] }) {
			t.Logf("2.3's output varies from run to run")
		}
		t.Errorf("espresso %s: stdout differs from the reference (-reference +ours):\n%s", strings.Join(args[1:], " "), d)
	}
	if status != refStatus {
		t.Errorf("espresso %s: exit status %d, reference %d\nreference's stderr: %s", strings.Join(args[1:], " "), status, refStatus, refErr)
	}
}

// sameLinesReordered reports whether a and b hold the same lines, each
// as many times, in any order. Where sharp's cubes are ordered by SIZE
// fields 2.3 never set, that is ours and 2.3's printing the same cubes,
// void ones included (which -Dverify, 2.3's and ours, finds covered by
// nothing, so that a PLA holding one does not compare equal to itself).
func sameLinesReordered(a, b []byte) bool {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	slices.Sort(la)
	slices.Sort(lb)
	return slices.Equal(la, lb)
}

// splitEcho splits a printed PLA before its first line starting with
// ".i ". What comes before it is not part of the PLA: 2.3 echoes the rest
// of an input line it ignores with a warning (a cube followed by
// something it cannot read) to stdout as it reads, and so do we.
func splitEcho(out []byte) (echo, plaText []byte) {
	if bytes.HasPrefix(out, []byte(".i ")) {
		return nil, out
	}
	if i := bytes.Index(out, []byte("\n.i ")); i >= 0 {
		return out[:i+1], out[i+1:]
	}
	return nil, out
}

// referenceReruns is how many more times compareWithReference runs the
// reference where its stdout differs from ours. The prime counts -Dopoall
// -S1 prints after each exact minimization vary between 2.3's runs (3 of
// 5 runs printed one count, 2 another, on one input), so three reruns
// sometimes miss the other. The prime count of -s's "exact" line, which
// counts the cubes flagged prime, varies too: on one input 2.3 printed
// c=3(1) in 17 of 60 runs, c=3(2) in 28 and c=3(3), ours, in 15, and nine
// reruns missed it.
const referenceReruns = 29

// Under -Dopo and -Dopoall 2.3 also chooses among minimum covers by flags
// it never set, so the literal counts on its EXACT lines vary together: on
// one input, 16 of 30 runs printed a set of counts other than ours (mv=4
// on three lines where ours has mv=2), and none of 10 reruns happened to
// print ours.

// lineByLineOneOf reports whether out has as many lines as each of runs,
// and each of its lines is the same line of one of runs.
func lineByLineOneOf(out string, runs []string) bool {
	lines := strings.Split(out, "\n")
	var each [][]string
	for _, r := range runs {
		rl := strings.Split(r, "\n")
		if len(rl) != len(lines) {
			return false
		}
		each = append(each, rl)
	}
	for i, l := range lines {
		if !slices.ContainsFunc(each, func(rl []string) bool { return rl[i] == l }) {
			return false
		}
	}
	return true
}

// runReference runs the reference with args (in dir, with stdin) and
// returns its stdout, exit status and stderr; a reference that crashes or
// takes over 5 s skips the test.
func runReference(t *testing.T, reference, dir string, args []string, stdin []byte) (stdout []byte, status int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, reference, args[1:]...)
	cmd.Args[0] = "espresso" // 2.3 names itself by argv[0] in messages
	cmd.Dir = dir
	dieWithParent(cmd)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) || !ee.Exited() {
			t.Skipf("reference: %v", err) // crashed or timed out
		}
		status = ee.ExitCode()
	}
	return out.Bytes(), status, errb.String()
}

// readFuzz reads the PLAs of data as the command would, with pos for
// -epos. small reports
// whether each is small enough for FuzzCommand (data that does not read
// is small: the command stops at the error too); outputs and inputs are
// the most any of them has; relaxed, whether one
// gives an OFF-set that meets its DC-set, where the paper's relaxed
// consistency blocks with R − D and 2.3 with all of R (2.3's -Dcheck
// calls such a PLA inconsistent). The OFF-set checked is the one the
// reader leaves: under -epos the ON-set the file gives, and under .phase
// the ON-set for the outputs it complements.
//
// allBinary reports whether one of them has no multiple-valued variable
// (no outputs: `.mv N N`), where 2.3's map reads its second output space
// past the end of its set of minterms.
func readFuzz(data []byte, pos bool) (small, relaxed, allBinary bool, outputs, inputs int) {
	rd := pla.NewReader(bytes.NewReader(data), "fuzz", io.Discard, io.Discard)
	for n := 0; ; n++ {
		p, err := rd.Read(pla.ReadOptions{Type: pla.FD, NeedsDCSet: true, NeedsOffset: true, MaxMaskBits: 1 << 12, Pos: pos})
		if err != nil {
			// Past MaxMaskBits the command would read the PLA (and 2.3,
			// past 32 736 parts, mangles its sets: their word count has
			// 10 bits); any other error stops the command too.
			return !strings.Contains(err.Error(), "more than"), relaxed, allBinary, outputs, inputs
		}
		if n >= 4 || p.Cube.NumVars > 16 || p.Cube.Size > 64 {
			return false, relaxed, allBinary, outputs, inputs
		}
		if count(p.F) > 40 || count(p.D) > 40 || count(p.R) > 40 {
			return false, relaxed, allBinary, outputs, inputs
		}
		allBinary = allBinary || p.Cube.NumVars == p.Cube.NumBinaryVars
		if o := p.Cube.Output; o >= 0 {
			outputs = max(outputs, p.Cube.PartSize[o])
		}
		inputs = max(inputs, p.Cube.NumBinaryVars)
		if p.Type&pla.R != 0 && p.R != nil && p.D != nil && verify.Overlaps(p.Cube, p.R, p.D) {
			relaxed = true
		}
	}
}

func count(c *cover.Cover) int {
	if c == nil {
		return 0
	}
	return c.Count
}
