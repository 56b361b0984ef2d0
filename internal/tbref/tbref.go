// Package tbref holds what the tablebase's builds, benchmarks and tests compare with and
// probe: the byte counts of the paper's Table 5 for the 35 materials of 3 and 4 pieces,
// those of Syzygy's WDL files for the 145 materials of 3 to 5 pieces, random legal
// positions, and the folder of built tables a test names in its environment.
package tbref

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// A Reference is what the paper and Syzygy store for one material: Syzygy's WDL file
// size (testdata/paper/syzygy-wdl-bytes.csv), and the paper's compressed PCN bytes where
// its Table 5 (testdata/paper/table5.csv) gives them.
type Reference struct {
	Material    string // as Syzygy names it (KQvKR)
	PaperBytes  int    // the paper's compressed PCN bytes; 0 where the paper has no row
	SyzygyBytes int    // Syzygy's WDL file
}

// References lists the 145 materials of 3 to 5 pieces, one per colour pair as Syzygy
// stores them: the rows of the paper's Table 5 but KvK, then KPvKP, which the paper
// leaves out (its Syzygy WDL file is 245 328 bytes), then the 110 of five pieces in the
// order of Syzygy's names.
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
	{"KBBBvK", 0, 739600}, {"KBBNvK", 0, 106832}, {"KBBPvK", 0, 1167824}, {"KBBvKB", 0, 351824},
	{"KBBvKN", 0, 5064400}, {"KBBvKP", 0, 7783952}, {"KBBvKQ", 0, 2217040}, {"KBBvKR", 0, 574864},
	{"KBNNvK", 0, 92496}, {"KBNPvK", 0, 478800}, {"KBNvKB", 0, 716816}, {"KBNvKN", 0, 3575952},
	{"KBNvKP", 0, 10146256}, {"KBNvKQ", 0, 1054544}, {"KBNvKR", 0, 1328144}, {"KBPPvK", 0, 274128},
	{"KBPvKB", 0, 15290512}, {"KBPvKN", 0, 20381328}, {"KBPvKP", 0, 13821584}, {"KBPvKQ", 0, 7497872},
	{"KBPvKR", 0, 14246864}, {"KNNNvK", 0, 85712}, {"KNNPvK", 0, 882576}, {"KNNvKB", 0, 67024},
	{"KNNvKN", 0, 81360}, {"KNNvKP", 0, 13729360}, {"KNNvKQ", 0, 3241744}, {"KNNvKR", 0, 313680},
	{"KNPPvK", 0, 186512}, {"KNPvKB", 0, 13148688}, {"KNPvKN", 0, 14200272}, {"KNPvKP", 0, 18616208},
	{"KNPvKQ", 0, 10056720}, {"KNPvKR", 0, 19810256}, {"KPPPvK", 0, 56080}, {"KPPvKB", 0, 7269520},
	{"KPPvKN", 0, 7707472}, {"KPPvKP", 0, 7499088}, {"KPPvKQ", 0, 3090576}, {"KPPvKR", 0, 9068688},
	{"KQBBvK", 0, 160464}, {"KQBNvK", 0, 255888}, {"KQBPvK", 0, 824272}, {"KQBvKB", 0, 232656},
	{"KQBvKN", 0, 387664}, {"KQBvKP", 0, 2925136}, {"KQBvKQ", 0, 4092496}, {"KQBvKR", 0, 684048},
	{"KQNNvK", 0, 113680}, {"KQNPvK", 0, 648784}, {"KQNvKB", 0, 218320}, {"KQNvKN", 0, 333456},
	{"KQNvKP", 0, 2662096}, {"KQNvKQ", 0, 3139152}, {"KQNvKR", 0, 759824}, {"KQPPvK", 0, 255568},
	{"KQPvKB", 0, 785744}, {"KQPvKN", 0, 1694352}, {"KQPvKP", 0, 2464016}, {"KQPvKQ", 0, 20403600},
	{"KQPvKR", 0, 2030736}, {"KQQBvK", 0, 227600}, {"KQQNvK", 0, 186064}, {"KQQPvK", 0, 725200},
	{"KQQQvK", 0, 165648}, {"KQQRvK", 0, 247696}, {"KQQvKB", 0, 32976}, {"KQQvKN", 0, 63952},
	{"KQQvKP", 0, 372240}, {"KQQvKQ", 0, 666832}, {"KQQvKR", 0, 82256}, {"KQRBvK", 0, 280720},
	{"KQRNvK", 0, 211920}, {"KQRPvK", 0, 907600}, {"KQRRvK", 0, 200528}, {"KQRvKB", 0, 159568},
	{"KQRvKN", 0, 250832}, {"KQRvKP", 0, 984976}, {"KQRvKQ", 0, 3095888}, {"KQRvKR", 0, 279824},
	{"KRBBvK", 0, 134416}, {"KRBNvK", 0, 207696}, {"KRBPvK", 0, 531600}, {"KRBvKB", 0, 916624},
	{"KRBvKN", 0, 998224}, {"KRBvKP", 0, 5300624}, {"KRBvKQ", 0, 9588688}, {"KRBvKR", 0, 2035280},
	{"KRNNvK", 0, 98832}, {"KRNPvK", 0, 506960}, {"KRNvKB", 0, 1607824}, {"KRNvKN", 0, 691728},
	{"KRNvKP", 0, 6367376}, {"KRNvKQ", 0, 8863888}, {"KRNvKR", 0, 1491856}, {"KRPPvK", 0, 165072},
	{"KRPvKB", 0, 9939984}, {"KRPvKN", 0, 9449680}, {"KRPvKP", 0, 4446224}, {"KRPvKQ", 0, 17606928},
	{"KRPvKR", 0, 16378576}, {"KRRBvK", 0, 159504}, {"KRRNvK", 0, 100624}, {"KRRPvK", 0, 241872},
	{"KRRRvK", 0, 54800}, {"KRRvKB", 0, 351376}, {"KRRvKN", 0, 286288}, {"KRRvKP", 0, 1680272},
	{"KRRvKQ", 0, 4068432}, {"KRRvKR", 0, 334224},
}

