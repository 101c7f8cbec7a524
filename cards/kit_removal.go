package cards

import "github.com/duelistgame/duelist/engine"

// The kind-bound removal of the kit: "destroy 1 Spell (or Trap) Card on the field" where a Set
// card may be chosen because its kind is hidden (LOB's Reaper of the Cards and Armed Ninja, as
// SDY's Trap Master and De-Spell). The effect targets a card of the Spell & Trap or Field Zones
// that is face-up and of the kind, or any Set card; on resolution a Set target is revealed and
// is destroyed only if it is of the kind (a Set card of the other kind stays Set where it was).

// KindOrSetFits reports whether id may be the target of a kind-bound removal of the effect's
// card: a face-up card of the kind (is: IsSpell, IsTrap), or a Set card (a Set Field Spell too:
// RULES.md "Settled against the reference engine"). The effect's own card is never a candidate.
func KindOrSetFits(c *ctx, id cardID, is func(*ctx, cardID) bool) bool {
	switch {
	case id == c.Self():
		return false
	case c.FaceUp(id):
		return is(c, id)
	}
	return true
}

// KindOrSetCands lists the cards of the Spell & Trap and Field Zones that KindOrSetFits.
func KindOrSetCands(is func(*ctx, cardID) bool) func(c *ctx) []cardID {
	return func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return KindOrSetFits(c, id, is) })
	}
}

// KindOrSetHas is HasTargets of a kind-bound removal: some card KindOrSetFits.
func KindOrSetHas(is func(*ctx, cardID) bool) func(c *ctx) bool {
	return HasSome(1, func(c *ctx) []cardID { return c.AllSpellTraps() },
		func(c *ctx, id cardID) bool { return KindOrSetFits(c, id, is) })
}

// DestroyKindOrSet resolves a kind-bound removal: the target, if it is still where it was
// targeted, is revealed when Set, then destroyed if it is of the kind.
func DestroyKindOrSet(is func(*ctx, cardID) bool) func(c *ctx) {
	return func(c *ctx) {
		t := c.Target()
		if t == engine.NoCard {
			return
		}
		if !c.FaceUp(t) {
			c.Reveal(t)
		}
		if is(c, t) {
			c.Destroy(t)
		}
	}
}

// FlipDestroyKind is the mandatory FLIP effect "target 1 face-up card of the kind or Set card in
// the Spell & Trap Zones or Field Zones; reveal it if Set, and destroy it if it is of the kind".
// With no candidate on the field the effect is not activated.
func FlipDestroyKind(is func(*ctx, cardID) bool) *effect {
	cands := KindOrSetCands(is)
	return &effect{
		Kind: engine.Flip, Category: engine.CatDestroy,
		HasTargets: KindOrSetHas(is),
		Target:     TargetFrom(1, cands),
		Resolve:    DestroyKindOrSet(is),
	}
}

// AnsweredCard is the Destroys of an effect that negates the link before its own and destroys
// that link's card ("negate the activation, and if you do, destroy it": the Counter Traps): the
// card of the previous link, or none when the effect is the chain's first link.
func AnsweredCard(c *ctx) []cardID {
	if n := c.PrevLink(); n > 0 {
		return []cardID{c.Link(n).Card}
	}
	return nil
}
