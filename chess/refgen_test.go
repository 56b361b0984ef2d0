package chess

// An independent forward move generator for the consistency tests: a plain 8x8 board with
// files a-h and ranks 1-8, moves generated square by square, made on a copy, and legality
// decided by looking for attacks on the king. It shares nothing with the retrograde code
// but the Material type and the table lookups it checks.

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

type rslot struct {
	kind  Kind
	col   Colour
	file  int // 0 = a
	rank  int // 1..8
	alive bool
}

type rpos struct {
	slots [MaxPieces]rslot
	ns    int
	board [8][9]int // [file][rank]: slot+1, or 0 when empty
	stm   Colour
}

func (p *rpos) clone() *rpos {
	q := *p
	return &q
}

// refSquare converts the encoding's square number (a8 = 0 ... h1 = 63) to file and rank.
func refSquare(s int) (file, rank int) { return s % 8, 8 - s/8 }

// refDecode builds the position of index idx of material m; ok is false when two pieces
// share a square.
func refDecode(m Material, idx int) (*rpos, bool) {
	n := len(m.Pieces)
	p := &rpos{stm: Colour(idx >> (6 * n) & 1)}
	for j, pc := range m.Pieces {
		s := idx >> (6 * (n - 1 - j)) & 63
		f, r := refSquare(s)
		if p.board[f][r] != 0 {
			return nil, false
		}
		p.slots[j] = rslot{pc.Kind, pc.Colour, f, r, true}
		p.ns++
		p.board[f][r] = j + 1
	}
	return p, true
}

// refKey identifies a material by its pieces in order.
type refKey struct {
	n int
	p [MaxPieces]Piece
}

