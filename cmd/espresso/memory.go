package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/espresso-go/espresso/internal/meminfo"
	"github.com/espresso-go/espresso/pla"
)

// This file sets the memory a run may take, which reading checks the
// run's estimate against (pla.ReadOptions.MemoryLimit and MemoryAvailable): a run that would
// not fit stops at once with the estimate, instead of being killed by the
// kernel after it has taken what the machine has.

// memoryLimit is a memory limit and where the figure comes from, for the
// error message.
type memoryLimit struct {
	bytes  int64 // 0: no limit
	source string
}

// runMemory is the memory a run may take: the limit --max-memory gives,
// or else what the machine has (machine), read the first time reading a
// PLA asks for it (only a large PLA does, pla.MemoryCheckFrom).
type runMemory struct {
	flag    memoryLimit
	machine func() memoryLimit // nil when --max-memory is given
}

// memoryFor returns the run's memory for --max-memory (flag, when not
// empty) or, without it, the machine's (machineMemory), read when first
// asked for.
func memoryFor(flag string) (runMemory, error) {
	if flag == "" {
		return runMemory{machine: sync.OnceValue(machineMemory)}, nil
	}
	n, err := parseBytes(flag)
	if err != nil {
		return runMemory{}, exitf(1, "espresso: --max-memory=%s: %v", flag, err)
	}
	return runMemory{flag: memoryLimit{n, "--max-memory"}}, nil
}

// readOptions sets the limit of reading a PLA in opt.
func (m runMemory) readOptions(opt *pla.ReadOptions) {
	opt.MemoryLimit = m.flag.bytes
	if m.machine != nil {
		opt.MemoryAvailable = func() int64 { return m.machine().bytes }
	}
}

// machineMemory returns what the machine has: the least of the control
// group's limit and the memory the kernel says is available (MemAvailable,
// or MemTotal on kernels without it). Where neither can be read there is
// no limit.
func machineMemory() memoryLimit {
	lim := memoryLimit{}
	if n, ok := meminfo.Read("MemAvailable"); ok {
		lim = memoryLimit{n, "MemAvailable in /proc/meminfo"}
	} else if n, ok := meminfo.Read("MemTotal"); ok {
		lim = memoryLimit{n, "MemTotal in /proc/meminfo"}
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if n, ok := readLimitFile(f); ok && (lim.bytes == 0 || n < lim.bytes) {
			lim = memoryLimit{n, "the control group's limit, " + f}
		}
	}
	return lim
}

// parseBytes reads a size: a number of bytes, or one with the suffix K, M,
// G or T (powers of 1024, with or without a trailing B or iB); 0 or "off"
// turns the check off.
func parseBytes(s string) (int64, error) {
	if s == "off" {
		return 0, nil
	}
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(s), "B"), "I")
	mult := 1.0
	if t != "" {
		if i := strings.IndexByte("KMGT", t[len(t)-1]); i >= 0 {
			mult = float64(int64(1) << (10 * (i + 1)))
			t = t[:len(t)-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*mult > 1<<62 {
		return 0, errors.New("want a size such as 512M, 4G or 6.5GiB (0 or off: no limit)")
	}
	return int64(v * mult), nil
}

// readLimitFile reads a control group's memory limit: a number of bytes,
// or "max" (or a number past any machine's memory) for none.
func readLimitFile(name string) (int64, bool) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<60 {
		return 0, false
	}
	return n, true
}

// memoryError words a pla.MemoryError for the file name, with where the
// limit comes from and how to override it.
func (m runMemory) memoryError(name string, me *pla.MemoryError) error {
	source := m.flag.source
	if m.machine != nil {
		source = m.machine().source
	}
	return fmt.Errorf("%s: %v (%s); --max-memory=SIZE sets the limit, 0 removes it", name, me, source)
}
