package cards

import "github.com/duelistgame/duelist/engine"

// Triggers on a monster's own change of battle position (ygopro-core's EVENT_CHANGE_POS): by its
// controller's change in the Main Phase, by a card effect, or by its Flip Summon (a face-down
// Defense Position monster is then in face-up Attack Position). A face-down monster flipped
// face-up in Defense Position by an attack stays in Defense Position: no change of that kind.

// PositionChanges is the set of events that change a monster's battle position.
var PositionChanges = engine.On(engine.EvPosition, engine.EvFlip, engine.EvFlipSummon)

// ChangedToDefense is the TriggerIf of "when this card is changed from Attack Position to Defense
// Position" (On PositionChanges): a face-up change of position that left it in face-up Defense
// Position (a flip never does: it was in Defense Position before).
func ChangedToDefense(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.Kind == engine.EvPosition && ev.Pos == engine.FaceUpDef
}

// ChangedToAttack is the TriggerIf of "when this card is changed from Defense Position to Attack
// Position" (On PositionChanges): a change of position, its Flip Summon or a flip by an effect
// that left it in face-up Attack Position.
func ChangedToAttack(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.Pos == engine.FaceUpAtk
}
