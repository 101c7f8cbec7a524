// Package sdy registers the behaviour of the cards whose first printing is Starter Deck: Yugi (SDY).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in sdy.cards beside this file; docs/cards.md says how to add a card.
package sdy

import "github.com/duelistgame/duelist/engine"

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard
