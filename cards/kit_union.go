package cards

import "github.com/duelistgame/duelist/engine"

// Union monsters (Magician's Force): once per turn, in its controller's Main Phase, a face-up
// Union monster equips itself to a monster it names (as an Equip Spell), or, equipped, unequips
// and Special Summons itself; while equipped, the monster gains its ATK/DEF and it is destroyed
// instead of that monster (engine.Ctx.EquipMonster, Script.DestroySubstitute).

// Union adds a Union monster's effects to its script sc and returns it: fits says which face-up
// monsters of its controller it may equip to; the equipped monster gains atk and def. Its
// equip and unequip effects share one use a turn.
func Union(sc *engine.Script, fits func(c *ctx, id cardID) bool, atk, def int) *engine.Script {
	equipN, unequipN := len(sc.Effects)+1, len(sc.Effects)+2
	target := func(c *ctx, id cardID) bool {
		return id != c.Self() && c.FaceUp(id) && c.Controller(id) == c.You() && fits(c, id) && !hasUnion(c, id)
	}
	cands := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return target(c, id) })
	}
	sc.DestroySubstitute = true
	sc.Effects = append(sc.Effects,
		&effect{
			Kind: engine.Ignition, Category: engine.CatEquip, OncePerTurn: true,
			Desc:       "equip this card to a monster it names",
			Condition:  func(c *ctx) bool { return !c.EffectUsedThisTurn(unequipN) && c.FreeZones(c.You(), engine.SZone) > 0 },
			HasTargets: HasSome(1, func(c *ctx) []cardID { return c.Monsters(c.You()) }, target),
			Target:     TargetFrom(1, cands),
			Resolve: func(c *ctx) {
				self := c.Self()
				if c.Place(self).Loc != engine.MZone || !c.FaceUp(self) {
					return
				}
				if t := c.Target(); t != noCard && target(c, t) {
					c.EquipMonster(self, t)
					return
				}
				c.SendToGY(self) // the target is gone: the Union goes to the Graveyard
			},
		},
		&effect{
			Kind: engine.Ignition, Range: engine.Locs(engine.SZone), Category: engine.CatSpecialSummon, OncePerTurn: true,
			Desc: "unequip this card and Special Summon it",
			Condition: func(c *ctx) bool {
				self := c.Self()
				return !c.EffectUsedThisTurn(equipN) && c.EquipTarget(self) != noCard && c.CanSpecialSummon(self, c.You())
			},
			Resolve: func(c *ctx) {
				if self := c.Self(); c.Place(self).Loc == engine.SZone {
					c.SpecialSummon(self, c.You(), 0)
				}
			},
		},
		&effect{Kind: engine.Continuous, Range: engine.Locs(engine.SZone), Static: engine.Static{
			ATK: atk, DEF: def,
			Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
		}},
	)
	return sc
}

// hasUnion reports whether a monster is equipped with a monster card (a Union).
func hasUnion(c *ctx, id cardID) bool {
	for _, e := range c.AllSpellTraps() {
		if IsMonster(c, e) && c.EquipTarget(e) == id {
			return true
		}
	}
	return false
}
