package tablebase

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzParseFEN: ParseFEN never panics, and a position it parses prints (FEN) as a FEN
// that parses to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"k7/7Q/1K6/8/8/8/8/8 w - - 0 1",
		"8/8/8/4p3/8/8/8/K1k5 w - e6",
		"8/8/8/8/4P3/8/8/K1k5 b - e3 12 40",
		"8/8/8/8/8/8/8/R3K1k1 w Q -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		"8/8/8 w - -",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %+v, whose FEN %q does not parse: %v", s, p, fen, err)
		}
		if diff := cmp.Diff(p, q); diff != "" {
			t.Fatalf("ParseFEN(%q) and ParseFEN(%q) differ (-first +second):\n%s", s, fen, diff)
		}
		_ = p.Check() // must not panic either
	})
}
