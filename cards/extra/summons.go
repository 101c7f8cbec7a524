package extra

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(24094653, &engine.Script{ // Polymerization
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			// Only when a Fusion Summon is possible: the materials are in hand or on the field
			// (face-down ones too) and a zone will be free once they are gone.
			Condition: func(c *ctx) bool { return c.CanFusionSummon(c.You()) },
			// A Fusion Monster or material that left between activation and resolution is
			// simply not offered: if no Fusion is possible any more, nothing happens.
			Resolve: func(c *ctx) { c.FusionSummon(c.You()) },
		}},
	})

	// The Fusion Monsters: materials only. Fusion Monsters are never Normal Summoned and are bound
	// by the revive limit (the engine knows both from their card kind).
	cards.Register(66889139, &engine.Script{ // Gaia the Dragon Champion
		Materials: []card.Passcode{gaiaTheFierceKnight, curseOfDragon},
	})
	cards.Register(23995346, &engine.Script{ // Blue-Eyes Ultimate Dragon
		Materials: []card.Passcode{blueEyes, blueEyes, blueEyes},
	})
	cards.Register(41462083, &engine.Script{ // Thousand Dragon
		Materials: []card.Passcode{timeWizard, babyDragon},
	})

	isBLS := func(c *ctx) func(cardID) bool {
		return func(id cardID) bool { return c.Data(id).Passcode == blackLusterSoldier }
	}
	cards.Register(55761792, &engine.Script{ // Black Luster Ritual
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			Condition: func(c *ctx) bool { return c.CanRitualSummon(c.You(), isBLS(c)) },
			Resolve:   func(c *ctx) { c.RitualSummon(c.You(), isBLS(c)) },
		}},
	})
	cards.Register(blackLusterSoldier, &engine.Script{ // Black Luster Soldier
		// A Ritual Monster is never Normal Summoned or Set; the flag also states that it cannot be
		// Special Summoned from the hand or Deck by other effects, and is bound by the revive limit.
		CannotNormalSummon: true,
	})

	cards.Register(84013237, &engine.Script{ // Number 39: Utopia
		Xyz: &engine.XyzReq{Count: 2},
		Effects: []*engine.Effect{
			{
				// A Quick Effect (Spell Speed 2) on any monster's attack declaration, its
				// controller's own monsters' included; detaching is the cost.
				Kind: engine.Quick, On: engine.On(engine.EvAttack), Category: engine.CatDisableAttack,
				Desc: "detach 1 material: negate the attack",
				Answers: func(c *ctx) bool {
					ev := c.Event()
					return ev != nil && c.Attacker() == ev.Card
				},
				CanPay: func(c *ctx) bool { return len(c.Materials(c.Self())) > 0 },
				Pay:    func(c *ctx) { c.Detach(c.Self(), 1) },
				Resolve: func(c *ctx) {
					// An attacker that left the field in the meantime has no attack left to
					// negate (and a Token that left no longer exists).
					if a := c.Attacker(); a != noCard && c.Place(a).Loc == engine.MZone {
						c.NegateAttack()
					}
				},
			},
			{
				// Mandatory, and checked when it is targeted: detaching its last material in
				// answer to that attack does not destroy it. A new target chosen after a replay is
				// also "targeted for an attack".
				Kind: engine.Trigger, On: engine.On(engine.EvAttack, engine.EvRetarget),
				Category: engine.CatDestroy,
				Desc:     "destroy this card: targeted for an attack with no materials",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Target == c.Self() && len(c.Materials(c.Self())) == 0
				},
				Resolve: func(c *ctx) {
					if cards.OnField(c, c.Self()) {
						c.Destroy(c.Self())
					}
				},
			},
		},
	})
}
