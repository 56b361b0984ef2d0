package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// errDone is the error of a Commit after Abort, or of a second Commit.
var errDone = errors.New("already committed or aborted")

// File is a file being written under a temporary name; see the package documentation.
type File struct {
	path  string   // the final name, with symbolic links resolved
	tmp   string   // the temporary name; "" when writing to path directly
	f     *os.File // the open file
	guard *Guard   // the guard that removes tmp on a signal, or nil

	mu   sync.Mutex // held while the file is committed, aborted or removed on a signal
	done bool       // committed or aborted
}

// Create starts a File that Commit names path. The temporary file is created beside path
// with the permissions os.Create gives (0666 before the umask), or those of the file path
// names when it exists.
func Create(path string) (*File, error) {
	return create(path, nil)
}

func create(path string, g *Guard) (*File, error) {
	perm := os.FileMode(0o666)
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
		info, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				return nil, err
			}
			return &File{path: path, f: f}, nil
		}
		perm = info.Mode().Perm()
	}
	if g != nil {
		// A signal that comes while the file is created waits until it is on g's list.
		g.mu.Lock()
		defer g.mu.Unlock()
	}
	dir, base := filepath.Split(path)
	for range 100 {
		tmp := filepath.Join(dir, "."+base+".tmp-"+randomSuffix())
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if perm != 0o666 {
			// An existing file's permissions, not narrowed by the umask.
			if err := f.Chmod(perm); err != nil {
				f.Close()
				os.Remove(tmp)
				return nil, err
			}
		}
		file := &File{path: path, tmp: tmp, f: f, guard: g}
		if g != nil {
			g.pending[file] = struct{}{}
		}
		return file, nil
	}
	return nil, fmt.Errorf("create %s: no unused temporary name", path)
}

// randomSuffix returns 12 random hexadecimal digits.
func randomSuffix() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Name returns the name the File has once committed.
func (f *File) Name() string { return f.path }

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Commit makes the file appear under its name: it flushes the data to the disk, closes the
// file and renames it. On an error the temporary file is removed.
func (f *File) Commit() error {
	err := f.commit()
	f.forget()
	return err
}

func (f *File) commit() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return fmt.Errorf("commit %s: %w", f.path, errDone)
	}
	f.done = true
	if f.tmp == "" {
		return f.f.Close()
	}
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp, f.path)
	}
	if err != nil {
		os.Remove(f.tmp)
		return fmt.Errorf("commit %s: %w", f.path, err)
	}
	return nil
}

// Abort closes and removes the temporary file, unless the File was committed; it may be
// called more than once (deferred, say, beside a Commit).
func (f *File) Abort() {
	f.abort()
	f.forget()
}

func (f *File) abort() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return
	}
	f.done = true
	f.f.Close()
	if f.tmp != "" {
		os.Remove(f.tmp)
	}
}

// forget takes the File off its guard's list. It runs without f.mu: the guard's lock is
// taken before a File's.
func (f *File) forget() {
	if f.guard != nil {
		f.guard.remove(f)
	}
}

// removeOnSignal removes the temporary file of a File that is still pending, leaving it
// open: the writer may go on writing to it until the signal ends the process, without
// errors it would report. f.mu stays held, so that no Commit follows.
func (f *File) removeOnSignal() {
	f.mu.Lock()
	if f.done || f.tmp == "" {
		return
	}
	if os.Remove(f.tmp) != nil {
		// Where an open file cannot be removed, close it first.
		f.f.Close()
		os.Remove(f.tmp)
	}
}

// WriteFile writes the file path with write, complete or not at all.
func WriteFile(path string, write func(io.Writer) error) error {
	return writeFile(path, nil, write)
}

func writeFile(path string, g *Guard, write func(io.Writer) error) error {
	f, err := create(path, g)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Commit()
}
