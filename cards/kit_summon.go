package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Summoning rules of the kit: Spirit monsters, monsters with their own Special Summon procedure
// (engine.SummonProc: `special CARD` from the hand), "cannot be Special Summoned except by".

// Spirit gives a script a Spirit monster's rules: it cannot be Special Summoned, and in the End
// Phase of a turn it was Normal Summoned or flipped face-up, it returns to its owner's hand (a
// mandatory trigger). It returns the script.
func Spirit(sc *engine.Script) *engine.Script {
	sc.CannotSpecialSummon = true
	sc.Effects = append(sc.Effects, &effect{
		Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatToHand,
		Desc: "Spirit: return to the hand at the End Phase of the turn it was Normal Summoned or flipped face-up",
		TriggerIf: func(c *ctx) bool {
			return c.Event().Phase == engine.End && c.UpThisTurn(c.Self())
		},
		Resolve: func(c *ctx) {
			if self := c.Self(); c.Place(self).Loc == engine.MZone && c.FaceUp(self) {
				c.ReturnToHand(self)
			}
		},
	})
	return sc
}

// TributeProc is a Special Summon procedure from the hand that tributes n monsters its
// controller controls that fit (nil: any), while cond holds (nil: always): a Toon's summon with
// Toon World. The tributes free the zone the monster takes.
func TributeProc(n int, fits func(c *ctx, id cardID) bool, cond func(c *ctx) bool) *engine.SummonProc {
	cands := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return fits == nil || fits(c, id) })
	}
	return &engine.SummonProc{
		Condition: func(c *ctx) bool {
			if cond != nil && !cond(c) {
				return false
			}
			if n == 0 {
				return c.FreeZones(c.You(), engine.MZone) > 0
			}
			return len(cands(c)) >= n
		},
		Cost: func(c *ctx) {
			if n > 0 {
				c.Tribute(c.SelectCards(c.You(), cands(c), n, n, engine.ForTribute)...)
			}
		},
	}
}

// TributeNamesProc is a Special Summon procedure from the hand that tributes one monster of each
// name its controller controls (Gate Guardian: Sanga of the Thunder, Kazejin and Suijin), chosen
// as one group.
func TributeNamesProc(names ...card.Passcode) *engine.SummonProc {
	isPart := func(c *ctx, id cardID) bool {
		for _, n := range names {
			if c.Data(id).Passcode == n {
				return true
			}
		}
		return false
	}
	parts := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return isPart(c, id) })
	}
	hasAll := func(c *ctx, ids []cardID) bool {
		for _, n := range names {
			found := false
			for _, id := range ids {
				if c.Data(id).Passcode == n {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return &engine.SummonProc{
		Condition: func(c *ctx) bool { return hasAll(c, parts(c)) },
		Cost: func(c *ctx) {
			ps := parts(c)
			c.Tribute(c.SelectGroup(c.You(), ps, len(names), len(names), engine.ForTribute,
				func(ids []cardID) bool { return hasAll(c, ids) })...)
		},
	}
}

// BanishProc is a Special Summon procedure from the hand that banishes n cards that fit from its
// controller's Graveyard (Soul of Purity and Light: 2 LIGHT monsters), with a free Monster Zone.
func BanishProc(n int, fits func(c *ctx, id cardID) bool) *engine.SummonProc {
	cost := BanishGYCost(n, fits)
	return &engine.SummonProc{
		Condition: func(c *ctx) bool { return c.FreeZones(c.You(), engine.MZone) > 0 && cost.CanPay(c) },
		Cost:      cost.Pay,
	}
}

// SpecialOnlyBy is a Script.SpecialBy: only the effects of the cards named may Special Summon the
// monster ("cannot be Special Summoned except by the effect of ...").
func SpecialOnlyBy(codes ...card.Passcode) func(c *ctx) bool {
	return func(c *ctx) bool {
		p := c.Data(c.Self()).Passcode
		for _, code := range codes {
			if p == code {
				return true
			}
		}
		return false
	}
}

// RitualSpell builds the Ritual Spell of one Ritual Monster (Black Luster Ritual, Turtle Oath):
// activated while that monster can be Ritual Summoned from the hand, it tributes monsters from
// the hand or the field whose Levels total the monster's Level or more, none of them unneeded,
// and Ritual Summons it.
func RitualSpell(monster card.Passcode) *engine.Script {
	is := func(c *ctx) func(cardID) bool {
		return func(id cardID) bool { return c.Data(id).Passcode == monster }
	}
	return &engine.Script{Effects: []*effect{{
		Kind: engine.Activate, Category: engine.CatSpecialSummon,
		Desc:      "Ritual Summon its monster",
		Condition: func(c *ctx) bool { return c.CanRitualSummon(c.You(), is(c)) },
		Resolve:   func(c *ctx) { c.RitualSummon(c.You(), is(c)) },
	}}}
}

// RitualMonster is the script of a Ritual Monster (with effects, if any): never Normal Summoned
// or Set, not Special Summoned by other effects from the hand or Deck, and bound by the revive
// limit.
func RitualMonster(effects ...*effect) *engine.Script {
	return &engine.Script{CannotNormalSummon: true, Effects: effects}
}
