package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/espresso-go/espresso/tablebase"
)

// browserEnv names the variable that turns the browser test on (.ci/run sets it, after
// .ci/install has installed Debian's chromium): a browser run takes seconds and needs a
// browser, which a plain `go test ./...` should not require.
const browserEnv = "TABLEBASE_BROWSER"

// chromium returns the path of the browser to drive: $TABLEBASE_CHROMIUM, or chromium (or
// chromium-browser, google-chrome) on the PATH.
func chromium(t *testing.T) string {
	if p := os.Getenv("TABLEBASE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatalf("%s is set but no chromium is on the PATH (.ci/install installs it)", browserEnv)
	return ""
}

// TestPageInBrowser drives the page at / in headless Chromium against tables of three
// pieces built here: it waits for the page's first answer, types a FEN and submits it,
// reads the category the page shows and compares it with the probe's, clicks the best
// move and checks that the page then shows the position after it with the category the
// move's button promised. A screenshot of the last state is kept in the test's artifact
// directory (go test -artifacts -outputdir DIR keeps it).
func TestPageInBrowser(t *testing.T) {
	if os.Getenv(browserEnv) == "" {
		t.Skipf("set %s=1 to run the page in a browser", browserEnv)
	}
	bin := chromium(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := run([]string{"build", "-q", "--out", dir, "KRvK", "KQvK"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("build: status %d: %s", status, stderr.String())
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(fixed(tb)))
	defer srv.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 700),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first Run starts the browser, which lives as long as its context: the
	// timeout goes on the later ones.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("browser: %v", err)
	}
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	// The rook on a1 wins for White to move; Black to move after the best move loses.
	const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	want, err := analyse(tb, fen, true)
	if err != nil {
		t.Fatal(err)
	}
	best := want.Moves[0]
	bestButton := chromedp.CSS(`#moves button[data-uci="` + best.UCI + `"]`)
	err = chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`body[data-answers="1"]`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("fen").select()`), // typing replaces it
		chromedp.SendKeys(chromedp.ID("fen"), fen),
		chromedp.Click(chromedp.ID("probe")),
		chromedp.WaitVisible(chromedp.CSS(`body[data-answers="2"]`)),
	)
	if err != nil {
		t.Fatalf("browser: entering %s: %v", fen, err)
	}
	shown := run1(t, ctx, chromedp.Text(chromedp.ID("category")))
	bestClass := run1(t, ctx, chromedp.AttributeValue(bestButton, "class")).Value
	err = chromedp.Do(ctx,
		chromedp.Click(bestButton),
		chromedp.WaitVisible(chromedp.CSS(`body[data-answers="3"]`)),
	)
	if err != nil {
		t.Fatalf("browser: clicking %s: %v", best.SAN, err)
	}
	afterCategory := run1(t, ctx, chromedp.Text(chromedp.ID("category")))
	afterFEN := run1(t, ctx, chromedp.Value(chromedp.ID("fen")))
	shot := screenshot(t, ctx)
	if shown != "win" || shown != category(want.WDL) {
		t.Errorf("page shows %q for %s, the probe says %q", shown, fen, category(want.WDL))
	}
	if bestClass != "move win" {
		t.Errorf("best move %s has class %q, want \"move win\" (green)", best.SAN, bestClass)
	}
	after, err := analyse(tb, afterFEN, false)
	if err != nil {
		t.Fatalf("position after %s on the page, %q: %v", best.UCI, afterFEN, err)
	}
	if afterCategory != best.category() || afterCategory != category(after.WDL) {
		t.Errorf("after %s the page shows %q (FEN %q), the move promised %q, the probe says %q",
			best.UCI, afterCategory, afterFEN, best.category(), category(after.WDL))
	}
	t.Logf("page: %s is a %s; after %s (%s) the page shows %s; screenshot %s", fen, shown, best.SAN, afterFEN, afterCategory, shot)
}

// screenshot saves a PNG of the page in the test's artifact directory and returns its path.
func screenshot(t *testing.T, ctx context.Context) string {
	png := run1(t, ctx, chromedp.FullScreenshot(100))
	path := filepath.Join(t.ArtifactDir(), "page.png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// run1 runs one browser action that returns a value.
func run1[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	return v
}
