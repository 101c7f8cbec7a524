package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's FLIP monsters.

func init() {
	cards.Register(83994646, &engine.Script{ // 4-Starred Ladybug of Doom
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDestroy,
			Resolve: cards.DestroyAll(func(c *ctx) []cardID {
				return c.Filter(c.Monsters(c.Opp()), func(id cardID) bool { return c.FaceUp(id) && c.Level(id) == 4 })
			}),
		}},
	})

	const vermin = 6104968
	verminCands := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return c.Data(id).Passcode == vermin && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(vermin, &engine.Script{ // Bubonic Vermin
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Optional: true, Category: engine.CatSpecialSummon,
			HasTargets: func(c *ctx) bool {
				return c.FreeZones(c.You(), engine.MZone) > 0 && len(verminCands(c)) > 0
			},
			Resolve: func(c *ctx) {
				if c.FreeZones(c.You(), engine.MZone) == 0 {
					return
				}
				if ids := verminCands(c); len(ids) > 0 && c.SpecialSummon(ids[0], c.You(), engine.FaceDownDef) {
					c.ConfirmTo(c.Opp(), ids[0])
				}
			},
		}},
	})

	faceUp := func(c *ctx) []cardID { return cards.FaceUpMonsters(c) }
	cards.Register(50122883, &engine.Script{ // Bite Shoes
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatPosition,
			HasTargets: cards.HasAny(1, faceUp),
			Target:     cards.TargetFrom(1, faceUp),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.FaceUp(t) {
					return
				}
				if c.Pos(t) == engine.FaceUpAtk {
					c.ChangePosition(t, engine.FaceUpDef)
				} else {
					c.ChangePosition(t, engine.FaceUpAtk)
				}
			},
		}},
	})
}

func init() {
	faceDownOpp := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.Opp()), func(id cardID) bool { return !c.FaceUp(id) })
	}
	cards.Register(57409948, &engine.Script{ // Bombardment Beetle
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, faceDownOpp),
			Target:     cards.TargetFrom(1, faceDownOpp),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || c.FaceUp(t) {
					return
				}
				c.ConfirmTo(c.You(), t)
				if c.Data(t).Kind.Has(card.Effect) {
					c.Destroy(t)
				}
			},
		}},
	})
}

func init() {
	// Morphing Jar #2: every monster on the field (but one destroyed by battle) is shuffled into
	// its owner's Deck; each player, its controller first, then turns up cards from the top of
	// their Deck until as many Monster Cards as went back into that Deck are shown (all of them
	// if the Deck holds fewer), Special Summons those of Level 4 or lower in face-down Defense
	// Position (choosing which, with fewer free zones) and sends the other cards turned up to the
	// GY.
	cards.Register(79106360, &engine.Script{ // Morphing Jar #2
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatSpecialSummon,
			Resolve: func(c *ctx) {
				back := c.Filter(c.AllMonsters(), func(id cardID) bool { return !c.DestroyedByBattle(id) })
				if len(back) == 0 {
					return
				}
				c.PutOnDeck(back, true)
				count := map[engine.Seat]int{}
				for _, id := range back {
					if p := c.Place(id); p.Loc == engine.Deck && cards.IsMonster(c, id) {
						count[p.Seat]++
					}
				}
				for _, s := range []engine.Seat{c.You(), c.Opp()} {
					if count[s] > 0 {
						c.ShuffleDeck(s)
					}
				}
				for _, s := range []engine.Seat{c.You(), c.Opp()} {
					if count[s] > 0 {
						morphingExcavate(c, s, count[s])
					}
				}
			},
		}},
	})
}

// morphingExcavate turns up the top cards of seat s's Deck until n Monster Cards are shown,
// Special Summons those of Level 4 or lower in face-down Defense Position (s chooses which
// when its free zones are fewer) and sends the other cards turned up to the GY. A Deck with
// fewer Monster Cards is turned up to its last one; one with none turns up nothing.
func morphingExcavate(c *ctx, s engine.Seat, n int) {
	deck := c.Pile(s, engine.Deck) // bottom first
	last, found := -1, 0
	for i := len(deck) - 1; i >= 0 && found < n; i-- {
		if cards.IsMonster(c, deck[i]) {
			last, found = i, found+1
		}
	}
	if found == 0 {
		return
	}
	shown := c.List(deck[last:])
	c.Reveal(shown...)
	fit := c.Filter(shown, func(id cardID) bool {
		return cards.IsMonster(c, id) && cards.LevelAtMost(c, id, 4) && c.CanBeSpecialSummoned(id, s)
	})
	if free := c.FreeZones(s, engine.MZone); len(fit) > free {
		fit = c.SelectCards(s, fit, free, free, engine.ForNothing)
	}
	for _, id := range fit {
		c.SpecialSummon(id, s, engine.FaceDownDef)
	}
	rest := c.Filter(shown, func(id cardID) bool { return c.Place(id).Loc == engine.Deck })
	if len(rest) > 0 {
		c.SendToGY(rest...)
	}
}
