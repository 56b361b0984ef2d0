package main

// This file is the serve subcommand: an HTTP API in the shape of lichess's tablebase
// server (lila-tablebase), a health endpoint, and the page at / (page.go).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/espresso-go/espresso/tablebase"
)

// serveCmd is the serve subcommand.
type serveCmd struct {
	Addr  string `default:"127.0.0.1:9000" help:"Address to listen on (host:port; port 0 picks a free one)."`
	Quiet bool   `short:"q" help:"No log line per request (the start, reopens and shutdown are still logged)."`
	Dir   string `arg:"" name:"dir" help:"Folder of table files (as build --out writes them)."`
}

// The server's limits, each against a client that holds a connection without using it
// or sends more than a FEN.
const (
	// readHeaderTimeout bounds the time to send a request's headers, readTimeout the
	// whole request (a GET has no body).
	readHeaderTimeout, readTimeout = 5 * time.Second, 10 * time.Second
	// writeTimeout bounds the time to write an answer, which takes milliseconds.
	writeTimeout = 30 * time.Second
	// idleTimeout closes a keep-alive connection with no request for this long.
	idleTimeout = 10 * time.Second
	// maxHeaderBytes bounds the request line and headers: a FEN is under 100 bytes, a
	// longer request gets 431.
	maxHeaderBytes = 16 << 10
	// maxErrorBytes bounds an error message: it never echoes a long request whole.
	maxErrorBytes = 200
	// shutdownGrace is how long a SIGTERM waits for the requests under way.
	shutdownGrace = 10 * time.Second
	// reopenEvery is how often the folder is listed for table files added, replaced,
	// repaired or removed (Tablebase.Reopen); SIGHUP lists it at once.
	reopenEvery = 2 * time.Second
)

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
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	logger := log.New(e.stderr, "tablebase: ", log.LstdFlags|log.LUTC|log.Lmsgprefix)
	logger.Printf("serving %s (%d tables, up to %d pieces) on http://%s/", c.Dir, len(tb.Materials()), tb.MaxPieces(), ln.Addr())
	ts := &tables{logger: logger}
	ts.cur.Store(tb)
	go ts.watch(ctx, reopenEvery, hup)
	h := newHandler(ts)
	if !c.Quiet {
		h = logRequests(h, logger)
	}
	return serve(ctx, ln, h, logger)
}

// tables is the set a server answers from, reopened when its table files change.
type tables struct {
	cur    atomic.Pointer[tablebase.Tablebase]
	logger *log.Logger
}

// fixed returns tb as a set that is never reopened.
func fixed(tb *tablebase.Tablebase) *tables {
	ts := &tables{}
	ts.cur.Store(tb)
	return ts
}

// get returns the set to answer a request from.
func (ts *tables) get() *tablebase.Tablebase { return ts.cur.Load() }

// reopen lists the folder again and switches to its tables when a file was added,
// replaced, repaired or removed; requests under way finish with the old set. It says so
// on the log, and, when asked for (a SIGHUP), that nothing changed.
func (ts *tables) reopen(asked bool) {
	nt, changed, err := ts.get().Reopen()
	switch {
	case err != nil:
		ts.logger.Printf("reopen: %v (still answering from the tables open before)", err)
	case len(changed) > 0:
		ts.cur.Store(nt)
		ts.logger.Printf("reopened: %s changed; %d tables", strings.Join(changed, ", "), len(nt.Materials()))
	case asked:
		ts.logger.Printf("reopen: no table file changed")
	}
}

// watch reopens the set every period and on each signal from hup, until ctx is done.
func (ts *tables) watch(ctx context.Context, every time.Duration, hup <-chan os.Signal) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		asked := false
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-hup:
			asked = true
		}
		ts.reopen(asked)
	}
}

// serve answers on ln with h until ctx is done, then shuts down gracefully, saying so on
// logger.
func serve(ctx context.Context, ln net.Listener, h http.Handler, logger *log.Logger) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout,
		WriteTimeout: writeTimeout, IdleTimeout: idleTimeout, MaxHeaderBytes: maxHeaderBytes,
		ErrorLog: logger}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	logger.Printf("shutting down: no new connections, up to %v for the requests under way", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Printf("stopped")
	return nil
}

// newHandler routes the API, the health endpoint and the page.
func newHandler(ts *tables) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /standard", func(w http.ResponseWriter, r *http.Request) { standard(ts, w, r) })
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.Handle("GET /", pageHandler())
	return mux
}

// logRequests writes one line a request to logger once it is answered: method, path,
// status and duration.
func logRequests(h http.Handler, logger *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		logger.Printf("%s %s %d %v", r.Method, logPath(r.URL.Path), sw.status, time.Since(start).Round(time.Microsecond))
	})
}

// logPath is a request's path for the log: at most 100 bytes, quoted when it holds
// anything but printable ASCII.
func logPath(p string) string {
	short := bounded(p, 100)
	for i := 0; i < len(short); i++ {
		if short[i] <= ' ' || short[i] > '~' {
			return fmt.Sprintf("%q", short)
		}
	}
	return short
}

// statusWriter records the status of an answer.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
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
// position and its moves, 400 for a malformed query, a FEN that is malformed or illegal,
// 404 for a position outside the tables, 500 for a bad table file (its path in the log
// only), each error as {"error": "..."} of at most maxErrorBytes, without the FEN.
func standard(ts *tables, w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, "malformed query: "+err.Error())
		return
	}
	fen := strings.ReplaceAll(q.Get("fen"), "_", " ")
	if fen == "" {
		writeError(w, http.StatusBadRequest, "missing fen parameter")
		return
	}
	a, err := analyse(ts.get(), fen, true)
	var pe *tablebase.PositionError
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, standardJSON(&a))
	case errors.Is(err, tablebase.ErrIllegal) && errors.As(err, &pe):
		writeError(w, http.StatusBadRequest, "illegal position: "+pe.Reason)
	case errors.Is(err, tablebase.ErrNoTable) && errors.As(err, &pe):
		writeError(w, http.StatusNotFound, "no table: "+pe.Reason)
	default:
		if ts.logger != nil {
			ts.logger.Printf("GET /standard: %v", err)
		}
		writeError(w, http.StatusInternalServerError, "bad table file (named in the server's log)")
	}
}

// writeError writes {"error": msg}, msg cut to maxErrorBytes.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": bounded(msg, maxErrorBytes)})
}

// bounded returns s cut to at most n bytes, on a character boundary, with "…" when cut.
func bounded(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
