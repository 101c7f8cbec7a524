package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(43711255, &engine.Script{ // Prohibition
		Effects: []*engine.Effect{
			{
				// The name is declared as the card is activated and kept, once resolved, as the
				// value of a mark on itself; every other card on the field then gets a mark of
				// it with no value: those are spared (a card that leaves the field, or is turned
				// face-down, loses it).
				Kind: engine.Activate, Desc: "declare a card name: cards of that name cannot be used",
				Target: func(c *ctx) {
					c.SetParam(int(c.DeclareCardName(c.You(), func(d *card.Data) bool { return d.Kind&card.Token == 0 })))
				},
				Resolve: func(c *ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) || c.Param() == 0 {
						return
					}
					for _, id := range append(c.AllMonsters(), c.AllSpellTraps()...) {
						if id != c.Self() {
							c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
						}
					}
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: c.Param()})
				},
			},
			{
				Kind: engine.Continuous,
				Static: engine.Static{
					Forbids: func(c *engine.Ctx, id engine.CardID) bool {
						v, ok := c.MarkValue(c.Self(), c.Self())
						if !ok || id == c.Self() || c.Data(id).Passcode != card.Passcode(v) {
							return false
						}
						_, spared := c.MarkValue(id, c.Self())
						return !spared
					},
				},
			},
		},
	})
}
