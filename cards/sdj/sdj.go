// Package sdj registers the behaviour of the cards whose first printing is Starter Deck: Joey (SDJ).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in sdj.cards beside this file; docs/cards.md says how to add a card.
package sdj

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

func init() {
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
