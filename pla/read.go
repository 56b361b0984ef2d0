package pla

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/espresso-go/espresso/cover"
)

// ReadOptions are the settings of 2.3's globals and read_pla arguments that
// steer reading.
type ReadOptions struct {
	Type        Type // logical type assumed when the file has no .type (FD by default in espresso)
	NeedsDCSet  bool // compute D when the type lacks it (FR files)
	NeedsOffset bool // compute R when the type lacks it (F, FD files)

	EchoComments bool // echo # comments and lines before .i (-eeat turns off)
	EchoUnknown  bool // echo unknown dot-commands (-eeatdots turns off)
	Pos          bool // swap ON-set and OFF-set (-epos)

	// Compact (not in 2.3) runs the paper's compaction (cover.Compact)
	// over each cover the file gives, before the missing covers are
	// computed from them: a complement of the compacted covers holds the
	// same minterms and costs far less to compute when the file lists
	// minterms (a truth table's 33 million rows become 588 442 cubes).
	// The covers computed are not compacted here. With Trace, the step
	// is traced as "COMPACT    ", with F.
	Compact bool

	// Cube, when not nil, is the cube structure a previous PLA set up: the
	// file must conform to it and its .i, .o, .mv are ignored, as 2.3
	// does for the second PLA of a two-PLA command.
	Cube *cover.Cube

	// Hooks performs the steps of read_pla that belong to the minimizer.
	Hooks Hooks

	// MaxMaskBits bounds the variables times parts of the cube structure
	// (0: DefaultMaxMaskBits).
	MaxMaskBits int

	// MemoryLimit (not in 2.3), when positive, is the memory in bytes the
	// minimization of the PLA may take: when its [MemoryEstimate] is more,
	// reading for a minimization (NeedsOffset) stops with a [*MemoryError]
	// before the large allocations, once .i and .o give the cube's width
	// (before the cube structure is made) and again when the rows are read
	// (after Compact, before the missing covers are computed).
	MemoryLimit int64

	// MemoryAvailable (not in 2.3), when not nil and MemoryLimit is not
	// positive, gives the limit instead (0: none): it is asked only for a
	// minimization whose estimate, or the room its rows ask for, reaches
	// [MemoryCheckFrom], so that reading a small PLA asks the system
	// nothing. A caller that reads the system here caches what it reads.
	MemoryAvailable func() int64

	// RowsRead (not in 2.3), when not nil, is called once the rows are
	// read, before Compact and the missing covers allocate, and again
	// after Compact, with the bytes the covers read hold. The covers grew
	// by doubling as the rows came, and Compact leaves the storage they
	// were read into: on a 2^25-row truth table that is half a gigabyte
	// or more of garbage, which a program may want collected there rather
	// than when its collector's pace next comes to it.
	RowsRead func(held int64)

	// Trace, when not nil, is told the time of each step 2.3 times while
	// reading (with -t), with the cube structure and cover of its line:
	// "READ" (parsing, with F) and "COMPL" (computing the missing covers,
	// with R), which 2.3 also adds to its totals, and "MAP-INPUT  " and
	// "MAP-OUTPUT " (mapping symbolic variables, with F), which it only
	// prints, and with Compact "COMPACT    " (not in 2.3; with F).
	Trace func(step string, elapsed time.Duration, c *cover.Cube, t *cover.Cover)

	// ComplTrace, when not nil, receives the trace 2.3 prints with -v compl
	// of the complements computed while reading (the missing covers).
	ComplTrace io.Writer
}

// DefaultMaxMaskBits is the default bound on variables times parts: 2^33
// bits, 1 GiB of variable masks (some 90000 binary inputs).
const DefaultMaxMaskBits = 1 << 33

// Hooks are the minimizer's steps read_pla applies after reading that this
// package cannot do itself: the output mapping of .symbolic-output needs
// the minimizer. A nil hook makes a file that needs it an error. Output
// phase (.phase), bit pairing (.pair) and .symbolic are done by the PLA
// methods SetPhase, SetPair and MapSymbolic.
type Hooks struct {
	MapOutputSymbolic func(*PLA) error // map_output_symbolic
}

