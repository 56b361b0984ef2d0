package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/format"
)

// getStandard asks srv's /standard for fen and decodes the answer.
func getStandard(t testing.TB, client *http.Client, base, fen string) (int, positionJSON, map[string]any) {
	t.Helper()
	resp, err := client.Get(base + "/standard?fen=" + url.QueryEscape(fen))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s: Content-Type %q", fen, ct)
	}
	var p positionJSON
	var raw map[string]any
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("%s: %v: %s", fen, err, body)
	}
	json.Unmarshal(body, &raw)
	return resp.StatusCode, p, raw
}

// TestServeStandard: /standard answers in lila-tablebase's shape, agrees with the probe
// on random positions of every table built here (both colours), gives each move the
// category of a probe of the position after it (played by playUCI), best first, and
// answers bad input with 400 or 404 and a JSON error.
func TestServeStandard(t *testing.T) {
	dir := buildTables(t, "KQvK", "KRvK", "KBvK", "KNvK", "KPvK")
	checkServe(t, dir, 200)
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(fixed(tb)))
	defer srv.Close()

	status, p, raw := getStandard(t, srv.Client(), srv.URL, "4k3/8/8/8/8/8/8/4K2R_w_-_-_0_1") // underscores for spaces
	if status != 200 || p.Category != "win" || p.Moves == nil || len(*p.Moves) != 14 {
		t.Errorf("KRvK: status %d, %+v", status, p)
	}
	for _, key := range []string{"category", "checkmate", "stalemate", "insufficient_material", "dtz", "dtm", "moves", "variant_win", "variant_loss", "precise_dtz"} {
		if _, ok := raw[key]; !ok {
			t.Errorf("answer lacks %q: %v", key, raw)
		}
	}
	if raw["dtz"] != nil || raw["dtm"] != nil {
		t.Errorf("dtz %v, dtm %v: want null", raw["dtz"], raw["dtm"])
	}
	move := raw["moves"].([]any)[0].(map[string]any)
	for _, key := range []string{"uci", "san", "category", "zeroing", "checkmate", "stalemate", "dtz", "dtm"} {
		if _, ok := move[key]; !ok {
			t.Errorf("move lacks %q: %v", key, move)
		}
	}
	if _, ok := move["moves"]; ok {
		t.Errorf("a move has moves: %v", move)
	}
	if _, p, _ := getStandard(t, srv.Client(), srv.URL, "8/8/8/3k4/8/3K4/8/8 w - - 0 1"); p.Category != "draw" || !p.Insufficient {
		t.Errorf("KvK: %+v, want a draw with insufficient material", p)
	}
	if _, p, _ := getStandard(t, srv.Client(), srv.URL, "k7/Q7/1K6/8/8/8/8/8 b - - 0 1"); p.Category != "loss" || !p.Checkmate || len(*p.Moves) != 0 {
		t.Errorf("mate: %+v", p)
	}

	bad := []struct {
		fen    string
		status int
	}{
		{"", 400},
		{"8/8/8 w - -", 400},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", 400},  // castling
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", 400}, // the side not to move in check
		{"4k3/8/8/8/8/8/8/3QK2R w - - 0 1", 404}, // KQRvK: no table
	}
	for _, b := range bad {
		resp, err := srv.Client().Get(srv.URL + "/standard?fen=" + url.QueryEscape(b.fen))
		if err != nil {
			t.Fatal(err)
		}
		var e struct{ Error string }
		err = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != b.status || err != nil || (b.status != 200) != (e.Error != "") {
			t.Errorf("%q: status %d, error %q (%v); want %d", b.fen, resp.StatusCode, e.Error, err, b.status)
		}
	}
	resp, err := srv.Client().Get(srv.URL + "/health")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("/health: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
}

// TestServeAgreesMany is TestServeStandard's agreement check on 1 000 random legal
// positions spread evenly over the materials of $TABLEBASE_DIR (tablebase build --out DIR
// --pieces 4 makes the 35).
func TestServeAgreesMany(t *testing.T) {
	checkServe(t, tbref.Dir(t, "TABLEBASE_DIR", "tablebase build --out DIR --pieces 4, or some of its materials"), 1000)
}

