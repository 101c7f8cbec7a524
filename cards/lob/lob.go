// Package lob registers the behaviour of the cards whose first printing is Legend of Blue Eyes White Dragon (LOB).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in lob.cards beside this file; docs/cards.md says how to add a card.
package lob

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// The passcodes this package refers to by name.
const (
	gaiaTheFierceKnight card.Passcode = 6368038
	curseOfDragon       card.Passcode = 28279543
)

// isFaceUpDragon: a face-up Dragon monster on the field (what Dragon Capture Jar affects).
func isFaceUpDragon(c *ctx, id cardID) bool {
	return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && cards.HasRace(c, id, card.Dragon)
}

// exodia is the passcode of Exodia the Forbidden One, which wins with its four limbs.
const exodia card.Passcode = 33396948

// forbiddenLimbs are the four pieces Exodia the Forbidden One needs beside it in the hand.
var forbiddenLimbs = [4]card.Passcode{7902349, 70903634, 44519536, 8124921}

// swordsTurns is the counter on Swords of Revealing Light that counts the opponent's turns (the
// scenario key `turns: N` sets it).
const swordsTurns = "turns"
