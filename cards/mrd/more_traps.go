package mrd

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's Traps that negate a Summon for a Tribute and that take cards from the hand after battle
// damage.

func init() {
	// The monster being Normal or Special Summoned is not on the field yet: it cannot be the
	// Tribute (its controller may negate its own Summon, with another monster). One being Flip
	// Summoned is there already and may be (lockstep probes of The Immortal of Thunder and
	// Shield & Sword: the reference offered it).
	tribute := cards.TributeCost(1, false, func(c *ctx, id cardID) bool { return !c.Arriving(id) })
	cards.Register(98069388, &engine.Script{ // Horn of Heaven
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
			// Only right in answer to the Summon, as the first link of a chain.
			Condition: func(c *ctx) bool { return c.Summoning() != noCard && c.ChainLen() == 0 },
			CanPay:    tribute.CanPay, Pay: tribute.Pay,
			Resolve: func(c *ctx) { c.NegateSummon() },
		}},
	})

	oppHand := func(c *ctx, s engine.Seat) []cardID { return c.Pile(s, engine.Hand) }
	cards.Register(88279736, &engine.Script{ // Robbin' Goblin
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				// Mandatory, each time: battle damage to an opponent comes from a monster of this
				// card's controller.
				Kind: engine.Trigger, On: engine.On(engine.EvDamage), Category: engine.CatDiscard,
				Desc: "the opponent discards 1 card at random",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Battle && c.IsOpp(ev.Seat)
				},
				Resolve: func(c *ctx) {
					s := c.Event().Seat
					c.Discard(c.RandomCards(s, oppHand(c, s), 1)...)
				},
			},
		},
	})
}