// ReferenceOf returns the reference row of material m, if References has one: the row of
// m as stored (chess.Material.Stored: a sliced KBvKQQ.tbc is Syzygy's KQQvKB).
func ReferenceOf(m chess.Material) (Reference, bool) {
	name := m.Stored().SyzygyName()
	for _, r := range References {
		if r.Material == name {
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

// ProbeMix returns the probe benchmark's positions: n random legal positions (see
// RandomPosition) spread evenly over the 35 materials of up to four pieces, the i-th of
// chess.Materials(4)[i%35], drawn with a fixed seed, so that every run, and a reference prober
// given their FENs, probes the same ones (BenchmarkProbeMix of package tablebase probes
// ProbeMix(100000); docs/PERFORMANCE.md).
func ProbeMix(n int) []tablebase.Position {
	ms := chess.Materials(4)
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]tablebase.Position, n)
	for i := range ps {
		ps[i] = RandomPosition(ms[i%len(ms)], rng)
	}
	return ps
}

// Dir returns the folder of built tables that environment variable env names, for a
// test or benchmark that needs them (hint: how to build them). Where env is unset the
// test is skipped, except under CI=true, where it fails: .ci/run builds the tables and
// sets env, so that CI never passes by skipping a test.
func Dir(tb testing.TB, env, hint string) string {
	tb.Helper()
	dir := os.Getenv(env)
	switch {
	case dir != "":
		return dir
	case os.Getenv("CI") == "true":
		tb.Fatalf("CI=true and $%s is unset: it names a folder of built tables (%s)", env, hint)
	default:
		tb.Skipf("$%s names no folder of built tables (%s)", env, hint)
	}
	return ""
}
