// Package extra registers the behaviour of the cards that summon from the Extra Deck or by ritual
// (Polymerization and its Fusion Monsters, Black Luster Ritual and Black Luster Soldier, Number
// 39: Utopia), the control-changing Spells (Change of Heart, Soul Exchange), and the Traps of the
// Yu-Gi-Oh! 5D's starter deck (5DS1) that no other set of this project registers.
package extra

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// The passcodes this package refers to by name.
const (
	gaiaTheFierceKnight card.Passcode = 6368038
	curseOfDragon       card.Passcode = 28279543
	blueEyes            card.Passcode = 89631139
	timeWizard          card.Passcode = 71625222
	babyDragon          card.Passcode = 88819587
	blackLusterSoldier  card.Passcode = 5405694
)

// linkCounter is the counter in which a Continuous Trap that affects one monster (Spellbinding
// Circle, Miniaturize, Birthright) remembers that monster (its CardID + 1). Counters are cleared
// when the Trap leaves the field, and the monster carries a lasting change made by the Trap (a
// mark, see engine.Ctx.MarkedBy) that is cleared when the monster leaves: the link holds only
// while both stay. The leading "_" keeps this bookkeeping out of views (engine.PublicCounter).
const linkCounter = "_link"

// onField is where a card is on the field (engine.Loc.OnField), for a Script's CheckIn.
const onField = 1<<engine.MZone | 1<<engine.SZone | 1<<engine.FZone | 1<<engine.Resource

// link records that the effect's card affects monster id.
func link(c *ctx, id cardID) {
	c.AddCounter(c.Self(), linkCounter, int(id)+1)
}

// linked returns the monster the effect's card was linked to, whether or not it is still there
// (noCard when there was none).
func linked(c *ctx) cardID {
	n := c.Counter(c.Self(), linkCounter)
	if n == 0 {
		return noCard
	}
	return cardID(n - 1)
}

// unlink forgets the effect's card's monster.
func unlink(c *ctx) {
	if n := c.Counter(c.Self(), linkCounter); n > 0 {
		c.AddCounter(c.Self(), linkCounter, -n)
	}
}
