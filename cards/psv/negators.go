package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// The Traps that negate a kind of card on the whole field until the end of the turn, answering
// one of that kind: Armored Glass (Equip Spells), Mystic Probe (Continuous Spells), Metal
// Detector (Continuous Traps) and World Suppression (Field Spells). The negation is a mark of the
// turn (engine.PFNegateEquipSpells ...), not this card's effect: it holds for the cards of that
// kind placed later in the turn too, and after this card has left the field.
func init() {
	cards.Register(36868108, &engine.Script{ // Armored Glass
		Effects: []*engine.Effect{{
			// Any card equipped to a monster, as ygopro-core's equip event.
			Kind: engine.Activate, On: engine.On(engine.EvEquip),
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), engine.PFNegateEquipSpells, engine.EndOfTurn) },
		}},
	})

	cards.Register(49251811, kindActivated(func(k card.Kind) bool { // Mystic Probe
		return k.Has(card.Spell) && k.Has(card.Continuous)
	}, engine.PFNegateContinuousSpells))
	cards.Register(75646520, kindActivated(func(k card.Kind) bool { // Metal Detector
		return k.Has(card.Trap) && k.Has(card.Continuous)
	}, engine.PFNegateContinuousTraps))
	cards.Register(12253117, kindActivated(func(k card.Kind) bool { // World Suppression
		return k.Has(card.Spell) && k.Has(card.Field)
	}, engine.PFNegateFieldSpells))
}

// kindActivated builds a Trap answering the activation of a card of a kind (fits): the whole
// field's cards of that kind have their effects negated until the end of the turn (the mark f),
// the one just activated among them: its activation resolves with no effect.
func kindActivated(fits func(card.Kind) bool, f engine.PlayerFlag) *engine.Script {
	return &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.Card != engine.NoCard && l.Kind == engine.Activate && (l.IsSpell || l.IsTrap) &&
					fits(c.Data(l.Card).Kind)
			},
			Resolve: func(c *ctx) { c.AddPlayerFlag(c.You(), f, engine.EndOfTurn) },
		}},
	}
}
