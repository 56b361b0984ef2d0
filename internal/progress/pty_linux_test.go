package progress

import (
	"testing"

	"github.com/espresso-go/espresso/internal/ptytest"
)

// A pseudo-terminal is a terminal: it gets a Line, which draws on it.
func TestForTerminalPty(t *testing.T) {
	term, control, err := ptytest.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer term.Close()
	defer control.Close()
	if !IsTerminal(term) {
		t.Fatal("the pseudo-terminal is not a terminal")
	}
	l := ForTerminal(term, "espresso", 0)
	if l == nil {
		t.Fatal("no Line on the pseudo-terminal")
	}
	l.Report("EXPAND", 3, 4)
	buf := make([]byte, 256)
	n, err := control.Read(buf)
	l.Stop()
	if err != nil || n == 0 {
		t.Fatalf("read %d bytes: %v", n, err)
	}
	if got := string(buf[:n]); got[0] != '\r' {
		t.Errorf("the terminal got %q", got)
	}
}