// Reader reads the PLAs of one stream, one after another (read_pla called
// repeatedly, as -Dmany does).
type Reader struct {
	s      *scanner
	size   int64 // the bytes of the stream when it tells them (a file, a bytes.Reader), or -1
	name   string
	echo   io.Writer // where comments and unknown commands are echoed
	warn   io.Writer // where warnings go
	echoed []byte    // the line being echoed
	// echoErr is the first error writing to echo, which Read returns.
	echoErr error

	// Kiss is 2.3's kiss flag: set by -ekiss, and by a .kiss command, which
	// keeps it set for the PLAs read after.
	Kiss bool

	line            int
	lineLengthError bool
	word            []byte
}

// NewReader returns a Reader of r, a file called name (used in messages).
// Comments and unknown commands are echoed to echo a line at a time, as
// they are read (2.3 prints them before what the reading computes, such as
// the trace of a complement); warnings go to warn.
func NewReader(r io.Reader, name string, echo, warn io.Writer) *Reader {
	return &Reader{s: newScanner(r), size: streamSize(r), name: name, echo: echo, warn: warn}
}

// streamSize returns the bytes of r where r tells them: a regular file's size, or the
// Size of a bytes.Reader or strings.Reader; -1 otherwise (a pipe).
func streamSize(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Size() int64 }:
		return r.Size()
	case *os.File:
		if info, err := r.Stat(); err == nil && info.Mode().IsRegular() {
			return info.Size()
		}
	}
	return -1
}

// MaxParts bounds the number of parts of a cube (ESPRESSO's cube.size) the
// reader accepts, so that a corrupt size cannot exhaust memory; 2.3 has no
// bound but its int sizes.
const MaxParts = 1 << 24

// ErrNoPLA is returned by [Reader.Read] when the stream holds no more
// product terms (read_pla returning EOF).
var ErrNoPLA = errors.New("no PLA found")

// parser holds the state of one parse_pla.
type parser struct {
	rd       *Reader
	opt      *ReadOptions
	pla      *PLA
	nbin     int   // cube.num_binary_vars as declared so far
	sizes    []int // cube.part_size as declared so far (nil: none)
	symbolic bool  // symbolic variables are read (cube created by this parse)
	cf, cr   cover.Set
	cd       cover.Set
	gotCubes bool // PLA->F != NULL
	rows     int  // the rows .p declares (0: none)
	start    time.Time
}

func (p *parser) fatal(format string, args ...any) error {
	return &Error{File: p.rd.name, Line: p.rd.s.line(), Msg: fmt.Sprintf(format, args...)}
}

// Read reads the next PLA of the stream and completes it as read_pla does:
// it computes the covers the type lacks and the options ask for, and
// applies .phase, .pair, .symbolic and -epos. It returns [ErrNoPLA] when
// no product term was found.
func (rd *Reader) Read(opt ReadOptions) (*PLA, error) {
	start := time.Now()
	p := &parser{rd: rd, opt: &opt, pla: &PLA{Type: opt.Type, Cube: opt.Cube}, start: start}
	if opt.Cube != nil {
		p.setupSets()
	}
	err := p.parse()
	if err == nil && rd.echoErr != nil {
		err = rd.echoErr
	}
	if rerr := rd.s.readErr(); err == nil && rerr != nil {
		err = fmt.Errorf("%s: %w", rd.name, rerr)
	}
	if err != nil {
		return nil, err
	}
	if !p.gotCubes {
		return nil, ErrNoPLA
	}
	p.pla.Filename = rd.name
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.pla, nil
}

