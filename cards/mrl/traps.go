package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// spellbind binds a monster to Spellbinding Circle: its flags are the mark, and end when the card
// leaves the field; the monster keeps them if its control changes.
func spellbind(c *ctx, t cardID) {
	c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.WhileSource,
		Flags: engine.FlagCannotAttack | engine.FlagCannotChangePosition})
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
			if c.DestroyedJustNow(t) {
				c.Destroy(c.Self())
			}
		},
	})
}
