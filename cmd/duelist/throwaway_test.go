package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// Two throwaway cards, added in one place: testdata/throwaway/cards/zzz/zzz.cards, a set of its
// own (docs/cards.md "How to add a card").
const (
	throwawayGolem card.Passcode = 99999901 // a Normal Monster: data only
	throwawayDraw  card.Passcode = 99999902 // a Spell: data, texts, and the behaviour below
)

// throwawayLibrary is the card library with the throwaway Spell's behaviour added, as its set's
// package would register it.
type throwawayLibrary struct{ draw *engine.Script }

func (l throwawayLibrary) Script(code card.Passcode) *engine.Script {
	if code == throwawayDraw {
		return l.draw
	}
	return all.Library().Script(code)
}

// TestThrowawayCardEverywhere adds two cards in one place, their card file, and finds them
// everywhere a card is used: the card data (with the rest of the pool), the engine (the Golem is
// summoned, the Spell resolves its behaviour), the card centre in English, 简体 and 繁體 (names,
// text, search), the terminal's name lookup in the three languages, and deck check.
func TestThrowawayCardEverywhere(t *testing.T) {
	db, err := card.PoolWith(os.DirFS("testdata/throwaway"))
	if err != nil {
		t.Fatal(err)
	}
	golem, ok1 := db.ByPasscode(throwawayGolem)
	draw, ok2 := db.ByPasscode(throwawayDraw)
	if !ok1 || !ok2 || db.Len() != card.Pool().Len()+2 {
		t.Fatalf("the throwaway cards are not in the data (%d cards, the pool %d)", db.Len(), card.Pool().Len())
	}
	if s, ok := db.Set("ZZZ"); !ok || len(db.InSet("ZZZ")) != 2 || s.Name != "Throwaway Test Set" {
		t.Errorf("the throwaway set: %v, %v", s, db.InSet("ZZZ"))
	}

	// The engine: a duel of the throwaway cards.
	sc := &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Activate, Category: engine.CatDraw,
		Resolve: func(c *engine.Ctx) { c.Draw(c.You(), 1) },
	}}}
	sc.Prepare()
	var main []card.Passcode
	for range 20 {
		main = append(main, throwawayGolem, throwawayDraw)
	}
	d, err := engine.New(engine.Config{Rules: engine.OCG(), DB: db, Seed: 7, First: engine.FirstA,
		Cards: throwawayLibrary{draw: sc}, Decks: [2]engine.DeckList{{Main: main}, {Main: main}}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var opts []string
	for _, o := range d.Prompt().Options() {
		opts = append(opts, d.OptionText(o))
	}
	if !slices.Contains(opts, `summon "Throwaway Golem"@A:H`) || !slices.Contains(opts, `activate "Throwaway Draw"@A:H`) {
		t.Fatalf("A's first options: %q", opts)
	}
	hand, deckSize := len(d.View(engine.A).Seats[engine.A].Hand), d.View(engine.A).Seats[engine.A].Deck
	if err := d.AnswerText(`activate "Throwaway Draw"`); err != nil {
		t.Fatal(err)
	}
	for d.Prompt() != nil && d.Prompt().Kind != engine.PromptIdle {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatalf("%v (options %v)", err, d.Prompt().Options())
		}
	}
	if v := d.View(engine.A).Seats[engine.A]; len(v.Hand) != hand || v.Deck != deckSize-1 {
		t.Errorf("after Throwaway Draw: %d in hand, %d in the Deck; want %d and %d (one card played, one drawn)",
			len(v.Hand), v.Deck, hand, deckSize-1)
	}
	if err := d.AnswerText(`summon "Throwaway Golem"`); err != nil {
		t.Fatal(err)
	}
	if m := d.View(engine.B).Seats[engine.A].Monsters; !slices.ContainsFunc(m, func(c engine.CardView) bool {
		return c.Name == "Throwaway Golem" && c.ATK == 1700
	}) {
		t.Errorf("the Golem is not on the field as B sees it: %v", m)
	}

	// The card centre, in the three languages.
	ix, err := catalog.New(catalog.Lists(deck.DefaultBanlists()), catalog.Source{Game: catalog.GamePool, DB: db})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := ix.Card(throwawayDraw)
	if !ok || c.Names[catalog.ZHCN] != "一次性抽卡" || c.Names[catalog.ZHTW] != "一次性抽卡" ||
		c.Texts[catalog.EN] != "Draw 1 card." || c.Texts[catalog.ZHCN] != draw.Text.ZHCN || c.Texts[catalog.ZHTW] != "自己從卡組抽1張卡。" {
		t.Errorf("the card centre's Throwaway Draw: %+v", c)
	}
	for _, q := range []string{"throwaway golem", "一次性魔像", "set:ZZZ kind:monster", `text:"draw 1 card" set:zzz`, "text:從卡組抽1張 set:zzz"} {
		query, err := catalog.Parse(q)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ix.Search(query, nil)
		if err != nil || res.Total != 1 {
			t.Errorf("search %q: %d cards, %v", q, res.Total, err)
		}
	}

	// The terminal finds it by any of its names.
	dbs := []*card.DB{db}
	for _, name := range []string{golem.Name, golem.NameZH, golem.NameTW, "throwaway gol"} {
		if got, err := findCard(name, dbs); err != nil || got != golem {
			t.Errorf("findCard(%q) = %v, %v", name, got, err)
		}
	}

	// Deck check: 3 copies allowed, a fourth refused by its name.
	rs, err := ruleset.Get("ocg")
	if err != nil {
		t.Fatal(err)
	}
	dk := deck.Deck{Main: append(slices.Repeat([]card.Passcode{throwawayGolem}, 3), d40(t, 37)...)}
	if vs := deck.Validate(dk, db, rs, deck.DefaultBanlist()); len(vs) != 0 {
		t.Errorf("a legal deck with 3 Golems: %v", vs)
	}
	dk.Main[3] = throwawayGolem
	vs := deck.Validate(dk, db, rs, deck.DefaultBanlist())
	if len(vs) == 0 || !strings.Contains(vs[0].Msg, "Throwaway Golem") {
		t.Errorf("4 Golems: %v", vs)
	}
}

// d40 returns n passcodes of Normal Monsters of the pool, at most 3 of each.
func d40(t *testing.T, n int) []card.Passcode {
	t.Helper()
	var out []card.Passcode
	for _, c := range card.Pool().All() {
		for i := 0; i < 3 && len(out) < n && c.IsNormalMonster(); i++ {
			out = append(out, c.Passcode)
		}
	}
	if len(out) < n {
		t.Fatalf("only %d Normal Monsters", len(out))
	}
	return out
}
