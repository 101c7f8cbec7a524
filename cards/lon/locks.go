package lon

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LON's Effect Monsters that lock the duel: Jowgen the Spiritualist (no Special Summons), The
// Last Warrior from Another Planet (no Summons at all) and Kycoo the Ghost Destroyer (the
// opponent cannot banish from the Graveyards).

// bothPlayers is an AffectsPlayer for both players.
func bothPlayers(*ctx, engine.Seat) bool { return true }

func init() {
	specials := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool {
			switch c.SummonType(id) {
			case engine.SpecialSummoned, engine.FusionSummoned, engine.RitualSummoned,
				engine.SynchroSummoned, engine.XyzSummoned:
				return true
			}
			return false
		})
	}
	cards.Register(41855169, &engine.Script{Effects: []*engine.Effect{ // Jowgen the Spiritualist
		{
			Kind:   engine.Continuous,
			Static: engine.Static{PlayerFlags: engine.PFCannotSpecialSummon, AffectsPlayer: bothPlayers},
		},
		{
			Kind: engine.Ignition, Category: engine.CatDestroy,
			Desc:       "discard 1 random card: destroy every Special Summoned monster on the field",
			CanPay:     func(c *ctx) bool { return len(c.Pile(c.You(), engine.Hand)) > 0 },
			Pay:        func(c *ctx) { c.Discard(c.RandomCards(c.You(), c.Pile(c.You(), engine.Hand), 1)...) },
			HasTargets: cards.NonEmpty(specials),
			Destroys:   specials,
			Resolve:    func(c *ctx) { c.Destroy(specials(c)...) },
		},
	}})

	// The Last Warrior from Another Planet (Maryokutai + Zombyra the Dark): when Special
	// Summoned, destroy every other monster its controller controls; neither player can Summon.
	others := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return id != c.Self() })
	}
	cards.Register(86099788, &engine.Script{ // The Last Warrior from Another Planet
		Materials: []card.Passcode{71466592, 88472456},
		Effects: []*engine.Effect{
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDestroy,
				Desc:      "destroy the other monsters you control",
				TriggerIf: cards.SummonedSelf,
				Destroys:  others,
				Resolve:   func(c *ctx) { c.Destroy(others(c)...) },
			},
			{
				Kind:   engine.Continuous,
				Static: engine.Static{PlayerFlags: engine.PFCannotSummon, AffectsPlayer: bothPlayers},
			},
		},
	})

	// Kycoo the Ghost Destroyer: when it inflicts battle damage, banish up to 2 monsters from the
	// opponent's GY; the opponent cannot banish cards from the Graveyards.
	kycooCands := func(c *ctx) []cardID {
		if !c.CanBanishFromGY(c.You()) {
			return nil
		}
		return cards.GYCards(c, c.Opp(), func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(88240808, &engine.Script{Effects: []*engine.Effect{ // Kycoo the Ghost Destroyer
		{
			Kind: engine.Trigger, On: engine.On(engine.EvDamage), Optional: true, DamageStep: true,
			Category:   engine.CatRemove,
			Desc:       "banish up to 2 monsters from the opponent's GY",
			TriggerIf:  cards.DealtBattleDamage,
			HasTargets: cards.HasAny(1, kycooCands),
			Target:     func(c *ctx) { c.SelectTargets(kycooCands(c), 1, 2) },
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) > 0 {
					c.Banish(ts...)
				}
			},
		},
		{
			Kind: engine.Continuous,
			Static: engine.Static{PlayerFlags: engine.PFCannotBanishGY,
				AffectsPlayer: func(c *ctx, s engine.Seat) bool { return s != c.You() }},
		},
	}})
}
