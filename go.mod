module github.com/espresso-go/espresso

go 1.26

require (
	github.com/alecthomas/kong v1.17.0
	github.com/google/go-cmp v0.7.0
	github.com/pkg/profile v1.6.0 // not v1.7: it links fgprof, and with it net/http and crypto/tls, into espresso
)
