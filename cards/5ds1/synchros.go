package fds

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(60800381, &engine.Script{ // Junk Warrior
		Synchro: &engine.SynchroReq{
			Tuner: func(c *ctx, id cardID) bool { return c.Data(id).Passcode == junkSynchron },
		},
		Effects: []*engine.Effect{{
			// Mandatory; the total is taken on resolution ("currently control") and the gain
			// lasts while the card stays face-up on the field.
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatStatChange,
			TriggerIf: synchroSummonedSelf,
			Resolve: func(c *ctx) {
				if !cards.FaceUpInMZone(c, c.Self()) {
					return
				}
				total := 0
				for _, id := range cards.FaceUp(c, c.Monsters(c.You())) {
					if cards.LevelAtMost(c, id, 2) {
						total += c.ATK(id)
					}
				}
				if total > 0 {
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModATK, Value: total})
				}
			},
		}},
	})

	// A Synchro Monster with no effect: 1 Tuner + 1 or more non-Tuners (the default materials).
	cards.Register(97204936, &engine.Script{ // Gaia Knight, the Force of Earth
	})

	warriorsInGYs := func(c *ctx) []cardID {
		return cards.Both(c, func(s engine.Seat) []cardID {
			return cards.GYCards(c, s, func(id cardID) bool { return cards.MonsterOfRace(c, id, card.Warrior) })
		})
	}
	revivableWarriors := func(c *ctx) []cardID {
		return c.Filter(warriorsInGYs(c), func(id cardID) bool { return c.CanSpecialSummon(id, c.You()) })
	}
	cards.Register(23693634, &engine.Script{ // Colossal Fighter
		Effects: []*engine.Effect{
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
					ATKFunc: func(c *ctx, _ cardID) int { return 100 * len(warriorsInGYs(c)) },
				},
			},
			{
				// It may revive itself: it was properly Synchro Summoned, so the revive limit
				// allows it.
				Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
				Optional: true, When: true, Category: engine.CatSpecialSummon,
				Desc:       "Special Summon 1 Warrior monster from either GY",
				TriggerIf:  cards.SentToGYByBattle,
				HasTargets: cards.HasAny(1, revivableWarriors),
				Target:     cards.TargetFrom(1, revivableWarriors),
				Resolve: func(c *ctx) {
					if t := c.Target(); t != noCard {
						c.SpecialSummon(t, c.You(), 0)
					}
				},
			},
		},
	})
}
