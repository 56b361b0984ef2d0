package cover

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Column operations and debug printing of set families (set.c) beyond those
// of cover.go.

// deleteColumnRange returns a cover of sets of SetSize-n elements: each set
// of c less elements first..first+n-1, the later elements moved down by n
// (sf_delcol). A negative n inserts -n empty elements before element first
// instead. The new sets have cleared headers.
func (c *Cover) deleteColumnRange(first, n int) *Cover {
	r := NewCover(c.Count, c.SetSize-n)
	from := first
	if n > 0 {
		from = first + n
	}
	for k := 0; k < c.Count; k++ {
		p := c.At(k)
		q := r.AppendEmpty()
		p.Elements(func(e int) bool {
			switch {
			case e < first:
				q.Insert(e)
			case e >= from:
				q.Insert(e - n)
			}
			return true
		})
	}
	return r
}

// copyColumn adds element dstCol to set i of dst for each set i of src
// holding element srcCol (sf_copy_col), and returns dst. dst must have at
// least as many sets as src.
func copyColumn(dst *Cover, dstCol int, src *Cover, srcCol int) *Cover {
	for i := 0; i < src.Count; i++ {
		if src.At(i).Has(srcCol) {
			dst.At(i).Insert(dstCol)
		}
	}
	return dst
}

// ps1Limit is where 2.3's ps1 stops listing elements: its buffer holds 120
// characters and it gives up once past 105.
const ps1Limit = 120 - 15

// format1 lists the elements of s as 2.3's ps1 does: "[e1,e2,...]", cut with
// "..." once the text passes 105 characters. n is the number of elements
// 2.3 examines (NELEM, 32 per 32-bit word of the set's size).
func (s Set) format1(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	first := true
	for i := 0; i < n && i < (len(s)-1)*64; i++ {
		if !s.Has(i) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(strconv.Itoa(i))
		if b.Len() > ps1Limit {
			b.WriteString("...")
			break
		}
	}
	b.WriteByte(']')
	return b.String()
}

// Print writes each set of c as "A[i] = [elements]" (sf_print).
func (c *Cover) Print(w io.Writer) error {
	n := 32 * words32(c.SetSize)
	for i := 0; i < c.Count; i++ {
		if _, err := fmt.Fprintf(w, "A[%d] = %s\n", i, c.At(i).format1(n)); err != nil {
			return fmt.Errorf("print set family: %w", err)
		}
	}
	return nil
}