// refEncode returns the material of the living pieces (in slot order) and the index.
func refEncode(p *rpos) (refKey, int) {
	var k refKey
	idx := int(p.stm)
	for _, s := range p.slots[:p.ns] {
		if s.alive {
			k.p[k.n] = Piece{s.kind, s.col}
			k.n++
			idx = idx<<6 | (8-s.rank)*8 + s.file
		}
	}
	return k, idx
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// refAttacks reports whether the piece in slot s attacks (f, r).
func refAttacks(p *rpos, s rslot, f, r int) bool {
	df, dr := f-s.file, r-s.rank
	if df == 0 && dr == 0 {
		return false
	}
	switch s.kind {
	case King:
		return abs(df) <= 1 && abs(dr) <= 1
	case Knight:
		return abs(df)*abs(dr) == 2
	case Pawn:
		fwd := 1
		if s.col == Black {
			fwd = -1
		}
		return abs(df) == 1 && dr == fwd
	}
	orth := df == 0 || dr == 0
	diag := abs(df) == abs(dr)
	if !(s.kind == Queen && (orth || diag) || s.kind == Rook && orth || s.kind == Bishop && diag) {
		return false
	}
	sf, sr := sign(df), sign(dr)
	for x, y := s.file+sf, s.rank+sr; x != f || y != r; x, y = x+sf, y+sr {
		if p.board[x][y] != 0 {
			return false
		}
	}
	return true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// refInCheck reports whether side c's king is attacked.
func refInCheck(p *rpos, c Colour) bool {
	k := p.slots[c] // slot 0 is the white king, slot 1 the black king
	for _, s := range p.slots[:p.ns] {
		if s.alive && s.col != c && refAttacks(p, s, k.file, k.rank) {
			return true
		}
	}
	return false
}

// refMove is a legal move's resulting position; epFile is the file of a pawn that has just
// made a double push (-1 otherwise).
type refMove struct {
	pos    *rpos
	epFile int
}

// refMoves generates the legal moves of p; epFile, when >= 0, is the file on which the
// opponent has just double-pushed a pawn (en passant possible).
func refMoves(p *rpos, epFile int) []refMove {
	var out []refMove
	us := p.stm
	add := func(q *rpos, ep int) {
		q.stm = 1 - us
		if !refInCheck(q, us) {
			out = append(out, refMove{q, ep})
		}
	}
	// move slot i to (f, r), capturing what stands there, promoting to kind k if k != Pawn
	// for a pawn.
	move := func(i, f, r int, promo Kind) *rpos {
		q := p.clone()
		if c := q.board[f][r]; c != 0 {
			q.slots[c-1].alive = false
		}
		q.board[q.slots[i].file][q.slots[i].rank] = 0
		q.slots[i].file, q.slots[i].rank = f, r
		if q.slots[i].kind == Pawn && promo != Pawn {
			q.slots[i].kind = promo
		}
		q.board[f][r] = i + 1
		return q
	}
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 1 && r <= 8 }
	free := func(f, r int) bool { return p.board[f][r] == 0 }
	enemyAt := func(f, r int) bool { c := p.board[f][r]; return c != 0 && p.slots[c-1].col != us }
	for i, s := range p.slots[:p.ns] {
		if !s.alive || s.col != us {
			continue
		}
		switch s.kind {
		case King, Knight:
			var ds [][2]int
			if s.kind == King {
				ds = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
			} else {
				ds = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
			}
			for _, d := range ds {
				f, r := s.file+d[0], s.rank+d[1]
				if on(f, r) && (free(f, r) || enemyAt(f, r)) {
					add(move(i, f, r, Pawn), -1)
				}
			}
		case Queen, Rook, Bishop:
			for _, d := range [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}} {
				diag := d[0] != 0 && d[1] != 0
				if s.kind == Rook && diag || s.kind == Bishop && !diag {
					continue
				}
				for f, r := s.file+d[0], s.rank+d[1]; on(f, r); f, r = f+d[0], r+d[1] {
					if free(f, r) {
						add(move(i, f, r, Pawn), -1)
						continue
					}
					if enemyAt(f, r) {
						add(move(i, f, r, Pawn), -1)
					}
					break
				}
			}
		case Pawn:
			fwd, start, last, epRank := 1, 2, 8, 5
			if us == Black {
				fwd, start, last, epRank = -1, 7, 1, 4
			}
			promos := []Kind{Pawn}
			if s.rank+fwd == last {
				promos = []Kind{Queen, Rook, Bishop, Knight}
			}
			if free(s.file, s.rank+fwd) {
				for _, k := range promos {
					add(move(i, s.file, s.rank+fwd, k), -1)
				}
				if s.rank == start && free(s.file, s.rank+2*fwd) {
					add(move(i, s.file, s.rank+2*fwd, Pawn), s.file)
				}
			}
			for _, df := range []int{-1, 1} {
				f := s.file + df
				if !on(f, s.rank+fwd) {
					continue
				}
				if enemyAt(f, s.rank+fwd) {
					for _, k := range promos {
						add(move(i, f, s.rank+fwd, k), -1)
					}
				}
				if epFile == f && s.rank == epRank && p.board[f][s.rank] != 0 {
					// en passant: the pawn beside us is taken, we land behind it
					victim := p.board[f][s.rank] - 1
					if p.slots[victim].kind == Pawn && p.slots[victim].col != us && free(f, s.rank+fwd) {
						q := move(i, f, s.rank+fwd, Pawn)
						q.slots[victim].alive = false
						q.board[f][s.rank] = 0
						add(q, -1)
					}
				}
			}
		}
	}
	return out
}

// refScore orders values for the side to move.
func refScore(v Value) int {
	switch v.Status {
	case Win:
		return 1000 - v.Dist
	case Loss:
		return -1000 + v.Dist
	}
	return 0
}

// refMoveValue is the value of a move for its mover, given the successor's value.
func refMoveValue(w Value) Value {
	switch w.Status {
	case Win:
		return Value{Loss, w.Dist + 1}
	case Loss:
		return Value{Win, w.Dist + 1}
	}
	return Value{Status: Draw}
}

// probeTable is what refChecker checks: a Table, or valuesTable.
type probeTable interface {
	Material() Material
	Len() int
	Probe(idx int) Value
	FEN(idx int) string
}

// valuesTable is a whole table's Values as a probeTable (no distances).
type valuesTable struct{ v *Values }

func (t valuesTable) Material() Material  { return t.v.Material() }
func (t valuesTable) Len() int            { return t.v.Material().Size() }
func (t valuesTable) Probe(idx int) Value { return Value{Status: t.v.At(idx)} }
func (t valuesTable) FEN(idx int) string {
	return (&Table{mat: t.v.Material(), n: len(t.v.Material().Pieces)}).FEN(idx)
}

