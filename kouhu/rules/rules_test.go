package rules

import (
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// kcode returns the passcode of a kouhu card.
func kcode(t *testing.T, name string) card.Passcode {
	t.Helper()
	k, err := kouhu.Cards().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return card.Passcode(k.ID)
}

// TestKouhuFreshResourcesWaitForTheChainEnd: a cost card made while a chain resolves cannot pay
// before the chain ends (seed 000 限制), even for a cost asked later in the same resolution; after
// the chain it pays.
func TestKouhuFreshResourcesWaitForTheChainEnd(t *testing.T) {
	lib := testLib{}
	paid := 0
	// Link 1: "Sudden Gust" here pays 1 additional cost as it resolves, if it can.
	lib[kcode(t, "Sudden Gust")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) {
			if c.PayCost(1) {
				paid++
			}
		}}}})
	// Link 2: "Dragon's Fury" here makes an untapped cost card from the top of the Deck.
	lib[kcode(t, "Dragon's Fury")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) { c.ResourceFromDeck(c.You(), false) }}}})
	d, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Main1, Cards: lib,
		Seats: [engine.MaxSeats]engine.SeatSetup{
			{Deck: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")},
				Hand:      []card.Passcode{kcode(t, "Sudden Gust"), kcode(t, "Dragon's Fury"), kcode(t, "Marsh Imp")},
				Resources: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}},
			{Deck: []card.Passcode{kcode(t, "Harpie Lady")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{`activate "Sudden Gust"`, `activate "Dragon's Fury"`} {
		if err := d.AnswerText(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if d.Prompt().Kind != engine.PromptIdle {
		t.Fatalf("the chain did not resolve: prompt %s", d.Prompt().Kind)
	}
	if paid != 0 {
		t.Fatal("the cost card made by link 2 paid link 1's cost in the same chain")
	}
	if n := usable(d, engine.A); n != 1 {
		t.Fatalf("after the chain %d cost cards can pay, want 1 (the new one)", n)
	}
	if err := d.AnswerText(`summon "Marsh Imp"`); err != nil {
		t.Fatalf("the new cost card cannot pay after the chain: %v", err)
	}
}

// testLib is a card library of scripts made for a test.
type testLib map[card.Passcode]*engine.Script

func (l testLib) Script(c card.Passcode) *engine.Script { return l[c] }

// usable returns how many of a seat's cost cards are untapped.
func usable(d *engine.Duel, s engine.Seat) int {
	n := 0
	for _, id := range d.Pile(s, engine.Resource) {
		if !d.Card(id).Tapped {
			n++
		}
	}
	return n
}

func prepared(sc *engine.Script) *engine.Script {
	sc.Prepare()
	return sc
}

// TestKouhuBlockOptionsAreBounded: every ordered choice of blockers is an option while there are
// few blockers; with many, the prompt stays under maxBlockOptions and still offers every single
// blocker and no block.
func TestKouhuBlockOptionsAreBounded(t *testing.T) {
	for _, n := range []int{1, 3, 6, 7, 9} {
		var mons []engine.MonsterSetup
		for i := 0; i < n; i++ {
			mons = append(mons, engine.MonsterSetup{Code: kcode(t, "Stone Sentinel"), Pos: engine.FaceUpAtk})
		}
		d, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Battle,
			Seats: [engine.MaxSeats]engine.SeatSetup{
				{Deck: []card.Passcode{kcode(t, "Harpie Lady")}, Monsters: []engine.MonsterSetup{{Code: kcode(t, "Blue-Eyes White Dragon"), Pos: engine.FaceUpAtk}}},
				{Deck: []card.Passcode{kcode(t, "Harpie Lady")}, Monsters: mons},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`attack "Blue-Eyes White Dragon"`); err != nil {
			t.Fatal(err)
		}
		p := d.Prompt()
		if p.Kind != engine.PromptBlock {
			t.Fatalf("%d blockers: prompt %s", n, p.Kind)
		}
		want := 1 // no block
		for k, perm := 1, 1; k <= n; k++ {
			perm *= n - k + 1
			want += perm
		}
		got := len(p.Options())
		switch {
		case want <= maxBlockOptions+1 && got != want:
			t.Errorf("%d blockers: %d options, want every ordered choice (%d)", n, got, want)
		case got > maxBlockOptions+1:
			t.Errorf("%d blockers: %d options, more than the bound", n, got)
		case got < n+1:
			t.Errorf("%d blockers: %d options, fewer than one per blocker", n, got)
		}
		for _, o := range p.Options() {
			back, err := d.ParseOption(d.OptionText(o))
			if err != nil || back != o {
				t.Fatalf("%d blockers: option %q does not parse back: %v", n, d.OptionText(o), err)
			}
		}
	}
}

// TestKouhuCostCardsLeavingTriggerNothing: a cost card that leaves the resource zone becomes its
// card again but sets off none of that card's effects (seed 000: it had no name or effect).
func TestKouhuCostCardsLeavingTriggerNothing(t *testing.T) {
	lib := testLib{}
	draws := 0
	// "Zephyr Sprite" here: when it is sent to the Graveyard, draw 1.
	lib[kcode(t, "Zephyr Sprite")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Trigger, On: engine.On(engine.EvMove),
		Range:     engine.Locs(engine.GY),
		TriggerIf: func(c *engine.Ctx) bool { return c.Event().Card == c.Self() && c.Event().To.Loc == engine.GY },
		Resolve:   func(c *engine.Ctx) { draws++ }}}})
	// "Mystic Storm" here: send every cost card of the opponent to the Graveyard.
	lib[kcode(t, "Mystic Storm")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) { c.SendToGY(c.Pile(c.Opp(), engine.Resource)...) }}}})
	d, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Main1, Cards: lib,
		Seats: [engine.MaxSeats]engine.SeatSetup{
			{Deck: []card.Passcode{kcode(t, "Harpie Lady")}, Hand: []card.Passcode{kcode(t, "Mystic Storm")},
				Resources: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}},
			{Deck: []card.Passcode{kcode(t, "Harpie Lady")}, Resources: []card.Passcode{kcode(t, "Zephyr Sprite")},
				GY: []card.Passcode{}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.AnswerText(`activate "Mystic Storm"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(d.Pile(engine.B, engine.GY)); n != 1 {
		t.Fatalf("B's Graveyard holds %d cards, want the former cost card", n)
	}
	if draws != 0 {
		t.Fatal("a cost card leaving the resource zone set off its card's trigger")
	}
}

// TestKouhuUntappedCostCardWaitsForTheChainEnd: a cost card untapped while a chain resolves
// (Ley Crystal's kind of effect) cannot pay until the chain ends either.
func TestKouhuUntappedCostCardWaitsForTheChainEnd(t *testing.T) {
	lib := testLib{}
	paid := 0
	lib[kcode(t, "Sudden Gust")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) {
			if c.PayCost(1) {
				paid++
			}
		}}}})
	lib[kcode(t, "Dragon's Fury")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) { c.UntapResource(c.You()) }}}})
	d, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Main1, Cards: lib,
		Seats: [engine.MaxSeats]engine.SeatSetup{
			{Deck: []card.Passcode{kcode(t, "Harpie Lady")},
				Hand:      []card.Passcode{kcode(t, "Sudden Gust"), kcode(t, "Dragon's Fury")},
				Resources: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}, TappedResources: 1},
			{Deck: []card.Passcode{kcode(t, "Harpie Lady")}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{`activate "Sudden Gust"`, `activate "Dragon's Fury"`} {
		if err := d.AnswerText(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if paid != 0 {
		t.Fatal("the cost card untapped by link 2 paid link 1's cost in the same chain")
	}
	if n := usable(d, engine.A); n != 1 {
		t.Fatalf("after the chain %d cost cards can pay, want 1 (the untapped one)", n)
	}
}

// TestKouhuFailedSearch: a search that finds nothing is a failed search: the searching card is
// negated and sent to the Graveyard and the Deck is shuffled; with an empty Deck nothing happens.
func TestKouhuFailedSearch(t *testing.T) {
	lib := testLib{}
	found := engine.NoCard
	// "Tome of Insight" here: search the Deck for a Blue-Eyes White Dragon.
	lib[kcode(t, "Tome of Insight")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
		Resolve: func(c *engine.Ctx) {
			found = Search(c, c.You(), func(id engine.CardID) bool { return c.Name(id) == "Blue-Eyes White Dragon" })
		}}}})
	for _, tc := range []struct {
		name  string
		deck  []card.Passcode
		found bool
	}{
		{"a Blue-Eyes in the Deck", []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Blue-Eyes White Dragon")}, true},
		{"none in the Deck", []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}, false},
		{"an empty Deck", nil, false},
	} {
		found = engine.NoCard
		d, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Main1, Cards: lib,
			Seats: [engine.MaxSeats]engine.SeatSetup{
				{Deck: tc.deck, Hand: []card.Passcode{kcode(t, "Tome of Insight")},
					Resources: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}},
				{Deck: []card.Passcode{kcode(t, "Harpie Lady")}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`activate "Tome of Insight"`); err != nil {
			t.Fatal(err)
		}
		for p := d.Prompt(); p != nil && p.Kind != engine.PromptIdle; p = d.Prompt() {
			if err := d.AnswerIndex(0); err != nil {
				t.Fatal(err)
			}
		}
		shuffled := false
		for _, e := range d.Events() {
			shuffled = shuffled || e.Kind == engine.EvShuffle
		}
		gy := d.Pile(engine.A, engine.GY)
		switch {
		case (found != engine.NoCard) != tc.found:
			t.Errorf("%s: found %v", tc.name, found)
		case tc.found && (len(d.Pile(engine.A, engine.Hand)) != 1 || !shuffled):
			t.Errorf("%s: the card is not in the hand, or the Deck was not shuffled", tc.name)
		case !tc.found && (len(gy) != 1 || d.Card(gy[0]).Data.Name != "Tome of Insight"):
			t.Errorf("%s: the searching card is not in the Graveyard", tc.name)
		case !tc.found && shuffled != (len(tc.deck) > 0):
			t.Errorf("%s: shuffled %v; a failed search shuffles, an empty Deck is not searched", tc.name, shuffled)
		}
	}
}

// TestKouhuHasFusionMaterials: a fusion creature can be made from one card per listed material
// among the face-up creatures and the hand, at least one of them on the field; an ambush creature
// is no material.
func TestKouhuHasFusionMaterials(t *testing.T) {
	knight, curse := kcode(t, "Gaia the Fierce Knight"), kcode(t, "Curse of Dragon")
	for _, tc := range []struct {
		name string
		hand []card.Passcode
		mons []engine.MonsterSetup
		want bool
	}{
		{"both in the hand", []card.Passcode{knight, curse}, nil, false},
		{"one on the field, one in the hand", []card.Passcode{curse}, []engine.MonsterSetup{{Code: knight, Pos: engine.FaceUpAtk}}, true},
		{"both on the field", nil, []engine.MonsterSetup{{Code: curse, Pos: engine.FaceUpAtk}, {Code: knight, Pos: engine.FaceUpAtk}}, true},
		{"a material missing", []card.Passcode{knight}, []engine.MonsterSetup{{Code: knight, Pos: engine.FaceUpAtk}}, false},
		{"the one on the field in ambush", []card.Passcode{curse}, []engine.MonsterSetup{{Code: knight, Pos: engine.FaceDownDef}}, false},
	} {
		lib := testLib{}
		asked, got := false, false
		// "Sudden Gust" here asks, when the idle prompt is made, whether the Extra Deck's fusion
		// creature has its materials.
		lib[kcode(t, "Sudden Gust")] = prepared(&engine.Script{Effects: []*engine.Effect{{Kind: engine.Activate,
			Condition: func(c *engine.Ctx) bool {
				asked, got = true, HasFusionMaterials(c, c.Pile(c.You(), engine.Extra)[0])
				return true
			}}}})
		_, err := engine.NewFromPosition(engine.Position{Rules: Rules(), Turn: 3, Player: engine.A, Phase: engine.Main1, Cards: lib,
			Seats: [engine.MaxSeats]engine.SeatSetup{
				{Deck: []card.Passcode{kcode(t, "Harpie Lady")}, Hand: append(tc.hand, kcode(t, "Sudden Gust")),
					Monsters: tc.mons, Extra: []card.Passcode{kcode(t, "Gaia the Dragon Champion")},
					Resources: []card.Passcode{kcode(t, "Harpie Lady"), kcode(t, "Harpie Lady")}},
				{Deck: []card.Passcode{kcode(t, "Harpie Lady")}},
			}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !asked || got != tc.want {
			t.Errorf("%s: asked %v, HasFusionMaterials %v, want %v", tc.name, asked, got, tc.want)
		}
	}
}
