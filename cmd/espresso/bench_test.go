package main

import (
	"bytes"
	"io"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// truthTable returns a PLA listing all 2^19 rows of a 19-input, 3-output
// function (about 12 MB): output 0 is "at least 10 inputs are 1", output 1
// the exclusive or of the two leading inputs, output 2 "the last three
// inputs read 101 or the first three read 011".
func truthTable() []byte {
	const n = 19
	var b bytes.Buffer
	b.Grow(25 << n)
	b.WriteString(".i 19\n.o 3\n")
	row := make([]byte, 0, 32)
	for i := 0; i < 1<<n; i++ {
		row = row[:0]
		for k := n - 1; k >= 0; k-- {
			row = append(row, byte('0'+i>>k&1))
		}
		o0 := bits.OnesCount(uint(i)) >= 10
		o1 := (i>>18^i>>17)&1 == 1
		o2 := i&7 == 5 || i>>16 == 3
		row = append(row, ' ', b2c(o0), b2c(o1), b2c(o2), '\n')
		b.Write(row)
	}
	b.WriteString(".e\n")
	return b.Bytes()
}

func b2c(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}

// benchmarkRun runs espresso with args on the truth table. When
// ESPRESSO_REFERENCE names another espresso binary (ESPRESSO 2.3 built
// outside the repository), each iteration runs it too, on the same input,
// right after ours, and the benchmark reports its time and the ratio
// ours/reference, so the two share the machine's load.
func benchmarkRun(b *testing.B, args ...string) {
	input := truthTable()
	ref := os.Getenv("ESPRESSO_REFERENCE")
	var path string
	if ref != "" {
		path = filepath.Join(b.TempDir(), "table.pla")
		if err := os.WriteFile(path, input, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(input)))
	b.ResetTimer()
	var ours, theirs time.Duration
	for i := 0; i < b.N; i++ {
		var errb bytes.Buffer
		start := time.Now()
		if st := run(append([]string{"espresso"}, args...), bytes.NewReader(input), io.Discard, &errb); st != 0 {
			b.Fatalf("exit %d: %s", st, errb.String())
		}
		ours += time.Since(start)
		if ref != "" {
			cmd := exec.Command(ref, append(args, path)...)
			cmd.Stdout = io.Discard
			start := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatalf("reference %s: %v", ref, err)
			}
			theirs += time.Since(start)
		}
	}
	if ref != "" {
		b.ReportMetric(ours.Seconds()/float64(b.N), "ours-s/op")
		b.ReportMetric(theirs.Seconds()/float64(b.N), "ref-s/op")
		b.ReportMetric(ours.Seconds()/theirs.Seconds(), "ours/ref")
	}
}

// BenchmarkEchoTruthTable reads and prints the 2^19-row truth table
// (espresso -Decho). With ESPRESSO_REFERENCE set, this benchmark and the
// next two run 2.3 on the same table in the same loop and report ours/ref:
// 2.3 takes about a third of a second here, some seconds for -Decho -ofdr,
// and minutes for -Dcheck, where it forms every pairwise intersection.
func BenchmarkEchoTruthTable(b *testing.B) { benchmarkRun(b, "-Decho") }

// BenchmarkEchoFDRTruthTable reads the truth table, complements it and
// prints F, D and R (espresso -Decho -ofdr).
func BenchmarkEchoFDRTruthTable(b *testing.B) { benchmarkRun(b, "-Decho", "-ofdr") }

// BenchmarkCheckTruthTable checks the truth table's ON-, DC- and OFF-sets
// for overlaps and for covering the space (espresso -Dcheck); 2.3 forms
// every pairwise intersection.
func BenchmarkCheckTruthTable(b *testing.B) { benchmarkRun(b, "-Dcheck") }

// TestTruthTableSize checks the benchmark input by its layout: the
// 11-byte header ".i 19\n.o 3\n", 2^19 rows of 24 bytes (19 inputs, a
// space, 3 outputs, a newline) and ".e\n".
func TestTruthTableSize(t *testing.T) {
	const want = 11 + 24<<19 + 3
	if got := len(truthTable()); got != want {
		t.Errorf("truth table of %d bytes, want %d", got, want)
	}
}