type refChecker struct {
	t      testing.TB
	solver *Solver
	tables map[refKey]*Table
	// wdl, when not nil, makes the checker compare win/draw/loss only (every distance
	// taken as 0 or 1) and gives the values of the materials it knows (ok set), before
	// the solver's tables.
	wdl func(k refKey, idx int) (v Value, ok bool)
	// stalemateDraws, when set, makes best value a double push after which the opponent's
	// only legal moves are en passant captures, out of check, as the stalemate the table
	// holds after it (a draw) instead of by the captures: the rule the solver followed
	// before such pushes were valued by their captures, for counting the positions whose
	// value that rule changes.
	stalemateDraws bool
}

// lookup returns the table value of position p (no en passant rights).
func (c *refChecker) lookup(p *rpos) Value {
	k, idx := refEncode(p)
	if c.wdl != nil {
		if v, ok := c.wdl(k, idx); ok {
			return v
		}
	}
	tb := c.tables[k]
	if tb == nil {
		var err error
		tb, err = c.solver.Solve(Material{Pieces: append([]Piece(nil), k.p[:k.n]...)})
		if err != nil {
			c.t.Fatal(err)
		}
		if c.tables == nil {
			c.tables = map[refKey]*Table{}
		}
		c.tables[k] = tb
	}
	v := tb.Probe(idx)
	if c.wdl != nil {
		v.Dist = 0
	}
	return v
}

// value of position p for its side to move, from the values of its successors; epFile
// as for refMoves. ok is false when p has no legal move (then mate or stalemate).
func (c *refChecker) best(p *rpos, epFile int) (Value, int) {
	moves := refMoves(p, epFile)
	if len(moves) == 0 {
		if refInCheck(p, p.stm) {
			return Value{Loss, 0}, 0
		}
		return Value{Status: Draw}, 0
	}
	best := Value{Loss, -1}
	for _, mv := range moves {
		var w Value
		if mv.epFile >= 0 {
			// the successor carries en passant rights: search it one ply
			w, _ = c.best(mv.pos, mv.epFile)
			if c.stalemateDraws && c.onlyEnPassant(mv.pos, mv.epFile) && !refInCheck(mv.pos, mv.pos.stm) {
				w = Value{Status: Draw}
			}
		} else {
			w = c.lookup(mv.pos)
		}
		if w.Status != Win && w.Status != Draw && w.Status != Loss {
			c.t.Fatalf("successor of a legal position is %v", w)
		}
		if v := refMoveValue(w); best.Dist < 0 || refScore(v) > refScore(best) {
			best = v
		}
	}
	return best, len(moves)
}

// check verifies position idx of table tb: its status, and that its value is the best of
// its moves' values (a win in n has a move to a loss in n-1 and none faster; a loss in n
// only moves to wins, the slowest in n-1; a loss in 0 is mate; a draw has no move to a
// loss and, unless stalemate, a move to a draw).
func (c *refChecker) check(tb probeTable, idx int) {
	got := tb.Probe(idx)
	p, ok := refDecode(tb.Material(), idx)
	want := Value{Status: Invalid}
	if ok {
		illegal := refInCheck(p, 1-p.stm)
		for _, s := range p.slots[:p.ns] {
			if s.kind == Pawn && (s.rank == 1 || s.rank == 8) {
				illegal = true
			}
		}
		if illegal {
			want = Value{Status: Illegal}
		} else {
			want, _ = c.best(p, -1)
		}
	}
	if c.wdl != nil {
		got.Dist, want.Dist = 0, 0
	}
	if got != want {
		c.t.Fatalf("%v index %d (%s): table says %v, successors say %v", tb.Material(), idx, tb.FEN(idx), got, want)
	}
}

func allThreePiece() []string {
	var out []string
	for _, k := range "QRBNP" {
		out = append(out, "K"+string(k)+"k", "Kk"+strings.ToLower(string(k)))
	}
	return out
}

// TestSuccessorConsistencyThree checks every position of every 3-piece material (and Kk).
func TestSuccessorConsistencyThree(t *testing.T) {
	s := NewSolver()
	c := &refChecker{t: t, solver: s}
	for _, name := range append([]string{"Kk"}, allThreePiece()...) {
		tb, err := s.Solve(MustParseMaterial(name))
		if err != nil {
			t.Fatal(err)
		}
		for idx := 0; idx < tb.Len(); idx++ {
			c.check(tb, idx)
		}
	}
}

