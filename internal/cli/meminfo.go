package cli

import (
	"bytes"
	"os"
	"strconv"
)

// MemInfo returns the field of /proc/meminfo named key ("MemAvailable", "MemTotal"), in
// bytes; ok is false where the file or the field cannot be read (on systems other than
// Linux, for one). The commands size their work by it: espresso's memory check,
// chess2pla's, and tablebase build's pool of jobs.
func MemInfo(key string) (n int64, ok bool) {
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
