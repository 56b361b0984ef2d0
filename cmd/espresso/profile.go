package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"

	"github.com/pkg/profile"
)

// startProfile starts the profile --profile names (cpu, mem or block),
// written to the working folder, and returns the function that stops it.
// The profile is written when the run ends, and also when it is
// interrupted (SIGINT, SIGTERM; the process then exits with status 130): a
// long run is what one profiles, and stopping it with ^C or a time limit
// must not lose the samples.
func startProfile(kind string, stderr io.Writer) (stop func()) {
	mode := map[string]func(*profile.Profile){
		"cpu": profile.CPUProfile, "mem": profile.MemProfile, "block": profile.BlockProfile,
	}[kind]
	prof := profile.Start(mode, profile.ProfilePath("."), profile.Quiet, profile.NoShutdownHook)
	stopProfile := sync.OnceFunc(func() {
		if kind == "mem" {
			// A heap profile shows the heap as the last finished
			// collections left it, which on a large run may be
			// seconds and gigabytes ago: collect now.
			runtime.GC()
		}
		prof.Stop()
	})
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt, syscall.SIGTERM)
	go func() {
		if _, ok := <-interrupted; ok {
			stopProfile()
			fmt.Fprintf(stderr, "espresso: interrupted; %s profile written\n", kind)
			os.Exit(130)
		}
	}()
	return func() {
		signal.Stop(interrupted)
		stopProfile()
	}
}
