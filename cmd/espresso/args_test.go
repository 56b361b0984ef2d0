package main

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/pla"
)

const smallPLA = "# a comment\n.i 3\n.o 2\n.foo\n0-1 10\n1-0 -1\n11- 11\n.e\n"

func runString(args []string, stdin string) (string, string, int) {
	var out, errb bytes.Buffer
	st := run(append([]string{"espresso"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), st
}

// TestSpellings: every spelling getopt("D:S:de:o:r:stv:x") and 2.3's
// backward_compatibility_hack accept for the same request gives the same
// output as the canonical one.
func TestSpellings(t *testing.T) {
	tests := []struct {
		canonical []string
		others    [][]string
	}{
		{[]string{"-Decho", "-ofd"}, [][]string{
			{"-D", "echo", "-o", "fd"}, {"-ofd", "-Decho"}, {"-do", "echo", "-out", "fd"},
			{"-Decho", "-ofd", "-"}, {"-Decho", "-ofd", "--", "-"}, {"-", "-Decho", "-ofd"},
		}},
		{[]string{"-Decho", "-eeat"}, [][]string{{"-Decho", "-e", "eat"}, {"-Decho", "-eat"}}},
		{[]string{"-Decho", "-eeatdots"}, [][]string{{"-eatdots", "-Decho"}}},
		{[]string{"-Dd1merge", "-r1-2"}, [][]string{{"-Dd1merge", "-r", "1-2"}}},
		{[]string{"-Dstats"}, [][]string{{"-D", "stats", "-S1"}, {"-S", "1", "-Dstats"}}},
		{[]string{"-Decho", "-x"}, [][]string{{"-xDecho"}, {"-x", "-D", "echo"}}},
	}
	for _, tt := range tests {
		want, _, wst := runString(tt.canonical, smallPLA)
		for _, o := range tt.others {
			got, errs, st := runString(o, smallPLA)
			if got != want || st != wst {
				t.Errorf("espresso %v: exit %d, output\n%s%s\nwant (as %v) exit %d\n%s", o, st, got, errs, tt.canonical, wst, want)
			}
		}
	}
}

// TestCommandLineErrors: 2.3's messages (main.c's fprintf formats, with
// argv[0]) and exit status 1 for bad arguments; getopt's complaints are
// followed by the usage message on stdout.
func TestCommandLineErrors(t *testing.T) {
	tests := []struct {
		args      []string
		stderr    string
		usage     bool
		stdinUsed bool
	}{
		{[]string{"-Dfoo"}, "espresso: bad subcommand \"foo\"\n", false, false},
		{[]string{"-ofoo"}, "espresso: bad output type \"foo\"\n", false, false},
		{[]string{"-efoo"}, "espresso: bad espresso option \"foo\"\n", false, false},
		{[]string{"-vfoo"}, "espresso: bad debug type \"foo\"\n", false, false},
		{[]string{"-r1"}, "espresso: bad output range \"1\"\n", false, false},
		{[]string{"-do", "foo", "x"}, "espresso: bad keyword \"foo\" following -do\n", false, false},
		{[]string{"-out", "foo", "x"}, "espresso: bad keyword \"foo\" following -out\n", false, false},
		{[]string{"-z"}, "espresso: invalid option -- 'z'\n" + helpHint + "\n", true, false},
		{[]string{"-D"}, "espresso: option requires an argument -- 'D'\n" + helpHint + "\n", true, false},
		{[]string{"/nonexistent/file"}, "espresso: Unable to open /nonexistent/file\n", false, false},
		{[]string{"-Decho"}, "espresso: Unable to find PLA on file (stdin)\n", false, true},
		{[]string{"-Decho", "a", "b"}, "espresso: trailing arguments on command line\n", false, false},
		// The long options are ours, not 2.3's.
		{[]string{"-h"}, "espresso: invalid option -- 'h'\n" + helpHint + "\n", true, false},
		{[]string{"--bogus"}, "espresso: unknown option --bogus\n" + helpHint + "\n", false, false},
		{[]string{"--help=yes"}, "espresso: unknown option --help=yes\n" + helpHint + "\n", false, false},
		{[]string{"--profile"}, "espresso: --profile needs a kind: cpu, mem or block\n", false, false},
		{[]string{"--profile=", "x"}, "espresso: --profile needs a kind: cpu, mem or block\n", false, false},
		{[]string{"--profile=wall", "x"}, "espresso: bad profile kind \"wall\" (want cpu, mem or block)\n", false, false},
		{[]string{"--profile", "wall", "x"}, "espresso: bad profile kind \"wall\" (want cpu, mem or block)\n", false, false},
	}
	for _, tt := range tests {
		out, errs, st := runString(tt.args, "")
		if st != 1 || errs != tt.stderr {
			t.Errorf("espresso %v: exit %d, stderr %q; want 1, %q", tt.args, st, errs, tt.stderr)
		}
		if hasUsage := strings.HasPrefix(out, version+"\n\nSYNOPSIS"); hasUsage != tt.usage {
			t.Errorf("espresso %v: usage printed %v, want %v", tt.args, hasUsage, tt.usage)
		}
	}
}

// TestHelp: --help documents every subcommand and every -e option.
func TestHelp(t *testing.T) {
	out, _, st := runString([]string{"--help"}, "")
	if st != 0 {
		t.Fatalf("exit %d", st)
	}
	for _, c := range commands {
		if !strings.Contains(out, " "+c.name+" ") {
			t.Errorf("--help does not mention -D%s", c.name)
		}
	}
	for _, e := range espOptionHelp {
		if !strings.Contains(out, " "+e[0]+" ") {
			t.Errorf("--help does not mention -e%s", e[0])
		}
	}
	for _, f := range []string{"--profile", "-o TYPE", "-r N-M", "-S N", "-v TYPE"} {
		if !strings.Contains(out, f) {
			t.Errorf("--help does not mention %s", f)
		}
	}
}

// TestManyLoop: -Dmany prints, for each PLA of the stream, what its
// minimization command gives for that PLA alone. With echo standing in
// for the minimization the rule is: the output is the concatenation of
// espresso -Decho on each PLA.
func TestManyLoop(t *testing.T) {
	plas := []string{
		"# first\n.i 2\n.o 1\n00 1\n.e\n",
		".i 3\n.o 2\n.type fr\n001 10\n110 01\n.e\n",
		"# third\n.mv 3 1 3 2\n0 100 10\n.e\n",
	}
	var want string
	for _, p := range plas {
		out, errs, st := runString([]string{"-Decho"}, p)
		if st != 0 {
			t.Fatalf("-Decho: %s", errs)
		}
		want += out
	}
	var out, errb bytes.Buffer
	w := bufio.NewWriter(&out)
	o := &options{outType: pla.F, inputType: pla.FD, printSolution: true, echoComments: true, echoUnknown: true,
		command: lookupCommand("many"), manyStep: cmdEcho}
	e := &env{opts: o, out: w, stderr: &errb, stdin: strings.NewReader(strings.Join(plas, "")), prog: "espresso"}
	p, err := e.getPLA(nil, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.pla = p
	if err := cmdMany(e); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if out.String() != want {
		t.Errorf("-Dmany printed\n%s\nwant\n%s", out.String(), want)
	}
	if ee, ok := e.exit.(*exitError); !ok || ee.status != 0 {
		t.Errorf("-Dmany ends with %v, want status 0", e.exit)
	}
}
