package format

// This file holds a binary adaptive range coder (the one of LZMA): each bit is coded with
// a probability that adapts to the bits coded before in the same context.

const (
	probBits  = 12 // probabilities are fractions of 1<<probBits
	probShift = 5  // each bit moves its probability 1/32 of the way towards it
	probInit  = 1 << (probBits - 1)
	rangeTop  = 1 << 24
)

// prob is the adaptive probability that the next bit of its context is 0, and the number
// of bits seen in the context (up to a limit): a new context adapts fast, an old one
// slowly. The zero prob is a new context's: q holds the probability less probInit, so
// that a model's tables need no filling.
type prob struct {
	q int16
	n uint16
}

func newProbs(n int) []prob { return make([]prob, n) }

// p returns the probability, a fraction of 1<<probBits.
func (p *prob) p() uint32 { return uint32(int32(p.q) + probInit) }

// update moves p towards bit, by 1/(n+2) of the way.
func (p *prob) update(bit uint32) {
	v := p.p()
	r := reciprocal[p.n]
	if bit == 0 {
		v += uint32(uint64(1<<probBits-v) * r >> 32)
	} else {
		v -= uint32(uint64(v) * r >> 32)
	}
	v = min(max(v, 31), 1<<probBits-31)
	p.q = int16(int32(v) - probInit)
	if p.n < rateLimit {
		p.n++
	}
}

// reciprocal[n] is 1/(n+2) in 32-bit fixed point, rounded up: for x below 1<<16,
// x*reciprocal[n]>>32 is x/(n+2) exactly (the rounding adds less than x/2^32*(n+2) <
// 1/(n+2) of a unit, and x/(n+2) falls short of the next integer by at least that). The
// table is read only.
var reciprocal = func() (r [rateLimit + 1]uint64) {
	for n := range r {
		d := uint64(n + 2)
		r[n] = (1<<32 + d - 1) / d
	}
	return r
}()

const rateLimit = 14

type rangeEncoder struct {
	low       uint64
	rng       uint32
	cache     byte
	cacheSize int64
	out       []byte
	started   bool
}

func newRangeEncoder() *rangeEncoder { return &rangeEncoder{rng: 0xFFFFFFFF, cacheSize: 1} }

func (e *rangeEncoder) encode(p *prob, bit uint32) {
	bound := (e.rng >> probBits) * p.p()
	if bit == 0 {
		e.rng = bound
	} else {
		e.low += uint64(bound)
		e.rng -= bound
	}
	p.update(bit)
	for e.rng < rangeTop {
		e.rng <<= 8
		e.shiftLow()
	}
}

func (e *rangeEncoder) shiftLow() {
	if uint32(e.low) < 0xFF000000 || e.low>>32 != 0 {
		carry := byte(e.low >> 32)
		temp := e.cache
		for {
			// The very first byte is always 0 and is not written.
			if e.started {
				e.out = append(e.out, temp+carry)
			}
			e.started = true
			temp = 0xFF
			if e.cacheSize--; e.cacheSize == 0 {
				break
			}
		}
		e.cache = byte(e.low >> 24)
	}
	e.cacheSize++
	e.low = (e.low & 0x00FFFFFF) << 8
}

// finish flushes the coder and returns the coded bytes.
func (e *rangeEncoder) finish() []byte {
	for range 5 {
		e.shiftLow()
	}
	return e.out
}

type rangeDecoder struct {
	code, rng uint32
	in        []byte
	overrun   bool // the decoder read past the end of its input
}

func newRangeDecoder(in []byte) *rangeDecoder {
	d := &rangeDecoder{rng: 0xFFFFFFFF, in: in}
	for range 4 {
		d.code = d.code<<8 | uint32(d.next())
	}
	return d
}

func (d *rangeDecoder) next() byte {
	if len(d.in) == 0 {
		d.overrun = true
		return 0
	}
	c := d.in[0]
	d.in = d.in[1:]
	return c
}

func (d *rangeDecoder) decode(p *prob) uint32 {
	bound := (d.rng >> probBits) * p.p()
	var bit uint32
	if d.code < bound {
		d.rng = bound
	} else {
		d.code -= bound
		d.rng -= bound
		bit = 1
	}
	p.update(bit)
	for d.rng < rangeTop {
		d.rng <<= 8
		d.code = d.code<<8 | uint32(d.next())
	}
	return bit
}
