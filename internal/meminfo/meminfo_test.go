package meminfo

import (
	"os"
	"testing"
)

func TestRead(t *testing.T) {
	if _, err := os.Stat("/proc/meminfo"); err != nil {
		t.Skip("no /proc/meminfo here")
	}
	total, ok := Read("MemTotal")
	if !ok || total < 1<<20 {
		t.Fatalf("Read(MemTotal) = %d, %v; want a size of at least 1 MiB", total, ok)
	}
	if avail, ok := Read("MemAvailable"); !ok || avail <= 0 || avail > total {
		t.Errorf("Read(MemAvailable) = %d, %v; want between 1 and MemTotal (%d)", avail, ok, total)
	}
	if n, ok := Read("NoSuchField"); ok {
		t.Errorf("Read(NoSuchField) = %d, true; want false", n)
	}
}
