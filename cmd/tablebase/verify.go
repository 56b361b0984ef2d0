package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/espresso-go/espresso/tablebase/format"
)

// verifyCmd is the verify subcommand.
type verifyCmd struct {
	Dir string `arg:"" name:"dir" help:"Folder of table files (as build --out writes them)."`
}

// Run reads and checks every table file of the folder (*.tbc) as a probe would, and
// prints a line for each: "ok" with its material and cubes, or what is wrong. Any bad
// file makes the exit status 1.
func (c *verifyCmd) Run(e *env) error {
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, de := range entries {
		if strings.HasSuffix(de.Name(), format.FileExt) && !de.IsDir() {
			names = append(names, de.Name())
		}
	}
	if len(names) == 0 {
		return fmt.Errorf("%s: no table files (*%s)", c.Dir, format.FileExt)
	}
	sort.Strings(names)
	out := bufio.NewWriter(e.stdout)
	bad := 0
	for _, name := range names {
		path := filepath.Join(c.Dir, name)
		t, err := format.ReadFile(path)
		if err != nil {
			bad++
			fmt.Fprintf(out, "%s: %v\n", name, strings.TrimPrefix(err.Error(), path+": "))
			continue
		}
		fmt.Fprintf(out, "%s: ok (%s, %d cubes)\n", name, t.Material.SyzygyName(), t.Cubes())
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d table files are bad", bad, len(names))
	}
	return nil
}
