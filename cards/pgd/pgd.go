// Package pgd registers the behaviour of the cards whose first printing is Pharaonic Guardian (PGD).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in pgd.cards beside this file; docs/cards.md says how to add a card.
package pgd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// damagesYou says whether a chain link with CatDamage would inflict damage to the effect's
// controller. The engine records no damage target per link, so the rule is: a damage effect of
// the opponent hits you (Ookazi, Magic Cylinder, Just Desserts), and so does Ring of
// Destruction, whose damage hits both players, whoever activated it.
func damagesYou(c *engine.Ctx, l engine.LinkInfo) bool {
	return c.IsOpp(l.Player) || c.Data(l.Card).Passcode == ringOfDestruction
}

// ringOfDestruction is the passcode of Ring of Destruction, whose damage also hits its own
// controller (Barrel Behind the Door needs to know).
const ringOfDestruction card.Passcode = 83555666

func init() {
	cards.Register(78783370, &engine.Script{ // Barrel Behind the Door
		Effects: []*engine.Effect{{
			// No category of its own: Barrel inflicts nothing itself, so another Barrel cannot
			// answer it (it is not a CatDamage link). Only effect damage of the link it answers
			// is redirected: battle damage and LP costs are never activations of damage (pin).
			Kind: engine.Activate,
			Desc: "your opponent takes the damage instead",
			Condition: func(c *engine.Ctx) bool {
				l := c.Link(0)
				if l.Card == engine.NoCard {
					return false
				}
				// Not against the effect of a Spell or Trap that is not its activation (Black
				// Pendant's burn as it goes to the Graveyard): ygopro-core's Barrel refuses it.
				if d := c.Data(l.Card); (d.IsSpell() || d.IsTrap()) && l.Kind != engine.Activate {
					return false
				}
				return l.Category&engine.CatDamage != 0 && damagesYou(c, l)
			},
			Resolve: func(c *engine.Ctx) { c.RedirectDamage(c.PrevLink(), c.You()) },
		}},
	})

	ringTargets := func(c *engine.Ctx) []engine.CardID {
		return c.Filter(c.OppMonsters(), func(id engine.CardID) bool {
			return c.FaceUp(id) && c.ATK(id) <= c.LP(c.Controller(id))
		})
	}
	cards.Register(ringOfDestruction, &engine.Script{ // Ring of Destruction
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy | engine.CatDamage,
			OncePerName: true,
			Condition:   func(c *engine.Ctx) bool { return c.IsOpp(c.TurnPlayer()) },
			HasTargets:  cards.HasAny(1, ringTargets),
			Target:      cards.TargetFrom(1, ringTargets),
			Resolve: func(c *engine.Ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.FaceUp(t) {
					return
				}
				dmg := max(c.Data(t).ATK, 0) // original ATK, read before it leaves the field
				victim := c.Controller(t)    // in a tag duel, the opponent who controlled it
				c.Destroy(t)
				if c.Place(t).Loc == engine.MZone {
					return // "and if you do": not destroyed, no damage
				}
				// Pin (pool.md): you take the damage, then your opponent the same amount; at 0 you
				// lose and your opponent takes nothing. DamageBoth honours Barrel Behind the
				// Door's redirection of either half.
				c.DamageBoth(c.You(), victim, dmg, dmg)
			},
		}},
	})
}
