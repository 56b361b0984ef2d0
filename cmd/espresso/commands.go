package main

// This file holds the command table (2.3's option_table): each -D
// subcommand with what it reads and the function that runs it. The
// commands are grouped by kind: minimize.go (the minimizer's steps and
// loops), algebra.go (the cover algebra), checks.go (consistency and
// verification), placmds.go (commands on a whole PLA).

// command is one -D subcommand (an entry of 2.3's option_table).
type command struct {
	name        string
	numPLAs     int  // PLAs read from the operands
	needsOffset bool // compute the OFF-set when reading
	needsDCSet  bool // compute the DC-set when reading
	run         func(*env) error
	help        string
}

// commands is 2.3's option_table, in its order (the order of the usage
// message). The first entry is the default.
var commands = []command{
	{"ESPRESSO", 1, true, true, cmdEspresso, "minimize the function (the default)"},
	{"many", 1, true, true, cmdMany, "minimize each PLA of the file in turn"},
	{"exact", 1, true, true, cmdExact, "exact minimization (minimum number of cubes)"},
	{"qm", 1, true, true, cmdQM, "exact minimization (Quine-McCluskey style)"},
	{"single_output", 1, true, true, cmdSingleOutput, "minimize each output separately (same as so)"},
	{"so", 1, true, true, cmdSingleOutput, "minimize each output separately"},
	{"so_both", 1, true, true, cmdSingleOutputBoth, "minimize each output in both phases"},
	{"simplify", 1, false, false, cmdSimplify, "quick heuristic minimization (simplify)"},
	{"echo", 1, false, false, cmdEcho, "print the PLA (in the -o format)"},
	{"signature", 1, true, true, cmdSignature, "minimize with the signature cube method"},

	{"opo", 1, true, true, cmdOpo, "output phase assignment (Sasao)"},
	{"opoall", 1, true, true, cmdOpoAll, "try every output phase assignment"},
	{"pair", 1, true, true, cmdPair, "assign inputs to two-bit decoders"},
	{"pairall", 1, true, true, cmdPairAll, "try every pairing of inputs"},

	{"check", 1, true, true, cmdCheck, "check that ON-set, OFF-set and DC-set are disjoint"},
	{"stats", 1, false, false, cmdStats, "print the size and cost of the PLA"},
	{"verify", 2, false, true, cmdVerify, "check two PLAs (ON-sets) for equivalence"},
	{"PLAverify", 2, false, true, cmdPLAVerify, "check two PLAs for equivalence"},

	{"equiv", 1, true, true, cmdEquiv, "find equivalent outputs"},
	{"map", 1, false, false, cmdMap, "print a Karnaugh map of the function"},
	{"mapdc", 1, false, false, cmdMapDC, "compute the don't-care set of a symbolic mapping"},
	{"fsm", 1, false, true, cmdFSM, "disassemble a finite state machine"},

	{"contain", 1, false, false, cmdContain, "remove cubes contained in another (single cube containment)"},
	{"d1merge", 1, false, false, cmdD1Merge, "distance-1 merge over the variables of -r (all by default)"},
	{"d1merge_in", 1, false, false, cmdD1MergeIn, "distance-1 merge over the inputs"},
	{"disjoint", 1, true, false, cmdDisjoint, "make the cover disjoint"},
	{"dsharp", 2, false, false, cmdDSharp, "disjoint sharp of two covers"},
	{"intersect", 2, false, false, cmdIntersect, "intersection of two covers"},
	{"minterms", 1, false, false, cmdMinterms, "expand into minterms over the variables of -r"},
	{"primes", 1, false, true, cmdPrimes, "generate all prime implicants"},
	{"separate", 1, true, true, cmdSeparate, "remove the DC-set from the ON-set"},
	{"sharp", 2, false, false, cmdSharp, "sharp of two covers"},
	{"union", 2, false, false, cmdUnion, "union of two covers"},
	{"xor", 2, true, true, cmdXor, "exclusive or of two functions"},

	{"essen", 1, false, true, cmdEssen, "find the essential primes (one step of espresso)"},
	{"expand", 1, true, false, cmdExpand, "expand step of espresso"},
	{"gasp", 1, true, true, cmdGasp, "last_gasp step of espresso"},
	{"irred", 1, false, true, cmdIrred, "irredundant step of espresso"},
	{"make_sparse", 1, true, true, cmdMakeSparse, "make_sparse step of espresso"},
	{"reduce", 1, false, true, cmdReduce, "reduce step of espresso"},
	{"taut", 1, false, false, cmdTaut, "check whether the ON-set is a tautology"},
	{"super_gasp", 1, true, true, cmdSuperGasp, "super_gasp step of espresso"},
	{"lexsort", 1, false, false, cmdLexSort, "sort the cubes in lexical order"},
	{"test", 1, true, true, cmdTest, "a test of complement, expand and irredundant"},

	// Beyond 2.3: the paper's compaction.
	{"compact", 1, false, false, cmdCompact, "merge cubes at distance one in an input, over each of F, D, R, until none remains (not in 2.3)"},
}

// lookupCommand finds a -D subcommand by name.
func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}
