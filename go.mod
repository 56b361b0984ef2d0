module github.com/espresso-go/espresso

go 1.26

require (
	github.com/alecthomas/kong v1.17.0
	github.com/chromedp/chromedp v0.23.0 // tests only: drives Debian's chromium for the page's browser test
	github.com/corentings/chess/v2 v2.3.2 // tests only: the reference move list and SAN that package tablebase's moves are checked against
	github.com/google/go-cmp v0.7.0
	github.com/pkg/profile v1.6.0 // not v1.7: it links fgprof, and with it net/http and crypto/tls, into espresso
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/exp v0.0.0-20250128182459-e0ece0dbea4c // indirect
)
