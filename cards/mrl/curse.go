package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	// Curse of Fiend: a Set Normal Spell activated in its controller's Standby Phase, as the
	// first link of a chain (ygopro's EFFECT_FLAG2_COF: the Standby Phase's window, so a
	// Spell Speed of 2 for the window, with the condition of an empty chain). Every monster on
	// the field changes its battle position (a face-down one is flipped face-up in Attack
	// Position: its FLIP effect starts), and none of the monsters on the field can change its
	// battle position for the rest of the turn.
	cards.Register(12470447, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Speed: 2, Category: engine.CatPosition,
			Condition: func(c *ctx) bool {
				return c.Phase() == engine.Standby && c.TurnPlayer() == c.You() && c.ChainLen() == 0 &&
					c.Place(c.Self()).Loc == engine.SZone && len(c.AllMonsters()) > 0
			},
			Resolve: func(c *ctx) {
				mons := c.AllMonsters()
				for _, id := range mons {
					switch c.Pos(id) {
					case engine.FaceUpAtk:
						c.ChangePosition(id, engine.FaceUpDef)
					default: // face-up Defense, or face-down: face-up Attack
						c.ChangePosition(id, engine.FaceUpAtk)
					}
				}
				// Until the end of the turn no monster on the field changes position, whenever
				// it came there or was turned face-down: a rule on both players, not a mark on
				// each monster (lockstep MRL seed 23).
				for _, s := range c.Players() {
					c.AddPlayerFlag(s, engine.PFNoPositionChange, engine.EndOfTurn)
				}
			},
		}},
	})
}
