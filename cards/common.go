package cards

import (
	"duelist/card"
	"duelist/engine"
)

// equipSpell builds an Equip Spell: activate targeting a face-up monster that fits, equip it on
// resolution; while equipped, the monster gains atk and def.
func equipSpell(desc string, fits func(c *ctx, id cardID) bool, atk, def int) *engine.Script {
	cands := func(c *ctx) []cardID {
		return engine.Filter(faceUpMonsters(c), func(id cardID) bool { return fits(c, id) })
	}
	return &engine.Script{Desc: desc, Effects: []*effect{
		{
			Kind: engine.Activate, Category: engine.CatEquip,
			Desc:       "equip to a face-up monster",
			HasTargets: hasAny(1, cands),
			Target:     targetFrom(1, cands),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) && fits(c, t) {
					c.Equip(c.Self(), t)
				}
			},
		},
		{
			Kind: engine.Continuous, ATK: atk, DEF: def,
			Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
		},
	}}
}

// fieldBoost is a Continuous effect of a Field Spell: face-up monsters of a Type gain atk/def.
func fieldBoost(races []card.Race, atk, def int) *effect {
	return &effect{
		Kind: engine.Continuous, ATK: atk, DEF: def,
		Affects: func(c *ctx, id cardID) bool {
			if c.Place(id).Loc != engine.MZone || !c.FaceUp(id) {
				return false
			}
			for _, r := range races {
				if c.Data(id).Race == r {
					return true
				}
			}
			return false
		},
	}
}

// activateOnly is the bare activation of a card whose work is done by its other effects (a Field
// Spell, a Continuous Spell or Trap).
func activateOnly() *effect {
	return &effect{Kind: engine.Activate, Desc: "activate this card"}
}

// statUntilEnd gives a target face-up monster ATK/DEF until the end of the turn.
func statUntilEnd(c *ctx, id cardID, atk, def int) {
	if atk != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModATK, Value: atk, Expiry: engine.EndOfTurn})
	}
	if def != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModDEF, Value: def, Expiry: engine.EndOfTurn})
	}
}

// destroyAllEffect destroys every card that cands returns.
func destroyAll(cands func(c *ctx) []cardID) func(c *ctx) {
	return func(c *ctx) { c.Destroy(cands(c)...) }
}

// nonEmpty is a condition: cands returns at least one card.
func nonEmpty(cands func(c *ctx) []cardID) func(c *ctx) bool {
	return func(c *ctx) bool { return len(cands(c)) > 0 }
}
