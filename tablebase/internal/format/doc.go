// Package format is the table file format that package tablebase/build writes and
// package tablebase reads: the table model (Table, Cube, Symmetry), the encoder and the
// decoder (Encode, Decode, ReadFile, WriteFile) with their range coder and cube model,
// and the board symmetries' canonical positions (Canonicalizer), which the builder
// stores and the probe looks up. docs/FORMAT.md gives the layout byte by byte.
package format
