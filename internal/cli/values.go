package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"
)

// Count is a flag that counts something there must be at least one of (--workers,
// --repeat).
type Count int

// Decode reads an integer of at least 1.
func (c *Count) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("count", &s); err != nil {
		return err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a whole number, not %q", s)
	}
	if n < 1 {
		return fmt.Errorf("must be at least 1, not %d", n)
	}
	*c = Count(n)
	return nil
}

// Duration is a time limit (--timeout): a Go duration such as 30s or 1h30m, at least 0.
type Duration time.Duration

// Decode reads a duration that is not negative.
func (d *Duration) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("duration", &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as 30s or 1h30m, not %q", s)
	}
	if v < 0 {
		return fmt.Errorf("must not be negative, not %s", s)
	}
	*d = Duration(v)
	return nil
}

// Std returns d as a time.Duration.
func (d Duration) Std() time.Duration { return time.Duration(d) }

// Size is a number of bytes of at least 1, written as a whole number with an optional
// unit: B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024).
type Size int64

// sizeUnits lists the units Size reads, the longest suffixes first.
var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

// ParseSize reads a Size.
func ParseSize(s string) (Size, error) {
	num, unit := s, int64(1)
	for _, u := range sizeUnits {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			num, unit = n, u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("want a size such as 16GiB or 500MB, not %q", s)
	}
	if n < 1 {
		return 0, fmt.Errorf("must be at least 1 byte, not %q", s)
	}
	if n > (1<<63-1)/unit {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return Size(n * unit), nil
}

// Decode reads a Size.
func (z *Size) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("size", &s); err != nil {
		return err
	}
	v, err := ParseSize(s)
	if err != nil {
		return err
	}
	*z = v
	return nil
}

// String writes z as ParseSize reads it, in the largest unit that divides it: 16GiB, 500MB.
func (z Size) String() string {
	for _, u := range sizeUnits {
		if int64(z)%u.bytes == 0 && int64(z) >= u.bytes {
			best := u
			for _, v := range sizeUnits {
				if v.bytes > best.bytes && int64(z)%v.bytes == 0 {
					best = v
				}
			}
			return fmt.Sprintf("%d%s", int64(z)/best.bytes, best.suffix)
		}
	}
	return fmt.Sprintf("%dB", int64(z))
}

// Approx writes z in TiB, GiB, MiB or KiB with one decimal, or in bytes: 72.0 GiB.
func (z Size) Approx() string {
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if int64(z) >= u.bytes {
			return fmt.Sprintf("%.1f %s", float64(z)/float64(u.bytes), u.name)
		}
	}
	return fmt.Sprintf("%d B", int64(z))
}
