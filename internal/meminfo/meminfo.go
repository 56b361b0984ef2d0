// Package meminfo reads the memory the kernel reports. It stands apart from internal/cli so
// that espresso, which keeps 2.3's getopt command line, links without kong and so without
// os/user, whose cgo half would link espresso dynamically against the C library wherever a C
// compiler is present.
package meminfo

import (
	"bytes"
	"os"
	"strconv"
)

// Read returns the field of /proc/meminfo named key ("MemAvailable", "MemTotal"), in
// bytes; ok is false where the file or the field cannot be read (on systems other than
// Linux, for one). The commands size their work by it: espresso's memory check,
// chess2pla's, and tablebase build's pool of jobs.
func Read(key string) (n int64, ok bool) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(data) {
		name, rest, found := bytes.Cut(line, []byte(":"))
		if !found || string(name) != key {
			continue
		}
		kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
		return kb << 10, err == nil
	}
	return 0, false
}
