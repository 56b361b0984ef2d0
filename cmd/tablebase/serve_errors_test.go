package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/espresso-go/espresso/tablebase"
)

// TestServeErrors: each bad request gets its status and a short JSON error that names
// neither the server's folder nor more than a bounded part of the request.
func TestServeErrors(t *testing.T) {
	dir := buildTables(t, "KQvK")
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(fixed(tb)))
	defer srv.Close()
	long := "4k3/8/8/8/8/8/8/4K2R w " + strings.Repeat("K", 100000) + " - 0 1"
	tests := []struct {
		query  string
		status int
		want   string // in the error
	}{
		{"fen=%zz", 400, "malformed query"},
		{"", 400, "missing fen"},
		{"fen=", 400, "missing fen"},
		{"fen=8/8/8_w_-_-", 400, "illegal position: 3 ranks"},
		{"fen=" + strings.ReplaceAll("rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", " ", "_"), 400, "illegal position: 17 white pieces"},
		{"fen=" + strings.ReplaceAll("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", " ", "_"), 400, "in check"},
		{"fen=" + strings.ReplaceAll(long, " ", "_"), 400, "castling"},
		{"fen=" + strings.ReplaceAll("4k3/8/8/8/8/8/8/3QK2R w - - 0 1", " ", "_"), 404, "no table: KQRvK"},
	}
	for _, tt := range tests {
		resp, err := srv.Client().Get(srv.URL + "/standard?" + tt.query)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e struct{ Error string }
		err = json.Unmarshal(body, &e)
		short := tt.query[:min(len(tt.query), 40)]
		if resp.StatusCode != tt.status || err != nil || !strings.Contains(e.Error, tt.want) {
			t.Errorf("%s: %d %s, want %d and an error with %q", short, resp.StatusCode, body, tt.status, tt.want)
		}
		if len(e.Error) > maxErrorBytes || strings.Contains(string(body), dir) || strings.Contains(e.Error, "FEN") {
			t.Errorf("%s: error of %d bytes %q: want at most %d, no folder, no FEN", short, len(e.Error), e.Error[:min(len(e.Error), 300)], maxErrorBytes)
		}
	}
}

// TestServeBadTableFile: a bad table file is a 500 whose body does not name it, its path
// goes to the log, and the repaired file is answered from after a reopen.
func TestServeBadTableFile(t *testing.T) {
	dir := buildTables(t, "KQvK")
	path := filepath.Join(dir, "KQvK.tbc")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	ts := fixed(tb)
	ts.logger = log.New(&logged, "", 0)
	srv := httptest.NewServer(newHandler(ts))
	defer srv.Close()
	get := func() (int, string) {
		resp, err := srv.Client().Get(srv.URL + "/standard?fen=k7/8/1K6/8/8/8/8/6Q1_w_-_-_0_1")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if status, body := get(); status != 500 || strings.Contains(body, dir) || strings.Contains(body, "tbc") {
		t.Errorf("bad file: %d %s, want 500 without the file's name", status, body)
	}
	if !strings.Contains(logged.String(), path) {
		t.Errorf("log %q does not name %s", logged.String(), path)
	}
	ts.reopen(true) // nothing changed
	if status, _ := get(); status != 500 {
		t.Errorf("unchanged bad file: %d, want 500", status)
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	ts.reopen(false)
	if status, body := get(); status != 200 || !strings.Contains(body, `"category":"win"`) {
		t.Errorf("repaired file: %d %s, want 200 and a win", status, body)
	}
	if !strings.Contains(logged.String(), "reopen: no table file changed") || !strings.Contains(logged.String(), "reopened: KQvK.tbc changed") {
		t.Errorf("log %q: want the reopen", logged.String())
	}
}

// TestServeConnections: serve logs one line a request, closes an idle keep-alive
// connection after idleTimeout, and refuses a request line longer than maxHeaderBytes.
func TestServeConnections(t *testing.T) {
	dir := buildTables(t, "KQvK")
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var logged syncBuilder
	logger := log.New(&logged, "", 0)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- serve(ctx, ln, logRequests(newHandler(fixed(tb)), logger), logger) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/health: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	c.SetReadDeadline(time.Now().Add(3 * idleTimeout))
	if _, err := r.ReadByte(); err != io.EOF {
		t.Errorf("an idle connection: read %v, want EOF (closed by the server)", err)
	}
	resp2, err := http.Get("http://" + ln.Addr().String() + "/standard?fen=" + strings.Repeat("x", 2*maxHeaderBytes))
	if err != nil || resp2.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a request line of %d bytes: %v %v, want 431", 2*maxHeaderBytes, resp2, err)
	}
	if resp2 != nil {
		resp2.Body.Close()
	}
	if got := logged.String(); !strings.Contains(got, "GET /health 200 ") {
		t.Errorf("log %q: want a line for GET /health", got)
	}
}

// syncBuilder is a strings.Builder that a server's goroutines may write while a test reads.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
