package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Continuous Traps about the hands: The Eye of Truth, Appropriate, Forced
// Requisition.

func init() {
	// The Eye of Truth: the opponent's hand is revealed while it is face-up
	// (engine.PFRevealedHand); in each of the opponent's Standby Phases a mandatory trigger gives
	// them 1000 LP if their hand holds a Spell Card as the phase starts.
	cards.Register(34694160, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFRevealedHand,
				AffectsPlayer: func(c *ctx, s engine.Seat) bool { return c.IsOpp(s) },
			}},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatRecover, Range: engine.Locs(engine.SZone),
				OncePerTurn: true, Desc: "the opponent gains 1000 LP",
				TriggerIf: func(c *ctx) bool {
					return oppStandby(c) && len(c.FilterPile(c.Opp(), engine.Hand, func(id cardID) bool { return cards.IsSpell(c, id) })) > 0
				},
				Resolve: func(c *ctx) { c.Recover(c.Opp(), 1000) },
			},
		},
	})

	// Appropriate: activated in answer to the opponent's draw outside their Draw Phase (that draw
	// gives nothing: ygopro-core's activation has no operation); then, each time the opponent
	// draws outside their Draw Phase, its controller draws 2, with no chain link, once for the
	// cards drawn together (ygopro-core's continuous effect).
	oppDrawsOutside := func(c *ctx) bool {
		ev := c.Event()
		return ev != nil && c.IsOpp(ev.Seat) && c.Phase() != engine.Draw
	}
	cards.Register(48539234, &engine.Script{
		Effects: []*engine.Effect{
			{Kind: engine.Activate, On: engine.On(engine.EvDraw), Category: engine.CatDraw, Answers: oppDrawsOutside},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvDraw), Range: engine.Locs(engine.SZone), OncePerAction: true,
				Desc:      "the opponent drew outside their Draw Phase: draw 2 cards",
				TriggerIf: oppDrawsOutside,
				Resolve:   func(c *ctx) { c.Draw(c.You(), 2) },
			},
		},
	})

	// Forced Requisition: activated in answer to a discard of its controller's card; then each
	// time cards of its controller are discarded, a mandatory trigger (one for the cards discarded
	// together: their number is counted as it activates) makes the opponent discard as many, of
	// their choice (all of their hand when it holds fewer).
	yourDiscard := func(c *ctx) bool {
		ev := c.Event()
		return ev != nil && ev.Kind == engine.EvDiscard && ev.FromCtrl == c.You()
	}
	cards.Register(74923978, &engine.Script{
		Effects: []*engine.Effect{
			{Kind: engine.Activate, On: engine.On(engine.EvDiscard), Answers: yourDiscard},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvDiscard), Range: engine.Locs(engine.SZone), OncePerAction: true,
				Category: engine.CatDiscard, Desc: "the opponent discards as many cards as you discarded",
				TriggerIf: yourDiscard,
				Target:    func(c *ctx) { c.SetParam(len(c.Group())) },
				Resolve: func(c *ctx) {
					hand := c.Pile(c.Opp(), engine.Hand)
					if n := min(c.Param(), len(hand)); n > 0 {
						c.Discard(c.SelectCards(c.Opp(), hand, n, n, engine.ForDiscard)...)
					}
				},
			},
		},
	})
}
