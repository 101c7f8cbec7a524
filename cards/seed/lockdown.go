package seed

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// sheepToken is the token Scapegoat creates. Tokens are not in the card pool (they are never in
// a deck), so its data is built here (passcode and stats as in the card databases).
var sheepToken = &card.Data{
	Passcode:  73915052,
	Name:      "Sheep Token",
	NameZH:    "羊衍生物",
	Kind:      card.Monster | card.Normal | card.Token,
	Level:     1,
	Attribute: card.Earth,
	Race:      card.Beast,
}

// swordsTurns is the counter on Swords of Revealing Light that counts the opponent's turns (the
// scenario key `turns: N` sets it).
const swordsTurns = "turns"

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
				// the opponent's turns have passed already.
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDestroy,
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

	cards.Register(73915051, &engine.Script{ // Scapegoat
		Tokens: []*card.Data{sheepToken},
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon | engine.CatToken,
			Condition: func(c *engine.Ctx) bool {
				return c.FreeZones(c.You(), engine.MZone) >= 4 && !c.SummonedThisTurn(c.You()) &&
					!c.PlayerHas(c.You(), engine.PFCannotSummon)
			},
			// The Summon restriction comes with the activation (it holds even if the activation is
			// negated), so it is applied as part of the cost. PFCannotSummon leaves Sets allowed.
			Pay: func(c *engine.Ctx) {
				c.AddPlayerFlag(c.You(), engine.PFCannotSummon, engine.EndOfTurn)
			},
			Resolve: func(c *engine.Ctx) {
				// All four or none: a zone taken in answer to the activation leaves no room.
				if c.FreeZones(c.You(), engine.MZone) < 4 {
					return
				}
				for range 4 {
					c.SummonToken(sheepToken, c.You(), engine.FaceUpDef, engine.FlagNoTributeSummon)
				}
			},
		}},
	})
}
