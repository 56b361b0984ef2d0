package mincov

// pool hands out zeroed values of T from chunks it allocates, and can take
// them all back at once (reset) to hand the same storage out again, which
// saves allocating the elements and headers of a matrix one by one and,
// for a matrix rebuilt again and again, allocating at all. A value given
// back one by one (put) is handed out again before the chunks are: a
// covering table that row dominance prunes as it grows (irredundant's)
// keeps only its live elements, not every element it ever had.
type pool[T any] struct {
	chunks [][]T // every chunk allocated; chunks[:used] are being handed out
	used   int
	cur    []T // the chunk being handed out, from index pos
	pos    int
	free   []*T // values given back by put
}

// get returns a zeroed value from the pool.
func (p *pool[T]) get() *T {
	var zero T
	if n := len(p.free); n > 0 {
		e := p.free[n-1]
		p.free = p.free[:n-1]
		*e = zero
		return e
	}
	if p.pos == len(p.cur) {
		if p.used == len(p.chunks) {
			n := 16
			if len(p.chunks) > 0 {
				n = min(2*len(p.chunks[len(p.chunks)-1]), 4096)
			}
			p.chunks = append(p.chunks, make([]T, n))
		}
		p.cur, p.pos = p.chunks[p.used], 0
		p.used++
	}
	e := &p.cur[p.pos]
	p.pos++
	*e = zero
	return e
}

// put gives back a value that get returned, to be handed out again. The
// caller must hold no pointer to it that it will use after the next get.
func (p *pool[T]) put(e *T) { p.free = append(p.free, e) }

// reserve makes the next n values come from one chunk, when none were
// given back by put.
func (p *pool[T]) reserve(n int) {
	if len(p.cur)-p.pos < n {
		p.chunks = append(p.chunks[:p.used], make([]T, n))
		p.cur, p.pos = p.chunks[p.used], 0
		p.used++
	}
}

// reset takes back every value handed out, keeping the chunks.
func (p *pool[T]) reset() { p.used, p.cur, p.pos, p.free = 0, nil, 0, p.free[:0] }
