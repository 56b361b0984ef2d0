package bench

import (
	"bufio"
	"os"
	"runtime"
	"strings"
	"time"
)

// Meta describes a benchmark session: the machine, the binaries and the
// settings. It heads the Markdown report.
type Meta struct {
	Date       string // UTC, RFC 3339
	CPU        string // model name from /proc/cpuinfo
	Cores      int    // logical CPUs
	GoVersion  string
	OSArch     string
	Load       string // /proc/loadavg when the session began: the load others put on the machine
	Commit     string // the repository's commit the binaries were built from, if known
	Command    string // the command line that produced the report
	Ours       string // how our binary was obtained
	Reference  string // the reference binary, empty for none
	Verifier   string // what verified the outputs, empty for nothing
	Timeout    string
	Repeat     int
	Conditions []Condition
}

// DetectMachine fills the machine fields of a Meta: date, CPU model, cores,
// Go version, OS and architecture.
func DetectMachine(now time.Time) Meta {
	return Meta{
		Date:      now.UTC().Format(time.RFC3339),
		CPU:       cpuModel("/proc/cpuinfo"),
		Cores:     runtime.NumCPU(),
		GoVersion: runtime.Version(),
		OSArch:    runtime.GOOS + "/" + runtime.GOARCH,
		Load:      loadAverage("/proc/loadavg"),
	}
}

// loadAverage returns the 1, 5 and 15 minute load averages of a loadavg
// file, or "".
func loadAverage(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// cpuModel returns the first "model name" of a cpuinfo file, or "unknown".
func cpuModel(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
