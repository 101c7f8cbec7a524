package mrd

import (
	"slices"

	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Fake Trap answers the opponent's effect that would destroy Traps its controller controls (the
// cards the effect declares: engine.Effect.Destroys, or its targets): resolved, it is destroyed
// instead of those other Traps when that effect destroys them (engine.Script.ReplaceDestroy), and
// the Set ones are shown to the opponent. The link it answered is kept as its mark: the answering
// card as the mark's source, the link's number as its value.

func init() {
	yourOtherTraps := func(c *ctx, ids []cardID) []cardID {
		return c.Filter(ids, func(id cardID) bool {
			return id != c.Self() && cards.IsTrap(c, id) && c.Place(id).Loc == engine.SZone && c.Controller(id) == c.You()
		})
	}
	cards.Register(3027001, &engine.Script{ // Fake Trap
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			Condition: func(c *ctx) bool {
				l := c.Link(0)
				return l.Card != noCard && c.IsOpp(l.Player) && len(yourOtherTraps(c, l.Destroys)) > 0
			},
			Resolve: func(c *ctx) {
				n := c.PrevLink()
				l := c.Link(n)
				if self := c.Self(); l.Card != noCard && cards.OnField(c, self) {
					c.AddMod(self, engine.Modifier{Kind: engine.ModFlags, Source: l.Card, Value: n, Expiry: engine.EndOfTurn})
				}
			},
		}},
		ReplaceDestroy: func(c *ctx, by cardID, byLink int, ids []cardID) []cardID {
			if n, ok := c.MarkValue(c.Self(), by); !ok || n != byLink {
				return nil
			}
			saved := yourOtherTraps(c, ids)
			if len(saved) == 0 {
				return nil
			}
			var down []cardID
			for _, id := range saved {
				if !c.FaceUp(id) {
					down = append(down, id)
				}
			}
			if len(down) > 0 {
				c.ConfirmTo(c.Opp(), down...)
			}
			c.Destroy(c.Self())
			return slices.Clone(saved)
		},
	})
}
