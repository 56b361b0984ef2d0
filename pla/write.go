package pla

import (
	"bufio"
	"cmp"
	"errors"
	"io"
	"strconv"

	"github.com/espresso-go/espresso/cover"
)

// label returns label i, printed as C's printf prints a NULL string.
func (p *PLA) label(i int) string {
	if p.Labels == nil || i < 0 || i >= len(p.Labels) || p.Labels[i] == "" {
		return "(null)"
	}
	return p.Labels[i]
}

// hasLabel reports whether part i has a name.
func (p *PLA) hasLabel(i int) bool {
	return p.Labels != nil && i >= 0 && i < len(p.Labels) && p.Labels[i] != ""
}

// Write prints the PLA in the format typ: a PLA of the covers typ selects
// (f, fd, fr, fdr, ...), or pleasure, eqntott, kiss, or the symbolic
// constraints (fprint_pla). It may fill in missing labels (makeup_labels).
// What was printed before an error stays printed, as in 2.3. Write buffers
// its output unless w is a *bufio.Writer, which it leaves to the caller to
// flush.
func Write(w io.Writer, p *PLA, typ Type) error {
	if bw, ok := w.(*bufio.Writer); ok {
		return p.write(bw, typ)
	}
	bw := bufio.NewWriter(w)
	err := p.write(bw, typ)
	return cmp.Or(err, bw.Flush())
}

// write is Write to a buffered writer.
func (p *PLA) write(w *bufio.Writer, typ Type) error {
	if typ&Constraints != 0 {
		p.writeConstraints(w, false)
		typ &^= Constraints
		if typ == 0 {
			return nil
		}
	}
	if typ&SymbolicConstraints != 0 {
		p.writeConstraints(w, true)
		typ &^= SymbolicConstraints
		if typ == 0 {
			return nil
		}
	}
	switch typ {
	case Pleasure:
		p.writePleasure(w)
		return nil
	case Eqntott:
		return p.writeEqntott(w)
	case Kiss:
		return p.writeKiss(w)
	}
	p.writeHeader(w, typ)
	num := 0
	if typ&F != 0 {
		num += p.F.Count
	}
	if typ&D != 0 {
		num += p.D.Count
	}
	if typ&R != 0 {
		num += p.R.Count
	}
	w.WriteString(".p ")
	w.WriteString(strconv.Itoa(num))
	w.WriteByte('\n')
	buf := make([]byte, 0, p.Cube.Size+p.Cube.NumVars+2)
	if typ == F {
		for i := 0; i < p.F.Count; i++ {
			w.Write(p.appendCube(buf, p.F.At(i), "01"))
		}
		w.WriteString(".e\n")
		return nil
	}
	if typ&F != 0 {
		for i := 0; i < p.F.Count; i++ {
			w.Write(p.appendCube(buf, p.F.At(i), "~1"))
		}
	}
	if typ&D != 0 {
		for i := 0; i < p.D.Count; i++ {
			w.Write(p.appendCube(buf, p.D.At(i), "~2"))
		}
	}
	if typ&R != 0 {
		for i := 0; i < p.R.Count; i++ {
			w.Write(p.appendCube(buf, p.R.At(i), "~0"))
		}
	}
	w.WriteString(".end\n")
	return nil
}

// writeHeader prints .type, the sizes, the labels and the phase
// (fpr_header).
func (p *PLA) writeHeader(w *bufio.Writer, typ Type) {
	c := p.Cube
	if typ != F {
		w.WriteString(".type ")
		if typ&F != 0 {
			w.WriteByte('f')
		}
		if typ&D != 0 {
			w.WriteByte('d')
		}
		if typ&R != 0 {
			w.WriteByte('r')
		}
		w.WriteByte('\n')
	}
	if c.NumMVVars <= 1 {
		w.WriteString(".i " + strconv.Itoa(c.NumBinaryVars) + "\n")
		if c.Output != -1 {
			w.WriteString(".o " + strconv.Itoa(c.PartSize[c.Output]) + "\n")
		}
	} else {
		w.WriteString(".mv " + strconv.Itoa(c.NumVars) + " " + strconv.Itoa(c.NumBinaryVars))
		for v := c.NumBinaryVars; v < c.NumVars; v++ {
			w.WriteString(" " + strconv.Itoa(c.PartSize[v]))
		}
		w.WriteByte('\n')
	}
	if p.hasLabel(1) && c.NumBinaryVars > 0 {
		w.WriteString(".ilb")
		for v := 0; v < c.NumBinaryVars; v++ {
			w.WriteString(" " + p.label(c.FirstPart[v]+1))
		}
		w.WriteByte('\n')
	}
	if c.Output != -1 && p.hasLabel(c.FirstPart[c.Output]) {
		w.WriteString(".ob")
		for i := 0; i < c.PartSize[c.Output]; i++ {
			w.WriteString(" " + p.label(c.FirstPart[c.Output]+i))
		}
		w.WriteByte('\n')
	}
	for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
		first, last := c.FirstPart[v], c.LastPart[v]
		if p.hasLabel(first) {
			w.WriteString(".label var=" + strconv.Itoa(v))
			for i := first; i <= last; i++ {
				w.WriteString(" " + p.label(i))
			}
			w.WriteByte('\n')
		}
	}
	if p.Phase != nil && c.Output != -1 {
		w.WriteString("#.phase ")
		for i := c.FirstPart[c.Output]; i <= c.LastPart[c.Output]; i++ {
			if p.Phase.Has(i) {
				w.WriteByte('1')
			} else {
				w.WriteByte('0')
			}
		}
		w.WriteByte('\n')
	}
}

