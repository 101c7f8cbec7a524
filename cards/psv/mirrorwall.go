package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	// markAttacker marks the attacking monster, when it is an opponent's face-up monster, as
	// one that attacked while this card was face-up: the mark lasts while the monster stays on
	// the field and this card face-up there.
	markAttacker := func(c *ctx) {
		a := c.Attacker()
		if a == engine.NoCard || !c.IsOpp(c.Controller(a)) || !cards.OnField(c, a) || !c.FaceUp(a) ||
			c.MarkedBy(a, c.Self()) {
			return
		}
		c.AddMod(a, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Expiry: engine.WhileSource})
	}
	cards.Register(22359980, &engine.Script{ // Mirror Wall
		Effects: []*engine.Effect{
			{
				// Activated during an attack (in the Damage Step too, until damage calculation),
				// it takes in the monster attacking now.
				Kind: engine.Activate, Category: engine.CatStatChange,
				Resolve: markAttacker,
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvAttack), Desc: "an attacker of the opponent's is halved",
				Resolve: markAttacker,
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return c.IsOpp(c.Controller(id)) && c.MarkedBy(id, c.Self())
					},
					FinalATK: func(c *engine.Ctx, id engine.CardID, atk int) int { return (atk + 1) / 2 },
				},
			},
			func() *engine.Effect {
				// Paid while the card is negated too (ygopro-core: cannot be disabled).
				e := cards.Maintenance(2000)
				e.Unnegated = true
				return e
			}(),
		},
	})
}
