package fds

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	faceUpAll := func(c *ctx) []cardID { return cards.FaceUpMonsters(c) }
	cards.Register(98143165, &engine.Script{ // Synchro Boost
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatEquip,
				Desc:       "equip to a face-up monster",
				HasTargets: cards.HasAny(1, faceUpAll),
				Target:     cards.TargetFrom(1, faceUpAll),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == noCard || !cards.FaceUpInMZone(c, t) {
						return
					}
					c.Equip(c.Self(), t)
					// Continuous effects cannot change a Level, so the Level is a modifier that
					// applies while this card stays face-up on the field. It is made on the
					// monster, and leaves with it.
					c.AddMod(t, engine.Modifier{Kind: engine.ModLevel, Value: 1, Expiry: engine.WhileSource})
				},
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					ATK:     500,
					Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
				},
			},
		},
	})

	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(35537860, &engine.Script{ // Synchro Blast Wave
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			// A condition of the activation only: the target is destroyed even if the Synchro
			// Monster has left the field by then.
			Condition: func(c *ctx) bool {
				for _, id := range cards.FaceUp(c, c.Monsters(c.You())) {
					if isSynchro(c, id) {
						return true
					}
				}
				return false
			},
			HasTargets: cards.HasAny(1, oppMonsters),
			Target:     cards.TargetFrom(1, oppMonsters),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	cards.Register(61032879, &engine.Script{ // Synchronized Realm
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				// Mandatory. Only once the card is in force (its activation resolved).
				Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDamage,
				Desc: "inflict 500 damage",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.SummonType == engine.SynchroSummoned && ev.Seat == c.You() && c.Active(c.Self())
				},
				Resolve: func(c *ctx) { c.DamageOpps(500) },
			},
		},
	})
}
