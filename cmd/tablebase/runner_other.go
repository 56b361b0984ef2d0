//go:build !linux

package main

import "os/exec"

// dieWithParent does nothing: only Linux ends a child with its parent.
func dieWithParent(cmd *exec.Cmd) {}
