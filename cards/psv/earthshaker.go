package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// faceUpAttributes returns the Attributes of the face-up monsters on the field, in the order of
// card.Attribute.
func faceUpAttributes(c *ctx) []card.Attribute {
	var seen [card.Divine + 1]bool
	for _, id := range cards.FaceUpMonsters(c) {
		seen[c.Data(id).Attribute] = true
	}
	var out []card.Attribute
	for a := card.Light; a <= card.Divine; a++ {
		if seen[a] {
			out = append(out, a)
		}
	}
	return out
}

func init() {
	cards.Register(60866277, &engine.Script{ // Earthshaker
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Desc: "declare 2 Attributes of face-up monsters; the opponent picks 1, and every face-up monster of it is destroyed",
			// Two different Attributes among the face-up monsters, as it is activated and again as
			// it resolves (ygopro-core).
			Condition: func(c *ctx) bool { return len(faceUpAttributes(c)) >= 2 },
			Destroys:  cards.FaceUpMonsters,
			Resolve: func(c *ctx) {
				attrs := faceUpAttributes(c)
				if len(attrs) < 2 {
					return
				}
				two := c.DeclareAttributes(c.You(), 2, attrs...)
				picked := c.DeclareAttribute(c.Opp(), two...)
				c.Destroy(c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool {
					return c.Data(id).Attribute == picked
				})...)
			},
		}},
	})
}
