package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
)

func lookup(t *testing.T, name string) card.Passcode {
	t.Helper()
	c, err := card.Pool().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.Passcode
}

func name(p card.Passcode) string {
	c, _ := card.Pool().ByPasscode(p)
	return c.Name
}

// atSide returns a match waiting for seat A's side deck after duel 1.
func atSide(t *testing.T) *Match {
	m := newMatch(t, "ocg", engine.FirstA)
	play(t, m, 'B')
	if err := m.ChooseFirst(true); err != nil {
		t.Fatal(err)
	}
	expectPrompt(t, m, PromptSide, engine.A)
	return m
}

func TestSideSwap(t *testing.T) {
	m := atSide(t)
	reg := m.Registered(engine.A)
	out, in := reg.Main[0], reg.Side[0]
	text := `side out "` + name(out) + `" in "` + name(in) + `"`
	if err := m.AnswerText(text); err != nil {
		t.Fatal(err)
	}
	got := m.Deck(engine.A)
	if got.Count(out) != reg.Count(out) || len(got.Main) != 40 || len(got.Side) != 15 ||
		slices.Index(got.Side, out) < 0 || slices.Index(got.Main, in) < 0 {
		t.Fatalf("after the swap: main %d side %d", len(got.Main), len(got.Side))
	}
	if err := m.AnswerText("side keep"); err != nil {
		t.Fatal(err)
	}
	r := m.Record().Duels[1]
	if !slices.Equal(r.Before, []string{"A: first", "A: " + text, "B: side keep"}) || !r.Decks[0].Equal(got) {
		t.Fatalf("duel 2 record: %q", r.Before)
	}
	// Duel 2 is played with the side-decked deck: the card sided in is in A's Deck or hand.
	d := m.Duel()
	found := false
	for _, id := range slices.Concat(d.Pile(engine.A, engine.Deck), d.Pile(engine.A, engine.Hand)) {
		found = found || d.Card(id).Data.Passcode == in
	}
	if !found {
		t.Fatalf("%q is not in duel 2", name(in))
	}
	// The next side decking starts from the side-decked deck: swapping back is legal.
	play(t, m, 'A')
	between2 := `side out "` + name(in) + `" in "` + name(out) + `"`
	if err := m.ChooseFirst(false); err != nil {
		t.Fatal(err)
	}
	if err := m.AnswerText(between2); err != nil {
		t.Fatal(err)
	}
	if back := m.Deck(engine.A); slices.Index(back.Main, out) < 0 || slices.Index(back.Side, in) < 0 ||
		len(back.Main) != 40 || len(back.Side) != 15 {
		t.Fatal("swapping back")
	}
}

