package tablebase

import (
	"fmt"

	"github.com/espresso-go/espresso/chess"
)

// WDL is the value of a position for the side to move, with the numbers Syzygy's probing
// code gives it: Loss −2, Draw 0, Win 2. The tables hold the values of chess without the
// fifty-move rule (a win is a win however many moves it takes), so Syzygy's cursed win
// (1) and blessed loss (−1), the values the fifty-move rule turns into draws, never occur.
type WDL int8

// The values a probe returns.
const (
	Loss WDL = -2
	Draw WDL = 0
	Win  WDL = 2
)

// String returns "win", "draw" or "loss".
func (v WDL) String() string {
	switch v {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return fmt.Sprintf("WDL(%d)", int8(v))
}

// wdlOf maps a value of package chess onto a WDL.
func wdlOf(s chess.Status) WDL {
	switch s {
	case chess.Win:
		return Win
	case chess.Loss:
		return Loss
	}
	return Draw
}
