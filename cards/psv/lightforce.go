package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Lightforce Sword's count on the card it banished: the Sword (its CardID + 1), how many of the
// owner's Standby Phases have passed, and how many of the Sword's player's. Counters put on a card
// off the field are cleared when it moves, so the count ends if the card leaves the banishment
// some other way. The leading "_" keeps them out of the views.
//
// As ygopro-core plays it, the count also ends after the 4th Standby Phase of the Sword's player
// since the activation (its script's reset counts the turns of the effect's player): activated in
// the opponent's turn after their Standby Phase, the card never returns (lockstep probe seeds 3,
// 7; the card's text says their 4th Standby Phase whenever it was activated).
const (
	lightforceBy    = "_lightforce_by"
	lightforceCount = "_lightforce_n"
	lightforceOwn   = "_lightforce_own"
)

// anywhere is every place a card can be: the range of an effect that outlives its card's
// activation wherever the card goes next.
var anywhere = engine.Locs(engine.Deck, engine.Hand, engine.MZone, engine.SZone, engine.FZone,
	engine.GY, engine.Banished, engine.Extra)

func init() {
	cards.Register(49587034, &engine.Script{ // Lightforce Sword
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatRemove,
				Desc:      "banish a random card of the opponent's hand face-down; it returns to their hand in their 4th Standby Phase",
				Condition: func(c *ctx) bool { return len(c.Pile(c.Opp(), engine.Hand)) > 0 },
				Resolve: func(c *ctx) {
					hand := c.Pile(c.Opp(), engine.Hand)
					if len(hand) == 0 {
						return
					}
					id := c.RandomCards(c.Opp(), hand, 1)[0]
					c.BanishFaceDown(id)
					if c.Place(id).Loc != engine.Banished {
						return
					}
					c.AddCounter(id, lightforceBy, int(c.Self())+1)
				},
			},
			{
				// ygopro-core's Continuous effect on the banished card: no chain link, and it holds
				// wherever the Sword is and whatever becomes of it.
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Range: anywhere, Unnegated: true,
				Desc: "count the Standby Phases of the card's owner; return it to the hand in the 4th",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && len(lightforceBanished(c)) > 0
				},
				Resolve: func(c *ctx) {
					for _, id := range lightforceBanished(c) {
						if c.Owner(id) != c.TurnPlayer() {
							// A Standby Phase of the Sword's player: the 4th ends the count.
							if c.Counter(id, lightforceOwn)+1 < 4 {
								c.AddCounter(id, lightforceOwn, 1)
								continue
							}
							for _, k := range []string{lightforceBy, lightforceCount, lightforceOwn} {
								c.AddCounter(id, k, -c.Counter(id, k))
							}
							continue
						}
						if c.Counter(id, lightforceCount)+1 < 4 {
							c.AddCounter(id, lightforceCount, 1)
							continue
						}
						c.ReturnToHand(id)
					}
				},
			},
		},
	})
}

// lightforceBanished returns the cards this Lightforce Sword banished that are still banished.
func lightforceBanished(c *ctx) []cardID {
	var out []cardID
	for _, s := range c.Players() {
		out = append(out, c.FilterPile(s, engine.Banished, func(id cardID) bool {
			return c.Counter(id, lightforceBy) == int(c.Self())+1
		})...)
	}
	return out
}
