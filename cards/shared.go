package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// The conditions, costs and links below are shared by cards of several sets (they moved here from
// the set packages when the cards moved to the set that first printed them).

// SentToGYByBattle is the condition of "destroyed by battle and sent to the GY" triggers: the
// event is this card's destruction by battle, and it went from a Monster Zone to the Graveyard.
func SentToGYByBattle(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.Battle && ev.From.Loc == engine.MZone && ev.To.Loc == engine.GY
}

// SummonedSelf is the condition of "when this card is Normal Summoned" triggers (a Tribute Summon
// is a Normal Summon; a Set is not): the event's card is this card.
func SummonedSelf(c *ctx) bool { return c.Event().Card == c.Self() }

// FaceUpInMZone reports whether a card is face-up in a Monster Zone.
func FaceUpInMZone(c *ctx, id cardID) bool {
	return c.Place(id).Loc == engine.MZone && c.FaceUp(id)
}

// MonsterOfRace reports whether a card is a monster of a Type (a Warrior monster ...).
func MonsterOfRace(c *ctx, id cardID, r card.Race) bool {
	return IsMonster(c, id) && HasRace(c, id, r)
}

// OthersIn returns the cards of one of the effect's controller's piles other than the effect's own
// card (what a "discard 1 card" cost may discard from the hand).
func OthersIn(c *ctx, l engine.Loc) []cardID {
	return c.Filter(c.Pile(c.You(), l), func(id cardID) bool { return id != c.Self() })
}

// DiscardOneCost pays the cost "discard 1 card".
func DiscardOneCost(c *ctx) {
	c.Discard(c.SelectCards(c.You(), OthersIn(c, engine.Hand), 1, 1, engine.ForDiscard)...)
}

// CanDiscardOne reports whether the cost "discard 1 card" can be paid.
func CanDiscardOne(c *ctx) bool { return len(OthersIn(c, engine.Hand)) > 0 }

// EventCardTargetable reports whether the card of the event answered can be targeted (Lord of D.
// protects Dragons from Trap Hole and Magic Cylinder).
func EventCardTargetable(c *ctx) bool {
	return c.Event() != nil && c.Targetable(c.Event().Card)
}

// TargetAttacker targets the monster whose attack declaration the effect answers.
func TargetAttacker(c *ctx) { c.SetTargets(c.Event().Card) }

// linkCounter is the counter in which a Continuous Trap that affects one monster (Spellbinding
// Circle, Miniaturize, Birthright) remembers that monster (its CardID + 1). Counters are cleared
// when the Trap leaves the field, and the monster carries a lasting change made by the Trap (a
// mark, see engine.Ctx.MarkedBy) that is cleared when the monster leaves: the link holds only
// while both stay. The leading "_" keeps this bookkeeping out of views (engine.PublicCounter).
const linkCounter = "_link"

// OnFieldLocs is where a card is on the field (engine.Loc.OnField), for a Script's CheckIn.
const OnFieldLocs = 1<<engine.MZone | 1<<engine.SZone | 1<<engine.FZone | 1<<engine.Resource

// Link records that the effect's card affects monster id.
func Link(c *ctx, id cardID) {
	c.AddCounter(c.Self(), linkCounter, int(id)+1)
}

// Linked returns the monster the effect's card was linked to, whether or not it is still there
// (engine.NoCard when there was none).
func Linked(c *ctx) cardID {
	n := c.Counter(c.Self(), linkCounter)
	if n == 0 {
		return noCard
	}
	return cardID(n - 1)
}

// Unlink forgets the effect's card's monster.
func Unlink(c *ctx) {
	if n := c.Counter(c.Self(), linkCounter); n > 0 {
		c.AddCounter(c.Self(), linkCounter, -n)
	}
}
