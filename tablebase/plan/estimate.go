package plan

import (
	"time"

	"github.com/espresso-go/espresso/chess"
)

// This file estimates each job's memory and time: what a cluster is asked for, and what
// the local pool counts against the machine's memory. Memory is an upper bound of the
// peak resident set; minutes are a limit, about three times the time measured on a
// loaded 2-core machine, so that a job on a slower or busier node still ends within it;
// Job.Expected is the time a job is expected to take, from measured rates.
// docs/PERFORMANCE.md gives the measurements behind each figure and their commands.

const (
	mib = 1 << 20

	// baseMiB is a process's memory beside its tables: the runtime, the minimizer's
	// cube structures and the garbage collector's slack.
	baseMiB = 256

	// tableFactor scales chess.MemoryNeeded for a table built whole: the 3-4-piece
	// build's peaks are 1.6 to 1.9 times it, plus baseMiB.
	tableFactor = 2

	// solveFactor scales chess.MemoryNeeded for a solve that writes a values file
	// (Solver.SolveValues, its five-piece dependencies read from values files): the
	// estimate is the solver's own, this is the margin over it.
	solveFactor = 1.5
	// solveFiveMinutes bounds the solve of a five-piece material (KQRvKR's, the
	// largest without pawns, and a margin).
	solveFiveMinutes = 120

	// sliceFiveMiB bounds a five-piece slice (2^25 positions): its classes, the values
	// of its positions and the covers of its minimizations (about twice KQRvKR's slice
	// d5's peak).
	sliceFiveMiB = 1536
	// sliceFiveMinutes bounds a five-piece slice's minimization and check (KQRvKR's
	// slice d5's wall time on a loaded machine, and a margin).
	sliceFiveMinutes = 30

	// assembleSliceMiB bounds what the assembly of a five-piece table holds for each of
	// its slices (builder.Merge): bit sets of the slice's positions, a counter for each
	// position a cover must hold, the slice's cubes lifted and merged; the values are read
	// a slice at a time. KRNvKR's, 10 slices and 360 000 cubes, peaked at 421 MiB,
	// KRPvKR's, 32 slices and 2.4 million cubes, at 1 819 MiB: 49 MiB a slice past
	// baseMiB. assembleFiveMinutes bounds its time (KRPvKR's took 18 min of wall time on
	// a loaded machine).
	assembleSliceMiB, assembleFiveMinutes = 64, 240
)

// estimate returns the memory (MiB) and the minutes job j is expected to need at most.
func estimate(j Job, o *Options) (memoryMiB, minutes int) {
	m := j.Material
	switch j.Kind {
	case Solve:
		if m.NumPieces() < chess.MaxPieces {
			// Its promotions' values come from their files, its captures' are solved in
			// memory (3-piece tables): a byte a position and the values file's two bits.
			return baseMiB + int(2*m.Size()/mib), tableMinutes(m)
		}
		return int(solveFactor*float64(chess.MemoryNeeded(m))/mib) + baseMiB, solveFiveMinutes
	case Slice:
		// A slice of fewer pieces (Options.SliceAll) is 64 times smaller a piece.
		shrink := chess.Layout(chess.MaxPieces).Bits() - m.Layout().Bits()
		return baseMiB + (sliceFiveMiB-baseMiB)>>shrink, max(1, sliceFiveMinutes>>shrink)
	case Assemble:
		// A table of fewer pieces (Options.SliceAll) is 64 times smaller a piece.
		shrink := 6 * (chess.MaxPieces - m.NumPieces())
		slices := len(SliceSquares(m, !o.NoBoardSymmetry))
		return baseMiB + slices*assembleSliceMiB>>shrink, max(1, assembleFiveMinutes>>shrink)
	}
	return tableMiB(m), tableMinutes(m)
}

// tableMiB bounds the memory of solving m in memory and minimizing its table whole.
func tableMiB(m chess.Material) int {
	return int(tableFactor*chess.MemoryNeeded(m)/mib) + baseMiB
}

// tableMinutes bounds the time of a table built whole: three times the slowest 4-piece
// table's (KNvKP's) wall time on a loaded machine; a 3-piece one takes a second.
func tableMinutes(m chess.Material) int {
	if m.NumPieces() <= 3 {
		return 2
	}
	return 15
}

