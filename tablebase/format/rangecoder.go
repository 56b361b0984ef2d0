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
// slowly.
type prob struct {
	p uint16
	n uint16
}

func newProbs(n int) []prob {
	p := make([]prob, n)
	for i := range p {
		p[i].p = probInit
	}
	return p
}

// update moves p towards bit.
func (p *prob) update(bit uint32) {
	d := int(p.n) + 2
	if bit == 0 {
		p.p += uint16((1<<probBits - int(p.p)) / d)
	} else {
		p.p -= uint16(int(p.p) / d)
	}
	p.p = min(max(p.p, 31), 1<<probBits-31)
	if p.n < rateLimit {
		p.n++
	}
}

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
	bound := (e.rng >> probBits) * uint32(p.p)
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
	bound := (d.rng >> probBits) * uint32(p.p)
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
