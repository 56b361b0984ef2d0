package mincov

// gimpelReduce applies Gimpel's reduction when a has a row of two columns
// c1, c2 where c1 covers exactly one other row (the secondary row S):
//
//	        c1  c2  rest
//	primary  1   1  0 ...
//	S        1   0  S1
//	T_i      0   1  T_i
//	R        0   0  R
//
// Both columns and both rows are removed and S1 is merged into every T_i;
// a cover of the reduced matrix plus c2 (if it covers S1) or c1 (if not)
// is a cover of a, of cost one more. It reports whether it applied, and
// then the best solution found (nil if none beats bound) (gimpel_reduce).
func (s *solver) gimpelReduce(a *Matrix, sel *solution, lb, bound, depth int) (*solution, bool) {
	var c1, c2 *Col
	primary, secondary := 0, 0
	found := false
	for r := a.firstRow; r != nil; r = r.next {
		if r.length != 2 {
			continue
		}
		c1, c2 = a.cols[r.first.Col], a.cols[r.last.Col]
		if c1.length == 2 {
			found = true
		} else if c2.length == 2 {
			c1, c2 = c2, c1
			found = true
		}
		if found {
			primary = r.Num
			secondary = c1.first.Row
			if secondary == primary {
				secondary = c1.last.Row
			}
			break
		}
	}
	if !found {
		return nil, false
	}

	c1Num, c2Num := c1.Num, c2.Num
	saveSec := a.Row(secondary).Dup()
	saveSec.Remove(c1Num)
	for p := c2.first; p != nil; p = p.link[inCol].next {
		if p.Row != primary {
			// merge rows S1 and T
			for p1 := saveSec.first; p1 != nil; p1 = p1.link[inRow].next {
				a.Insert(p.Row, p1.Col)
			}
		}
	}
	a.DelCol(c1Num)
	a.DelCol(c2Num)
	a.DelRow(primary)
	a.DelRow(secondary)

	s.stats.gimpelCount++
	s.stats.gimpel++
	best := s.mincov(a, sel, lb-1, bound-1, depth)
	s.stats.gimpel--

	if best != nil {
		if saveSec.Intersects(best.row) {
			best.add(s.weight, c2Num)
		} else {
			best.add(s.weight, c1Num)
		}
	}
	return best, true
}
