package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's Equip Spells: a monster that cannot attack, stats that fall each Standby Phase, a sword
// that goes back to the Deck, a ring that draws the attacks.

func init() {
	nonMachine := func(c *ctx, id cardID) bool { return !cards.HasRace(c, id, card.Machine) }
	anyMonster := func(*ctx, cardID) bool { return true }

	cards.Register(50152549, cards.EquipWith(nonMachine, // Paralyzing Potion
		cards.EquipFlag(engine.FlagCannotAttack, 0, 0)))

	cards.Register(83225447, cards.EquipWith(anyMonster, // Stim-Pack
		cards.EquipFlag(0, 700, 0), cards.StandbyWeaken(200)))

	cards.Register(24668830, cards.EquipWith(nonMachine, // Germ Infection
		cards.StandbyWeaken(300)))

	cards.Register(98495314, cards.EquipWith(anyMonster, // Sword of Deep-Seated
		cards.EquipFlag(0, 500, 500),
		&engine.Effect{
			// Sent to the Graveyard from anywhere (the field, the hand, the Deck): it goes back
			// on top of its owner's Deck. Mandatory.
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Desc: "place this card on top of your Deck",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.To.Loc == engine.GY
			},
			Resolve: func(c *ctx) {
				if c.Place(c.Self()).Loc == engine.GY {
					c.PutOnDeck([]cardID{c.Self()}, true)
				}
			},
		}))

	// Ring of Magnetism equips only a monster its controller controls: it is destroyed when the
	// monster changes control (the reference engine's equip limit).
	ring := cards.EquipWith(func(c *ctx, id cardID) bool { return c.Controller(id) == c.You() },
		append([]*engine.Effect{cards.EquipFlag(0, -500, -500)}, cards.OnlyAttackTarget()...)...)
	ring.CheckWhileFaceUp = true
	ring.Check = func(c *ctx) {
		if t := c.EquipTarget(c.Self()); t != noCard && c.Controller(t) != c.Controller(c.Self()) {
			c.Destroy(c.Self())
		}
	}
	cards.Register(20436034, ring) // Ring of Magnetism
}
