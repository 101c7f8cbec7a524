// Package psv registers the behaviour of the cards whose first printing is Pharaoh's Servant (PSV).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in psv.cards beside this file; docs/cards.md says how to add a card.
package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

func init() {
	backupCands := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			d := c.Data(id)
			return d.IsMonster() && !d.Kind.Has(card.Effect) && d.ATK <= 1500
		})
	}
	cards.Register(36280194, &engine.Script{ // Backup Soldier
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatToHand,
			Condition: func(c *ctx) bool {
				return len(cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) })) >= 5
			},
			HasTargets: cards.HasAny(1, backupCands),
			Target:     func(c *ctx) { c.SelectTargets(backupCands(c), 1, 3) },
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) > 0 {
					c.AddToHand(ts...)
				}
			},
		}},
	})

	cards.Register(61740673, &engine.Script{ // Imperial Order
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags: engine.FlagNegated,
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return cards.IsSpell(c, id) && cards.OnField(c, id) && c.FaceUp(id)
					},
				},
			},
			{
				// Paid in every Standby Phase without a chain link, even while the card's effects
				// are negated (ygopro-core's Continuous effect that cannot be disabled).
				Kind: engine.Automatic, Unnegated: true, On: engine.On(engine.EvPhase), Desc: "pay 700 LP or destroy this card",
				TriggerIf: func(c *engine.Ctx) bool { return c.Event().Phase == engine.Standby },
				Resolve: func(c *engine.Ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					if c.LP(c.You()) >= 700 {
						c.PayLP(700)
						return
					}
					c.Destroy(c.Self())
				},
			},
		},
	})
}
