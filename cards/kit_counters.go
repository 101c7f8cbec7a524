package cards

import "github.com/duelistgame/duelist/engine"

// Counters of the kit: Spell Counters placed each time a Spell Card resolves, removed as a cost.
// A card's counters are the engine's (Ctx.AddCounter, Ctx.Counter): named, kept while the card
// stays on the field, shown in the views.

// SpellCounter is the name of Spell Counters (Magician's Force).
const SpellCounter = "spell"

// CountersOnSpell is an Automatic effect of a face-up card: each time the activation of a Spell
// Card resolves (not negated), place 1 counter of the name on this card, up to most (0: no
// limit). It is placed after the Spell resolves, and makes no chain link.
func CountersOnSpell(name string, most int) *effect {
	return &effect{
		Kind: engine.Automatic, On: engine.On(engine.EvResolve),
		Desc: "each time a Spell Card resolves, place a counter on this card",
		TriggerIf: func(c *ctx) bool {
			l := c.Link(int(c.Event().Link))
			return l.IsSpell && !l.Negated
		},
		Resolve: func(c *ctx) {
			if self := c.Self(); most == 0 || c.Counter(self, name) < most {
				c.AddCounter(self, name, 1)
			}
		},
	}
}

// CounterCost removes n counters of a name from the effect's own card as a cost ("remove 2
// Spell Counters from this card").
func CounterCost(name string, n int) Cost {
	return Cost{
		CanPay: func(c *ctx) bool { return c.Counter(c.Self(), name) >= n },
		Pay:    func(c *ctx) { c.AddCounter(c.Self(), name, -n) },
	}
}
