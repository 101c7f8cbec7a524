package cards

import (
	"duelist/card"
	"duelist/engine"
)

// Short names for the engine's types used in every card file.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
	effect = engine.Effect
)

const noCard = engine.NoCard

// faceUp keeps the face-up cards.
func faceUp(c *ctx, ids []cardID) []cardID {
	return engine.Filter(ids, c.FaceUp)
}

// faceUpMonsters returns every face-up monster on the field.
func faceUpMonsters(c *ctx) []cardID { return faceUp(c, c.AllMonsters()) }

// isMonster, isSpell and isTrap test a card's kind.
func isMonster(c *ctx, id cardID) bool { return c.Data(id).IsMonster() }
func isSpell(c *ctx, id cardID) bool   { return c.Data(id).IsSpell() }
func isTrap(c *ctx, id cardID) bool    { return c.Data(id).IsTrap() }

// onField reports whether a card is on the field.
func onField(c *ctx, id cardID) bool { return c.Place(id).Loc.OnField() }

// race and attribute tests.
func hasRace(c *ctx, id cardID, r card.Race) bool { return c.Data(id).Race == r }
func hasAttr(c *ctx, id cardID, a card.Attribute) bool {
	return c.Data(id).Attribute == a
}

// deckMonsters returns the monsters of a seat's Deck that satisfy f.
func deckCards(c *ctx, s engine.Seat, f func(cardID) bool) []cardID {
	return engine.Filter(c.Pile(s, engine.Deck), f)
}

// gyCards returns the cards of a seat's Graveyard that satisfy f.
func gyCards(c *ctx, s engine.Seat, f func(cardID) bool) []cardID {
	return engine.Filter(c.Pile(s, engine.GY), f)
}

// both returns the cards of both seats from a function of a seat, the controller's first.
func both(c *ctx, f func(engine.Seat) []cardID) []cardID {
	return append(f(c.You()), f(c.Opp())...)
}

// targetFrom is a Target function that selects n targets among cands(c).
func targetFrom(n int, cands func(c *ctx) []cardID) func(c *ctx) {
	return func(c *ctx) { c.SelectTargets(cands(c), n, n) }
}

// hasAny is a HasTargets function: at least n targetable candidates.
func hasAny(n int, cands func(c *ctx) []cardID) func(c *ctx) bool {
	return func(c *ctx) bool { return len(engine.Filter(cands(c), c.Targetable)) >= n }
}

// always is a condition that always holds.
func always(*ctx) bool { return true }

// oppAttacks: the event is an attack declared by a monster of the effect's opponent.
func oppAttacks(c *ctx) bool {
	ev := c.Event()
	return ev != nil && c.Controller(ev.Card) == c.Opp()
}