// fourPieceMaterials lists every 4-piece material (one name per set of pieces).
func fourPieceMaterials() []string {
	ks := "QRBNP"
	var out []string
	for i := 0; i < 5; i++ {
		for j := i; j < 5; j++ {
			out = append(out, "K"+ks[i:i+1]+ks[j:j+1]+"k", "Kk"+strings.ToLower(ks[i:i+1]+ks[j:j+1]))
		}
		for j := 0; j < 5; j++ {
			out = append(out, "K"+ks[i:i+1]+"k"+strings.ToLower(ks[j:j+1]))
		}
	}
	return out
}

// TestSuccessorConsistencyFour checks random positions of 4-piece materials until 100000
// legal ones (won, drawn or lost; the illegal ones met on the way are checked too) have
// been checked. Solving them all takes long, so by default it checks KRkn only;
// CHESS_VERIFY4=all checks every 4-piece material under each of its names (the 30
// materials and their colour-swapped twins, 55 names), CHESS_VERIFY4=KPkp,KQkr a list
// (KPkp has en passant: its check needs the tables of 15 4-piece materials). Skipped with
// -short.
func TestSuccessorConsistencyFour(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	names := []string{"KRkn"}
	switch env := os.Getenv("CHESS_VERIFY4"); env {
	case "":
	case "all":
		names = fourPieceMaterials()
	default:
		names = strings.Split(env, ",")
	}
	s := NewSolver()
	c := &refChecker{t: t, solver: s}
	rng := rand.New(rand.NewSource(4))
	for _, name := range names {
		tb, err := s.Solve(MustParseMaterial(name))
		if err != nil {
			t.Fatal(err)
		}
		checked, illegal := 0, 0
		for checked < 100000 {
			idx := rng.Intn(tb.Len())
			st := tb.Probe(idx).Status
			if st == Invalid {
				continue
			}
			c.check(tb, idx)
			if st == Illegal {
				illegal++
			} else {
				checked++
			}
		}
		t.Logf("%s: %d random legal positions consistent (and %d illegal ones)", name, checked, illegal)
		if n := c.checkEnPassant(tb); n.candidates > 0 {
			t.Logf("%s: all %d positions with a double push that allows en passant consistent (%v)", name, n.candidates, n)
		}
	}
}

// TestSuccessorConsistencyFive checks the materials of five pieces that CHESS_VERIFY5
// lists. With CHESS_VALUES5=DIR, it checks their values files in DIR (checkFiveValues),
// whose promotions are read from DIR too. Otherwise it solves the materials that
// CHESS_VERIFY5
// lists (e.g. CHESS_VERIFY5=KPkqp; names in the solver's order, see Material's twin), each
// with a pawn a side: every position with a double push that allows en passant, and 20000
// random legal ones. A promotion without capture leads to another five-piece table, and
// solving those (eight, with their own promotions) needs 150 GiB or more, so each stands
// here for a table of draws: the table checked is that of a variant of chess where such a
// promotion draws, solved by the same rules and checked against the same sub-tables. The
// captures, en passant ones included, lead to the real four-piece tables. A material
// takes 3 to 8 minutes and several GB (Solve keeps distances and the whole table);
// KBPkp and KPPkp have no forced en passant capture
// that loses, so the check fails on them: there is nothing to exercise the rule.
func TestSuccessorConsistencyFive(t *testing.T) {
	env := os.Getenv("CHESS_VERIFY5")
	if env == "" {
		t.Skip("CHESS_VERIFY5 not set")
	}
	if dir := os.Getenv("CHESS_VALUES5"); dir != "" {
		for _, name := range strings.Split(env, ",") {
			checkFiveValues(t, MustParseMaterial(name), dir)
		}
		return
	}
	for _, name := range strings.Split(env, ",") {
		m := MustParseMaterial(name)
		if len(m.Pieces) != 5 || !m.HasPawns() {
			t.Fatalf("%s: not five pieces with pawns", name)
		}
		if tw, _, _, ok := m.twin(); ok {
			t.Fatalf("%s: not in the solver's order (its table is derived from %v's)", name, tw)
		}
		s := NewSolver()
		s.Progress = testWriter{t}
		draws := make([]uint16, m.Size()) // never written: its pages stay unallocated
		for i, pc := range m.Pieces {
			if pc.Kind != Pawn {
				continue
			}
			for k := Queen; k <= Knight; k++ {
				pm := m.promoted(i, k)
				s.cache[pm.key()] = &Table{mat: pm, n: len(pm.Pieces), val: draws}
			}
		}
		start := time.Now()
		tb, err := s.Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: solved in %.0f s", name, time.Since(start).Seconds())
		c := &refChecker{t: t, solver: s}
		rng := rand.New(rand.NewSource(5))
		for checked := 0; checked < 20000; {
			idx := rng.Intn(tb.Len())
			if st := tb.Probe(idx).Status; st != Invalid && st != Illegal {
				c.check(tb, idx)
				checked++
			}
		}
		start = time.Now()
		n := c.checkEnPassant(tb)
		t.Logf("%s: 20000 random legal positions consistent; all %v consistent (%.0f s)", name, n, time.Since(start).Seconds())
		if n.forcedLoss == 0 {
			t.Errorf("%s: no position where the rule for a forced, losing en passant capture acts", name)
		}
	}
}

