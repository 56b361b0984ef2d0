// Package pla reads and writes PLA files in the format of espresso(5), the
// input and output of ESPRESSO 2.3 (cvrin.c, cvrout.c). A [PLA] value holds a
// function as three covers (ON-set F, don't-care set D, OFF-set R) over a
// cube structure created by the reader; nothing is kept in package state.
package pla

import (
	"fmt"
	"math"

	"github.com/espresso-go/espresso/cover"
)

// Type is a logical PLA type (which of F, D, R a file or an output holds)
// or an output format, with ESPRESSO's values (pla_type).
type Type int

// PLA types and output formats.
const (
	F                   Type = 1
	D                   Type = 2
	R                   Type = 4
	Pleasure            Type = 8
	Eqntott             Type = 16
	Kiss                Type = 128
	Constraints         Type = 256
	SymbolicConstraints Type = 512
	FD                       = F | D
	FR                       = F | R
	DR                       = D | R
	FDR                      = F | D | R
)

// typeNames is ESPRESSO's pla_types table, without the leading '-': the
// names accepted by .type and by -o, in the order they are searched.
var typeNames = [...]struct {
	name string
	typ  Type
}{
	{"f", F}, {"r", R}, {"d", D}, {"fd", FD}, {"fr", FR}, {"dr", DR}, {"fdr", FDR},
	{"fc", F | Constraints}, {"rc", R | Constraints}, {"dc", D | Constraints},
	{"fdc", FD | Constraints}, {"frc", FR | Constraints}, {"drc", DR | Constraints},
	{"fdrc", FDR | Constraints}, {"pleasure", Pleasure}, {"eqn", Eqntott},
	{"eqntott", Eqntott}, {"kiss", Kiss}, {"cons", Constraints},
	{"scons", SymbolicConstraints},
}

// ParseType returns the type named name as .type and -o spell it (f, fd,
// fdr, pleasure, eqntott, kiss, cons, ...), the first match in ESPRESSO's
// pla_types table.
func ParseType(name string) (Type, bool) {
	for _, t := range typeNames {
		if t.name == name {
			return t.typ, true
		}
	}
	return 0, false
}

// TypeNames lists the names [ParseType] accepts, in table order.
func TypeNames() []string {
	out := make([]string, len(typeNames))
	for i, t := range typeNames {
		out[i] = t.name
	}
	return out
}

// Pair records the bit pairing of input variables requested by .pair
// (pair_t): pairs (Var1[i], Var2[i]) of variables counted from 1.
type Pair struct {
	Var1, Var2 []int
}

// SymbolicItem is one variable part named on a .symbolic line
// (symbolic_list_t).
type SymbolicItem struct {
	Variable, Pos int
}

// Symbolic is one .symbolic or .symbolic-output declaration (symbolic_t):
// the parts it groups and the names of the new values.
type Symbolic struct {
	List   []SymbolicItem
	Labels []string
	Line   int // the line of the declaration, for errors
}

// PLA is a function read from or written to a PLA file (PLA_t).
type PLA struct {
	Cube     *cover.Cube  // the cube structure the covers are laid out in
	F, D, R  *cover.Cover // ON-set, don't-care set, OFF-set
	Filename string       // name of the file it was read from
	Type     Type         // logical type (F, FD, FR, ...)
	// TypeDeclared reports that the file gave its type with .type (Type
	// is otherwise the reader's default).
	TypeDeclared bool
	Phase        cover.Set // output phase (.phase, -epos), or nil
	Pair         *Pair     // bit pairing (.pair), or nil

	// Labels names each part of the cube (nil when the file gave none);
	// "" stands for a part without a name.
	Labels []string

	Symbolic       []Symbolic // .symbolic declarations
	SymbolicOutput []Symbolic // .symbolic-output declarations
}

// Error is a fatal problem in a PLA file: the file, the line, what is
// wrong. Msg is the text of ESPRESSO 2.3's message where it has one.
type Error struct {
	File string
	Line int
	Msg  string
	// Status is the exit status 2.3 ends with for this problem, when it
	// is not 1.
	Status int
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// newLabels allocates an empty label array (PLA_labels).
func (p *PLA) newLabels() {
	p.Labels = make([]string, p.Cube.Size)
}

// MakeupLabels gives every unnamed part a name: vN.bar and vN for the parts
// of binary variable N, vN.I for part I of a multiple-valued one
// (makeup_labels).
func (p *PLA) MakeupLabels() {
	c := p.Cube
	if p.Labels == nil {
		p.newLabels()
	}
	for v := 0; v < c.NumVars; v++ {
		for i := 0; i < c.PartSize[v]; i++ {
			ind := c.FirstPart[v] + i
			if p.Labels[ind] != "" {
				continue
			}
			switch {
			case v >= c.NumBinaryVars:
				p.Labels[ind] = fmt.Sprintf("v%d.%d", v, i)
			case i%2 == 0:
				p.Labels[ind] = fmt.Sprintf("v%d.bar", v)
			default:
				p.Labels[ind] = fmt.Sprintf("v%d", v)
			}
		}
	}
}

// labelIndex finds the variable and part a word names (label_index): a
// label of some part, or, when the PLA has no labels, a number standing
// for both.
func (p *PLA) labelIndex(word string) (v, i int, ok bool) {
	if p.Labels == nil || p.Labels[0] == "" {
		n, ok := scanInt(word)
		return n, n, ok
	}
	c := p.Cube
	for v := 0; v < c.NumVars; v++ {
		for i := 0; i < c.PartSize[v]; i++ {
			if p.Labels[c.FirstPart[v]+i] == word {
				return v, i, true
			}
		}
	}
	return 0, 0, false
}

// scanInt reads a leading decimal integer as sscanf("%d") does.
func scanInt(s string) (int, bool) {
	i := 0
	for i < len(s) && isSpace(int(s[i])) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	start := i
	var d cDecimal
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		d.add(s[i])
		i++
	}
	if i == start {
		return 0, false
	}
	return d.int(neg), true
}

// cDecimal accumulates the digits of a decimal integer as C's scanf("%d")
// reads them with glibc on a 64-bit system: strtol's value, held at the
// long's bounds when it passes them, then cut to the int's 32 bits. So
// .pair 20000000000 is -1474836480 pairs, and .i 4294967298 is 2 inputs,
// in 2.3 and here.
type cDecimal struct {
	v    uint64
	over bool // past 2^63
}

func (d *cDecimal) add(digit byte) {
	if d.over {
		return
	}
	const limit = 1 << 63
	dg := uint64(digit - '0')
	if d.v > (limit-1-dg)/10 {
		d.over = true
		return
	}
	d.v = d.v*10 + dg
}

// int returns the value, negated if neg, as the int scanf would store.
func (d *cDecimal) int(neg bool) int {
	var l int64
	switch {
	case d.over && neg:
		l = math.MinInt64
	case d.over:
		l = math.MaxInt64
	case neg:
		l = -int64(d.v)
	default:
		l = int64(d.v)
	}
	return int(int32(l))
}

func isSpace(ch int) bool {
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'
}