// TestIllegalSideDecks: each kind of illegal side deck is refused with its rule and card, and
// nothing changes.
func TestIllegalSideDecks(t *testing.T) {
	m := atSide(t)
	reg := m.Registered(engine.A)
	notInDeck := lookup(t, "Mirror Force")
	if reg.Count(notInDeck) != 0 {
		t.Fatal("the test needs a card outside A's deck")
	}
	inMain, inSide := reg.Main[0], card.Passcode(0)
	for _, p := range reg.Side {
		if p == reg.Main[0] || p == reg.Main[1] {
			continue
		}
		if n := len(slices.DeleteFunc(slices.Clone(reg.Side), func(q card.Passcode) bool { return q != p })); n == 1 {
			inSide = p
			break
		}
	}
	fusion := lookup(t, "Gaia the Dragon Champion")
	wrongCards := reg.Clone()
	wrongCards.Main[0] = notInDeck
	fusionInMain := reg.Clone()
	fusionInMain.Main[0], fusionInMain.Side[0] = fusion, inMain // sizes kept, cards not
	bigMain := reg.Clone()
	bigMain.Main = append(bigMain.Main, bigMain.Side[0])
	bigMain.Side = bigMain.Side[1:]
	cases := []struct {
		what  string
		swaps []Swap
		deck  *deck.Deck
		rule  string
		card  card.Passcode
		msg   string
	}{
		{"out of nowhere", []Swap{{Out: notInDeck, In: inSide}}, nil, RuleOut, notInDeck,
			`swap 1 takes out "Mirror Force", but the Main and Extra Decks hold no "Mirror Force"`},
		{"in from nowhere", []Swap{{Out: inMain, In: notInDeck}}, nil, RuleIn, notInDeck,
			`swap 1 puts in "Mirror Force", but the Side Deck holds no "Mirror Force"`},
		{"one side card twice", []Swap{{Out: inMain, In: inSide}, {Out: reg.Main[1], In: inSide}}, nil, RuleIn, inSide,
			`swap 2 puts in "` + name(inSide) + `", but the Side Deck holds no more "` + name(inSide) + `"`},
		{"whole deck: sizes", nil, &bigMain, RuleSizes, 0, "the Main Deck has 41 cards; side decking must keep its 40"},
		{"whole deck: cards", nil, &wrongCards, RuleCards, notInDeck, `the deck holds "Mirror Force" x1, the registered deck (Main+Extra+Side) x0; side decking only exchanges cards`},
	}
	// A Fusion Monster from the Side Deck for a Main Deck card changes the sizes.
	fusionSide := reg.Clone()
	fusionSide.Side[0] = fusion
	if _, err := ApplySwaps(fusionSide, []Swap{{Out: inMain, In: fusion}}, m.Ruleset(), nil); !isSide(err, RuleSizes, fusion) ||
		!strings.Contains(err.Error(), `the swaps leave the Main Deck with 39 cards and the Extra Deck with 1; side decking must keep their sizes (40 and 0): "Gaia the Dragon Champion" goes to the Extra Deck`) {
		t.Errorf("a Fusion Monster for a Main Deck card: %v", err)
	}
	// A deck that keeps sizes and cards but breaks a construction rule.
	fusionReg := reg.Clone()
	fusionReg.Side[0] = fusion
	if err := CheckSide(fusionReg, fusionInMain, m.Ruleset(), nil, nil); !isSide(err, RuleDeck, fusion) ||
		!strings.Contains(err.Error(), `"Gaia the Dragon Champion" is in the Main Deck; Fusion Monsters belong in the Extra Deck`) {
		t.Errorf("a Fusion Monster in the Main Deck: %v", err)
	}
	for _, c := range cases {
		before := m.Record()
		var err error
		if c.deck != nil {
			err = m.AnswerSideDeck(*c.deck)
		} else {
			err = m.AnswerSide(c.swaps)
		}
		var se *SideError
		if !errors.As(err, &se) || se.Seat != engine.A || se.Rule != c.rule || se.Card != c.card || se.Msg != c.msg {
			t.Errorf("%s: %v (%+v)", c.what, err, se)
			continue
		}
		if !strings.HasPrefix(err.Error(), "match: seat A's side deck is rejected: ") {
			t.Errorf("%s: %q", c.what, err)
		}
		// Nothing changed: the same deck, the same prompt, the same record.
		after := m.Record()
		if !m.Deck(engine.A).Equal(reg) || len(after.Duels[0].Moves) != len(before.Duels[0].Moves) || len(m.before) != 1 {
			t.Errorf("%s changed the match", c.what)
		}
		expectPrompt(t, m, PromptSide, engine.A)
	}
	// Text that is not a side-deck answer.
	for _, bad := range []string{"keep", "side", `side out "Kuriboh"`, `side in "Kuriboh" out "Kuriboh"`,
		`side out "Kuriboh in "Kuriboh"`, `side out "No Such Card" in "Kuriboh"`} {
		if err := m.AnswerText(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	// A whole deck of the same cards in another order is accepted.
	shuffled := reg.Clone()
	slices.Reverse(shuffled.Main)
	shuffled.Main[0], shuffled.Side[0] = shuffled.Side[0], shuffled.Main[0]
	if err := m.AnswerSideDeck(shuffled); err != nil {
		t.Fatal(err)
	}
	if got := m.Record().Duels[0]; len(m.before) != 2 || !strings.HasPrefix(m.before[1], "A: side out ") {
		t.Fatalf("recorded %q (%d)", m.before, got.N)
	}
}

func isSide(err error, rule string, c card.Passcode) bool {
	var se *SideError
	return errors.As(err, &se) && se.Rule == rule && se.Card == c
}

// TestExtraDeckSwap: an Extra Deck monster is exchanged for an Extra Deck monster.
func TestExtraDeckSwap(t *testing.T) {
	d, err := decks.Get("fusion")
	if err != nil {
		t.Fatal(err)
	}
	gaia := lookup(t, "Gaia the Dragon Champion")
	d.Side = []card.Passcode{gaia}
	out := lookup(t, "Thousand Dragon")
	nd, err := ApplySwaps(d, []Swap{{Out: out, In: gaia}}, mustRuleset(t, "ocg"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if nd.Count(gaia) != 3 || slices.Index(nd.Extra, gaia) < 0 || !slices.Equal(nd.Side, []card.Passcode{out}) ||
		len(nd.Extra) != len(d.Extra) || !slices.Equal(nd.Main, d.Main) {
		t.Fatalf("extra %v side %v", nd.Extra, nd.Side)
	}
	if err := CheckSide(d, nd, mustRuleset(t, "ocg"), nil, nil); err != nil {
		t.Fatal(err)
	}
}

func TestSideText(t *testing.T) {
	k, m := lookup(t, "Kuriboh"), lookup(t, "Dark Magician")
	swaps := []Swap{{Out: k, In: m}, {Out: m, In: k}}
	text := SideText(swaps, nil)
	if text != `side out "Kuriboh" in "Dark Magician", out "Dark Magician" in "Kuriboh"` {
		t.Fatal(text)
	}
	back, err := ParseSide(text, nil)
	if err != nil || !slices.Equal(back, swaps) {
		t.Fatalf("%v %v", back, err)
	}
	back, err = ParseSide(fmt.Sprintf(`side out "#%d" in "Dark Magician"`, k), nil)
	if err != nil || !slices.Equal(back, swaps[:1]) {
		t.Fatalf("by passcode: %v %v", back, err)
	}
	if s, err := ParseSide("side keep", nil); err != nil || s != nil || SideText(nil, nil) != "side keep" {
		t.Fatal("side keep")
	}
}
