package cli

import (
	"fmt"
	"io"

	"github.com/alecthomas/kong"
)

// exitRequest carries the status of kong's exit (after --help) out of Parse.
type exitRequest struct{ code int }

// Parse parses args into grammar (a pointer to a kong struct) for the command name,
// described by about. It returns ok when the command is to go on; otherwise the command
// stops with status: 0 after --help (printed on stdout), 1 after a bad command line
// (printed on stderr with a pointer to --help). Options go to kong.New after the
// convention's own.
func Parse(name, about string, grammar any, args []string, stdout, stderr io.Writer, options ...kong.Option) (status int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			e, isExit := r.(exitRequest)
			if !isExit {
				panic(r)
			}
			status, ok = e.code, false
		}
	}()
	opts := append([]kong.Option{
		kong.Name(name),
		kong.Description(about),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(exitRequest{code}) }),
	}, options...)
	parser, err := kong.New(grammar, opts...)
	if err != nil {
		// A grammar kong cannot read is the program's bug, not the user's.
		panic(fmt.Sprintf("cli: %s's flags: %v", name, err))
	}
	if _, err := parser.Parse(args); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		fmt.Fprintf(stderr, "Run '%s --help' for the flags.\n", name)
		return 1, false
	}
	return 0, true
}
