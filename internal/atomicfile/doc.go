// Package atomicfile writes files that appear complete or not at all.
//
// A File is written under a temporary name in the directory of its final name (so that
// both are on one filesystem) and renamed to that name by Commit, after its data reached
// the disk; Abort removes it. A reader therefore sees the old file or none until Commit,
// and then the whole new one: never a file cut short by an error, a full disk or an
// interrupted process.
//
// A process that is interrupted must remove its temporary files too: a Guard, made by a
// command around the part of its work that writes files, removes the temporary files of
// the Files created through it when the process receives SIGINT or SIGTERM, and then lets
// the signal end the process as it would have without the Guard.
//
// A name that exists and is not a regular file (a device such as /dev/null, a named pipe)
// cannot be replaced by a rename: such a File writes to it directly.
package atomicfile
