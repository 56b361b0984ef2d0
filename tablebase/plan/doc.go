// Package plan turns a tablebase build into a plan of jobs that run on one machine or on a
// cluster, and runs a plan locally.
//
// # Model
//
// A build of tables is a set of jobs with dependencies. A job is one of four kinds:
//
//   - solve: the retrograde analysis of a material, written as its values file
//     (values/KQRvKR.wdl2, two bits a position; package chess);
//   - slice: one slice of a material's table — the positions with the white king on one
//     square that the table's BoardSymmetry keeps — minimized from the values file in the
//     table's one order and checked against it (slices/KQRvKR/e4.slice); the slice of
//     the reference square comes first, chooses the order (builder.SliceOrder), leaves it
//     in slices/KQRvKR/order, and the other slices run after it;
//   - assemble: the slices of a material merged into one decision list over the whole
//     index and checked against the values file (builder.Merge; joined as they are with
//     Options.NoMerge) into its table file (KQRvKR.tbc; for the materials whose values
//     file is their colour twin's, the twin's: KBvKQQ.tbc, see Plan.Held);
//   - table: a table of 3 or 4 pieces built whole, solved in memory (KQvKR.tbc).
//
// Five-piece tables are sliced; smaller ones are built whole unless Options.SliceAll asks
// otherwise. A solve depends on the solves of the five-piece materials its captures and
// promotions reach (smaller ones are solved in memory); a dependency that is not one of the
// materials asked for is solved, not tabled, and comes earlier in the plan.
//
// Jobs are grouped in waves: a job's wave is one more than the largest wave of the jobs it
// runs after (0 when none), and jobs are numbered from 0 in wave order, so that each wave
// is a contiguous range of job numbers (one Slurm job array). Each job carries the memory
// and the time it is expected to take (see estimate.go) and the path of its output,
// relative to the build's directory. A job whose output exists is done: a plan resumes
// where it stopped, and a job killed at any moment loses only its own work, since every
// output is written atomically.
//
// A plan is written as DIR/plan.tsv (Write, Read): a few "#" lines (the format version,
// the materials, the options), a header line, then one job a line:
//
//	job	wave	kind	material	slice	memory_mib	minutes	after	output
//	0	0	solve	KQRvKR	-	4096	20	-	values/KQRvKR.wdl2
//	1	1	slice	KQRvKR	a8	1536	6	0	slices/KQRvKR/a8.slice
//
// RunJob runs one job in the build's directory (one file per kind: solve.go, slice.go,
// assemble.go, table.go), with the plan's Options, from which the builder's derive
// (Options.Builder), and keeps what it built and used beside its output
// (stats/OUTPUT.csv: WriteStats, ReadStats, Plan.TableStats), so that a build's report
// covers the jobs of any run. Run runs a plan locally: a pool of jobs that run side by
// side while their memory fits, each started once the jobs it runs after are done (a
// Runner runs one, as a process of its own in the command), with a line of progress and
// an estimate of the time left as each job ends.
package plan
