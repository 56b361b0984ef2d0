// Package cli holds the command-line convention of the commands that are this project's
// own (chess2pla, bench, tablebase); espresso keeps ESPRESSO 2.3's getopt options.
//
// The convention:
//   - kong parses the flags, and --help lists every flag with its default.
//   - The same flag names mean the same things in every command: -o/--out PATH for where
//     the output goes (a file, or a folder for commands that write several), --workers N
//     for the goroutines that share a computation, --timeout D for a time limit (0: none),
//     --csv FILE for results as CSV, -q/--quiet for no progress messages.
//   - Numeric flags have the types of this package (Count, Duration, Size), which check
//     their range as kong parses them, so that a bad value is an error naming the flag:
//     "chess2pla: --workers: must be at least 1, not -3".
//   - Parse prints --help on stdout and stops with status 0; a usage error prints
//     "NAME: message" and a line pointing to --help on stderr and stops with status 1.
//     Errors after parsing are the command's own: "NAME: message", status 1.
package cli
