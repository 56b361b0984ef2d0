// Package plaops holds ESPRESSO 2.3's commands that work on a whole PLA
// rather than on its covers: they read and change a [pla.PLA] (its cube
// structure, labels, pairing, phase) and call the minimizer of package
// minimize on the covers they make.
//
//   - Pairer: the pairing of binary inputs into two-bit decoders of
//     -Dpair and -Dpairall (pair.c).
//   - Phaser: the output phase assignment of -Dopo and -Dopoall (opo.c).
//   - MapDCSet, MapOutputSymbolic, DisassembleFSM: the don't-care input of
//     -Dmapdc, the one-hot mapping of .symbolic-output that the reader
//     applies, and the state machine of -Dfsm (hack.c).
//   - FindEquivOutputs: the equal and complementary outputs of -Dequiv
//     (equiv.c).
//
// The package sits above pla and minimize, so that the minimizer knows
// nothing of files.
package plaops
