package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Normal and Quick-Play Spells.

func init() {
	cards.Register(66719324, &engine.Script{ // Rain of Mercy
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRecover,
			Resolve: func(c *ctx) {
				for _, s := range c.Players() {
					c.Recover(s, 1000)
				}
			},
		}},
	})

	// Nobleman of Crossout: the face-down monster is destroyed and banished (straight to the
	// banished zone: it never reaches the Graveyard); a Flip monster takes every card of its name
	// from both Decks with it.
	faceDown := func(c *ctx) []cardID {
		return c.Filter(c.AllMonsters(), func(id cardID) bool { return !c.FaceUp(id) })
	}
	cards.Register(71044499, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy | engine.CatRemove,
			HasTargets: cards.HasAny(1, faceDown),
			Target:     cards.TargetFrom(1, faceDown),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || c.FaceUp(t) {
					return
				}
				d := c.Data(t)
				if c.DestroyBanish(t) == 0 {
					return
				}
				if !d.Kind.Has(card.Flip) {
					return
				}
				var same []cardID
				for _, s := range c.Players() {
					same = append(same, c.FilterPile(s, engine.Deck, func(id cardID) bool {
						return c.Data(id).Passcode == d.Passcode
					})...)
				}
				if len(same) > 0 {
					c.Reveal(same...)
					c.Banish(same...)
				}
			},
		}},
	})

	// Limiter Removal: each face-up Machine its controller controls has its ATK doubled (a final
	// ATK, twice the ATK it had) until the end of the turn; the doubled monsters are marked by the
	// Spell, and in this turn's End Phase the marked ones still on the field are destroyed, with no
	// chain link, wherever the Spell went.
	machines := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
			return c.FaceUp(id) && cards.HasRace(c, id, card.Machine)
		})
	}
	cards.Register(23171610, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatStatChange,
				Condition: cards.NonEmpty(machines),
				Resolve: func(c *ctx) {
					self := c.Self()
					for _, id := range machines(c) {
						c.AddMod(id, engine.Modifier{Kind: engine.ModFinalATK, Value: 2 * c.ATK(id), Source: self, Expiry: engine.EndOfTurn})
						c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Source: self, Expiry: engine.EndOfTurn})
					}
				},
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Unnegated: true,
				Range: engine.Locs(engine.SZone, engine.GY, engine.Hand, engine.Deck, engine.Banished),
				Desc:  "destroy the monsters whose ATK it doubled",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.End && len(c.Marked(c.Self())) > 0
				},
				Resolve: func(c *ctx) {
					if ms := c.Marked(c.Self()); len(ms) > 0 {
						c.Destroy(ms...)
					}
				},
			},
		},
	})
}
