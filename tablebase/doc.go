// Package tablebase stores chess endgame win/draw/loss tables as minimized covers and
// answers probes from them without search.
//
// The model, the build and the file format are documented as they are written; see
// Table for the in-memory form both the builder and the reader share.
package tablebase
