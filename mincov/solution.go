package mincov

// solution is a set of chosen columns and their total cost (solution_t).
type solution struct {
	row  *Row
	cost int
}

func newSolution() *solution { return &solution{row: NewRow()} }

// dup is solution_dup.
func (s *solution) dup() *solution { return &solution{row: s.row.Dup(), cost: s.cost} }

// weightOf is the WEIGHT macro: the cost of column col, 1 without weights.
func weightOf(weight []int, col int) int {
	if weight == nil {
		return 1
	}
	return weight[col]
}

// add puts column col into the solution (solution_add).
func (s *solution) add(weight []int, col int) {
	s.row.Insert(col)
	s.cost += weightOf(weight, col)
}

// accept adds column col and deletes from a the rows it covers
// (solution_accept).
func (s *solution) accept(a *Matrix, weight []int, col int) {
	s.add(weight, col)
	var next *Element
	for p := a.Col(col).first; p != nil; p = next {
		next = p.link[inCol].next
		a.DelRow(p.Row)
	}
}

// reject deletes column col from a (solution_reject).
func (s *solution) reject(a *Matrix, col int) { a.DelCol(col) }

// chooseBest returns the cheaper of two solutions, the first on a tie; nil
// stands for no solution (solution_choose_best).
func chooseBest(best1, best2 *solution) *solution {
	switch {
	case best1 == nil:
		return best2
	case best2 == nil:
		return best1
	case best1.cost <= best2.cost:
		return best1
	}
	return best2
}
