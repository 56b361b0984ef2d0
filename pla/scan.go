package pla

import (
	"bufio"
	"io"
)

const eof = -1

// scanner reads a byte stream one character at a time with the getc/ungetc
// and fscanf conventions cvrin.c relies on.
type scanner struct {
	r      *bufio.Reader
	atEOF  bool // the last getc returned eof
	err    error
	unread bool
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: bufio.NewReaderSize(r, 1<<16)}
}

// getc returns the next byte, or eof.
func (s *scanner) getc() int {
	b, err := s.r.ReadByte()
	if err != nil {
		if err != io.EOF && s.err == nil {
			s.err = err
		}
		s.atEOF = true
		return eof
	}
	s.atEOF = false
	return int(b)
}

// ungetc pushes back the byte the last getc returned (a no-op after eof).
func (s *scanner) ungetc() {
	if !s.atEOF {
		_ = s.r.UnreadByte()
	}
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
// no digits follow; atEOF reports that the input ended first.
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
	for ch >= '0' && ch <= '9' {
		if n < 1<<40 {
			n = n*10 + ch - '0'
		}
		digits++
		ch = s.getc()
	}
	if ch != eof {
		s.ungetc()
	}
	if digits == 0 {
		return 0, false, false
	}
	if neg {
		n = -n
	}
	return n, true, false
}

// word reads a word as cvrin.c's get_word does: it skips white space, then
// takes the next character whatever it is (at end of input, the byte 0xff
// that C's char holds for EOF) and the non-space characters after it; the
// white space character that ends the word is consumed.
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
	return buf
}

// token reads a word as fscanf("%s") does; ok is false at end of input.
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
	return buf, len(buf) > 0
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