// appendCube appends the cube s as print_cube prints it, outMap giving the
// characters for an output part absent and present, and a newline.
func (p *PLA) appendCube(buf []byte, s cover.Set, outMap string) []byte {
	buf = AppendCube(buf[:0], p.Cube, s, outMap)
	return append(buf, '\n')
}

// AppendCube appends the text of cube s (fmt_cube): a character ?01- for
// each binary variable, then a space and 0/1 per part of each
// multiple-valued variable, then a space and outMap[0] or outMap[1] per
// output part.
func AppendCube(buf []byte, c *cover.Cube, s cover.Set, outMap string) []byte {
	for v := 0; v < c.NumBinaryVars; v++ {
		buf = append(buf, "?01-"[cover.Input(s, v)])
	}
	for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
		buf = append(buf, ' ')
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			buf = append(buf, "01"[bit(s, i)])
		}
	}
	if c.Output != -1 {
		buf = append(buf, ' ')
		for i := c.FirstPart[c.Output]; i <= c.LastPart[c.Output]; i++ {
			buf = append(buf, outMap[bit(s, i)])
		}
	}
	return buf
}

// CubeString is the text of a cube as pc1 prints it.
func CubeString(c *cover.Cube, s cover.Set) string {
	return string(AppendCube(nil, c, s, "01"))
}

// bit is 1 if s holds part i, else 0.
func bit(s cover.Set, i int) int {
	if s.Has(i) {
		return 1
	}
	return 0
}

// writePleasure prints the PLA for pleasure (pls_output).
func (p *PLA) writePleasure(w *bufio.Writer) {
	w.WriteString(".option unmerged\n")
	p.MakeupLabels()
	p.writePlsLabel(w)
	p.writePlsGroup(w)
	w.WriteString(".p " + strconv.Itoa(p.F.Count) + "\n")
	c := p.Cube
	buf := make([]byte, 0, c.Size+2)
	for n := 0; n < p.F.Count; n++ {
		s := p.F.At(n)
		buf = buf[:0]
		for v := 0; v < c.NumBinaryVars; v++ {
			for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
				buf = append(buf, "~1"[bit(s, i)])
			}
		}
		for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
			for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
				buf = append(buf, "1~"[bit(s, i)])
			}
		}
		if c.Output != -1 {
			v := c.NumVars - 1
			buf = append(buf, ' ')
			for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
				outMap := "~0"
				if p.Phase == nil || p.Phase.Has(i) {
					outMap = "~1"
				}
				buf = append(buf, outMap[bit(s, i)])
			}
		}
		buf = append(buf, '\n')
		w.Write(buf)
	}
	w.WriteString(".end\n")
}

// writePlsGroup prints the .group line of pleasure output (pls_group).
func (p *PLA) writePlsGroup(w *bufio.Writer) {
	c := p.Cube
	w.WriteString("\n.group")
	col := 6
	for v := 0; v < c.NumVars-1; v++ {
		w.WriteString(" (")
		col += 2
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			l := p.label(i)
			if col+len(l) > 75 {
				w.WriteString(" \\\n")
				col = 0
			} else if i != 0 {
				w.WriteByte(' ')
				col++
			}
			w.WriteString(l)
			col += len(l)
		}
		w.WriteByte(')')
		col++
	}
	w.WriteByte('\n')
}

// writePlsLabel prints the .label line of pleasure output (pls_label).
func (p *PLA) writePlsLabel(w *bufio.Writer) {
	c := p.Cube
	w.WriteString(".label")
	col := 6
	for v := 0; v < c.NumVars; v++ {
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			l := p.label(i)
			if col+len(l) > 75 {
				w.WriteString(" \\\n")
				col = 0
			} else {
				w.WriteByte(' ')
				col++
			}
			w.WriteString(l)
			col += len(l)
		}
	}
}

