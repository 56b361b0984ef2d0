package plan_test

import (
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// TestExpectedWithinMeasured: what a build of every table of 3, and of 3 and 4, pieces
// announces is within 3 times the wall time measured for it (tablebase build --pieces N
// with its defaults, two workers a job on two cores: docs/CHESS.md).
func TestExpectedWithinMeasured(t *testing.T) {
	tests := []struct {
		pieces, workers int
		measured        time.Duration
	}{
		{3, 2, 2500 * time.Millisecond},
		{4, 2, 4*time.Minute + 51*time.Second},
	}
	for _, tt := range tests {
		p, err := plan.New(chess.Materials(tt.pieces), plan.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := p.Expected(tt.workers)
		if got > 3*tt.measured || 3*got < tt.measured {
			t.Errorf("--pieces %d, %d workers: %v expected, measured %v: want within 3 times", tt.pieces, tt.workers, got, tt.measured)
		}
		t.Logf("--pieces %d, %d workers: %v expected, measured %v", tt.pieces, tt.workers, got.Round(100*time.Millisecond), tt.measured)
	}
}
