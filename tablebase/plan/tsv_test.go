package plan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/espresso-go/espresso/chess"
)

// TestWriteRead: a plan read back is the plan written.
func TestWriteRead(t *testing.T) {
	for _, opt := range []Options{{}, {SliceAll: true, Full: true, NoColourSymmetry: true, Paper: true}, {JobMiB: 2048}} {
		p, err := New(materials("KRPvKR", "KQvKR", "KRvKR"), opt)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, p); err != nil {
			t.Fatal(err)
		}
		q, err := Read(&b)
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if diff := cmp.Diff(p, q); diff != "" {
			t.Errorf("read back (-written +read):\n%s", diff)
		}
	}
}

// TestReadErrors: a damaged plan is an error naming the line and what is wrong.
func TestReadErrors(t *testing.T) {
	p, err := New(materials("KQRvKR", "KQvK"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	Write(&b, p)
	good := b.String()
	lines := strings.SplitAfter(good, "\n")
	job := func(i int) string { return lines[5+i] } // after the 4 "#" lines and the header
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"format", lines[0], "# tablebase plan, format 9\n", "1: not a plan file"},
		{"option", "# options: none", "# options: fast", `3: unknown option "fast"`},
		{"job memory", "# options: none", "# options: job-mib=lots", `3: option job-mib=lots: not a number of MiB`},
		{"header", "memory_mib", "memory", "5: want the header"},
		{"fields", job(0), "0\t0\tsolve\n", "6: 3 fields, want 9"},
		{"number", job(1), strings.Replace(job(1), "1\t", "7\t", 1), "7: job 7, want 1"},
		{"kind", job(0), strings.Replace(job(0), "solve", "solver", 1), `6: unknown kind "solver"`},
		{"material", job(0), strings.Replace(job(0), "KQRvKR", "KRvKQR", 1), "material KRvKQR is stored as KQRvKR"},
		{"square", job(2), strings.Replace(job(2), "d5", "i9", 1), "8: slice:"},
		{"no square", job(0), strings.Replace(job(0), "\t-\t", "\te4\t", 1), "a solve job has no slice"},
		{"after", job(2), strings.Replace(job(2), "\t0\tslices", "\t5\tslices", 1), `8: after: "5" is not an earlier job`},
		{"wave", job(2), strings.Replace(job(2), "2\t1\tslice", "2\t2\tslice", 1), "8: wave 2, want 1"},
		{"output", job(0), strings.Replace(job(0), "values/", "../values/", 1), "not a path inside"},
		{"memory", job(0), strings.Replace(job(0), fmt.Sprintf("\t%d\t", p.Jobs[0].MemoryMiB), "\t-1\t", 1), `column memory_mib: "-1" is not a whole number`},
		{"no memory", job(0), strings.Replace(job(0), fmt.Sprintf("\t%d\t", p.Jobs[0].MemoryMiB), "\t0\t", 1), "6: memory_mib and minutes must be at least 1"},
		{"truncated", good, lines[0] + lines[1], "3: no header line"},
	} {
		text := strings.Replace(good, tc.old, tc.new, 1)
		if text == good {
			t.Fatalf("%s: %q not in the plan", tc.name, tc.old)
		}
		_, err := Read(strings.NewReader(text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestParseJobNumber: a number of the plan's jobs, or an error that says why not.
func TestParseJobNumber(t *testing.T) {
	for _, tc := range []struct {
		arg  string
		want int
		err  string
	}{
		{"3", 3, ""},
		{"0", 0, ""},
		{"9", 9, ""},
		{"", 0, `job number "": not a whole number`},
		{"x", 0, `job number "x": not a whole number`},
		{"10", 0, "job number 10: the plan has jobs 0 to 9"},
		{"-1", 0, "the plan has jobs 0 to 9"},
	} {
		got, err := ParseJobNumber(tc.arg, 10)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%+v: %d, %v; want %d", tc, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%+v: error %v, want %q", tc, err, tc.err)
		}
	}
}

// TestWriteWaves: one line a wave, its job range and its largest job's memory and time.
func TestWriteWaves(t *testing.T) {
	p, err := New([]chess.Material{chess.MustParseMaterial("KQRvKR"), chess.MustParseMaterial("KQvK")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteWaves(&b, p); err != nil {
		t.Fatal(err)
	}
	want := "0 0 1 2086 120\n1 2 2 1536 30\n2 3 11 1536 30\n3 12 12 896 240\n"
	if b.String() != want {
		t.Errorf("waves:\n%s\nwant:\n%s", b.String(), want)
	}
}
