package mrl

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// summonTrap builds a Trap answering the opponent's Normal or Flip Summon of a face-up monster
// whose stat (ATK or DEF) is at most 500: it targets that monster and destroys it, if it is
// still face-up with the stat at most 500 (Eatgaboon, House of Adhesive Tape).
func summonTrap(stat func(c *ctx, id cardID) int) *engine.Script {
	small := func(c *ctx, id cardID) bool {
		return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && stat(c, id) <= 500
	}
	return &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
			Category: engine.CatDestroy,
			Answers: func(c *ctx) bool {
				ev := c.Event()
				return ev != nil && c.IsOpp(c.Controller(ev.Card)) && small(c, ev.Card)
			},
			HasTargets: cards.EventCardTargetable,
			Target:     func(c *ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && small(c, t) {
					c.Destroy(t)
				}
			},
		}},
	}
}

func init() {
	cards.Register(42578427, summonTrap( // Eatgaboon
		func(c *ctx, id cardID) int { return c.ATK(id) }))
	cards.Register(15083728, summonTrap( // House of Adhesive Tape
		func(c *ctx, id cardID) int { return c.DEF(id) }))
	cards.Register(596051, cards.BoostUntilEnd( // Snake Fang
		0, -500))
}

func init() {
	// Fairy's Hand Mirror: when the opponent activates a Spell Card that targets exactly 1
	// monster, target another monster that Spell could target; the Spell targets it instead.
	spellTarget := func(c *ctx) cardID {
		n := c.PrevLink()
		l := c.Link(n)
		if l.Card == noCard || !l.IsSpell || !c.IsOpp(l.Player) {
			return noCard
		}
		if ts := c.LinkTargets(n); len(ts) == 1 && c.Place(ts[0]).Loc == engine.MZone {
			return ts[0]
		}
		return noCard
	}
	others := func(c *ctx) []cardID {
		old, n := spellTarget(c), c.PrevLink()
		if old == noCard {
			return nil
		}
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return id != old && c.CouldTarget(n, id) })
	}
	cards.Register(17653779, &engine.Script{
		Effects: []*engine.Effect{{
			Kind:       engine.Activate,
			Condition:  func(c *ctx) bool { return spellTarget(c) != noCard },
			HasTargets: cards.HasAny(1, others),
			Target:     cards.TargetFrom(1, others),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.Place(t).Loc == engine.MZone {
					c.ChangeTarget(c.PrevLink(), t)
				}
			},
		}},
	})
}