// writeEqntott prints one equation per output (eqn_output).
func (p *PLA) writeEqntott(w *bufio.Writer) error {
	c := p.Cube
	if c.Output == -1 {
		return errors.New("Cannot have no-output function for EQNTOTT output mode")
	}
	if c.NumMVVars != 1 {
		return errors.New("Must have binary-valued function for EQNTOTT output mode")
	}
	p.MakeupLabels()
	for i := 0; i < c.PartSize[c.Output]; i++ {
		out := p.label(c.FirstPart[c.Output] + i)
		w.WriteString(out + " = ")
		col := len(out) + 3
		firstOr := true
		for n := 0; n < p.F.Count; n++ {
			s := p.F.At(n)
			if !s.Has(i + c.FirstPart[c.Output]) {
				continue
			}
			if firstOr {
				w.WriteByte('(')
				col++
			} else {
				w.WriteString(" | (")
				col += 4
			}
			firstOr = false
			firstAnd := true
			for v := 0; v < c.NumBinaryVars; v++ {
				x := cover.Input(s, v)
				if x == cover.Dash {
					continue
				}
				in := p.label(c.FirstPart[v] + 1)
				if col+len(in) > 72 {
					w.WriteString("\n    ")
					col = 4
				}
				if !firstAnd {
					w.WriteByte('&')
					col++
				}
				firstAnd = false
				if x == cover.Zero {
					w.WriteByte('!')
					col++
				}
				w.WriteString(in)
				col += len(in)
			}
			w.WriteByte(')')
			col++
		}
		w.WriteString(";\n\n")
	}
	return nil
}

// writeKiss prints the ON-set and DC-set as a kiss state table
// (kiss_output).
func (p *PLA) writeKiss(w *bufio.Writer) error {
	for n := 0; n < p.F.Count; n++ {
		if err := p.writeKissCube(w, p.F.At(n), "~1"); err != nil {
			return err
		}
	}
	for n := 0; n < p.D.Count; n++ {
		if err := p.writeKissCube(w, p.D.At(n), "~2"); err != nil {
			return err
		}
	}
	return nil
}

// writeKissCube prints one cube of kiss output (kiss_print_cube).
func (p *PLA) writeKissCube(w *bufio.Writer, s cover.Set, outMap string) error {
	c := p.Cube
	for v := 0; v < c.NumBinaryVars; v++ {
		w.WriteByte("?01-"[cover.Input(s, v)])
	}
	for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
		w.WriteByte(' ')
		if c.VarMask[v].Implies(s) {
			w.WriteByte('-')
			continue
		}
		part := -1
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			if s.Has(i) {
				if part != -1 {
					return errors.New("more than 1 part in a symbolic variable\n")
				}
				part = i
			}
		}
		if part == -1 {
			w.WriteByte('~')
		} else {
			w.WriteString(p.label(part))
		}
	}
	if c.Output != -1 {
		w.WriteByte(' ')
		for i := c.FirstPart[c.Output]; i <= c.LastPart[c.Output]; i++ {
			w.WriteByte(outMap[bit(s, i)])
		}
	}
	w.WriteByte('\n')
	return nil
}

// writeConstraints prints the encoding constraints of each symbolic
// variable, in numeric or symbolic form (output_symbolic_constraints).
func (p *PLA) writeConstraints(w *bufio.Writer, symbolic bool) {
	c := p.Cube
	if c.NumVars-c.NumBinaryVars <= 1 {
		return
	}
	p.MakeupLabels()
	for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
		n := c.PartSize[v]
		permute := make([]int, n)
		for i := range permute {
			permute[i] = c.FirstPart[v] + i
		}
		a := p.F.Permute(permute)

		// Delete the singletons and the full sets.
		noWeight := 0
		for i := 0; i < a.Count; i++ {
			size := a.At(i).Count()
			if size == 1 || size == a.SetSize {
				a.Delete(i)
				i--
				noWeight++
			}
		}

		// Count how many times each set is duplicated.
		weight := make([]int, a.Count)
		for i := 0; i < a.Count; i++ {
			a.At(i).ResetFlag(cover.Covered)
		}
		for i := 0; i < a.Count; i++ {
			if a.At(i).Test(cover.Covered) {
				continue
			}
			weight[i] = 1
			for j := i + 1; j < a.Count; j++ {
				if a.At(i).Equal(a.At(j)) {
					weight[i]++
					a.At(j).SetFlag(cover.Covered)
				}
			}
		}

		if !symbolic {
			w.WriteString("# Symbolic constraints for variable " + strconv.Itoa(v) + " (Numeric form)\n")
			w.WriteString("# unconstrained weight = " + strconv.Itoa(noWeight) + "\n")
			w.WriteString("num_codes=" + strconv.Itoa(n) + "\n")
			for i := 0; i < a.Count; i++ {
				if weight[i] > 0 {
					w.WriteString("weight=" + strconv.Itoa(weight[i]) + ": ")
					for j := 0; j < a.SetSize; j++ {
						if a.At(i).Has(j) {
							w.WriteString(" " + strconv.Itoa(j))
						}
					}
					w.WriteByte('\n')
				}
			}
		} else {
			w.WriteString("# Symbolic constraints for variable " + strconv.Itoa(v) + " (Symbolic form)\n")
			for i := 0; i < a.Count; i++ {
				if weight[i] > 0 {
					w.WriteString("#   w=" + strconv.Itoa(weight[i]) + ": (")
					for j := 0; j < a.SetSize; j++ {
						if a.At(i).Has(j) {
							w.WriteString(" " + p.label(c.FirstPart[v]+j))
						}
					}
					w.WriteString(" )\n")
				}
			}
		}
	}
}
