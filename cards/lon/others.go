package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// More of LON's Effect Monsters: The Unfriendly Amazon's upkeep of a tribute, Maryokutai's
// negation of a Spell, Tornado Bird's FLIP bounce and Revival Jam's return from the GY.

// revivalJamReady is the counter Revival Jam puts on itself in the GY once its controller paid to
// bring it back in their next Standby Phase (it holds while the card stays in the GY).
const revivalJamReady = "revival jam"

func init() {
	// The Unfriendly Amazon: in each of its controller's Standby Phases, tribute 1 other
	// monster or destroy it; no chain, even while negated (ygopro-core's continuous effect
	// that cannot be disabled).
	amazonTributes := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(65475294, &engine.Script{Effects: []*engine.Effect{{ // The Unfriendly Amazon
		Kind: engine.Automatic, On: engine.On(engine.EvPhase), Unnegated: true,
		Desc:      "upkeep: tribute 1 other monster in your Standby Phase, or destroy this card",
		TriggerIf: yourStandby,
		Resolve: func(c *ctx) {
			if ts := amazonTributes(c); len(ts) > 0 && c.AskYesNo(c.You()) {
				c.Tribute(c.SelectCards(c.You(), ts, 1, 1, engine.ForTribute)...)
				return
			}
			c.Destroy(c.Self())
		},
	}}})

	// Maryokutai: during the opponent's turn, when they activate a Spell Card, tribute this card
	// to negate the activation and destroy it.
	cards.Register(71466592, &engine.Script{Effects: []*engine.Effect{{ // Maryokutai
		Kind: engine.Quick, Category: engine.CatNegate | engine.CatDestroy,
		Desc: "tribute this card: negate the activation of the opponent's Spell Card and destroy it",
		Condition: func(c *ctx) bool {
			l := c.Link(0)
			return l.IsSpell && l.Player != c.You() && !l.Negated && c.TurnPlayer() != c.You()
		},
		CanPay: tributeSelf.CanPay, Pay: tributeSelf.Pay,
		Destroys: cards.AnsweredCard,
		Resolve: func(c *ctx) {
			n := c.PrevLink()
			if c.NegateActivation(n) {
				c.Destroy(c.Link(n).Card)
			}
		},
	}}})

	// Tornado Bird: FLIP: target 2 Spells or Traps on the field; return both to the hand, or
	// neither (with fewer than 2 on the field it targets nothing).
	birdCands := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return c.Targetable(id) })
	}
	cards.Register(71283180, &engine.Script{Effects: []*engine.Effect{{ // Tornado Bird
		Kind: engine.Flip, Category: engine.CatToHand,
		Desc: "return 2 Spells or Traps on the field to the hand",
		Target: func(c *ctx) {
			if cs := birdCands(c); len(cs) >= 2 {
				c.SelectTargets(cs, 2, 2)
			}
		},
		Resolve: func(c *ctx) {
			if ts := c.Targets(); len(ts) == 2 {
				c.ReturnToHand(ts...)
			}
		},
	}}})

	// Revival Jam: when destroyed by battle and sent to the GY, its controller may pay 1000 LP;
	// then in their next Standby Phase it comes back from the GY in face-up Defense Position
	// (no chain).
	cards.Register(31709826, &engine.Script{Effects: []*engine.Effect{ // Revival Jam
		{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Optional: true, Category: engine.CatSpecialSummon,
			Desc:      "pay 1000 LP: Special Summon this card in your next Standby Phase",
			TriggerIf: cards.SentToGYByBattle,
			CanPay:    cards.LPCost(1000).CanPay, Pay: cards.LPCost(1000).Pay,
			Resolve: func(c *ctx) {
				if self := c.Self(); c.Place(self).Loc == engine.GY && c.Counter(self, revivalJamReady) == 0 {
					c.AddCounter(self, revivalJamReady, 1)
				}
			},
		},
		{
			Kind: engine.Automatic, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.GY),
			Desc: "Special Summon this card from the GY in face-up Defense Position",
			TriggerIf: func(c *ctx) bool {
				return yourStandby(c) && c.Counter(c.Self(), revivalJamReady) > 0
			},
			Resolve: func(c *ctx) {
				self := c.Self()
				c.AddCounter(self, revivalJamReady, -1)
				c.SpecialSummon(self, c.You(), engine.FaceUpDef)
			},
		},
	}})
}
