package lob

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(72302403, &engine.Script{ // Swords of Revealing Light
		// Pin: "stays on the field" although it is a Normal Spell.
		Stays: true,
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatPosition,
				Desc: "turn the opponent's face-down monsters face-up",
				Resolve: func(c *engine.Ctx) {
					// Flipped by an effect: their FLIP effects trigger (pin).
					for _, id := range c.OppMonsters() {
						if c.Pos(id) == engine.FaceDownDef {
							c.ChangePosition(id, engine.FaceUpDef)
						}
					}
				},
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					PlayerFlags:   engine.PFCannotAttack,
					AffectsPlayer: func(c *engine.Ctx, s engine.Seat) bool { return c.IsOpp(s) },
				},
			},
			{
				// The count of turns is kept on the card, so that a position can say how many of
				// the opponent's turns have passed already. It applies by itself, with no chain
				// link (no window after it: ygopro-core's Continuous End Phase effect).
				// Not negated by Imperial Order (the reference engine's "cannot be disabled").
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Unnegated: true,
				Desc: "count the opponent's turn; destroy this card at the end of the 3rd",
				TriggerIf: func(c *engine.Ctx) bool {
					return c.Event().Phase == engine.End && c.IsOpp(c.TurnPlayer())
				},
				Resolve: func(c *engine.Ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					c.AddCounter(c.Self(), swordsTurns, 1)
					if c.Counter(c.Self(), swordsTurns) >= 3 {
						c.Destroy(c.Self())
					}
				},
			},
		},
	})
}
