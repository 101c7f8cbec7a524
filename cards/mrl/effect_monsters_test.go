package mrl

import (
	"math/rand/v2"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// libWith is the registered cards with some scripts replaced.
type libWith map[card.Passcode]*engine.Script

func (l libWith) Script(code card.Passcode) *engine.Script {
	if sc, ok := l[code]; ok {
		return sc
	}
	return cards.Library().Script(code)
}

const (
	potOfGreed    card.Passcode = 55144522 // given a test script below
	penguinKnight card.Passcode = 36039163
	feralImp      card.Passcode = 41392891
	giantRat      card.Passcode = 97017120
)

// TestPenguinKnightMilled: Penguin Knight sent from its owner's Deck to the Graveyard by an effect
// of the opponent's shuffles its owner's whole Graveyard (itself too) into the Deck; sent there
// by its owner's own effect, it does nothing. No card of the pool sends cards from the
// opponent's Deck to the Graveyard yet, so a test Spell does ("send the top card of a Deck to
// the Graveyard").
func TestPenguinKnightMilled(t *testing.T) {
	for _, oppMills := range []bool{true, false} {
		mill := &engine.Script{Effects: []*engine.Effect{{
			Kind: engine.Activate,
			Resolve: func(c *engine.Ctx) {
				s := c.You()
				if oppMills {
					s = c.Opp()
				}
				deck := c.Pile(s, engine.Deck)
				c.SendToGY(deck[len(deck)-1])
			},
		}}}
		mill.Prepare()
		lib := libWith{potOfGreed: mill}
		pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: engine.Main1,
			Idle: true, Cards: lib}
		victim := &pos.Seats[engine.A]
		if oppMills {
			victim = &pos.Seats[engine.B]
			pos.Seats[engine.A].Deck = []card.Passcode{feralImp}
		}
		victim.Deck = []card.Passcode{penguinKnight, feralImp, feralImp} // the Knight on top (listed first)
		victim.GY = []card.Passcode{giantRat}
		pos.Seats[engine.A].Hand = []card.Passcode{potOfGreed}
		if oppMills {
			pos.Seats[engine.B].Deck = victim.Deck
		} else {
			pos.Seats[engine.B].Deck = []card.Passcode{feralImp}
		}
		d, err := engine.NewFromPosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.AnswerText(`activate "Pot of Greed"`); err != nil {
			t.Fatal(err)
		}
		for p := d.Prompt(); p != nil && p.Kind == engine.PromptChain; p = d.Prompt() {
			if err := d.AnswerText("pass"); err != nil {
				t.Fatal(err)
			}
		}
		s := engine.A
		if oppMills {
			s = engine.B
		}
		gy, deck := len(d.Pile(s, engine.GY)), len(d.Pile(s, engine.Deck))
		wantGY, wantDeck := 3, 2 // the Knight milled joins the Giant Rat and the test Spell
		if oppMills {
			wantGY, wantDeck = 0, 4 // both shuffled into the Deck
		}
		if gy != wantGY || deck != wantDeck {
			t.Errorf("milled by the opponent %v: Graveyard %d, Deck %d cards; want %d, %d", oppMills, gy, deck, wantGY, wantDeck)
		}
		d.Close()
	}
}

// TestCeremonialBellViews: with Ceremonial Bell face-up, each seat's view and the spectators'
// show both hands, VerifyViews accepts them, and a copy of the duel re-dealt for A's search
// (Determinize) keeps B's revealed hand; with the Bell face-down, B's hand is hidden from A.
func TestCeremonialBellViews(t *testing.T) {
	const bell, kuriboh, celtic card.Passcode = 20228463, 40640057, 91152256
	for _, faceUp := range []bool{true, false} {
		pos := engine.Position{Rules: engine.OCG(), Seed: 1, Turn: 3, Player: engine.A, Phase: engine.Main1,
			Idle: true, Cards: cards.Library()}
		p := engine.FaceUpAtk
		if !faceUp {
			p = engine.FaceDownDef
		}
		pos.Seats[engine.A].Deck = []card.Passcode{feralImp, feralImp, feralImp}
		pos.Seats[engine.A].Monsters = []engine.MonsterSetup{{Code: bell, Pos: p}}
		pos.Seats[engine.B].Deck = []card.Passcode{feralImp, feralImp, celtic, celtic}
		pos.Seats[engine.B].Hand = []card.Passcode{kuriboh, giantRat}
		d, err := engine.NewFromPosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		d.KeepOpenStates()
		if err := d.VerifyViews(); err != nil {
			t.Fatalf("face-up %v: %v", faceUp, err)
		}
		for name, v := range map[string]engine.View{"A": d.View(engine.A), "spectator": d.PublicView()} {
			for _, cv := range v.Seats[engine.B].Hand {
				if shown := cv.Code != 0; shown != faceUp {
					t.Errorf("face-up %v: %s's view shows B's hand card %q: %v", faceUp, name, cv.Name, shown)
				}
			}
		}
		if faceUp {
			for i := range 5 {
				w, err := d.Determinize(engine.A, rand.New(rand.NewPCG(uint64(i), 7)))
				if err != nil {
					t.Fatal(err)
				}
				for j, id := range w.Pile(engine.B, engine.Hand) {
					if got, want := w.View(engine.B).Seats[engine.B].Hand[j].Code, []card.Passcode{kuriboh, giantRat}[j]; got != want {
						t.Errorf("re-deal %d: B's revealed hand card %d (%d) became %d", i, j, id, got)
					}
				}
				w.Close()
			}
		}
		d.Close()
	}
}
