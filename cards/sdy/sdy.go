// Package sdy registers the behaviour of the cards whose first printing is Starter Deck: Yugi (SDY).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in sdy.cards beside this file; docs/cards.md says how to add a card.
package sdy

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// spellTrapOrSet lists the cards on the field that a "target 1 Spell" (is = cards.IsSpell) or
// "target 1 Trap" (cards.IsTrap) removal may target: face-up cards of that kind, and any Set card
// since its kind is hidden (De-Spell, Trap Master). A Set card in the Field Zone can only be a
// Field Spell, so it is a candidate for a Spell removal only. The effect's own card is left out.
func spellTrapOrSet(c *ctx, is func(*ctx, cardID) bool) []cardID {
	return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return spellTrapFits(c, id, is) })
}

// spellTrapFits is the test of spellTrapOrSet for one card of the Spell & Trap Zones or
// Field Zone: a face-up card of the kind, or any Set card (a Set Field Spell too: RULES.md
// "Settled against the reference engine", Trap Master may target a face-down card in the Field
// Zone).
func spellTrapFits(c *ctx, id cardID, is func(*ctx, cardID) bool) bool {
	switch {
	case id == c.Self():
		return false
	case c.FaceUp(id):
		return is(c, id)
	}
	return true
}

// hasSpellTrapOrSet is HasTargets of the candidates spellTrapOrSet(c, is).
func hasSpellTrapOrSet(is func(*ctx, cardID) bool) func(c *ctx) bool {
	return cards.HasSome(1, func(c *ctx) []cardID { return c.AllSpellTraps() },
		func(c *ctx, id cardID) bool { return spellTrapFits(c, id, is) })
}

// removeOfKind resolves De-Spell and Trap Master: a Set target is revealed (to both players) and
// destroyed only if it is of the kind; otherwise it stays Set where it was.
func removeOfKind(c *ctx, is func(*ctx, cardID) bool) {
	t := c.Target()
	if t == noCard {
		return
	}
	if !c.FaceUp(t) {
		c.Reveal(t)
	}
	if is(c, t) {
		c.Destroy(t)
	}
}
