package pla

import (
	"errors"
	"strings"
	"testing"
)

// TestMemoryEstimate: the estimate grows with the rows and with the cube's
// width times the variables, and one row of 50 000 inputs (whose
// complement has a cube per input) is counted in gigabytes.
func TestMemoryEstimate(t *testing.T) {
	tests := []struct {
		name             string
		vars, parts, row int
		min, max         int64
	}{
		{"small", 4, 15, 16, baseBytes, baseBytes + 1<<20},
		{"2^19-row truth table", 20, 41, 1 << 19, 100 << 20, 300 << 20},
		{"one row of 50000 inputs", 50001, 100001, 1, 3 << 30, 6 << 30},
	}
	for _, tc := range tests {
		if got := MemoryEstimate(tc.vars, tc.parts, tc.row); got < tc.min || got > tc.max {
			t.Errorf("%s: MemoryEstimate(%d, %d, %d) = %d, want in [%d, %d]", tc.name, tc.vars, tc.parts, tc.row, got, tc.min, tc.max)
		}
	}
	if a, b := MemoryEstimate(20, 41, 1000), MemoryEstimate(20, 41, 2000); a >= b {
		t.Errorf("estimate %d for 1000 rows, %d for 2000", a, b)
	}
}

// TestReadMemoryLimit: a PLA whose estimate passes ReadOptions.MemoryLimit
// stops at .o, before the cube structure is made, or once its rows are
// read; below the limit, or with none, it reads as before.
func TestReadMemoryLimit(t *testing.T) {
	wide := ".i 50000\n.o 1\n" + strings.Repeat("1", 50000) + " 1\n.e\n"
	tall := ".i 2\n.o 1\n" + strings.Repeat("10 1\n", 100000) + ".e\n"
	tests := []struct {
		name  string
		src   string
		limit int64
		rows  int // of the MemoryError; -1: none
	}{
		{"wide, limited", wide, 1 << 30, 0},
		{"tall, limited", tall, 9 << 20, 100000},
		{"tall, enough", tall, 1 << 30, -1},
		{"tall, no limit", tall, 0, -1},
	}
	for _, tc := range tests {
		opt := defaultOptions()
		opt.NeedsOffset = true
		opt.MemoryLimit = tc.limit
		p, _, _, err := readString(t, tc.src, opt)
		var me *MemoryError
		switch {
		case tc.rows < 0 && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.rows < 0 && p.F.Count != 100000:
			t.Errorf("%s: %d cubes read", tc.name, p.F.Count)
		case tc.rows >= 0 && !errors.As(err, &me):
			t.Errorf("%s: error %v, want a MemoryError", tc.name, err)
		case tc.rows >= 0 && (me.Rows != tc.rows || me.Limit != tc.limit || me.Estimate <= tc.limit):
			t.Errorf("%s: %+v", tc.name, me)
		}
	}
}

// TestReadMemoryAvailable: without MemoryLimit, MemoryAvailable gives the
// limit, and is asked only for a minimization whose estimate reaches
// MemoryCheckFrom.
func TestReadMemoryAvailable(t *testing.T) {
	wide := ".i 50000\n.o 1\n" + strings.Repeat("1", 50000) + " 1\n.e\n"
	small := ".i 2\n.o 1\n" + strings.Repeat("10 1\n", 1000) + ".e\n"
	tests := []struct {
		name      string
		src       string
		available int64
		asked     bool
		fails     bool
	}{
		{"small, not asked", small, 1, false, false},
		{"wide, asked, too little", wide, 1 << 30, true, true},
	}
	for _, tc := range tests {
		opt := defaultOptions()
		opt.NeedsOffset = true
		asked := false
		opt.MemoryAvailable = func() int64 { asked = true; return tc.available }
		_, _, _, err := readString(t, tc.src, opt)
		var me *MemoryError
		if asked != tc.asked {
			t.Errorf("%s: MemoryAvailable asked: %v, want %v", tc.name, asked, tc.asked)
		}
		switch {
		case tc.fails && (!errors.As(err, &me) || me.Limit != tc.available):
			t.Errorf("%s: error %v, want a MemoryError with the limit %d", tc.name, err, tc.available)
		case !tc.fails && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// TestReadMemoryLimitEcho: a reading that computes no OFF-set (espresso's
// -Decho) is not a minimization, and its PLA reads whatever the limit.
func TestReadMemoryLimitEcho(t *testing.T) {
	opt := defaultOptions()
	opt.MemoryLimit = 9 << 20
	tall := ".i 2\n.o 1\n" + strings.Repeat("10 1\n", 100000) + ".e\n"
	if p, _, _, err := readString(t, tall, opt); err != nil || p.F.Count != 100000 {
		t.Errorf("read without NeedsOffset under a limit: %v", err)
	}
}

func TestFormatBytes(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{{512, "512 B"}, {39 << 20, "39 MiB"}, {4400 << 20, "4.3 GiB"}, {1536, "1.5 KiB"}} {
		if got := FormatBytes(tc.n); got != tc.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
