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
	_, status, ok = ParseContext(name, about, grammar, args, stdout, stderr, options...)
	return status, ok
}

// ParseContext is Parse that also returns kong's context, for a grammar of subcommands:
// ctx.Run calls the Run method of the one the command line selected.
func ParseContext(name, about string, grammar any, args []string, stdout, stderr io.Writer, options ...kong.Option) (ctx *kong.Context, status int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			e, isExit := r.(exitRequest)
			if !isExit {
				panic(r)
			}
			ctx, status, ok = nil, e.code, false
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
	ctx, err = parser.Parse(args)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		fmt.Fprintf(stderr, "Run '%s --help' for the flags.\n", name)
		return nil, 1, false
	}
	return ctx, 0, true
}
