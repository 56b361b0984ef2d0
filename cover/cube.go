package cover

import "fmt"

// Cube is ESPRESSO's cube structure: how the parts of a cube are laid out
// over the variables of a function. A Cube is set up once by [NewCube] and
// not changed afterwards, except for Sparse, which a few steps (pair) adjust;
// it carries no scratch space, so one Cube may be shared by goroutines that
// only read it.
type Cube struct {
	Size          int // number of parts (bits) in a cube
	NumVars       int // number of variables
	NumBinaryVars int // the first NumBinaryVars variables are binary
	NumMVVars     int // NumVars - NumBinaryVars
	Output        int // the output variable (the last one), or -1 if none

	PartSize  []int  // parts of each variable (2 for binary ones)
	Symbolic  []bool // variable was declared with a negative size (.mv, symbolic)
	FirstPart []int  // first part of each variable
	LastPart  []int  // last part of each variable
	FirstWord []int  // index in a Set of the word holding FirstPart
	LastWord  []int  // index in a Set of the word holding LastPart
	Sparse    []bool // variable is treated as sparse by make_sparse

	BinaryMask Set   // the parts of all binary variables
	MVMask     Set   // the parts of all multiple-valued variables
	VarMask    []Set // the parts of each variable
	FullSet    Set   // every part
	EmptySet   Set   // no part

	// InWord is the index of the last word holding binary parts, or -1
	// when there are none; InMask selects the even bits of the binary
	// parts within it (ESPRESSO's cube.inword and cube.inmask).
	InWord int
	InMask uint64

	// firstMask selects the even bits of the binary parts in word 1
	// when InWord > 1 (none otherwise: word 1 is then InWord).
	firstMask uint64

	words int // data words per set

	// mv lists the multiple-valued variables, for the cube operations
	// that visit them in turn.
	mv []mvVar
	// mv1 holds the masks of the multiple-valued variables when a cube
	// fits in one word (words == 1), for meet1.
	mv1 []uint64
}

// mvVar locates a multiple-valued variable in a set: its parts are those
// of mask (the variable's mask, from word first to its last word) in the
// words of the set starting at first.
type mvVar struct {
	first int
	mask  []uint64
}

// disjoint selects the even bit of every two-bit binary field.
const disjoint = 0x5555555555555555

// NewCube sets up the cube structure for numBinary binary variables followed
// by multiple-valued variables of the given sizes; a negative size marks a
// symbolic variable of that many values, as in ESPRESSO's cube_setup.
func NewCube(numBinary int, mvSizes []int) (*Cube, error) {
	if numBinary < 0 {
		return nil, fmt.Errorf("cube size is silly, error in .i/.o or .mv")
	}
	c := &Cube{NumVars: numBinary + len(mvSizes), NumBinaryVars: numBinary, NumMVVars: len(mvSizes)}
	n := c.NumVars
	c.Output = -1
	if c.NumMVVars > 0 {
		c.Output = n - 1
	}
	c.PartSize = make([]int, n)
	c.Symbolic = make([]bool, n)
	c.FirstPart = make([]int, n)
	c.LastPart = make([]int, n)
	c.FirstWord = make([]int, n)
	c.LastWord = make([]int, n)
	c.Sparse = make([]bool, n)
	for v := 0; v < n; v++ {
		size := 2
		if v >= numBinary {
			size = mvSizes[v-numBinary]
			if size < 0 {
				size = -size
				c.Symbolic[v] = true
			}
			if size == 0 {
				return nil, fmt.Errorf("cube size is silly, error in .i/.o or .mv")
			}
		}
		c.PartSize[v] = size
		c.FirstPart[v] = c.Size
		c.FirstWord[v] = whichWord(c.Size)
		c.Size += size
		c.LastPart[v] = c.Size - 1
		c.LastWord[v] = whichWord(c.Size - 1)
	}
	c.words = wordsFor(c.Size)
	c.BinaryMask = c.NewSet()
	c.MVMask = c.NewSet()
	c.VarMask = make([]Set, n)
	for v := 0; v < n; v++ {
		m := c.NewSet()
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			m.Insert(i)
		}
		c.VarMask[v] = m
		if v < numBinary {
			c.BinaryMask.Or(c.BinaryMask, m)
		} else {
			c.MVMask.Or(c.MVMask, m)
			c.Sparse[v] = true
		}
	}
	for v := numBinary; v < n; v++ {
		c.mv = append(c.mv, mvVar{first: c.FirstWord[v], mask: c.VarMask[v][c.FirstWord[v] : c.LastWord[v]+1]})
		if c.words == 1 {
			c.mv1 = append(c.mv1, c.VarMask[v][1])
		}
	}
	if numBinary == 0 {
		c.InWord = -1
	} else {
		c.InWord = c.LastWord[numBinary-1]
		c.InMask = c.BinaryMask[c.InWord] & disjoint
		if c.InWord > 1 {
			c.firstMask = disjoint
		}
	}
	c.FullSet = c.NewSet().Fill(c.Size)
	c.EmptySet = c.NewSet()
	return c, nil
}

// NewSet returns an empty cube.
func (c *Cube) NewSet() Set { return NewSet(c.Size) }

// NewCover returns an empty cover of cubes with room for n of them.
func (c *Cube) NewCover(n int) *Cover { return NewCover(n, c.Size) }

// Values for the two bits of a binary variable, as GETINPUT returns them.
const (
	Zero = 1 // the variable may be 0 only
	One  = 2 // the variable may be 1 only
	Dash = 3 // either value (also called TWO in ESPRESSO)
)

// Input returns the two bits of binary variable v in s: [Zero], [One], [Dash],
// or 0 for an empty literal.
func Input(s Set, v int) int {
	e := 2 * v
	return int(s[whichWord(e)]>>whichBit(e)) & 3
}

// SetInput stores value (0..3) as the two bits of binary variable v.
func SetInput(s Set, v, value int) {
	e := 2 * v
	w, b := whichWord(e), whichBit(e)
	s[w] = s[w]&^(3<<b) | uint64(value)<<b
}

// varOfPart returns the variable part j belongs to.
func (c *Cube) varOfPart(j int) int {
	if j < 2*c.NumBinaryVars {
		return j / 2
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		if j <= c.LastPart[v] {
			return v
		}
	}
	return -1
}
