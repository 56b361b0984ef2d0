//go:build !unix

package main

import "os"

// openOperand opens the file of an operand for reading.
func openOperand(name string) (*os.File, error) { return os.Open(name) }
