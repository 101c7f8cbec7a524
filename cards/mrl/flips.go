package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's FLIP monsters.

func init() {
	cards.Register(81863068, &engine.Script{ // Hiro's Shadow Scout
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDraw | engine.CatDiscard,
			Resolve: func(c *ctx) {
				opp := c.Opp()
				before := c.Pile(opp, engine.Hand)
				c.Draw(opp, 3)
				drawn := c.Filter(c.Pile(opp, engine.Hand), func(id cardID) bool { return !containsID(before, id) })
				if len(drawn) == 0 {
					return
				}
				// The cards drawn are shown to this card's controller; the Spells among them
				// are discarded.
				c.ConfirmTo(c.You(), drawn...)
				c.Discard(c.Filter(drawn, func(id cardID) bool { return cards.IsSpell(c, id) })...)
			},
		}},
	})

	// Weather Report: FLIP: destroy every face-up Swords of Revealing Light the opponent
	// controls; if one was destroyed, its controller's next Battle Phase is doubled (a second
	// one follows it in the same turn). Flipped during its controller's own Battle Phase, the
	// grant waits for the next one (engine.PFBattlePhaseTwice).
	cards.Register(72053645, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDestroy,
			Destroys: oppFaceUpSwords,
			Resolve: func(c *ctx) {
				if c.Destroy(oppFaceUpSwords(c)...) > 0 {
					c.AddPlayerFlag(c.You(), engine.PFBattlePhaseTwice, engine.Permanent)
				}
			},
		}},
	})
}

// swordsOfRevealingLight is the passcode of Swords of Revealing Light (LOB), which Weather Report
// destroys.
const swordsOfRevealingLight = 72302403

// oppFaceUpSwords lists the face-up Swords of Revealing Light the effect's opponents control.
func oppFaceUpSwords(c *ctx) []cardID {
	var out []cardID
	for _, s := range c.Opponents() {
		for _, id := range c.SpellTraps(s) {
			if c.FaceUp(id) && c.Data(id).Passcode == swordsOfRevealingLight {
				out = append(out, id)
			}
		}
	}
	return out
}
