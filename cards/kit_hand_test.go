package cards

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// TestPickFromHand: the effect's controller is shown the opponent's hand and chooses one of its
// cards seeing every candidate's face (a hidden card would have code 0), and the opponent does
// not see A's choice prompt. The card chosen is the one discarded.
func TestPickFromHand(t *testing.T) {
	const darkHole card.Passcode = 53129443
	sc := &engine.Script{Effects: []*effect{{
		Kind: engine.Activate, Condition: OppHasHand,
		Resolve: func(c *ctx) { c.Discard(PickFromHand(c, c.Opp(), 1, engine.ForDiscard, nil)...) },
	}}}
	d := kitDuel(t, libWith{dianKeto: sc}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{dianKeto}
		b.Hand = []card.Passcode{celticGuardian, darkHole}
	})
	answers(t, d, `activate "Dian Keto the Cure Master"`)
	passAll(d)
	pv := d.PromptView(engine.A)
	if pv == nil || pv.Kind != engine.PromptSelect {
		t.Fatalf("A is asked %v, want a select among B's hand", d.Prompt())
	}
	for _, cv := range pv.Candidates {
		if cv.Code == 0 {
			t.Fatalf("A chooses among B's hand without seeing a candidate: %+v", pv.Candidates)
		}
	}
	answers(t, d, `select "Dark Hole"`)
	passAll(d)
	gy := d.Pile(engine.B, engine.GY)
	if len(gy) != 1 || d.Card(gy[0]).Data.Passcode != darkHole {
		t.Fatalf("B's Graveyard holds %v, want Dark Hole", gy)
	}
}

// TestOppHasHand: the condition fails on an empty opponent hand.
func TestOppHasHand(t *testing.T) {
	sc := &engine.Script{Effects: []*effect{{Kind: engine.Activate, Condition: OppHasHand}}}
	d := kitDuel(t, libWith{dianKeto: sc}, engine.Main1, func(a, b *engine.SeatSetup) {
		a.Hand = []card.Passcode{dianKeto}
	})
	if opts := optionTexts(d); strings.Contains(opts, "activate") {
		t.Fatalf("activation offered with an empty opponent hand: %s", opts)
	}
}
