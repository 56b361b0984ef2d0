package bench

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestCPUModel(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ text, want string }{
		{"processor\t: 0\nvendor_id\t: X\nmodel name\t: Test CPU @ 3.00GHz\nprocessor\t: 1\nmodel name\t: Other\n", "Test CPU @ 3.00GHz"},
		{"processor\t: 0\n", "unknown"},
	}
	for i, tc := range tests {
		p := writePLA(t, dir, "cpuinfo", tc.text)
		if got := cpuModel(p); got != tc.want {
			t.Errorf("case %d: got %q, want %q", i, got, tc.want)
		}
	}
	if got := cpuModel(filepath.Join(dir, "none")); got != "unknown" {
		t.Errorf("missing file: got %q", got)
	}
	if got := loadAverage(writePLA(t, dir, "loadavg", "0.50 1.25 2.00 1/123 456\n")); got != "0.50 1.25 2.00" {
		t.Errorf("loadAverage: got %q", got)
	}
	if got := loadAverage(filepath.Join(dir, "none")); got != "" {
		t.Errorf("loadAverage of a missing file: got %q", got)
	}
	m := DetectMachine(time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600)))
	if m.Date != "2026-01-02T02:04:05Z" || m.Cores != runtime.NumCPU() || m.GoVersion != runtime.Version() {
		t.Errorf("DetectMachine: %+v", m)
	}
}
