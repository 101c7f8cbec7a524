package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Graverobber's marks on the Spell it took (hidden counters: they stay with the Spell when it is
// played from the hand onto the field, and are lost when it goes anywhere else): the Trap (its
// CardID + 1) and the turn it was taken. They last to the end of that turn.
//
// As ygopro-core plays it: the Spell is added to your hand (shown to the opponent); when its
// first activation by you resolves, even with its effect negated (not when the activation is
// negated), you take 2000 damage, after its effect; in that turn's End Phase, the Spell goes to
// its owner's Graveyard if you still hold it in your hand or on your field.
const (
	graverobberBy   = "_graverobber_by"
	graverobberTurn = "_graverobber_turn"
	graverobberDue  = "_graverobber_due" // on the Trap: the Spell has resolved, its 2000 damage is due
)

func init() {
	oppSpells := func(c *ctx) []cardID {
		return cards.GYCards(c, c.Opp(), func(id cardID) bool { return c.Data(id).IsSpell() })
	}
	cards.Register(61705417, &engine.Script{ // Graverobber
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatToHand,
				Desc:       "add 1 Spell from your opponent's GY to your hand; you take 2000 damage when you use it",
				HasTargets: cards.HasAny(1, oppSpells),
				Target:     func(c *ctx) { c.SelectTargets(oppSpells(c), 1, 1) },
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.GY || !c.AddToHandOf(c.You(), t) {
						return
					}
					c.AddCounter(t, graverobberBy, int(c.Self())+1)
					c.AddCounter(t, graverobberTurn, c.Turn())
				},
			},
			{
				// ygopro-core's Continuous effect of the player on the Spell's chain link being
				// solved: after it resolves, no chain link. The Spell's resolution sets the
				// damage due on this Trap (in the GY by then); the next link's resolution or the
				// chain's end deals it, after the Spell's effect.
				Kind: engine.Automatic, On: engine.On(engine.EvResolve, engine.EvChainEnd), Range: anywhere, Unnegated: true,
				Desc: "when the Spell you took resolves, you take 2000 damage",
				TriggerIf: func(c *ctx) bool {
					return c.Counter(c.Self(), graverobberDue) > 0 || graverobberResolving(c)
				},
				Resolve: func(c *ctx) {
					if c.Counter(c.Self(), graverobberDue) > 0 {
						c.AddCounter(c.Self(), graverobberDue, -c.Counter(c.Self(), graverobberDue))
						c.Damage(c.You(), 2000)
					}
					// The link is off the chain once it has resolved: its event's card says it (the
					// trigger checked the link when the event happened).
					if ev := c.Event(); ev.Kind == engine.EvResolve && graverobberMarked(c, ev.Card) {
						c.AddCounter(c.Self(), graverobberDue, 1)
					}
				},
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Range: anywhere, Unnegated: true,
				Desc: "in the End Phase, the Spell you took goes to its owner's GY if you still hold it",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.End && len(graverobberHeld(c)) > 0
				},
				Resolve: func(c *ctx) {
					if held := graverobberHeld(c); len(held) > 0 {
						c.SendToGY(held...)
					}
				},
			},
		},
	})
}

// graverobberResolving reports whether the event is the resolution of your first activation of
// the Spell this Graverobber took (not negated).
func graverobberResolving(c *ctx) bool {
	if c.Event().Kind != engine.EvResolve {
		return false
	}
	l := c.Link(int(c.Event().Link))
	return l.IsSpell && !l.ActivationNegated && l.Player == c.You() && graverobberMarked(c, l.Card)
}

// graverobberMarked reports whether a card is the Spell this Graverobber took this turn.
func graverobberMarked(c *ctx, id cardID) bool {
	return c.Counter(id, graverobberBy) == int(c.Self())+1 && c.Counter(id, graverobberTurn) == c.Turn()
}

// graverobberHeld returns the Spells this Graverobber took this turn that you still hold, in
// your hand or on your field.
func graverobberHeld(c *ctx) []cardID {
	var out []cardID
	for _, id := range c.Pile(c.You(), engine.Hand) {
		if c.Owner(id) != c.You() && graverobberMarked(c, id) {
			out = append(out, id)
		}
	}
	for _, id := range c.SpellTraps(c.You()) {
		if c.Owner(id) != c.You() && graverobberMarked(c, id) {
			out = append(out, id)
		}
	}
	return out
}
