package tablebase_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// BenchmarkResolveCaptures measures what resolving the captures costs a probe: the same
// positions probed search-free and with Options.ResolveCaptures, in turns of 256 probes
// each so that both see the same load (each way first in every other turn), in the
// tables of $TABLEBASE_DIR (a set with a table built with its captures resolved is probed
// with them resolved only), else in the tree tables of relaxedSpecs. The positions are
// 20 000 random legal ones of each material of the directory (or of
// $TABLEBASE_BENCH_MATERIALS, comma-separated), both sides to move, shuffled; a first
// pass over them, untimed, decodes the tables and builds their tries. It reports the
// nanoseconds of a probe each way (ns/search-free, ns/resolve), their ratio
// (resolve/search-free), and the share of the positions whose captures the search looks
// at (searched/probe: not won, with a capture; a won position needs no search).
func BenchmarkResolveCaptures(b *testing.B) {
	dir := os.Getenv("TABLEBASE_DIR")
	if dir == "" {
		dir = tbtest.Dir(b, relaxedSpecs())
	}
	var tbs [2]*tablebase.Tablebase
	for i, opt := range []tablebase.Options{{}, {ResolveCaptures: true}} {
		var err error
		if tbs[i], err = tablebase.OpenWith(dir, opt); err != nil {
			b.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(48, 57))
	var ps []tablebase.Position
	materials := tbs[0].Materials()
	if list := os.Getenv("TABLEBASE_BENCH_MATERIALS"); list != "" {
		materials = strings.Split(list, ",")
	}
	for _, name := range materials {
		for range 20000 {
			ps = append(ps, tbref.RandomPosition(chess.MustParseMaterial(name), rng))
		}
	}
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	for i := range ps { // a set with a table built with its captures resolved
		if _, err := tbs[0].Probe(&ps[i]); errors.Is(err, tablebase.ErrCapturesResolved) {
			b.Logf("search-free: %v", err)
			tbs[0] = nil
			break
		}
	}
	searched := 0 // positions whose captures the search looks at: not won, with a capture
	for i := range ps {
		for _, tb := range tbs {
			if tb == nil {
				continue
			}
			if _, err := tb.Probe(&ps[i]); err != nil {
				b.Fatal(err)
			}
		}
		if v, _ := tbs[1].Probe(&ps[i]); v != tablebase.Win && slices.ContainsFunc(ps[i].LegalMoves(), ps[i].IsCapture) {
			searched++
		}
	}
	const turn = 256
	var spent [2]time.Duration
	n := 0
	for b.Loop() {
		for j := range tbs {
			k := j ^ n/turn&1 // each way first in every other turn: the second finds the caches warm
			tb := tbs[k]
			if tb == nil {
				continue
			}
			start := time.Now()
			for i := n; i < n+turn; i++ {
				tb.Probe(&ps[i%len(ps)])
			}
			spent[k] += time.Since(start)
		}
		n += turn
	}
	if tbs[0] != nil {
		b.ReportMetric(float64(spent[0].Nanoseconds())/float64(n), "ns/search-free")
		b.ReportMetric(float64(spent[1])/float64(spent[0]), "resolve/search-free")
	}
	b.ReportMetric(float64(spent[1].Nanoseconds())/float64(n), "ns/resolve")
	b.ReportMetric(float64(searched)/float64(len(ps)), "searched/probe")
}
