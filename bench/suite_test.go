package bench

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

func TestParseConditions(t *testing.T) {
	tests := []struct {
		names  string
		custom []string
		want   []string // name=args of each condition
		err    string
	}{
		{names: "all", want: []string{"compact=-Dcompact", "compact_expand=-ecompact -Dexpand",
			"compact_expand_irred=-ecompact -efast", "compact_espresso=-ecompact", "espresso=", "expand=-Dexpand"}},
		{names: "espresso, expand", want: []string{"espresso=", "expand=-Dexpand"}},
		{names: "", custom: []string{"strong=-estrong  -t"}, want: []string{"strong=-estrong -t"}},
		{names: "espresso", custom: []string{"plain="}, want: []string{"espresso=", "plain="}},
		{names: "nope", err: `unknown condition "nope"`},
		{names: "espresso,espresso", err: `condition "espresso" given twice`},
		{names: "espresso", custom: []string{"espresso=-efast"}, err: `condition "espresso" given twice`},
		{names: "", custom: []string{"-efast"}, err: `bad condition "-efast"`},
		{names: "", err: "no condition selected"},
	}
	for _, tc := range tests {
		t.Run(tc.names+strings.Join(tc.custom, ";"), func(t *testing.T) {
			cs, err := ParseConditions(tc.names, tc.custom)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cs {
				got = append(got, c.Name+"="+c.ArgString())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestChessSuite(t *testing.T) {
	tests := []struct {
		pieces, only, canon string
		want                []string
		err                 string
	}{
		{pieces: "2", canon: "both", want: []string{"Kk", "Kk-canonical"}},
		{pieces: "3", canon: "no", want: []string{"KQk", "KRk", "KBk", "KNk", "KPk"}},
		{pieces: "2-3", canon: "yes", want: []string{"Kk-canonical", "KQk-canonical", "KRk-canonical",
			"KBk-canonical", "KNk-canonical", "KPk-canonical"}},
		{pieces: "9", only: "KQk,KRkp", canon: "no", want: []string{"KQk", "KRkp"}},
		{pieces: "5", canon: "no", err: "bad --pieces"},
		{pieces: "3-2", canon: "no", err: "bad --pieces"},
		{pieces: "x", canon: "no", err: "bad --pieces"},
		{pieces: "3", canon: "maybe", err: "bad canonical choice"},
	}
	for _, tc := range tests {
		t.Run(tc.pieces+tc.only+tc.canon, func(t *testing.T) {
			ins, err := ChessSuite(tc.pieces, tc.only, tc.canon)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("got error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, in := range ins {
				got = append(got, in.Name)
				if in.Suite != "chess" || in.Canonical != strings.HasSuffix(in.Name, "-canonical") ||
					in.Material != strings.TrimSuffix(in.Name, "-canonical") {
					t.Errorf("bad input %+v", in)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// Every 4-piece material of the paper's Table 4 (rows of four letters) is in
// ChessMaterials(4); rows of two and three letters are in ChessMaterials(2, 3).
func TestChessMaterialsMatchPaper(t *testing.T) {
	p, err := LoadPaper(suite.Paper(t))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range []int{2, 3, 4} {
		want = append(want, ChessMaterials(n)...)
	}
	var got []string
	for _, r := range p.Table4 {
		got = append(got, r.Material)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Table 4 materials %v,\nChessMaterials %v", got, want)
	}
}

func TestChessArgv(t *testing.T) {
	tests := []struct {
		tmpl  string
		canon bool
		want  []string
	}{
		{DefaultChessArgs, false, []string{"c2p", "KQk"}},
		{DefaultChessArgs, true, []string{"c2p", "--canonical", "KQk"}},
		{"-m {material} {canonical} -o -", true, []string{"c2p", "-m", "KQk", "--canonical", "-o", "-"}},
		{"--material={material}", false, []string{"c2p", "--material=KQk"}},
	}
	for _, tc := range tests {
		got := ChessArgv("c2p", tc.tmpl, Input{Material: "KQk", Canonical: tc.canon})
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q canonical=%v: got %v, want %v", tc.tmpl, tc.canon, got, tc.want)
		}
	}
}

func TestFolderSuite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pla")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"b2", "a1", "c3"} {
		writePLA(t, dir, n, ".i 1\n.o 1\n1 1\n")
	}
	tests := []struct {
		pats string
		want []string
		err  string
	}{
		{"", []string{"a1", "b2", "c3"}, ""},
		{"a*, c3", []string{"a1", "c3"}, ""},
		{"zz", nil, "no PLA file matches"},
		{"[", nil, "bad pattern"},
	}
	for _, tc := range tests {
		ins, err := FolderSuite(dir, tc.pats)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: got error %v, want %q", tc.pats, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, in := range ins {
			got = append(got, in.Name)
			if in.Path != filepath.Join(dir, in.Name) || in.Suite != filepath.Base(filepath.Dir(dir)) {
				t.Errorf("bad input %+v", in)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %v, want %v", tc.pats, got, tc.want)
		}
	}
	if _, err := FolderSuite(filepath.Join(dir, "none"), ""); err == nil {
		t.Error("no error for a missing folder")
	}
}
