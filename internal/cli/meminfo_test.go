package cli

import (
	"os"
	"testing"
)

func TestMemInfo(t *testing.T) {
	if _, err := os.Stat("/proc/meminfo"); err != nil {
		t.Skip("no /proc/meminfo here")
	}
	total, ok := MemInfo("MemTotal")
	if !ok || total < 1<<20 {
		t.Fatalf("MemInfo(MemTotal) = %d, %v; want a size of at least 1 MiB", total, ok)
	}
	if avail, ok := MemInfo("MemAvailable"); !ok || avail <= 0 || avail > total {
		t.Errorf("MemInfo(MemAvailable) = %d, %v; want between 1 and MemTotal (%d)", avail, ok, total)
	}
	if n, ok := MemInfo("NoSuchField"); ok {
		t.Errorf("MemInfo(NoSuchField) = %d, true; want false", n)
	}
}
