package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/espresso-go/espresso/tablebase"
)

// probeCmd is the probe subcommand.
type probeCmd struct {
	Format          string   `enum:"text,json" default:"text" help:"Output: text (win, draw, loss or error: … a line) or json (one object a line: fen, category, wdl, or error)."`
	Moves           bool     `help:"Add every legal move (SAN) and the category of the position after it, for the opponent, best first; and checkmate or stalemate."`
	ResolveCaptures bool     `help:"Search the captures as Syzygy's prober does: a position's value is the better of its stored value and its captures'. Tables built with their captures resolved are answered only so."`
	Dir             string   `arg:"" name:"dir" help:"Folder of table files (as build --out writes them)."`
	FENs            []string `arg:"" optional:"" name:"fen" help:"Positions in FEN, each one argument (quote it); - reads standard input, one a line; without any, standard input."`
}

// Run writes one line for each position, and for each line of standard input, and
// flushes it before it reads the next: an answer, an error (status 1 at the end), or, for
// a blank line or a comment (#…), the line itself (text) or {"comment": line} (json).
func (c *probeCmd) Run(e *env) error {
	tb, err := tablebase.OpenWith(c.Dir, tablebase.Options{ResolveCaptures: c.ResolveCaptures})
	if err != nil {
		return err
	}
	p := &prober{cmd: c, tb: tb, out: bufio.NewWriter(e.stdout)}
	fens := c.FENs
	if len(fens) == 0 {
		fens = []string{"-"}
	}
	for _, fen := range fens {
		if fen != "-" {
			if err := p.answer(fen); err != nil {
				return err
			}
			continue
		}
		if e.stdin == nil {
			continue
		}
		in := bufio.NewReader(e.stdin)
		for {
			line, err := in.ReadString('\n')
			if line != "" {
				if err := p.answer(line); err != nil {
					return err
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("reading positions: %w", err)
			}
		}
	}
	if p.failed > 0 {
		return fmt.Errorf("%d of %d positions could not be probed", p.failed, p.total)
	}
	return nil
}

// prober answers one line at a time.
type prober struct {
	cmd           *probeCmd
	tb            *tablebase.Tablebase
	out           *bufio.Writer
	failed, total int
}

// answer writes and flushes the one line that answers an input line.
func (p *prober) answer(line string) error {
	line = strings.TrimSpace(line)
	switch {
	case line == "" || line[0] == '#':
		if p.cmd.Format == "json" {
			p.writeJSON(map[string]string{"comment": line})
		} else {
			p.out.WriteString(line + "\n")
		}
	default:
		p.total++
		a, err := analyse(p.tb, line, p.cmd.Moves)
		if err != nil {
			p.failed++
		}
		if p.cmd.Format == "json" {
			p.writeJSON(probeJSON(line, &a, err, p.cmd.Moves))
		} else {
			p.out.WriteString(probeText(&a, err, p.cmd.Moves) + "\n")
		}
	}
	return p.out.Flush()
}

func (p *prober) writeJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(fmt.Sprintf(`{"error":%q}`, err.Error()))
	}
	p.out.Write(append(b, '\n'))
}

// probeText is a text answer: "win", "error: …", and with moves
// "win: Qh7# loss checkmate, Kb2 draw" (the category after each move is the opponent's).
func probeText(a *answer, err error, moves bool) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	b.WriteString(category(a.WDL))
	if !moves {
		return b.String()
	}
	b.WriteString(mateSuffix(a.Checkmate, a.Stalemate))
	for i, m := range a.Moves {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(m.SAN + " " + m.category() + mateSuffix(m.Checkmate, m.Stalemate))
	}
	return b.String()
}

func mateSuffix(checkmate, stalemate bool) string {
	switch {
	case checkmate:
		return " checkmate"
	case stalemate:
		return " stalemate"
	}
	return ""
}

// probeLine is a JSON answer.
type probeLine struct {
	FEN       string      `json:"fen"`
	Category  string      `json:"category,omitempty"`
	WDL       *int        `json:"wdl,omitempty"`
	Error     string      `json:"error,omitempty"`
	Checkmate *bool       `json:"checkmate,omitempty"` // with moves
	Stalemate *bool       `json:"stalemate,omitempty"` // with moves
	Moves     *[]moveLine `json:"moves,omitempty"`
}

// moveLine is a move of a JSON answer; category and wdl are the opponent's after it.
type moveLine struct {
	UCI       string `json:"uci"`
	SAN       string `json:"san"`
	Category  string `json:"category"`
	WDL       *int   `json:"wdl"` // null when unknown
	Zeroing   bool   `json:"zeroing"`
	Checkmate bool   `json:"checkmate"`
	Stalemate bool   `json:"stalemate"`
}

func probeJSON(fen string, a *answer, err error, moves bool) probeLine {
	if err != nil {
		return probeLine{FEN: fen, Error: err.Error()}
	}
	wdl := int(a.WDL)
	l := probeLine{FEN: fen, Category: category(a.WDL), WDL: &wdl}
	if moves {
		ms := make([]moveLine, len(a.Moves))
		for i, m := range a.Moves {
			ms[i] = moveLine{UCI: m.UCI, SAN: m.SAN, Category: m.category(), Zeroing: m.Zeroing, Checkmate: m.Checkmate, Stalemate: m.Stalemate}
			if m.Known {
				w := int(m.WDL)
				ms[i].WDL = &w
			}
		}
		l.Checkmate, l.Stalemate, l.Moves = &a.Checkmate, &a.Stalemate, &ms
	}
	return l
}
