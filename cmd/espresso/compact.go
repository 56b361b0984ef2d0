package main

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

// cmdCompact compacts the covers of the PLA (-Dcompact, not in 2.3): the
// covers the -o type prints are compacted, each on its own, and printed.
func cmdCompact(e *env) error {
	compactPLA(e.pla)
	return nil
}

// compactPLA runs the paper's compaction over each of F, D and R that the
// PLA holds (nil is allowed, and does nothing), in place.
func compactPLA(p *pla.PLA) { compactPLAFrom(p, 0) }

// compactPLAFrom is compactPLA for the covers of from cubes or more.
func compactPLAFrom(p *pla.PLA, from int) {
	if p == nil {
		return
	}
	for _, f := range []**cover.Cover{&p.F, &p.D, &p.R} {
		if *f != nil && (*f).Count >= from {
			*f, _ = p.Cube.Compact(*f)
		}
	}
}

// relaxOverlap applies the paper's relaxed consistency before a command
// that minimizes against the OFF-set. When the file gave the OFF-set
// explicitly (.type fr, dr or fdr) and it meets the DC-set, the OFF-set is
// replaced by R − D: every don't-care is free, and the ON-set may overlap
// the OFF-set inside D (2.3 blocks the don't-cares that R also holds, and
// stops with "ON-set and OFF-set are not orthogonal" on any overlap). An
// overlap of F and R outside D stays an error, which names a minterm that
// shows it. Under -epos the reader has exchanged the ON- and OFF-sets, so
// the same step gives F − D while R is minimized. Files whose OFF-set was
// computed as a complement cannot meet D and are left alone, as are
// explicit OFF-sets disjoint from D: every 2.3-consistent input runs
// exactly as in 2.3.
func (e *env) relaxOverlap() error {
	p := e.pla
	if p == nil || p.R == nil || p.F == nil || p.D == nil || p.Type&pla.R == 0 {
		return nil
	}
	// -Dcheck reports overlaps itself.
	if !e.opts.command.needsOffset || e.opts.command.name == "check" {
		return nil
	}
	c := p.Cube
	if verify.Overlaps(c, p.R, p.D) {
		p.R = c.SharpCover(p.R, p.D, nil)
	}
	if w := verify.OverlapWitness(c, p.F, p.R); w != nil {
		return fmt.Errorf("%s: ON-set and OFF-set overlap outside the DC-set, e.g. at minterm %s",
			p.Filename, verify.FormatMinterm(c, w))
	}
	return nil
}
