// Package ioc registers the behaviour of the cards whose first printing is Invasion of Chaos (IOC).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in ioc.cards beside this file; docs/cards.md says how to add a card.
package ioc

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

func init() {
	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(97169186, &engine.Script{ // Smashing Ground
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			Resolve:   func(c *ctx) { cards.DestroyExtreme(c, oppFaceUp(c), c.DEF, true) },
		}},
	})
}
