package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Labyrinth of Nightmare's Spells: Equip Spells whose boost is counted from the field, and a
// mask that costs Life Points to keep.

// anyMonster is the equip condition of an Equip Spell for any monster.
func anyMonster(*engine.Ctx, engine.CardID) bool { return true }

// equipCounted is a Continuous effect of an Equip Spell: the equipped monster gains per ATK and
// DEF for each thing count counts now, on the Equip Spell's controller's side.
func equipCounted(per int, count func(c *engine.Ctx) int) *engine.Effect {
	v := func(c *engine.Ctx, _ engine.CardID) int { return per * count(c) }
	return &engine.Effect{Kind: engine.Continuous, Static: engine.Static{
		Affects: func(c *engine.Ctx, id engine.CardID) bool { return c.EquipTarget(c.Self()) == id },
		ATKFunc: v, DEFFunc: v,
	}}
}

func init() {
	// United We Stand: 800 for each face-up monster the Equip Spell's controller controls.
	cards.Register(56747793, cards.EquipWith(anyMonster, equipCounted(800, func(c *engine.Ctx) int {
		return len(cards.FaceUp(c, c.Monsters(c.You())))
	})))

	// Mage Power: 500 for each Spell and Trap its controller has on the field, Set ones and
	// itself included (a Union monster equipped as a card is no Spell).
	cards.Register(83746708, cards.EquipWith(anyMonster, equipCounted(500, func(c *engine.Ctx) int {
		n := 0
		for _, id := range c.SpellTraps(c.You()) {
			if cards.IsSpell(c, id) || cards.IsTrap(c, id) {
				n++
			}
		}
		return n
	})))

	// Mask of Brutality: 1000 ATK more, 1000 DEF less; 1000 LP in each of its controller's
	// Standby Phases, or it is destroyed.
	cards.Register(82432018, cards.EquipWith(anyMonster,
		cards.EquipFlag(0, 1000, -1000), cards.Maintenance(1000)))
}
