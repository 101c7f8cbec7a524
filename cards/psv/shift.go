package psv

import (
	"slices"

	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Shift: the opponent's attack, or the opponent's Spell or Trap targeting exactly 1 monster of
// this card's controller, is aimed at another monster instead.
func init() {
	// Another monster the attack could be aimed at (ygopro-core's condition asks only that the
	// opponent attacks; a direct attack of a monster that may attack directly may be aimed at a
	// monster too).
	attackCands := func(c *ctx) []cardID {
		return c.Filter(c.AttackableTargets(), func(id cardID) bool {
			return id != c.AttackTarget() && c.Targetable(id)
		})
	}
	// The one monster of this card's controller the opponent's Spell or Trap card activation
	// (the last link) targets, or NoCard.
	linkTarget := func(c *ctx) cardID {
		n := c.PrevLink()
		l := c.Link(n)
		if l.Card == engine.NoCard || !(l.IsSpell || l.IsTrap) || !c.IsOpp(l.Player) {
			return engine.NoCard
		}
		if ts := c.LinkTargets(n); len(ts) == 1 && c.Place(ts[0]).Loc == engine.MZone && c.Controller(ts[0]) == c.You() {
			return ts[0]
		}
		return engine.NoCard
	}
	linkCands := func(c *ctx) []cardID {
		old, n := linkTarget(c), c.PrevLink()
		if old == engine.NoCard {
			return nil
		}
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return id != old && c.CouldTarget(n, id) })
	}
	cards.Register(59560625, &engine.Script{ // Shift
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, On: engine.On(engine.EvAttack), Desc: "aim the attack at another monster",
				Answers:    func(c *ctx) bool { return c.TurnPlayer() != c.You() },
				HasTargets: cards.HasAny(1, attackCands),
				Target:     cards.TargetFrom(1, attackCands),
				Resolve: func(c *ctx) {
					if t := c.Target(); t != engine.NoCard && slices.Contains(c.AttackableTargets(), t) {
						c.ChangeAttackTarget(t)
					}
				},
			},
			{
				Kind: engine.Activate, Desc: "aim the Spell or Trap at another monster",
				Condition:  func(c *ctx) bool { return linkTarget(c) != engine.NoCard },
				HasTargets: cards.HasAny(1, linkCands),
				Target:     cards.TargetFrom(1, linkCands),
				Resolve: func(c *ctx) {
					if t := c.Target(); t != engine.NoCard && c.Place(t).Loc == engine.MZone {
						c.ChangeTarget(c.PrevLink(), t)
					}
				},
			},
		},
	})
}