// checkServe serves the tables of dir and checks n random legal positions, drawn evenly
// over its materials (both colours), against the probe; it returns after logging the
// count of moves checked.
func checkServe(t *testing.T, dir string, n int) {
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(fixed(tb)))
	defer srv.Close()
	mats := dirMaterials(t, dir)
	rng := rand.New(rand.NewPCG(5, 6))
	moves := 0
	for i := range n {
		m := chess.Material{Pieces: slices.Clone(mats[i%len(mats)].Pieces)}
		if rng.IntN(2) == 1 { // the colour-swapped twin
			for j := range m.Pieces {
				m.Pieces[j].Colour ^= 1
			}
		}
		p := tbref.RandomPosition(m, rng)
		fen := p.FEN()
		status, got, _ := getStandard(t, srv.Client(), srv.URL, fen)
		if status != 200 {
			t.Fatalf("%s: status %d", fen, status)
		}
		var ms []moveLine
		for _, mv := range *got.Moves {
			ml := moveLine{UCI: mv.UCI, SAN: mv.SAN, Category: mv.Category}
			for _, c := range []tablebase.WDL{tablebase.Loss, tablebase.Draw, tablebase.Win} {
				if c.String() == mv.Category {
					w := int(c)
					ml.WDL = &w
				}
			}
			ms = append(ms, ml)
		}
		if err := checkMoves(tb, fen, got.Category, got.Checkmate, got.Stalemate, ms); err != nil {
			t.Errorf("%s: %v", fen, err)
		}
		moves += len(ms)
	}
	t.Logf("%d positions over %d materials, %d moves: /standard agrees with the probe", n, len(mats), moves)
}

// dirMaterials returns the materials of the table files in dir.
func dirMaterials(t *testing.T, dir string) []chess.Material {
	names, err := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
	if err != nil || len(names) == 0 {
		t.Fatalf("no tables in %s", dir)
	}
	var mats []chess.Material
	for _, name := range names {
		mats = append(mats, chess.MustParseMaterial(strings.TrimSuffix(filepath.Base(name), format.FileExt)))
	}
	return mats
}

// TestServeShutdown: serve stops when its context is done (as on SIGTERM), after the
// request under way has its answer.
func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(300 * time.Millisecond)
		io.WriteString(w, "done")
	})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	var logged strings.Builder
	go func() { served <- serve(ctx, ln, h, log.New(&logged, "", 0)) }()
	got := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-started
	cancel()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
	if s := <-got; s != "done" {
		t.Errorf("the request under way got %q, want done", s)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("still serving after shutdown")
	}
	if got := logged.String(); !strings.Contains(got, "shutting down") || !strings.HasSuffix(got, "stopped\n") {
		t.Errorf("log %q: want the shutdown and the stop", got)
	}
}

// TestServeLoad sends 20 000 requests for random positions spread evenly over the
// materials of $TABLEBASE_DIR's tables, 32
// at a time, over loopback, and logs requests per second, the 50th and 99th percentile
// latency and the heap after each quarter; every answer must be 200. Set TABLEBASE_LOAD=1
// (a figure to read, not a timed assertion).
func TestServeLoad(t *testing.T) {
	dir := os.Getenv("TABLEBASE_DIR")
	if dir == "" || os.Getenv("TABLEBASE_LOAD") == "" {
		t.Skip("set TABLEBASE_LOAD=1 and TABLEBASE_DIR to a directory of built tables")
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	discard := log.New(io.Discard, "", 0) // a line a request, as serve logs without --quiet
	go func() { served <- serve(ctx, ln, logRequests(newHandler(fixed(tb)), discard), discard) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()
	base := "http://" + ln.Addr().String()
	mats := dirMaterials(t, dir)
	rng := rand.New(rand.NewPCG(7, 8))
	const total, workers = 20000, 32
	urls := make([]string, total)
	for i := range urls {
		p := tbref.RandomPosition(mats[i%len(mats)], rng)
		urls[i] = base + "/standard?fen=" + url.QueryEscape(p.FEN())
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	lat := make([]time.Duration, total)
	var errs, next sync.Mutex
	var failures []string
	i := 0
	var wg sync.WaitGroup
	var heap [4]uint64
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.HeapInuse >> 20
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= total {
					return
				}
				t0 := time.Now()
				resp, err := client.Get(urls[j])
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != 200 {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				lat[j] = time.Since(t0)
				if err != nil {
					errs.Lock()
					failures = append(failures, err.Error())
					errs.Unlock()
				}
				if (j+1)%(total/4) == 0 {
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					heap[(j+1)/(total/4)-1] = ms.HeapInuse >> 20
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	if len(failures) > 0 {
		t.Errorf("%d of %d requests failed, first: %s", len(failures), total, failures[0])
	}
	t.Logf("%d requests, %d concurrent: %.0f requests/s, p50 %v, p99 %v, %d errors; heap in use %d MiB before, %v MiB after each quarter (client and server in one process)",
		total, workers, float64(total)/elapsed.Seconds(), lat[total/2].Round(time.Microsecond), lat[total*99/100].Round(time.Microsecond), len(failures), before, heap)
}
