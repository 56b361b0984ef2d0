// Package tbref holds what the tablebase's benchmarks and tests compare with and probe:
// the byte counts of the paper's Table 5 and of Syzygy's files for the 35 materials of
// 3 and 4 pieces, and random legal positions.
package tbref

import (
	"math/rand/v2"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// A Reference is what the paper and Syzygy store for one material: the rows of the
// paper's Table 5 (testdata/paper/table5.csv), with Syzygy's WDL file size, and the
// paper's compressed PCN bytes where it gives them.
type Reference struct {
	Material    string // as Syzygy names it (KQvKR)
	PaperBytes  int    // the paper's compressed PCN bytes; 0 where the paper has no row
	SyzygyBytes int    // Syzygy's WDL file
}

// References lists the 35 materials of 3 and 4 pieces, one per colour pair as Syzygy
// stores them: the rows of the paper's Table 5 but KvK, then KPvKP, which the paper
// leaves out (its Syzygy WDL file is 245 328 bytes).
var References = []Reference{
	{"KQvK", 748, 272}, {"KRvK", 636, 208}, {"KBvK", 64, 80}, {"KNvK", 64, 80},
	{"KPvK", 6252, 7824},
	{"KQQvK", 13652, 7056}, {"KQRvK", 5096, 4560}, {"KQBvK", 14332, 4944},
	{"KQNvK", 8728, 3600}, {"KQPvK", 18432, 12496}, {"KRRvK", 1244, 1936},
	{"KRBvK", 8976, 2832}, {"KRNvK", 5776, 2320}, {"KRPvK", 13816, 5136},
	{"KBBvK", 5748, 58000}, {"KBNvK", 21040, 7632}, {"KBPvK", 60612, 81424},
	{"KNNvK", 424, 1360}, {"KNPvK", 69272, 93200}, {"KPPvK", 47460, 25104},
	{"KQvKQ", 66140, 16528}, {"KQvKR", 25956, 20496}, {"KQvKB", 23160, 6672},
	{"KQvKN", 15820, 10064}, {"KQvKP", 54624, 58064}, {"KRvKR", 36328, 12944},
	{"KRvKB", 29092, 32912}, {"KRvKN", 69512, 100048}, {"KRvKP", 131720, 179408},
	{"KBvKB", 176, 1232}, {"KBvKN", 140, 2256}, {"KBvKP", 88784, 107472},
	{"KNvKN", 140, 1168}, {"KNvKP", 104264, 148048},
	{"KPvKP", 0, 245328},
}

// Materials returns the materials of References with up to pieces pieces, in its order.
func Materials(pieces int) []chess.Material {
	var out []chess.Material
	for _, r := range References {
		m := chess.MustParseMaterial(r.Material)
		if m.NumPieces() <= pieces {
			out = append(out, m)
		}
	}
	return out
}

// ReferenceOf returns the reference row of material m, if References has one.
func ReferenceOf(m chess.Material) (Reference, bool) {
	for _, r := range References {
		if r.Material == m.SyzygyName() {
			return r, true
		}
	}
	return Reference{}, false
}

// RandomPosition returns a legal position of material m drawn at random: pieces on random
// squares and a random side to move, drawn again until the position passes Check. Every
// legal position is equally likely. It is meant for tests and benchmarks of probes.
func RandomPosition(m chess.Material, rng *rand.Rand) tablebase.Position {
	for {
		p := tablebase.Position{SideToMove: chess.Colour(rng.IntN(2))}
		for _, pc := range m.Pieces {
			p.Pieces = append(p.Pieces, tablebase.Placement{Piece: pc, Square: rng.IntN(64)})
		}
		if p.Check() == nil {
			return p
		}
	}
}
