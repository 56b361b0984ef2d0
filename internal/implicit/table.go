package implicit

// uniqueTable finds a diagram's node by its content, so that each node
// is made once: open addressing over indices into the diagram's nodes
// (0, a terminal, marks an empty slot; terminals are never looked up).
type uniqueTable struct {
	slots []int32
	used  int
}

func hashNode(k node) uint32 {
	h := uint32(k.v)*0x9e3779b1 ^ uint32(k.lo)*0x85ebca77 ^ uint32(k.hi)*0xc2b2ae3d
	return h ^ h>>15
}

// lookup returns the node of nodes equal to k, or 0 and the slot where
// it goes.
func (t *uniqueTable) lookup(nodes []node, k node) (int32, int) {
	if len(t.slots) == 0 {
		t.slots = make([]int32, 1<<12)
	}
	mask := len(t.slots) - 1
	i := int(hashNode(k)) & mask
	for {
		n := t.slots[i]
		if n == 0 {
			return 0, i
		}
		if nodes[n] == k {
			return n, i
		}
		i = (i + 1) & mask
	}
}

// add puts node n, whose slot lookup returned, into the table.
func (t *uniqueTable) add(nodes []node, slot int, n int32) {
	t.slots[slot] = n
	t.used++
	if 2*t.used > len(t.slots) {
		old := t.slots
		t.slots = make([]int32, 2*len(old))
		mask := len(t.slots) - 1
		for _, n := range old {
			if n == 0 {
				continue
			}
			i := int(hashNode(nodes[n])) & mask
			for t.slots[i] != 0 {
				i = (i + 1) & mask
			}
			t.slots[i] = n
		}
	}
}

// intern returns the node of *nodes equal to k, appending it first if
// there is none.
func (t *uniqueTable) intern(nodes *[]node, k node) int32 {
	n, slot := t.lookup(*nodes, k)
	if n != 0 {
		return n
	}
	n = int32(len(*nodes))
	*nodes = append(*nodes, k)
	t.add(*nodes, slot, n)
	return n
}

// opCache remembers results of a binary operation on nodes, as decision
// diagram packages do: a direct-mapped table where a new result replaces
// the one in its slot. Forgetting costs only recomputation. The table
// grows with the number of nodes, up to maxCache entries.
type opCache struct {
	entries []cacheEntry
}

type cacheEntry struct{ a, b, r int32 }

const (
	minCache = 1 << 12
	maxCache = 1 << 24
)

func cacheSlot(a, b int32) uint32 {
	h := uint32(a)*0x9e3779b1 ^ uint32(b)*0x85ebca77
	return h ^ h>>16
}

// get returns the result for (a, b) if the cache holds it; a is never 0.
func (c *opCache) get(a, b int32) (int32, bool) {
	if len(c.entries) == 0 {
		return 0, false
	}
	e := c.entries[cacheSlot(a, b)&uint32(len(c.entries)-1)]
	return e.r, e.a == a && e.b == b
}

// put stores the result for (a, b); nodes is the number of nodes made so
// far, which sets the size of the table.
func (c *opCache) put(a, b, r int32, nodes int) {
	if len(c.entries) < min(maxCache, max(minCache, nodes)) {
		n := max(minCache, len(c.entries))
		for n < min(maxCache, nodes) {
			n *= 2
		}
		c.entries = make([]cacheEntry, n) // forget: the slots move
	}
	c.entries[cacheSlot(a, b)&uint32(len(c.entries)-1)] = cacheEntry{a, b, r}
}