// The expected time of a job, from rates measured on the 3-4-piece build with one worker
// a job (tablebase build --out DIR --pieces 4 --workers 1 --jobs 1: the CPU time each job
// printed, docs/CHESS.md). Unlike Job.Minutes, a limit, this is what a build announces
// and what its ETA starts from.
const (
	// jobStartSeconds is a job's own cost beside its solve and minimization: the process,
	// reading its inputs, writing its table. The 3-piece jobs took 0.2 to 0.4 s of wall
	// time for 0.0 to 0.6 s of CPU.
	jobStartSeconds = 0.2
	// pawnlessNsPerPosition and pawnNsPerPosition are the CPU time of a table built whole
	// per position of its index (Material.Size), its dependencies' solves included: a
	// pawn's table solves the tables its promotions lead to, and has one symmetry of the
	// board where a pawnless one has eight.
	pawnlessNsPerPosition = 360
	pawnNsPerPosition     = 1100
	// sliceNsPerPosition is the CPU time of a slice per position of its index, in the
	// table's one order: the 30 slices of KRRvKR, KQRvKR and KBBvKN took 2 989 s of CPU
	// for 2^25 positions each (66 to 259 s a slice, the corner's the longest).
	sliceNsPerPosition = 3000
	// solveSmallNsPerPosition is a 3-4-piece solve's CPU per position of its index, its
	// promotions read from their values files: KPvKP's took 1.4 s for 2^25.
	solveSmallNsPerPosition = 45
	// solveFiveNsPerPosition is a five-piece solve's CPU per position of its index:
	// KRRvKR's, KQRvKR's, KRBvKR's and KBBvKN's took 106, 118, 50 and 60 s for 2^31.
	solveFiveNsPerPosition = 50
	// pawnFiveFactor is what a five-piece table with a pawn's solve and slices cost at the
	// rates above: KRPvKR's solve took 193 s of CPU and its slices 231 s on average, where
	// the pawnless tables' solves took 38 to 118 s and their slices 107 s on average.
	pawnFiveFactor = 2
	// assembleNsPerPosition is an assembly's CPU time per position of the table's index:
	// the merge of KRNvKR's slices took 105 s for 2^31 positions.
	assembleNsPerPosition = 50
	// workerShare is the share of a CPU that each worker past the first adds: the 3-4-
	// piece build took 9 min of CPU in 4 min 51 s of wall time with two workers a job.
	workerShare = 0.85
)

// Expected returns the wall time job j is expected to take with workers goroutines on an
// idle machine: its CPU time at the rates above over the workers' speed-up, and its start.
func (j Job) Expected(workers int) time.Duration {
	m := j.Material
	size := float64(m.Size())
	var cpuNs float64
	switch j.Kind {
	case Solve:
		if m.NumPieces() >= chess.MaxPieces {
			cpuNs = solveFiveNsPerPosition * size * pawnFive(m)
		} else {
			cpuNs = solveSmallNsPerPosition * size
		}
	case Slice:
		cpuNs = sliceNsPerPosition * size / 64 * pawnFive(m)
	case Assemble:
		cpuNs = assembleNsPerPosition * size
	default:
		cpuNs = tableNs(m)
	}
	speedup := 1 + workerShare*float64(max(workers, 1)-1)
	return time.Duration(jobStartSeconds*float64(time.Second) + cpuNs/speedup)
}

// pawnFive returns pawnFiveFactor for a five-piece material with a pawn, else 1.
func pawnFive(m chess.Material) float64 {
	if m.HasPawns() && m.NumPieces() >= chess.MaxPieces {
		return pawnFiveFactor
	}
	return 1
}

// tableNs is the CPU time of building m's table whole, in nanoseconds.
func tableNs(m chess.Material) float64 {
	if m.HasPawns() {
		return pawnNsPerPosition * float64(m.Size())
	}
	return pawnlessNsPerPosition * float64(m.Size())
}

// Expected returns the wall time of all p's jobs one after the other with workers
// goroutines a job (see Job.Expected).
func (p *Plan) Expected(workers int) time.Duration {
	var d time.Duration
	for _, j := range p.Jobs {
		d += j.Expected(workers)
	}
	return d
}
