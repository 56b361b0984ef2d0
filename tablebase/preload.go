package tablebase

// This file reads every table ahead of its first probe.

import (
	"errors"
	"fmt"
	"slices"
)

// Preload reads and decodes every table file of the directory and builds the top of
// each table's lookup trie, the work the first probes of each material would do, so that
// they find it done: a program that probes in earnest soon after Open (an engine's
// search) can call it once, from a goroutine of its own, and meet no pause of a table's
// first use. Probes may run meanwhile; a probe of a table being read waits for it. A bad
// table file still fails the probes of its material alone; Preload returns their errors
// joined, each matching ErrCorrupt. After Close it returns ErrClosed; like a probe, it
// must not run across Close.
func (tb *Tablebase) Preload() error {
	files := tb.files
	if files == nil {
		return ErrClosed
	}
	keys := make([]uint32, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	slices.Sort(keys) // a fixed order
	var errs []error
	for _, k := range keys {
		e, err := files[k].table()
		if err != nil {
			errs = append(errs, fmt.Errorf("%w: %w", ErrCorrupt, err))
			continue
		}
		for _, p := range append([]*part{e.whole}, e.slices[:]...) {
			if p != nil {
				p.once.Do(func() { p.trie.Store(newLookup(p, p.depth)) })
			}
		}
	}
	return errors.Join(errs...)
}
