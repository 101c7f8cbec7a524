// Package taev registers the behaviour of the cards whose first printing is Tactical Evolution (TAEV).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in taev.cards beside this file; docs/cards.md says how to add a card.
package taev

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

const noCard = engine.NoCard

func init() {
	cards.Register(43422537, &engine.Script{ // Double Summon
		Effects: []*engine.Effect{{
			// A second Double Summon resolves but adds nothing: the engine grants at most one
			// extra Normal Summon per turn however many flags there are.
			Kind:    engine.Activate,
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFExtraNormalSummon, engine.EndOfTurn) },
		}},
	})

	dutyCost := func(c *ctx) []cardID {
		// Face-up Normal Monsters (a face-down one shows no kind); a Token cannot be sent to the GY.
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
			d := c.Data(id)
			return c.FaceUp(id) && d.IsNormalMonster() && !d.Kind.Has(card.Token)
		})
	}
	dutyTargets := func(c *ctx) []cardID {
		return cards.Both(c, func(s engine.Seat) []cardID {
			return cards.GYCards(c, s, func(id cardID) bool { return c.CanSpecialSummon(id, c.You()) })
		})
	}
	cards.Register(78794994, &engine.Script{ // Symbols of Duty
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon | engine.CatEquip,
			CanPay: cards.NonEmpty(dutyCost),
			Pay: func(c *ctx) {
				c.SendToGY(c.SelectCards(c.You(), dutyCost(c), 1, 1, engine.ForCost)...)
			},
			// A target must be in a Graveyard before the cost is paid (ygopro-core checks it
			// first): the Normal Monster the cost sends does not make the card activatable. The
			// cost is paid before the target is chosen (notation.md "Activation"), so that monster
			// may then be the target. With every Monster Zone full the cost frees one: any
			// monster in a Graveyard counts then (its revive limit is asked when it is targeted).
			HasTargets: func(c *ctx) bool {
				if c.PlayerHas(c.You(), engine.PFCannotSummon) {
					return false
				}
				if c.FreeZones(c.You(), engine.MZone) > 0 {
					return len(dutyTargets(c)) > 0
				}
				return len(cards.Both(c, func(s engine.Seat) []cardID {
					return cards.GYCards(c, s, func(id cardID) bool { return c.Data(id).IsMonster() })
				})) > 0
			},
			Target: cards.TargetFrom(1, dutyTargets),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !c.SpecialSummon(t, c.You(), 0) {
					return // nothing equipped: the card goes to the GY after the chain
				}
				c.Equip(c.Self(), t)
				// The mark that remembers the monster once this card has left the field: a
				// modifier with no effect whose source is this card (engine.Ctx.MarkedBy); it
				// leaves with the monster.
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
			},
		}},
		// "When this card leaves the field, destroy that monster" is applied as a rule, with no
		// chain link (as the engine does for equip cards whose monster leaves): any monster that
		// still carries this card's mark while this card no longer equips it is destroyed.
		Check: func(c *ctx) {
			self := c.Self()
			// Runs after every action: Marked answers at once while this card marks nothing (it
			// never did, or the monster left), and while it marks only the monster it equips
			// there is nothing to destroy.
			if ms := c.Marked(self); len(ms) == 0 || len(ms) == 1 && ms[0] == c.EquipTarget(self) {
				return
			}
			var buf [32]cardID // the monsters listed on the stack
			for _, id := range c.AppendAllMonsters(buf[:0]) {
				if c.MarkedBy(id, self) && c.EquipTarget(self) != id {
					c.Destroy(id)
				}
			}
		},
	})
}
