package mincov

// pool hands out zeroed values of T from chunks it allocates, and can take
// them all back at once (reset) to hand the same storage out again, which
// saves allocating the elements and headers of a matrix one by one and,
// for a matrix rebuilt again and again, allocating at all.
type pool[T any] struct {
	chunks [][]T // every chunk allocated; chunks[:used] are being handed out
	used   int
	cur    []T // the chunk being handed out, from index pos
	pos    int
}

// get returns a zeroed value from the pool.
func (p *pool[T]) get() *T {
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
	var zero T
	*e = zero
	return e
}

// unget gives back the value the last get returned.
func (p *pool[T]) unget() { p.pos-- }

// reserve makes the next n values come from one chunk.
func (p *pool[T]) reserve(n int) {
	if len(p.cur)-p.pos < n {
		p.chunks = append(p.chunks[:p.used], make([]T, n))
		p.cur, p.pos = p.chunks[p.used], 0
		p.used++
	}
}

// reset takes back every value handed out, keeping the chunks.
func (p *pool[T]) reset() { p.used, p.cur, p.pos = 0, nil, 0 }
