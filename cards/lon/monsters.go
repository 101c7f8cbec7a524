package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LON's Effect Monsters that gain or burn LP: Standby Phase recoveries (Cure Mermaid, Spirit of
// the Breeze, Dancing Fairy; Marie the Fallen One from the GY), Fire Princess's burn on each gain,
// and the monsters that tribute two to burn or heal (Amazoness Archer, Hysteric Fairy).

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

// yourStandby is the condition of "during each of your Standby Phases".
func yourStandby(c *ctx) bool {
	return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
}

// standbyRecover is a mandatory trigger in its controller's Standby Phase, once a turn: gain lp
// LP while the monster is still on the field in a position pos accepts.
func standbyRecover(lp int, pos func(engine.Pos) bool) *engine.Effect {
	return &engine.Effect{
		Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatRecover, OncePerTurn: true,
		Desc:      "gain LP",
		TriggerIf: func(c *ctx) bool { return yourStandby(c) && pos(c.Pos(c.Self())) },
		Resolve: func(c *ctx) {
			if self := c.Self(); c.Place(self).Loc == engine.MZone && pos(c.Pos(self)) {
				c.Recover(c.You(), lp)
			}
		},
	}
}

func init() {
	cards.Register(85802526, &engine.Script{Effects: []*engine.Effect{ // Cure Mermaid
		standbyRecover(800, engine.Pos.IsFaceUp),
	}})
	cards.Register(53530069, &engine.Script{Effects: []*engine.Effect{ // Spirit of the Breeze
		standbyRecover(1000, func(p engine.Pos) bool { return p == engine.FaceUpAtk }),
	}})
	cards.Register(90925163, &engine.Script{Effects: []*engine.Effect{ // Dancing Fairy
		standbyRecover(1000, func(p engine.Pos) bool { return p == engine.FaceUpDef }),
	}})
	cards.Register(57579381, &engine.Script{Effects: []*engine.Effect{{ // Marie the Fallen One
		Kind: engine.Trigger, On: engine.On(engine.EvPhase), Range: engine.Locs(engine.GY),
		Category: engine.CatRecover, OncePerTurn: true,
		Desc:      "gain 200 LP",
		TriggerIf: yourStandby,
		Resolve: func(c *ctx) {
			if c.Place(c.Self()).Loc == engine.GY {
				c.Recover(c.You(), 200)
			}
		},
	}}})

	// Fire Princess: each time its controller gains LP, the opponent takes 500 damage, at once
	// (ygopro-core's continuous effect on EVENT_RECOVER: no chain link).
	cards.Register(64752646, &engine.Script{Effects: []*engine.Effect{{ // Fire Princess
		Kind: engine.Automatic, On: engine.On(engine.EvRecover),
		Desc:      "inflict 500 damage to the opponent",
		TriggerIf: func(c *ctx) bool { return c.Event().Seat == c.You() },
		Resolve:   func(c *ctx) { c.Damage(c.Opp(), 500) },
	}}})

	// Amazoness Archer and Hysteric Fairy: tribute 2 monsters (this one may be one of them).
	two := cards.TributeCost(2, true, nil)
	cards.Register(91869203, &engine.Script{Effects: []*engine.Effect{{ // Amazoness Archer
		Kind: engine.Ignition, Category: engine.CatDamage,
		Desc:   "tribute 2 monsters: inflict 1200 damage",
		CanPay: two.CanPay, Pay: two.Pay,
		Resolve: func(c *ctx) { c.Damage(c.Opp(), 1200) },
	}}})
	cards.Register(21297224, &engine.Script{Effects: []*engine.Effect{{ // Hysteric Fairy
		Kind: engine.Ignition, Category: engine.CatRecover,
		Desc:   "tribute 2 monsters: gain 1000 LP",
		CanPay: two.CanPay, Pay: two.Pay,
		Resolve: func(c *ctx) { c.Recover(c.You(), 1000) },
	}}})
}
