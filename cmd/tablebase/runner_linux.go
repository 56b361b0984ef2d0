package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the job's process receive SIGTERM when the build that started it
// ends, however it ends, so that no job outlives its build.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
