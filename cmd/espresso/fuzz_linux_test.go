package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill the reference when the test process
// dies: the fuzzing engine kills a worker without running its cleanups,
// and a reference run away on some input would go on (one was seen at
// 21 GB).
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
