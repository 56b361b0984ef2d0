// Package progress shows how far a long run has gone on one line of a terminal,
// rewritten in place.
//
// A Line is told, as often as the work likes (once per cube, say: Report only stores what
// it is told), which step runs and how many of its items are done of how many. From a
// given delay after its start, so that short runs print nothing, a goroutine redraws the
// line a few times a second with the step, the count and the time elapsed. Stop clears it.
//
// The line is drawn as carriage return, text, erase to the end of the line, carriage
// return: the cursor is left at the start of the line, so that whatever the program or
// another writes to the terminal next overwrites the line instead of running on after it.
// Progress belongs on a terminal only: ForTerminal gives no Line for anything else (a
// file, a pipe), and a nil *Line does nothing.
package progress
