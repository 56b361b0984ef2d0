package pla

import (
	"bytes"
	"io"
)

const eof = -1

// scanner reads a byte stream one character at a time with the getc/ungetc
// and fscanf conventions cvrin.c relies on. It buffers the stream itself
// (rather than through bufio) so that getc is a few instructions.
type scanner struct {
	r     io.Reader
	buf   []byte
	pos   int  // next byte to return
	end   int  // bytes valid in buf
	atEOF bool // the last getc returned eof
	err   error
	nl    int // newlines consumed
	last  int // the byte the last getc returned
}

// line is the line of the last character consumed, counted from 1 (a
// newline belongs to the line it ends).
func (s *scanner) line() int {
	if s.last == '\n' {
		return s.nl
	}
	return s.nl + 1
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: r, buf: make([]byte, 1<<16)}
}

// fill reads more input, keeping the last byte returned in buf[0] so that
// ungetc can always step back one byte.
func (s *scanner) fill() bool {
	if s.err != nil {
		return false
	}
	if s.end > 0 {
		s.buf[0] = s.buf[s.end-1]
		s.pos, s.end = 1, 1
	} else {
		s.pos, s.end = 1, 1
	}
	for tries := 0; tries < 100; tries++ {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.err = err
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	s.err = io.ErrNoProgress
	return false
}

// getc returns the next byte, or eof.
func (s *scanner) getc() int {
	if s.pos >= s.end && !s.fill() {
		s.atEOF = true
		return eof
	}
	b := s.buf[s.pos]
	s.pos++
	s.atEOF = false
	if b == '\n' {
		s.nl++
	}
	s.last = int(b)
	return int(b)
}

// buffered returns the bytes read but not yet consumed; consume(n) then
// consumes the first n of them, none a newline, as n calls of getc would.
func (s *scanner) buffered() []byte { return s.buf[s.pos:s.end] }

func (s *scanner) consume(n int) {
	if n > 0 {
		s.pos += n
		s.last = int(s.buf[s.pos-1])
		s.atEOF = false
	}
}

// ungetc pushes back the byte the last getc returned (a no-op after eof).
func (s *scanner) ungetc() {
	if !s.atEOF {
		s.pos--
		if s.last == '\n' {
			s.nl--
		}
		s.last = 0
	}
}

// readErr is the error that ended the input, if it was not its end.
func (s *scanner) readErr() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

// skipSpace consumes white space as a scanf directive does.
func (s *scanner) skipSpace() {
	for {
		ch := s.getc()
		if ch == eof {
			return
		}
		if !isSpace(ch) {
			s.ungetc()
			return
		}
	}
}

// scanInt reads an integer as fscanf("%d") does: it skips white space and
// returns ok false (with nothing but the offending byte left unread) when
// no digits follow; atEOF reports that the input ended first. The value is
// the one glibc stores, cut to 32 bits (cDecimal).
func (s *scanner) scanInt() (n int, ok, atEOF bool) {
	s.skipSpace()
	ch := s.getc()
	if ch == eof {
		return 0, false, true
	}
	neg := false
	if ch == '+' || ch == '-' {
		neg = ch == '-'
		ch = s.getc()
	}
	digits := 0
	var d cDecimal
	for ch >= '0' && ch <= '9' {
		d.add(byte(ch))
		digits++
		ch = s.getc()
	}
	if ch != eof {
		s.ungetc()
	}
	if digits == 0 {
		return 0, false, false
	}
	return d.int(neg), true, false
}

// word reads a word as cvrin.c's get_word does: it skips white space, then
// takes the next character whatever it is (at end of input, the byte 0xff
// that C's char holds for EOF) and the non-space characters after it; the
// white space character that ends the word is consumed. The word is cut
// at its first NUL byte, where C's string of it ends for every use 2.3
// makes of it (comparing, printing, copying).
func (s *scanner) word(buf []byte) []byte {
	buf = buf[:0]
	ch := s.getc()
	for ch != eof && isSpace(ch) {
		ch = s.getc()
	}
	buf = append(buf, byte(ch))
	for {
		ch = s.getc()
		if ch == eof || isSpace(ch) {
			break
		}
		buf = append(buf, byte(ch))
	}
	return cString(buf)
}

// token reads a word as fscanf("%s") does; ok is false at end of input.
// Like word, the word is cut at its first NUL byte.
func (s *scanner) token(buf []byte) ([]byte, bool) {
	s.skipSpace()
	buf = buf[:0]
	for {
		ch := s.getc()
		if ch == eof {
			break
		}
		if isSpace(ch) {
			s.ungetc()
			break
		}
		buf = append(buf, byte(ch))
	}
	return cString(buf), len(buf) > 0
}

// cString returns buf up to its first NUL byte: the string a C program
// sees in the characters it read.
func cString(buf []byte) []byte {
	if i := bytes.IndexByte(buf, 0); i >= 0 {
		return buf[:i]
	}
	return buf
}

// literal matches the characters of lit as a scanf format does; on a
// mismatch the offending character is left unread.
func (s *scanner) literal(lit string) bool {
	for i := 0; i < len(lit); i++ {
		ch := s.getc()
		if ch != int(lit[i]) {
			if ch != eof {
				s.ungetc()
			}
			return false
		}
	}
	return true
}
