package lon

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Spells that summon, draw or change the rules for monsters: a Ritual,
// a Type-changing Equip Spell, and Continuous Spells.

// theMaskedBeast is the Ritual Monster that Curse of the Masked Beast summons.
const theMaskedBeast card.Passcode = 49064413

func init() {
	cards.Register(theMaskedBeast, cards.RitualMonster())       // The Masked Beast
	cards.Register(94377247, cards.RitualSpell(theMaskedBeast)) // Curse of the Masked Beast

	// Dragonic Attack: activated on a face-up Warrior, which gains 500 ATK and DEF and becomes a
	// Dragon while equipped; it stays on a monster whose original Type is Warrior.
	warrior := func(c *ctx, id cardID) bool { return cards.MonsterOfRace(c, id, card.Warrior) }
	da := cards.EquipWith(warrior,
		cards.EquipFlag(0, 500, 500),
		&engine.Effect{Kind: engine.Continuous, Static: engine.Static{
			Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
			Race:    func(*ctx, cardID) card.Race { return card.Dragon },
		}})
	da.EquipFits = func(c *ctx, id cardID) bool { return c.Data(id).Race == card.Warrior }
	cards.Register(32437102, da)

	// Vengeful Bog Spirit: no monster can attack in the turn it was Normal Summoned, Set, Flip
	// Summoned or Special Summoned (ygopro-core's summon-turn statuses; a monster flipped by an
	// effect may attack).
	cards.Register(95220856, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool {
					return c.Place(id).Loc == engine.MZone && (c.ArrivedThisTurn(id) ||
						c.UpThisTurn(id) && c.SummonType(id) == engine.FlipSummoned)
				},
			}},
		},
	})

	// Card of Safe Return: when a monster is Special Summoned from its controller's GY (to either
	// field), they may draw 1 card; a "When" trigger, it misses its timing.
	cards.Register(57953380, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Range: engine.Locs(engine.SZone),
				Category: engine.CatDraw, Optional: true, When: true, OncePerAction: true,
				Desc: "draw 1 card",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.From.Loc == engine.GY && ev.From.Seat == c.You() && len(c.Pile(c.You(), engine.Deck)) > 0
				},
				Resolve: func(c *ctx) { c.Draw(c.You(), 1) },
			},
		},
	})
}
