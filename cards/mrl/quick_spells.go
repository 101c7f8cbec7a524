package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(16430187, cards.BoostUntilEnd( // The Reliable Guardian
		0, 700))
}

func init() {
	// Tailor of the Fickle: target 1 face-up Equip card equipped to a monster and 1 other face-up
	// monster it could be equipped to; equip the card to that monster.
	equipped := func(c *ctx, e cardID) bool {
		return c.FaceUp(e) && c.Place(e).Loc == engine.SZone && c.EquipTarget(e) != noCard
	}
	newHost := func(c *ctx, e, m cardID) bool {
		return m != c.EquipTarget(e) && c.Targetable(m) && c.CanEquipTo(e, m)
	}
	movable := func(c *ctx, e cardID) bool {
		if !equipped(c, e) || !c.Targetable(e) {
			return false
		}
		for _, m := range c.AllMonsters() {
			if newHost(c, e, m) {
				return true
			}
		}
		return false
	}
	cards.Register(43641473, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatEquip,
			HasTargets: func(c *ctx) bool {
				for _, e := range c.AllSpellTraps() {
					if movable(c, e) {
						return true
					}
				}
				return false
			},
			Target: func(c *ctx) {
				eqs := c.SelectTargets(c.Filter(c.AllSpellTraps(), func(e cardID) bool { return movable(c, e) }), 1, 1)
				if len(eqs) == 0 {
					return
				}
				c.SelectTargets(c.Filter(c.AllMonsters(), func(m cardID) bool { return newHost(c, eqs[0], m) }), 1, 1)
			},
			Resolve: func(c *ctx) {
				e, m := noCard, noCard
				for _, t := range c.Targets() {
					if c.Place(t).Loc == engine.SZone {
						e = t
					} else {
						m = t
					}
				}
				if e == noCard || !c.FaceUp(e) {
					return
				}
				// The monster gone or no longer fit, the card cannot be equipped there and is
				// sent to the Graveyard (ygopro-core's equip to a target it cannot take).
				if m == noCard || !c.CanEquipTo(e, m) {
					c.SendToGY(e)
					return
				}
				c.Equip(e, m)
			},
		}},
	})
}
