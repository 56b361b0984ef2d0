package main

// This file is the serve subcommand: an HTTP API in the shape of lichess's tablebase
// server (lila-tablebase), a health endpoint, and the page at / (page.go).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/espresso-go/espresso/tablebase"
)

// serveCmd is the serve subcommand.
type serveCmd struct {
	Addr string `default:"127.0.0.1:9000" help:"Address to listen on (host:port; port 0 picks a free one)."`
	Dir  string `arg:"" name:"dir" help:"Folder of table files (as build --out writes them)."`
}

// shutdownGrace is how long a SIGTERM waits for the requests under way.
const shutdownGrace = 10 * time.Second

// Run serves until SIGTERM or SIGINT, then lets the requests under way finish.
func (c *serveCmd) Run(e *env) error {
	tb, err := tablebase.Open(c.Dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	fmt.Fprintf(e.stderr, "tablebase: serving %s on http://%s/\n", c.Dir, ln.Addr())
	return serve(ctx, ln, newHandler(tb))
}

// serve answers on ln with h until ctx is done, then shuts down gracefully.
func serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newHandler routes the API, the health endpoint and the page.
func newHandler(tb *tablebase.Tablebase) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /standard", func(w http.ResponseWriter, r *http.Request) { standard(tb, w, r) })
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.Handle("GET /", pageHandler())
	return mux
}

// positionJSON is a position or a move in lila-tablebase's shape. The tables hold no
// distances, so dtz, precise_dtz, dtm, dtw and dtc are always null, and no category is
// cursed or blessed: they ignore the fifty-move rule.
type positionJSON struct {
	UCI          string          `json:"uci,omitempty"`
	SAN          string          `json:"san,omitempty"`
	Category     string          `json:"category"`
	DTZ          *int            `json:"dtz"`
	PreciseDTZ   *int            `json:"precise_dtz"`
	DTC          *int            `json:"dtc"`
	DTM          *int            `json:"dtm"`
	DTW          *int            `json:"dtw"`
	Zeroing      *bool           `json:"zeroing,omitempty"` // moves only
	Checkmate    bool            `json:"checkmate"`
	Stalemate    bool            `json:"stalemate"`
	VariantWin   bool            `json:"variant_win"`
	VariantLoss  bool            `json:"variant_loss"`
	Insufficient bool            `json:"insufficient_material"`
	Moves        *[]positionJSON `json:"moves,omitempty"` // the position only
}

// standardJSON turns an answer into lila-tablebase's response.
func standardJSON(a *answer) positionJSON {
	moves := make([]positionJSON, len(a.Moves))
	for i := range a.Moves {
		m := &a.Moves[i]
		zeroing := m.Zeroing
		moves[i] = positionJSON{UCI: m.UCI, SAN: m.SAN, Category: m.category(), Zeroing: &zeroing,
			Checkmate: m.Checkmate, Stalemate: m.Stalemate, Insufficient: m.Insufficient}
	}
	return positionJSON{Category: category(a.WDL), Checkmate: a.Checkmate, Stalemate: a.Stalemate,
		Insufficient: a.Insufficient, Moves: &moves}
}

// standard answers GET /standard?fen=FEN (underscores may stand for spaces): 200 with the
// position and its moves, 400 for a FEN that is malformed or illegal, 404 for a position
// outside the tables, each error as {"error": "..."}.
func standard(tb *tablebase.Tablebase, w http.ResponseWriter, r *http.Request) {
	fen := strings.ReplaceAll(r.URL.Query().Get("fen"), "_", " ")
	if fen == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "missing fen parameter"})
		return
	}
	a, err := analyse(tb, fen, true)
	switch {
	case errors.Is(err, tablebase.ErrNoTable):
		writeJSON(w, http.StatusNotFound, map[string]string{"error": err.Error()})
	case errors.Is(err, tablebase.ErrIllegal):
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
	default:
		writeJSON(w, http.StatusOK, standardJSON(&a))
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
