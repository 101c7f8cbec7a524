package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// spellbind binds a monster to Spellbinding Circle with a mark (a modifier with no change, ended
// when the card leaves the field; the monster keeps it if its control changes). The card's
// Continuous effect gives the marked monster its flags, so that they stop while the card is
// negated (Jinzo; ygopro-core's effect of the card on its target).
func spellbind(c *ctx, t cardID) {
	c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.WhileSource})
	cards.Link(c, t)
}

func init() {
	cards.Register(18807108, &engine.Script{ // Spellbinding Circle
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate,
				// Any monster of the opponent, face-down ones too.
				HasTargets: cards.HasAny(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Target:     cards.TargetFrom(1, func(c *ctx) []cardID { return c.OppMonsters() }),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == noCard || c.Place(t).Loc != engine.MZone {
						return
					}
					spellbind(c, t)
				},
			},
			{Kind: engine.Continuous, Static: engine.Static{
				Flags:   engine.FlagCannotAttack | engine.FlagCannotChangePosition,
				Affects: func(c *ctx, id cardID) bool { return c.MarkedBy(id, c.Self()) },
			}},
		},
		Bind:    spellbind,         // a position's `bound` monster
		CheckIn: cards.OnFieldLocs, // the Check below does nothing elsewhere
		Check: func(c *ctx) {
			t := cards.Linked(c)
			if t == noCard || !cards.OnField(c, c.Self()) || c.MarkedBy(t, c.Self()) {
				return
			}
			// The monster left the field. Only its destruction destroys this card; returned
			// to the hand, tributed or banished, it leaves this card on the field doing nothing.
			cards.Unlink(c)
			if c.DestroyedJustNow(t) || c.LeftFieldDestroyed(t) {
				c.Destroy(c.Self())
			}
		},
	})
}
