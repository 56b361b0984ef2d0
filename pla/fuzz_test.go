package pla

import (
	"bytes"
	"io"
	"testing"
)

// FuzzRead reads arbitrary bytes as a PLA stream. Whatever the input, the
// reader must return an error or PLAs, never panic or hang; every PLA it
// returns must print in every format without panicking; and a PLA that
// reads back (one with outputs, and no phase, pairing or symbolic parts,
// which need the minimizer) must print the same FD text after a second
// read.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		".i 3\n.o 2\n0-1 10\n1-0 -1\n.e\n",
		"# c\n.i 2\n.o 1\n.ilb a b\n.ob z\n.p 2\n00 1\n11 -\n.end\n",
		".mv 4 1 3 -2 2\n0 100 a 10\n1 010 b 01\n- 001 - 11\n",
		".type fr\n.i 2\n.o 1\n00 1\n11 0\n",
		".i 2\n.o 2\n.phase 01\n00 11\n",
		".i 2\n.o 1\n.kiss\n00 1\n",
		".i 3\n.o 2\n0 1\n- 1 0\n1\n\n0-1\n1 0\n",
		".i 2\n.o 1\n00 1\n.e\n.i 2\n.o 1\n11 1\n.e\n",
		".i 2\n.o 1\n.symbolic 0 1 ; X Y ;\n00 1\n",
		".i 2\n.o 3\n.pair 1 (1 2)\n00 111\n",
		".foo\n.i 2\n.o 1\n0x 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		rd := NewReader(bytes.NewReader(data), "fuzz", io.Discard, io.Discard)
		for n := 0; n < 4; n++ {
			p, err := rd.Read(ReadOptions{Type: FD, EchoComments: true, EchoUnknown: true, MaxMaskBits: 1 << 22})
			if err != nil {
				return
			}
			if p.Cube.Size > 4096 {
				return
			}
			for _, typ := range []Type{F, FD, FDR, Pleasure, Eqntott, Kiss, Constraints, SymbolicConstraints} {
				_ = Write(io.Discard, p, typ)
			}
			// Only PLAs with outputs print as something read_pla reads back
			// (2.3 prints no .o line for none); phase, pairing and symbolic
			// parts need the minimizer.
			if p.Cube.Output < 0 || p.Phase != nil || p.Pair != nil || p.Symbolic != nil || p.SymbolicOutput != nil || rd.Kiss {
				continue
			}
			var b1 bytes.Buffer
			if err := Write(&b1, p, FD); err != nil {
				t.Fatalf("Write: %v", err)
			}
			q, err := NewReader(bytes.NewReader(b1.Bytes()), "again", io.Discard, io.Discard).
				Read(ReadOptions{Type: FD})
			if err == ErrNoPLA && p.F.Count+p.D.Count == 0 {
				continue
			}
			if err != nil {
				t.Fatalf("reading back\n%s: %v", b1.Bytes(), err)
			}
			var b2 bytes.Buffer
			if err := Write(&b2, q, FD); err != nil {
				t.Fatalf("Write: %v", err)
			}
			if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
				t.Fatalf("wrote\n%s\nread back and wrote\n%s", b1.Bytes(), b2.Bytes())
			}
		}
	})
}
