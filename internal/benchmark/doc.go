// Package benchmark measures the espresso and chess2pla commands as subprocesses:
// it runs benchmark suites under the paper's processing conditions (and any
// espresso command line), times each run (wall, CPU, peak memory), counts the
// cubes and literals of the minimized cover, verifies it against the input,
// optionally measures a reference binary the same way in the same session, and
// writes CSV, Markdown (beside the paper's Tables 3-5) and SVG reports.
package benchmark
