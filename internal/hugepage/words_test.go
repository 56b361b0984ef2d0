package hugepage

import "testing"

// TestWords checks that Words is make([]uint64, n, c) on both sides of
// hugeWords, with the storage cleared and writable to its capacity.
func TestWords(t *testing.T) {
	for _, tc := range []struct{ n, c int }{{0, 0}, {3, 10}, {0, hugeWords}, {5, hugeWords + 7}} {
		w := Words(tc.n, tc.c)
		if len(w) != tc.n || cap(w) != tc.c {
			t.Fatalf("Words(%d, %d): len %d cap %d", tc.n, tc.c, len(w), cap(w))
		}
		w = w[:tc.c]
		for i, x := range w {
			if x != 0 {
				t.Fatalf("Words(%d, %d)[%d] = %#x, want 0", tc.n, tc.c, i, x)
			}
		}
		for i := range w {
			w[i] = ^uint64(i)
		}
	}
}
