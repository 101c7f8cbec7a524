package deck_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/ruleset"
)

// normals returns n Normal Monster passcodes of the pool, 3 copies of each, never Blue-Eyes or
// Kuriboh (which the tests add themselves).
func normals(n int) []card.Passcode { return normalsFrom(0, n) }

// normalsFrom is normals skipping the first off passcodes of the same sequence: normalsFrom(120,
// n) shares no card with normals(m) for m <= 120.
func normalsFrom(off, n int) []card.Passcode {
	var out []card.Passcode
	for _, c := range card.Pool().All() {
		if !c.IsNormalMonster() || c.Passcode == blueEyes || c.Passcode == kuriboh {
			continue
		}
		out = append(out, c.Passcode, c.Passcode, c.Passcode)
	}
	if len(out) < off+n || off%3 != 0 {
		panic("normalsFrom: not enough Normal Monsters in the pool, or an offset not a multiple of 3")
	}
	return out[off : off+n]
}

func rs(t *testing.T, id string) ruleset.Ruleset {
	t.Helper()
	r, err := ruleset.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func rep(p card.Passcode, n int) []card.Passcode { return slices.Repeat([]card.Passcode{p}, n) }

func cat(ss ...[]card.Passcode) []card.Passcode { return slices.Concat(ss...) }

func TestValidate(t *testing.T) {
	tokenDB, err := card.NewDB(append(slices.Clone(card.Pool().All()), &card.Data{Passcode: 73915052,
		Name: "Sheep Token", Kind: card.Monster | card.Normal | card.Token, Level: 1,
		Attribute: card.Earth, Race: card.Beast}))
	if err != nil {
		t.Fatal(err)
	}
	fifteen := cat(rep(junkWarrior, 3), rep(gaiaKnight, 3), rep(colossal, 3), rep(gaiaChampion, 3), rep(ultimate, 3))
	bl := deck.DefaultBanlist()
	tests := []struct {
		name    string
		rs      string
		bl      *deck.Banlist
		db      *card.DB
		d       deck.Deck
		want    []string // the violations' messages, in order
		wantFor []card.Passcode
	}{
		{name: "legal ocg 40", rs: "ocg", d: deck.Deck{Main: normals(40)}},
		{name: "legal ocg 60/15/15", rs: "ocg", bl: bl,
			d: deck.Deck{Main: normals(60), Extra: fifteen, Side: cat(rep(darkHole, 1), rep(swords, 2), normalsFrom(120, 12))}},
		{name: "ocg main too small", rs: "ocg", d: deck.Deck{Main: normals(39)},
			want: []string{"Main Deck has 39 cards; ocg needs 40-60"}},
		{name: "ocg main too big", rs: "ocg", d: deck.Deck{Main: normals(61)},
			want: []string{"Main Deck has 61 cards; ocg needs 40-60"}},
		{name: "ocg empty", rs: "ocg", d: deck.Deck{},
			want: []string{"Main Deck has 0 cards; ocg needs 40-60"}},
		{name: "ocg extra and side too big", rs: "ocg", d: deck.Deck{Main: normals(40), Extra: append(fifteen, utopia), Side: normalsFrom(120, 16)},
			want: []string{"Extra Deck has 16 cards; ocg allows 0-15", "Side Deck has 16 cards; ocg allows 0-15"}},
		{name: "anime as ocg", rs: "anime", d: deck.Deck{Main: normals(39), Extra: append(fifteen, utopia)},
			want: []string{"Main Deck has 39 cards; anime needs 40-60", "Extra Deck has 16 cards; anime allows 0-15"}},
		{name: "classic big main, big fusion deck, side 15", rs: "classic",
			d: deck.Deck{Main: normals(75), Extra: cat(rep(gaiaChampion, 3), rep(ultimate, 3), rep(thousandDrag, 3)), Side: normalsFrom(120, 15)}},
		{name: "classic main too small", rs: "classic", d: deck.Deck{Main: normals(1)},
			want: []string{"Main Deck has 1 card; classic needs 40 or more"}},
		{name: "classic side not 0 or 15", rs: "classic", d: deck.Deck{Main: normals(40), Side: normalsFrom(120, 14)},
			want: []string{"Side Deck has 14 cards; classic needs exactly 0 or 15"}},
		{name: "classic no synchro or xyz", rs: "classic", d: deck.Deck{Main: normals(40), Extra: []card.Passcode{junkWarrior, gaiaChampion}, Side: cat(rep(utopia, 1), normalsFrom(120, 14))},
			want: []string{
				`"Junk Warrior" is a Synchro Monster; classic does not allow Synchro Monsters`,
				`"Number 39: Utopia" is a Xyz Monster; classic does not allow Xyz Monsters`},
			wantFor: []card.Passcode{junkWarrior, utopia}},
		{name: "classic fusion deck only fusion", rs: "classic", d: deck.Deck{Main: normals(40), Extra: []card.Passcode{kuriboh}},
			want: []string{`"Kuriboh" is in the Fusion Deck, which holds only Fusion Monsters; it belongs in the Main Deck`}},
		{name: "kouhu exactly 60", rs: "kouhu", d: deck.Deck{Main: normals(60)}},
		{name: "kouhu 59", rs: "kouhu", d: deck.Deck{Main: normals(59)},
			want: []string{"Main Deck has 59 cards; kouhu needs exactly 60"}},
		{name: "kouhu 61", rs: "kouhu", d: deck.Deck{Main: normals(61)},
			want: []string{"Main Deck has 61 cards; kouhu needs exactly 60"}},
		{name: "kouhu rituals in the extra deck", rs: "kouhu", d: deck.Deck{Main: cat(normals(59), rep(blackLuster, 1)), Extra: []card.Passcode{blackLuster}},
			want: []string{`"Black Luster Soldier" is in the Main Deck; Ritual Monsters belong in the Extra Deck`}},
		{name: "ocg rituals in the main deck", rs: "ocg", d: deck.Deck{Main: cat(normals(39), rep(blackLuster, 1)), Extra: []card.Passcode{blackLuster}},
			want: []string{`"Black Luster Soldier" is in the Extra Deck, which holds only Fusion, Synchro and Xyz Monsters; it belongs in the Main Deck`}},
		{name: "extra monster in main", rs: "ocg", d: deck.Deck{Main: cat(normals(38), rep(junkWarrior, 2))},
			want:    []string{`"Junk Warrior" x2 is in the Main Deck; Synchro Monsters belong in the Extra Deck`},
			wantFor: []card.Passcode{junkWarrior}},
		{name: "spell in extra", rs: "ocg", d: deck.Deck{Main: normals(40), Extra: []card.Passcode{potOfGreed, spiritMessage}},
			want: []string{
				`"Pot of Greed" is in the Extra Deck, which holds only Fusion, Synchro and Xyz Monsters; it belongs in the Main Deck`,
				`"Spirit Message \"I\"" is in the Extra Deck, which holds only Fusion, Synchro and Xyz Monsters; it belongs in the Main Deck`}},
		{name: "four copies", rs: "ocg", d: deck.Deck{Main: cat(normals(37), rep(kuriboh, 3)), Side: []card.Passcode{kuriboh}},
			want:    []string{`"Kuriboh" x4 exceeds the limit of 3 copies of a card in ocg`},
			wantFor: []card.Passcode{kuriboh}},
		{name: "four copies under a banlist", rs: "ocg", bl: bl, d: deck.Deck{Main: cat(normals(36), rep(kuriboh, 4))},
			want: []string{`"Kuriboh" x4 exceeds the limit of 3 copies of a card in ocg`}},
		{name: "forbidden", rs: "ocg", bl: bl, d: deck.Deck{Main: cat(normals(39), rep(potOfGreed, 1))},
			want:    []string{`"Pot of Greed" is forbidden in banlist duelist-2008`},
			wantFor: []card.Passcode{potOfGreed}},
		{name: "limited", rs: "ocg", bl: bl, d: deck.Deck{Main: cat(normals(39), rep(darkHole, 1)), Side: rep(darkHole, 1)},
			want: []string{`"Dark Hole" x2 exceeds its limit 1 in banlist duelist-2008`}},
		{name: "semi-limited", rs: "ocg", bl: bl, d: deck.Deck{Main: cat(normals(37), rep(swords, 3))},
			want: []string{`"Swords of Revealing Light" x3 exceeds its limit 2 in banlist duelist-2008`}},
		{name: "banlist not given", rs: "ocg", d: deck.Deck{Main: cat(normals(37), rep(potOfGreed, 3))}},
		{name: "token", rs: "ocg", db: tokenDB, d: deck.Deck{Main: cat(normals(40), rep(73915052, 2))},
			want:    []string{`"Sheep Token" is a Token; Tokens are never in a deck`},
			wantFor: []card.Passcode{73915052}},
		{name: "unknown card", rs: "ocg", d: deck.Deck{Main: normals(40), Side: []card.Passcode{12345678}},
			want: []string{"passcode 12345678 is not a card of the card pool"}},
		{name: "everything at once, in order", rs: "ocg", bl: bl,
			d: deck.Deck{
				Main:  cat(rep(potOfGreed, 2), rep(utopia, 1), normals(3), rep(kuriboh, 4)),
				Extra: cat(rep(darkHole, 2), fifteen),
				Side:  cat(rep(12345678, 1), normalsFrom(120, 15)),
			},
			want: []string{
				"Main Deck has 10 cards; ocg needs 40-60",
				"Extra Deck has 17 cards; ocg allows 0-15",
				"Side Deck has 16 cards; ocg allows 0-15",
				`"Pot of Greed" is forbidden in banlist duelist-2008`,
				`"Number 39: Utopia" is in the Main Deck; Xyz Monsters belong in the Extra Deck`,
				`"Kuriboh" x4 exceeds the limit of 3 copies of a card in ocg`,
				`"Dark Hole" x2 is in the Extra Deck, which holds only Fusion, Synchro and Xyz Monsters; it belongs in the Main Deck`,
				`"Dark Hole" x2 exceeds its limit 1 in banlist duelist-2008`,
				"passcode 12345678 is not a card of the card pool",
			},
			wantFor: []card.Passcode{0, 0, 0, potOfGreed, utopia, kuriboh, darkHole, darkHole, 12345678}},
	}
	for _, tt := range tests {
		vs := deck.Validate(tt.d, tt.db, rs(t, tt.rs), tt.bl)
		var got []string
		var gotFor []card.Passcode
		for _, v := range vs {
			got = append(got, v.String())
			gotFor = append(gotFor, v.Passcode)
			if v.Rule == "" || v.Msg == "" {
				t.Errorf("%s: violation without rule or message: %+v", tt.name, v)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: violations\n  %s\nwant\n  %s", tt.name, strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
		}
		if tt.wantFor != nil && !slices.Equal(gotFor, tt.wantFor) {
			t.Errorf("%s: violations are about %v, want %v", tt.name, gotFor, tt.wantFor)
		}
	}
}

func TestValidateRules(t *testing.T) {
	d := deck.Deck{
		Main:  cat(normals(38), rep(junkWarrior, 1), rep(potOfGreed, 1)),
		Extra: cat(rep(kuriboh, 1), fifteenOf(utopia)),
	}
	vs := deck.Validate(d, nil, rs(t, "ocg"), deck.DefaultBanlist())
	var rules []string
	for _, v := range vs {
		rules = append(rules, v.Rule)
	}
	want := []string{deck.RuleExtraSize, deck.RuleExtraInMain, deck.RuleBanlist, deck.RuleMainInExtra, deck.RuleCopies}
	if !slices.Equal(rules, want) {
		t.Errorf("rules = %v, want %v", rules, want)
	}
}

func fifteenOf(p card.Passcode) []card.Passcode { return rep(p, 15) }

// Validating twice gives the same result: no map order leaks into the output.
func TestValidateDeterministic(t *testing.T) {
	d := deck.Deck{Main: cat(rep(potOfGreed, 2), rep(darkHole, 3), rep(swords, 3), rep(kuriboh, 5), rep(utopia, 2), rep(junkWarrior, 2))}
	first := deck.Validate(d, nil, rs(t, "classic"), deck.DefaultBanlist())
	for i := 0; i < 20; i++ {
		if again := deck.Validate(d, nil, rs(t, "classic"), deck.DefaultBanlist()); !slices.Equal(again, first) {
			t.Fatalf("run %d differs:\n%v\n%v", i, again, first)
		}
	}
}

// TestUnimplemented: a card the engine does not play is named with its passcode, once, whatever
// its copies and sections; the others and unknown passcodes are not.
func TestUnimplemented(t *testing.T) {
	pog, dh := card.Passcode(55144522), card.Passcode(53129443)
	d := deck.Deck{Main: []card.Passcode{pog, pog, dh, 1}, Side: []card.Passcode{pog}}
	vs := deck.Unimplemented(d, nil, func(p card.Passcode) bool { return p != pog })
	if len(vs) != 1 || vs[0].Passcode != pog || vs[0].Rule != deck.RuleNotImplemented ||
		vs[0].Msg != `"Pot of Greed" (55144522) is not implemented by the engine yet` {
		t.Errorf("Unimplemented = %+v", vs)
	}
	if vs := deck.Unimplemented(d, nil, func(card.Passcode) bool { return true }); len(vs) != 0 {
		t.Errorf("every card implemented: %+v", vs)
	}
}
