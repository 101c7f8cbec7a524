package lob

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	mine := func(c *ctx) []cardID { return c.Monsters(c.You()) }
	theirs := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(83887306, &engine.Script{ // Two-Pronged Attack
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: func(c *ctx) bool { return cards.HasAny(2, mine)(c) && cards.HasAny(1, theirs)(c) },
			Target: func(c *ctx) {
				c.SelectTargets(mine(c), 2, 2)
				c.SelectTargets(theirs(c), 1, 1)
			},
			// All three or none (RULES.md "Settled against the reference engine"): if any target
			// is gone, nothing is destroyed.
			Resolve: func(c *ctx) {
				if ts := c.Targets(); len(ts) == 3 {
					c.Destroy(ts...)
				}
			},
		}},
	})

	cards.Register(50045299, &engine.Script{ // Dragon Capture Jar
		Effects: []*engine.Effect{
			{Kind: engine.Activate, Category: engine.CatPosition, Desc: "activate this card"},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Flags:   engine.FlagCannotChangePosition | engine.FlagForceDefense,
					Affects: isFaceUpDragon,
				},
			},
		},
		// The change to Defense Position is a state the card keeps, not an activated effect: every
		// face-up Attack Position Dragon is turned as soon as the card is in force (its activation
		// resolved, not negated), and so is any Dragon that arrives or is flipped later.
		CheckWhileFaceUp: true, // Active below needs it
		Check: func(c *ctx) {
			if !c.Active(c.Self()) {
				return
			}
			var buf [32]engine.CardID // runs after every action: the monsters listed on the stack
			for _, id := range c.AppendAllMonsters(buf[:0]) {
				if isFaceUpDragon(c, id) && c.Pos(id) == engine.FaceUpAtk {
					c.ChangePosition(id, engine.FaceUpDef)
				}
			}
		},
	})

	summonedByOpp := func(c *engine.Ctx) bool {
		ev := c.Event()
		return ev != nil && c.IsOpp(c.Controller(ev.Card)) && c.Place(ev.Card).Loc == engine.MZone &&
			c.FaceUp(ev.Card) && c.ATK(ev.Card) >= 1000
	}
	cards.Register(4206964, &engine.Script{ // Trap Hole
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
			Category:   engine.CatDestroy,
			Answers:    summonedByOpp,
			HasTargets: cards.EventCardTargetable,
			Target:     func(c *engine.Ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *engine.Ctx) {
				if t := c.Target(); t != engine.NoCard {
					c.Destroy(t)
				}
			},
		}},
	})
}
