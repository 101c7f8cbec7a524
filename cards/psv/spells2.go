package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Spells that move cards between the Deck, the hand and the Graveyard.

func init() {
	// Insect Imitation: the Level of the monster tributed as the cost is kept for the resolution
	// (SetParam); an Insect one Level higher comes from the Deck face-up, its controller choosing
	// the position.
	insectsOf := func(c *ctx, lv int) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return cards.HasRace(c, id, card.Insect) && c.Data(id).Level == lv && c.CanBeSpecialSummoned(id, c.You())
		})
	}
	tributable := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool {
			lv := c.Level(id)
			return lv > 0 && len(insectsOf(c, lv+1)) > 0
		})
	}
	cards.Register(96965364, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			CanPay: func(c *ctx) bool { return len(tributable(c)) > 0 },
			Pay: func(c *ctx) {
				got := c.SelectCards(c.You(), tributable(c), 1, 1, engine.ForTribute)
				if len(got) == 0 {
					return
				}
				c.SetParam(c.Level(got[0]))
				c.Tribute(got...)
			},
			Resolve: func(c *ctx) {
				if c.FreeZones(c.You(), engine.MZone) == 0 {
					return
				}
				got := c.SearchCards(c.You(), insectsOf(c, c.Param()+1), 1, 1, engine.ForNothing)
				if len(got) > 0 {
					c.SpecialSummon(got[0], c.You(), engine.FaceUp)
				}
			},
		}},
	})

	// Monster Recovery: a monster its controller owns and the whole hand go back to the Deck,
	// which is shuffled, then as many cards as the hand held are drawn. Not while the hand holds
	// a card of the opponent; with the target gone or the hand empty nothing happens.
	ownMonsters := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return c.Owner(id) == c.You() })
	}
	cards.Register(93108433, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDraw,
			Condition: func(c *ctx) bool {
				hand := c.Pile(c.You(), engine.Hand)
				return len(hand) > 0 && len(c.Filter(hand, func(id cardID) bool { return c.Owner(id) != c.You() })) == 0
			},
			HasTargets: cards.HasAny(1, ownMonsters),
			Target:     cards.TargetFrom(1, ownMonsters),
			Resolve: func(c *ctx) {
				t := c.Target()
				hand := c.List(c.Pile(c.You(), engine.Hand))
				if t == engine.NoCard || c.Place(t).Loc != engine.MZone || len(hand) == 0 {
					return
				}
				c.PutOnDeck(append(hand, t), true)
				c.ShuffleDeck(c.You())
				c.Draw(c.You(), len(hand))
			},
		}},
	})

	// The Shallow Grave: each player targets a monster of their own GY (its controller first) and
	// each is Special Summoned to its owner's field in face-down Defense Position; a target gone
	// is not summoned, the other still is.
	graveOf := func(c *ctx, s engine.Seat) []cardID {
		return cards.GYCards(c, s, func(id cardID) bool {
			return cards.IsMonster(c, id) && c.CanBeSpecialSummoned(id, s) && c.Targetable(id)
		})
	}
	cards.Register(43434803, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			HasTargets: func(c *ctx) bool {
				return len(graveOf(c, c.You())) > 0 && len(graveOf(c, c.Opp())) > 0 &&
					c.FreeZones(c.You(), engine.MZone) > 0 && c.FreeZones(c.Opp(), engine.MZone) > 0
			},
			Target: func(c *ctx) {
				mine := c.SelectCards(c.You(), graveOf(c, c.You()), 1, 1, engine.ForTarget)
				theirs := c.SelectCards(c.Opp(), graveOf(c, c.Opp()), 1, 1, engine.ForTarget)
				c.SetTargets(append(mine, theirs...)...)
			},
			Resolve: func(c *ctx) {
				for _, t := range c.Targets() {
					if s := c.Owner(t); c.Place(t).Loc == engine.GY && c.FreeZones(s, engine.MZone) > 0 {
						c.SpecialSummon(t, s, engine.FaceDownDef)
					}
				}
			},
		}},
	})

	// Nobleman of Extermination: a face-down Spell or Trap is destroyed and banished (straight to
	// the banished zone, as Nobleman of Crossout's monster); a Trap takes every card of its name
	// from both Decks with it, each Deck then shown to the other player and shuffled.
	setCards := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return !c.FaceUp(id) && id != c.Self() })
	}
	cards.Register(17449108, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy | engine.CatRemove,
			HasTargets: cards.HasAny(1, setCards),
			Target:     cards.TargetFrom(1, setCards),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == engine.NoCard || c.Place(t).Loc != engine.SZone || c.FaceUp(t) {
					return
				}
				d := c.Data(t)
				if c.DestroyBanish(t) == 0 {
					return
				}
				if !d.IsTrap() {
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
				for _, s := range c.Players() {
					c.ShuffleDeck(s)
				}
			},
		}},
	})

	// Inspection: in each of the opponent's Standby Phases its controller may pay 500 LP to look
	// at a card of the opponent's hand picked at random.
	cards.Register(16227556, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Optional: true, OncePerTurn: true,
				Range: engine.Locs(engine.SZone),
				Desc:  "pay 500 LP: look at a random card of your opponent's hand",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() != c.You() &&
						len(c.Pile(c.Opp(), engine.Hand)) > 0
				},
				CanPay: cards.LPCost(500).CanPay, Pay: cards.LPCost(500).Pay,
				Resolve: func(c *ctx) {
					if got := c.RandomCards(c.You(), c.Pile(c.Opp(), engine.Hand), 1); len(got) > 0 {
						c.ConfirmTo(c.You(), got...)
					}
				},
			},
		},
	})

	// Cold Wave: only as the first thing done in its controller's Main Phase 1; until the end of
	// the next turn neither player activates or Sets Spells and Traps.
	cards.Register(60682203, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Activate,
			Condition: func(c *ctx) bool {
				return c.Phase() == engine.Main1 && c.TurnPlayer() == c.You() && c.PhaseUntouched()
			},
			Resolve: func(c *ctx) {
				for _, s := range c.Players() {
					c.AddPlayerFlag(s, engine.PFNoSpellTrapPlay, engine.EndOfNextTurn)
				}
			},
		}},
	})
}
