package main

// This file serves the page at /: one HTML file with its style and script inline, embedded
// in the binary, so that the page needs no network and no build step.

import (
	_ "embed"
	"net/http"
)

//go:embed page/index.html
var pageHTML []byte

// pageHandler serves the page at / and 404 elsewhere.
func pageHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'")
		w.Write(pageHTML)
	})
}
