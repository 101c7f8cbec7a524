package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// UnaffectedBySpells makes the monster unaffected by the effects of Spell Cards while cond holds
// (nil: always) and it is face-up on the field (engine.Static.UnaffectedBy: Deepsea Warrior and
// The Legendary Fisherman with Umi).
func UnaffectedBySpells(cond func(c *ctx) bool) *effect {
	return &effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *ctx, id cardID) bool {
			return id == c.Self() && c.Place(id).Loc == engine.MZone && (cond == nil || cond(c))
		},
		UnaffectedBy: func(c *ctx, _, src cardID) bool { return c.Data(src).IsSpell() },
	}}
}

// FieldSpellFaceUp reports whether a face-up card of the name is in either player's Field Zone
// ("while Umi is on the field").
func FieldSpellFaceUp(c *ctx, code card.Passcode) bool {
	for _, id := range c.AllSpellTraps() {
		if c.Place(id).Loc == engine.FZone && c.FaceUp(id) && c.Data(id).Passcode == code {
			return true
		}
	}
	return false
}
