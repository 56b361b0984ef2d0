package cli

import (
	"fmt"
	"io"
	"reflect"

	"github.com/alecthomas/kong"
)

// Flag describes one flag of a grammar, for the tests that check a command against the
// convention.
type Flag struct {
	Name    string // the long name, without "--"
	Numeric bool   // a Count, Duration, Size or any other number
}

// Flags lists the flags of grammar (a pointer to a kong struct) but --help, in the order
// --help lists them: the command's, then those of each subcommand.
func Flags(grammar any, options ...kong.Option) ([]Flag, error) {
	parser, err := kong.New(grammar, append([]kong.Option{kong.Writers(io.Discard, io.Discard)}, options...)...)
	if err != nil {
		return nil, fmt.Errorf("cli: %w", err)
	}
	var flags []Flag
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			if f.Name != "help" {
				flags = append(flags, Flag{Name: f.Name, Numeric: isNumeric(f.Target.Type())})
			}
		}
		for _, child := range n.Children {
			walk(child)
		}
	}
	walk(parser.Model.Node)
	return flags, nil
}

// isNumeric reports whether values of t are numbers (Duration and Size among them).
func isNumeric(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
