package cover

// Sort sorts a in place with the merge sort behind glibc's qsort (msort),
// which ESPRESSO 2.3 uses through qsort on the reference platform. Using
// the same algorithm, rather than any stable sort, keeps the order of the
// result identical even where a comparison function is not a strict weak
// order. cmp returns <0, 0 or >0 like a C comparator.
func Sort[T any](a []T, cmp func(x, y T) int) {
	if len(a) < 2 {
		return
	}
	tmp := make([]T, len(a))
	msort(a, tmp, cmp)
}

func msort[T any](b, tmp []T, cmp func(x, y T) int) {
	n := len(b)
	if n <= 1 {
		return
	}
	n1 := n / 2
	b1, b2 := b[:n1], b[n1:]
	msort(b1, tmp, cmp)
	msort(b2, tmp, cmp)
	i, j, k := 0, 0, 0
	for i < len(b1) && j < len(b2) {
		if cmp(b1[i], b2[j]) <= 0 {
			tmp[k] = b1[i]
			i++
		} else {
			tmp[k] = b2[j]
			j++
		}
		k++
	}
	// As glibc does, copy the rest of b1; what remains of b2 is in place.
	k += copy(tmp[k:], b1[i:])
	copy(b, tmp[:k])
}
