package cover

// NearGroups is Near without the prefix tree, for the tests of package
// cover_test.
func (t *Transposed) NearGroups(s Set, active, dist0, dist1 []uint64) {
	t.plan(s)
	t.nearGroups(active, dist0, dist1)
}