// coverRoom returns how many sets to make room for in a cover that the rows
// go to (in is true) or not: 10, as 2.3 starts, or the rows .p declares,
// when their storage in each cover the type fills is within the limit and
// the stream, where it tells its size, can hold them (a row takes a byte at
// least: a .p of 288 million in a file of 40 bytes makes no room for them).
// A cover read into storage made once does not double as the rows come,
// leaving each storage before to the collector (on a 2^25-row truth
// table, copies of half a gigabyte); the pages of the room the rows do
// not fill are not written, and take no memory.
func (p *parser) coverRoom() func(in Type) int {
	room := 10
	if p.rows > room && (p.rd.size < 0 || int64(p.rows) <= p.rd.size) {
		covers := 0
		for _, t := range []Type{F, D, R} {
			covers += b2i(p.pla.Type&t != 0)
		}
		perRow := int64(8*(1+(p.pla.Cube.Size+63)/64)) * int64(max(covers, 1))
		lim := p.memoryLimit(int64(p.rows) * perRow)
		if lim > 0 && int64(p.rows) <= lim/perRow {
			room = p.rows
		}
	}
	return func(in Type) int {
		if in != 0 {
			return room
		}
		return 10
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *parser) setupSets() {
	c := p.pla.Cube
	p.cf, p.cr, p.cd = c.NewSet(), c.NewSet(), c.NewSet()
}

// setupCube creates the cube structure once .o or .mv completed its sizes
// (cube_setup, PLA_labels).
func (p *parser) setupCube(numVars int) error {
	// A cube of no variables would read product terms of no characters;
	// 2.3 reads out of bounds there.
	if p.nbin < 0 || numVars < p.nbin || numVars == 0 {
		return p.fatal("cube size is silly, error in .i/.o or .mv")
	}
	total := 2 * p.nbin
	for _, n := range p.sizes[p.nbin:numVars] {
		total += max(n, -n)
		if total > MaxParts {
			return p.fatal("cube size is silly, error in .i/.o or .mv (more than %d parts)", MaxParts)
		}
	}
	// The cube structure holds a mask of every variable, each as wide as
	// a cube: its memory grows as variables times parts.
	limit := p.opt.MaxMaskBits
	if limit <= 0 {
		limit = DefaultMaxMaskBits
	}
	if numVars*total > limit {
		return p.fatal("cube size is silly, error in .i/.o or .mv (%d variables of %d parts in all need more than %d bits of masks)", numVars, total, limit)
	}
	if err := p.checkMemory(numVars, total, 0); err != nil {
		return err
	}
	c, err := cover.NewCube(p.nbin, p.sizes[p.nbin:numVars])
	if err != nil {
		return p.fatal("cube size is silly, error in .i/.o or .mv")
	}
	p.pla.Cube = c
	p.symbolic = true
	p.setupSets()
	p.pla.newLabels()
	return nil
}

func (rd *Reader) warnf(format string, args ...any) {
	fmt.Fprintf(rd.warn, format, args...)
}

// skipLine consumes the rest of the line, echoing it (after what
// echoed holds, and with a newline) when echo is set (skip_line).
func (rd *Reader) skipLine(echo bool) {
	for {
		ch := rd.s.getc()
		if ch == eof || ch == '\n' {
			break
		}
		if echo {
			rd.echoed = append(rd.echoed, byte(ch))
		}
	}
	if echo {
		rd.echoed = append(rd.echoed, '\n')
		if _, err := rd.echo.Write(rd.echoed); err != nil && rd.echoErr == nil {
			rd.echoErr = err
		}
	}
	rd.echoed = rd.echoed[:0]
	rd.line++
}

// parse reads commands and product terms up to .e, .end or end of input
// (parse_pla).
func (p *parser) parse() error {
	rd := p.rd
	s := rd.s
	rd.line = 1
	rd.lineLengthError = false
	for {
		ch := s.getc()
		switch ch {
		case eof:
			return nil
		case '\n':
			rd.line++
		case ' ', '\t', '\f', '\r':
		case '#':
			s.ungetc()
			rd.skipLine(p.opt.EchoComments)
		case '.':
			done, err := p.command()
			if done || err != nil {
				return err
			}
		default:
			s.ungetc()
			if p.pla.Cube == nil {
				if p.opt.EchoComments {
					rd.echoed = append(rd.echoed, '#')
				}
				rd.skipLine(p.opt.EchoComments)
				continue
			}
			if !p.gotCubes {
				c := p.pla.Cube
				typ, room := p.pla.Type, p.coverRoom()
				p.pla.F, p.pla.D, p.pla.R = c.NewCover(room(typ&F)), c.NewCover(room(typ&D)), c.NewCover(room(typ&R))
				p.gotCubes = true
			}
			if err := p.readCube(); err != nil {
				return err
			}
		}
	}
}

// command handles a dot-command; done reports .e or .end.
//
// It stays one switch, in the order of read_pla's chain of equal() tests in
// cvrin.c, rather than a table of handlers: each case is that C branch,
// read beside it line for line, and the cases share the reader's state and
// the order of their checks (.o before .i, .mv against .i, a keyword after
// the cube structure is set), which a table would spread over a dozen small
// functions without making any of them shorter.
func (p *parser) command() (done bool, err error) {
	rd := p.rd
	s := rd.s
	rd.word = s.word(rd.word)
	word := string(rd.word)
	pla := p.pla
	switch word {
	case "i":
		if pla.Cube != nil {
			rd.warnf("extra .i ignored\n")
			rd.skipLine(false)
			return false, nil
		}
		n, ok, _ := s.scanInt()
		if !ok {
			return false, p.fatal("error reading .i")
		}
		p.nbin = n
		if n < 0 || n > MaxParts/2 {
			return false, p.fatal("cube size is silly, error in .i/.o or .mv")
		}
		p.sizes = make([]int, n+1)
	case "o":
		if pla.Cube != nil {
			rd.warnf("extra .o ignored\n")
			rd.skipLine(false)
			return false, nil
		}
		if p.sizes == nil {
			return false, p.fatal(".o cannot appear before .i")
		}
		n, ok, _ := s.scanInt()
		if !ok {
			return false, p.fatal("error reading .o")
		}
		p.sizes[len(p.sizes)-1] = n
		return false, p.setupCube(len(p.sizes))
	case "mv":
		if pla.Cube != nil {
			rd.warnf("extra .mv ignored\n")
			rd.skipLine(false)
			return false, nil
		}
		if p.sizes != nil {
			return false, p.fatal("cannot mix .i and .mv")
		}
		nv, ok1, _ := s.scanInt()
		nb, ok2, _ := s.scanInt()
		if !ok1 || !ok2 {
			return false, p.fatal("error reading .mv")
		}
		if nb < 0 {
			return false, p.fatal("num_binary_vars (second field of .mv) cannot be negative")
		}
		if nv < nb {
			return false, p.fatal("num_vars (1st field of .mv) must exceed num_binary_vars (2nd field of .mv)")
		}
		if nv > MaxParts {
			return false, p.fatal("cube size is silly, error in .i/.o or .mv")
		}
		p.nbin = nb
		p.sizes = make([]int, nv)
		for v := nb; v < nv; v++ {
			n, ok, _ := s.scanInt()
			if !ok {
				return false, p.fatal("error reading .mv")
			}
			p.sizes[v] = n
		}
		return false, p.setupCube(nv)
	case "p":
		if n, ok, _ := s.scanInt(); ok && n > 0 {
			p.rows = n
		}
	case "e", "end":
		return true, nil
	case "kiss":
		rd.Kiss = true
	case "type":
		rd.word = s.word(rd.word)
		t, ok := ParseType(string(rd.word))
		if !ok {
			return false, p.fatal("unknown type in .type command")
		}
		pla.Type = t
		pla.TypeDeclared = true
	case "ilb":
		if pla.Cube == nil {
			return false, p.fatal("PLA size must be declared before .ilb or .ob")
		}
		if pla.Labels == nil {
			pla.newLabels()
		}
		for v := 0; v < pla.Cube.NumBinaryVars; v++ {
			rd.word = s.word(rd.word)
			i := pla.Cube.FirstPart[v]
			pla.Labels[i+1] = string(rd.word)
			pla.Labels[i] = string(rd.word) + ".bar"
		}
	case "ob":
		if pla.Cube == nil {
			return false, p.fatal("PLA size must be declared before .ilb or .ob")
		}
		if pla.Labels == nil {
			pla.newLabels()
		}
		c := pla.Cube
		if c.Output < 0 {
			return false, p.fatal(".ob given for a function without outputs")
		}
		for i := c.FirstPart[c.Output]; i <= c.LastPart[c.Output]; i++ {
			rd.word = s.word(rd.word)
			pla.Labels[i] = string(rd.word)
		}
	case "label":
		if pla.Cube == nil {
			return false, p.fatal("PLA size must be declared before .label")
		}
		if pla.Labels == nil {
			pla.newLabels()
		}
		if !s.literal("var=") {
			return false, p.fatal("Error reading labels")
		}
		v, ok, _ := s.scanInt()
		if !ok || v < 0 || v >= pla.Cube.NumVars {
			return false, p.fatal("Error reading labels")
		}
		for i := pla.Cube.FirstPart[v]; i <= pla.Cube.LastPart[v]; i++ {
			rd.word = s.word(rd.word)
			pla.Labels[i] = string(rd.word)
		}
	case "symbolic", "symbolic-output":
		line := s.line()
		sym, ok := p.readSymbolic()
		sym.Line = line
		if !ok {
			return false, p.fatal("error reading .%s", word)
		}
		if word == "symbolic" {
			pla.Symbolic = append(pla.Symbolic, sym)
		} else {
			pla.SymbolicOutput = append(pla.SymbolicOutput, sym)
		}
	case "phase":
		if pla.Cube == nil {
			return false, p.fatal("PLA size must be declared before .phase")
		}
		if pla.Phase != nil {
			rd.warnf("extra .phase ignored\n")
			rd.skipLine(false)
			return false, nil
		}
		ch := s.getc()
		for ch == ' ' || ch == '\t' {
			ch = s.getc()
		}
		if ch != eof {
			s.ungetc()
		}
		// The phase is read for the last variable, which is the outputs'
		// unless the function has none.
		c := pla.Cube
		pla.Phase = c.FullSet.Clone()
		last := c.NumVars - 1
		for i := c.FirstPart[last]; i <= c.LastPart[last]; i++ {
			ch := s.getc()
			if ch == '0' {
				pla.Phase.Remove(i)
			} else if ch != '1' {
				return false, p.fatal("only 0 or 1 allowed in phase description")
			}
		}
	case "pair":
		if pla.Pair != nil {
			rd.warnf("extra .pair ignored\n")
			return false, nil
		}
		return false, p.readPair()
	default:
		if p.opt.EchoUnknown {
			rd.echoed = append(append(append(rd.echoed, '.'), rd.word...), ' ')
		}
		rd.skipLine(p.opt.EchoUnknown)
	}
	return false, nil
}

// readPair parses the body of .pair.
func (p *parser) readPair() error {
	s := p.rd.s
	cnt, ok, _ := s.scanInt()
	if !ok {
		return p.fatal("syntax error in .pair")
	}
	if cnt < 0 {
		// 2.3 allocates a negative number of pairs and reshapes the cube
		// structure from them.
		return p.fatal("syntax error in .pair (%d pairs)", cnt)
	}
	pair := &Pair{}
	p.pla.Pair = pair
	for i := 0; i < cnt; i++ {
		w := s.word(p.rd.word)
		p.rd.word = w
		word := string(w)
		word = strings.TrimPrefix(word, "(")
		v, _, ok := p.pla.labelIndex(word)
		if !ok {
			return p.fatal("syntax error in .pair")
		}
		pair.Var1 = append(pair.Var1, v+1)
		w = s.word(p.rd.word)
		p.rd.word = w
		word = string(w)
		word = strings.TrimSuffix(word, ")")
		v, _, ok = p.pla.labelIndex(word)
		if !ok {
			return p.fatal("syntax error in .pair")
		}
		pair.Var2 = append(pair.Var2, v+1)
	}
	return nil
}

// readSymbolic parses the body of .symbolic or .symbolic-output: names of
// parts up to ";", then names of new values up to ";" (read_symbolic).
func (p *parser) readSymbolic() (Symbolic, bool) {
	s := p.rd.s
	var sym Symbolic
	for {
		p.rd.word = s.word(p.rd.word)
		word := string(p.rd.word)
		if word == ";" {
			break
		}
		if s.atEOF && word == "\xff" {
			return sym, false
		}
		v, i, ok := p.pla.labelIndex(word)
		if !ok {
			return sym, false
		}
		sym.List = append(sym.List, SymbolicItem{Variable: v, Pos: i})
	}
	for {
		p.rd.word = s.word(p.rd.word)
		word := string(p.rd.word)
		if word == ";" {
			break
		}
		if s.atEOF && word == "\xff" {
			return sym, false
		}
		sym.Labels = append(sym.Labels, word)
	}
	return sym, true
}

// errBadChar makes readCube give up on the line.
var errBadChar = errors.New("bad character")

// readCube reads one product term (read_cube). A term that cannot be read
// is reported on stderr, and the rest of its line echoed to stdout, as 2.3
// does; only a symbolic value the declared size has no room for is fatal.
func (p *parser) readCube() error {
	err := p.readCubeParts()
	if err == errBadChar {
		p.rd.warnf("(warning): input line #%d ignored\n", p.rd.line)
		p.rd.skipLine(true)
		return nil
	}
	return err
}

// readBinary reads, from the buffered input, the values of binary
// variables from v up to at most n into cf, and returns the next variable to
// read. It stops at the buffer's end, or before a newline or any character
// other than 0, 1, 2, -, ?, space, tab or |.
func readBinary(cf cover.Set, s *scanner, v, n int) int {
	buf := s.buffered()
	i := 0
	for ; i < len(buf) && v < n; i++ {
		switch buf[i] {
		case ' ', '|', '\t':
		case '2', '-':
			cf.Insert(2*v + 1)
			cf.Insert(2 * v)
			v++
		case '0':
			cf.Insert(2 * v)
			v++
		case '1':
			cf.Insert(2*v + 1)
			v++
		case '?':
			v++
		default:
			s.consume(i)
			return v
		}
	}
	s.consume(i)
	return v
}

// spanned handles a newline inside a product term.
func (p *parser) spanned() {
	if !p.rd.lineLengthError {
		p.rd.warnf("product term(s) span more than one line (warning only)\n")
	}
	p.rd.lineLengthError = true
	p.rd.line++
}

func (p *parser) readCubeParts() error {
	c := p.pla.Cube
	s := p.rd.s
	cf, cr, cd := p.cf, p.cr, p.cd
	cf.Clear()
	kiss := p.rd.Kiss
	var savef, saved, saver bool

	// Binary variables, from the buffered input, which is refilled as it
	// runs out.
	for v := 0; v < c.NumBinaryVars; {
		if v = readBinary(cf, s, v, c.NumBinaryVars); v == c.NumBinaryVars {
			break
		}
		if len(s.buffered()) == 0 && s.fill() {
			continue
		}
		// The end of the input, a newline, or a character that no binary
		// variable takes.
		if s.getc() != '\n' {
			return errBadChar
		}
		p.spanned()
	}

	// Multiple-valued variables but the last.
	v := c.NumBinaryVars
	for ; v < c.NumVars-1; v++ {
		if p.symbolic && c.Symbolic[v] {
			tok, ok := s.token(p.rd.word)
			p.rd.word = tok
			if !ok {
				return errBadChar
			}
			switch string(tok) {
			case "-", "ANY":
				if !(kiss && v == c.NumVars-2) {
					cf.Or(cf, c.VarMask[v])
				}
			case "~":
			default:
				varx, offset := v, 0
				if kiss && v == c.NumVars-2 {
					// The next state takes the present state's labels, the variable
					// before it: 2.3 reads before the cube when there is none.
					if v == 0 {
						return p.fatal("with .kiss option, need at least three multiple-valued variables")
					}
					varx, offset = v-1, c.PartSize[v-1]
				}
				first, last := c.FirstPart[varx], c.LastPart[varx]
				i := first
				for ; i <= last; i++ {
					if p.pla.Labels[i] == "" {
						p.pla.Labels[i] = string(tok)
						cf.Insert(i + offset)
						break
					} else if p.pla.Labels[i] == string(tok) {
						cf.Insert(i + offset)
						break
					}
				}
				if i > last {
					err := p.fatal("declared size of variable %d (counting from variable 0) is too small", v)
					err.(*Error).Status = 255 // 2.3 calls exit(-1)
					return err
				}
			}
			continue
		}
		for i := c.FirstPart[v]; i <= c.LastPart[v]; {
			switch s.getc() {
			case eof:
				return errBadChar
			case '\n':
				p.spanned()
			case ' ', '|', '\t':
			case '1':
				cf.Insert(i)
				i++
			case '0':
				i++
			default:
				return errBadChar
			}
		}
	}

	// The last multiple-valued variable (the outputs). A function of
	// binary variables only has none: 2.3 then reads the bounds of a
	// variable past the end of its cube structure, and what it makes of
	// the term depends on what memory lies there.
	if v >= c.NumVars {
		return p.fatal("product term for a function without outputs (.mv with only binary variables)")
	}
	if kiss {
		if c.NumVars < 2 {
			return p.fatal("with .kiss option, need a present-state and a next-state variable")
		}
		saver, savef = true, true
		cr.Xor(cf, c.VarMask[c.NumVars-2])
		cr[0] = cf[0]
	} else {
		cr.Copy(cf)
	}
	cd.Copy(cf)
	typ := p.pla.Type
	for i := c.FirstPart[v]; i <= c.LastPart[v]; {
		switch s.getc() {
		case eof:
			return errBadChar
		case '\n':
			p.spanned()
		case ' ', '|', '\t':
		case '4', '1':
			if typ&F != 0 {
				cf.Insert(i)
				savef = true
			}
			i++
		case '3', '0':
			if typ&R != 0 {
				cr.Insert(i)
				saver = true
			}
			i++
		case '2', '-':
			if typ&D != 0 {
				cd.Insert(i)
				saved = true
			}
			i++
		case '~':
			i++
		default:
			return errBadChar
		}
	}
	if savef {
		p.pla.F.Append(cf)
	}
	if saved {
		p.pla.D.Append(cd)
	}
	if saver {
		p.pla.R.Append(cr)
	}
	return nil
}

// finish does what read_pla does after parsing.
func (p *parser) finish() error {
	pla := p.pla
	c := pla.Cube
	opt := p.opt

	// Symbolic sizes become plain sizes (2.3 takes ABS of part_size).
	sizes := make([]int, c.NumMVVars)
	symbolic := false
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		sizes[v-c.NumBinaryVars] = c.PartSize[v]
		symbolic = symbolic || c.Symbolic[v]
	}
	if p.rd.Kiss {
		if c.NumVars < 3 || c.NumMVVars < 3 {
			return p.fatal("with .kiss option, need at least three multiple-valued variables")
		}
		third, second := c.NumVars-3, c.NumVars-2
		if c.PartSize[third] != c.PartSize[second] {
			p.rd.warnf(" with .kiss option, third to last and second\n")
			p.rd.warnf("to last variables must be the same size.\n")
			return ErrNoPLA
		}
		for i := 0; i < c.PartSize[second]; i++ {
			pla.Labels[i+c.FirstPart[second]] = pla.Labels[i+c.FirstPart[third]]
		}
		nb := c.NumBinaryVars
		sizes[second-nb] += sizes[c.NumVars-1-nb]
		sizes = sizes[:len(sizes)-1]
		symbolic = true
	}
	if symbolic {
		nc, err := cover.NewCube(c.NumBinaryVars, sizes)
		if err != nil {
			return p.fatal("%v", err)
		}
		pla.Cube = nc
		c = nc
	}

	if opt.Trace != nil {
		read := pla.F
		if opt.Compact {
			read = read.Clone() // its cost as read: compaction works in place
		}
		opt.Trace("READ", time.Since(p.start), c, read)
	}
	if !opt.Compact {
		// The covers grew by doubling as the rows came. (Compaction
		// returns them in storage of their size.)
		for _, cv := range []**cover.Cover{&pla.F, &pla.D, &pla.R} {
			if *cv != nil {
				*cv = (*cv).Trimmed()
			}
		}
	}
	if opt.RowsRead != nil {
		opt.RowsRead(coverBytes(pla))
	}
	if opt.Compact {
		start := time.Now()
		for _, cv := range []**cover.Cover{&pla.F, &pla.D, &pla.R} {
			if *cv != nil {
				*cv, _ = c.Compact(*cv)
			}
		}
		if opt.Trace != nil {
			opt.Trace("COMPACT    ", time.Since(start), c, pla.F)
		}
		if opt.RowsRead != nil {
			opt.RowsRead(coverBytes(pla))
		}
	}
	rows := 0
	for _, cv := range []*cover.Cover{pla.F, pla.D, pla.R} {
		if cv != nil {
			rows += cv.Count
		}
	}
	if err := p.checkMemory(c.NumVars, c.Size, rows); err != nil {
		return err
	}
	complStart := time.Now()
	needsOffset := opt.NeedsOffset
	if (opt.Pos || pla.Phase != nil) && c.Output < 0 {
		// 2.3 prints the phase of the outputs from before the start of
		// its arrays.
		return p.fatal("a phase (-epos or .phase) for a function without outputs")
	}
	if opt.Pos || pla.Phase != nil || pla.SymbolicOutput != nil {
		needsOffset = true
	}
	var err error
	switch {
	case needsOffset && (pla.Type == F || pla.Type == FD):
		pla.R, err = complement2(c, pla.F, pla.D, opt.ComplTrace)
	case opt.NeedsDCSet && pla.Type == FR:
		var x *cover.Cover
		x, err = d1merge(c, cover.Join(pla.F, pla.R), c.NumVars-1)
		if err == nil {
			pla.D, err = complement1(c, x, opt.ComplTrace)
		}
	case pla.Type == R || pla.Type == DR:
		pla.F, err = complement2(c, pla.D, pla.R, opt.ComplTrace)
	}
	if err != nil {
		return err
	}
	if opt.Trace != nil {
		opt.Trace("COMPL", time.Since(complStart), c, pla.R)
	}

	if opt.Pos {
		pla.F, pla.R = pla.R, pla.F
		pla.Phase = c.NewSet().Diff(c.FullSet, c.VarMask[c.NumVars-1])
	} else if pla.Phase != nil {
		pla.SetPhase()
	}
	if pla.Pair != nil {
		if err := pla.SetPair(true); err != nil {
			return err
		}
	}
	trace := func(step string, start time.Time, t *cover.Cover) {
		if opt.Trace != nil {
			opt.Trace(step, time.Since(start), pla.Cube, t)
		}
	}
	if pla.Symbolic != nil {
		start := time.Now()
		if err := pla.MapSymbolic(); err != nil {
			return err
		}
		trace("MAP-INPUT  ", start, pla.F)
	}
	if pla.SymbolicOutput != nil {
		start := time.Now()
		if err := callHook(opt.Hooks.MapOutputSymbolic, pla, ".symbolic-output"); err != nil {
			return err
		}
		trace("MAP-OUTPUT ", start, pla.F)
		if needsOffset {
			start := time.Now()
			pla.R, err = complement2(pla.Cube, pla.F, pla.D, opt.ComplTrace)
			if err != nil {
				return err
			}
			trace("COMPL", start, pla.R)
		}
	}
	return nil
}

func callHook(h func(*PLA) error, pla *PLA, what string) error {
	if h == nil {
		return fmt.Errorf("%s: %s is not supported yet", pla.Filename, what)
	}
	return h(pla)
}

// coverBytes returns the bytes the covers of p hold.
func coverBytes(p *PLA) int64 {
	setBytes := int64(8 * (1 + (p.Cube.Size+63)/64))
	n := int64(0)
	for _, cv := range []*cover.Cover{p.F, p.D, p.R} {
		if cv != nil {
			n += int64(cv.Count) * setBytes
		}
	}
	return n
}