// checkFiveValues checks the values file of five-piece material m in directory dir (as
// chess2pla --values writes it) against the search, win/draw/loss only: CHESS_SAMPLE5
// random legal positions (20000 by default), then every en passant candidate. Successors
// with as many pieces as m (m's own, and the promotions') are read from dir's values
// files, those of fewer pieces solved.
func checkFiveValues(t *testing.T, m Material, dir string) {
	sample := 20000
	if s := os.Getenv("CHESS_SAMPLE5"); s != "" {
		var err error
		if sample, err = strconv.Atoi(s); err != nil {
			t.Fatalf("CHESS_SAMPLE5: %v", err)
		}
	}
	load := func(mm Material) *Values {
		r, err := ValuesDir(dir).OpenValues(mm)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		v, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := load(m)
	if v.Material().key() != m.key() {
		t.Fatalf("%v: not in the solver's order (its values are %v's)", m, v.Material())
	}
	five := map[string]*depValues{}
	c := &refChecker{t: t, solver: NewSolver()}
	c.wdl = func(k refKey, idx int) (Value, bool) {
		if k.n < len(m.Pieces) {
			return Value{}, false
		}
		mm := Material{Pieces: append([]Piece(nil), k.p[:k.n]...)}
		d := five[mm.key()]
		if d == nil {
			d, _, _ = newDepValues(mm)
			if s, _, _ := stored(mm); s.key() == m.key() {
				d.v = v
			} else {
				d.v = load(mm)
			}
			five[mm.key()] = d
		}
		switch d.value(uint32(idx)) {
		case vDraw:
			return Value{Status: Draw}, true
		case 1:
			return Value{Status: Loss}, true
		case 2:
			return Value{Status: Win}, true
		}
		return Value{Status: Illegal}, true
	}
	tb := valuesTable{v}
	start := time.Now()
	rng := rand.New(rand.NewSource(5))
	for checked := 0; checked < sample; {
		idx := rng.Intn(tb.Len())
		if st := tb.Probe(idx).Status; st != Invalid && st != Illegal {
			c.check(tb, idx)
			checked++
		}
	}
	t.Logf("%v: %d random legal positions consistent (%.0f s)", m, sample, time.Since(start).Seconds())
	start = time.Now()
	n := c.checkEnPassant(tb)
	t.Logf("%v: all %v consistent (%.0f s)", m, n, time.Since(start).Seconds())
}

// testWriter sends a Solver's progress lines to the test's log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}

// enPassantCounts are checkEnPassant's figures.
type enPassantCounts struct {
	candidates int // legal positions with a double push after which en passant is possible
	// forced: candidates with a push after which the opponent's only legal moves are en
	// passant captures and it is not in check (the table holds a stalemate after it);
	// forcedLoss: those where the best capture loses for the capturer; inCheck: candidates
	// with a push after which the only legal moves are en passant captures, in check (the
	// table holds a mate after it).
	forced, forcedLoss, inCheck int
	// changed: candidates whose value differs when such stalemates are taken as draws
	// (refChecker.stalemateDraws), the rule before they were valued by their captures:
	// the positions the rule decides directly, not those whose values follow from them.
	changed int
}

func (n enPassantCounts) String() string {
	return fmt.Sprintf("%d candidates; %d with a push leaving the opponent only en passant out of check, %d of them a losing capture; %d in check; %d valued otherwise if the stalemate counted",
		n.candidates, n.forced, n.forcedLoss, n.inCheck, n.changed)
}

// checkEnPassant checks every legal position of tb where the side to move can make a
// double push after which the opponent may capture en passant, and counts them.
func (c *refChecker) checkEnPassant(tb probeTable) enPassantCounts {
	var n enPassantCounts
	m := tb.Material()
	if !strings.ContainsRune(m.String(), 'P') || !strings.ContainsRune(m.String(), 'p') {
		return n
	}
	old := *c
	old.stalemateDraws = true
	for idx := 0; idx < tb.Len(); idx++ {
		if !mayPushBesidePawn(m, idx) {
			continue
		}
		if st := tb.Probe(idx).Status; st == Invalid || st == Illegal {
			continue
		}
		p, _ := refDecode(m, idx)
		found, forced, forcedLoss, inCheck := false, false, false, false
		for _, mv := range refMoves(p, -1) {
			if mv.epFile < 0 {
				continue
			}
			for _, reply := range refMoves(mv.pos, mv.epFile) {
				if k, _ := refEncode(reply.pos); k.n < p.ns {
					// a capture; en passant when the capturing pawn lands on an empty square
					found = found || c.isEnPassant(mv.pos, reply.pos)
				}
			}
			if c.onlyEnPassant(mv.pos, mv.epFile) {
				if refInCheck(mv.pos, mv.pos.stm) {
					inCheck = true
					continue
				}
				forced = true
				if v, _ := c.best(mv.pos, mv.epFile); v.Status == Loss {
					forcedLoss = true
				}
			}
		}
		if !found {
			continue
		}
		c.check(tb, idx)
		n.candidates++
		n.forced += b2i(forced)
		n.forcedLoss += b2i(forcedLoss)
		n.inCheck += b2i(inCheck)
		if v, _ := old.best(p, -1); v != tb.Probe(idx) {
			n.changed++
		}
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// onlyEnPassant reports whether p's side to move, after the opponent's double push on file
// epFile, has legal moves and all of them are en passant captures.
func (c *refChecker) onlyEnPassant(p *rpos, epFile int) bool {
	moves := refMoves(p, epFile)
	for _, mv := range moves {
		if !c.isEnPassant(p, mv.pos) {
			return false
		}
	}
	return len(moves) > 0
}

// mayPushBesidePawn reports whether, in position idx of m, a pawn of the side to move
// stands on its starting rank with a pawn of the opponent on the rank two squares ahead,
// one file aside: what a double push that allows en passant needs (the test ignores the
// rest).
func mayPushBesidePawn(m Material, idx int) bool {
	n := len(m.Pieces)
	stm := Colour(idx >> (6 * n) & 1)
	start, landing := 2, 4 // ranks
	if stm == Black {
		start, landing = 7, 5
	}
	for i, pi := range m.Pieces {
		if pi.Kind != Pawn || pi.Colour != stm {
			continue
		}
		fi, ri := refSquare(idx >> (6 * (n - 1 - i)) & 63)
		if ri != start {
			continue
		}
		for k, pk := range m.Pieces {
			if pk.Kind != Pawn || pk.Colour == stm {
				continue
			}
			if fk, rk := refSquare(idx >> (6 * (n - 1 - k)) & 63); rk == landing && abs(fk-fi) == 1 {
				return true
			}
		}
	}
	return false
}

// isEnPassant reports whether q follows from p by an en passant capture: a pawn disappears
// from a square that no piece moved to.
func (c *refChecker) isEnPassant(p, q *rpos) bool {
	for i := 0; i < p.ns; i++ {
		if p.slots[i].alive && !q.slots[i].alive {
			f, r := p.slots[i].file, p.slots[i].rank
			return p.slots[i].kind == Pawn && q.board[f][r] == 0
		}
	}
	return false
}
