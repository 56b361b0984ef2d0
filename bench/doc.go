// Package bench measures the espresso, chess2pla and tablebase commands as
// subprocesses and reports what they cost. It is the work behind cmd/bench and
// can be driven from Go the same way.
//
// The model has four parts:
//
//   - Suites. An [Input] is one PLA to minimize. [FolderSuite] lists the PLA files
//     of a folder (the reference suite, or any other); [ChessSuite] lists the
//     endgame tables of the paper's Tables 3 and 4, which chess2pla generates
//     when they are run.
//   - Runs. A [Condition] is one way of running espresso (the paper's processing
//     conditions are [BuiltinConditions]; [ParseConditions] adds others). [Run]
//     runs every input under every condition as the [Config] says — our binary
//     and, optionally, a reference binary (ESPRESSO 2.3 built outside the
//     repository), alternating which goes first so that both see the same load
//     on the machine — and returns one [Result] per binary, input and condition:
//     wall and CPU time and peak memory ([Measure] measures one subprocess), the
//     cubes and literals of the output cover ([CountPLA]) and whether -Dverify
//     found it equivalent to its input.
//   - Reports. [WriteCSV] and [ReadCSV] keep the results (so a report can be
//     rewritten without running again); [WriteMarkdown] writes the report: the
//     machine ([Meta], [DetectMachine]), every condition's status, ours against
//     the reference per suite, and the chess tables beside the paper's Tables 3,
//     4 and 5 ([LoadPaper] reads them from testdata/paper). The tablebase
//     section ([TableRow], [WriteTableMarkdown]) sets our table files' bytes
//     beside the paper's and Syzygy's.
//   - Plots. [PlotPoints] and [WriteSVG] draw time against the cubes of the output
//     cover, ours, the reference's and the paper's; [WriteTableSVG] draws the
//     bytes of each table. Both are self-contained SVG documents.
//
// Times are of whole processes, measured on whatever machine runs them: the
// report states the machine and its load, and compares binaries only within one
// session, as ratios.
package bench
