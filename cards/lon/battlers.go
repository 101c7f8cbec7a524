package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LON's Effect Monsters with a drawback: Zombyra the Dark (never attacks directly, weakens with
// each win) and Nuvia the Wicked (destroyed when Normal Summoned, weaker for each opposing
// monster).

func init() {
	cards.Register(88472456, &engine.Script{Effects: []*engine.Effect{ // Zombyra the Dark
		cards.NoDirectAttack(),
		{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Category: engine.CatStatChange,
			Desc:      "this card loses 200 ATK",
			TriggerIf: cards.DestroyedByBattleByIt,
			Resolve: func(c *ctx) {
				if self := c.Self(); cards.FaceUpInMZone(c, self) {
					c.AddMod(self, engine.Modifier{Kind: engine.ModATK, Value: -200})
				}
			},
		},
	}})

	cards.Register(12953226, &engine.Script{Effects: []*engine.Effect{ // Nuvia the Wicked
		{
			Kind: engine.Trigger, On: engine.On(engine.EvSummon), Category: engine.CatDestroy,
			Desc:      "destroy this card",
			TriggerIf: cards.SummonedSelf,
			Resolve: func(c *ctx) {
				if self := c.Self(); c.Place(self).Loc == engine.MZone {
					c.Destroy(self)
				}
			},
		},
		cards.SelfStats(-200, false, func(c *ctx) int { return len(c.Monsters(c.Opp())) }),
	}})
}
