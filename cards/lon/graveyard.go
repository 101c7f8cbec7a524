package lon

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LON's monsters that tribute themselves to take back a card that went to their controller's GY
// this turn: a monster destroyed by battle (Crimson Sentry and Lady Panther to the Deck, The
// Forgiving Maiden to the hand), a Spell the opponent sent there (Fairy Guardian).

// tributeSelf is the cost "Tribute this card".
var tributeSelf = cards.Cost{
	CanPay: func(c *ctx) bool { return c.Place(c.Self()).Loc == engine.MZone },
	Pay:    func(c *ctx) { c.Tribute(c.Self()) },
}

// takeBack is an Ignition effect that tributes its monster to target a card of its controller's
// GY that fits and came there this turn, and does what to it.
func takeBack(cat engine.Category, desc string, fits func(c *ctx, id cardID) bool, what func(c *ctx, id cardID)) *engine.Effect {
	cands := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return c.MovedThisTurn(id) && fits(c, id) })
	}
	return &engine.Effect{
		Kind: engine.Ignition, Category: cat, Desc: desc,
		CanPay: tributeSelf.CanPay, Pay: tributeSelf.Pay,
		HasTargets: cards.HasAny(1, cands),
		Target:     cards.TargetFrom(1, cands),
		Resolve: func(c *ctx) {
			if t := c.Target(); t != engine.NoCard {
				what(c, t)
			}
		},
	}
}

// byBattle fits a monster destroyed by battle.
func byBattle(c *ctx, id cardID) bool { return cards.IsMonster(c, id) && c.LastMove(id).Battle }

func init() {
	cards.Register(28358902, &engine.Script{Effects: []*engine.Effect{ // Crimson Sentry
		takeBack(0, "tribute this card: a monster destroyed by battle this turn goes to the bottom of the Deck", byBattle,
			func(c *ctx, id cardID) { c.PutOnDeck([]cardID{id}, false) }),
	}})
	cards.Register(38480590, &engine.Script{Effects: []*engine.Effect{ // Lady Panther
		takeBack(0, "tribute this card: a monster destroyed by battle this turn goes on top of the Deck", byBattle,
			func(c *ctx, id cardID) { c.PutOnDeck([]cardID{id}, true) }),
	}})
	cards.Register(84080938, &engine.Script{Effects: []*engine.Effect{ // The Forgiving Maiden
		takeBack(engine.CatToHand, "tribute this card: a monster destroyed by battle this turn returns to the hand", byBattle,
			func(c *ctx, id cardID) { c.AddToHand(id) }),
	}})
	cards.Register(22419772, &engine.Script{Effects: []*engine.Effect{ // Fairy Guardian
		takeBack(0, "tribute this card: a Spell the opponent sent to your GY this turn goes to the bottom of the Deck",
			func(c *ctx, id cardID) bool {
				m := c.LastMove(id)
				return cards.IsSpell(c, id) && m.ByEffect && m.By != c.You()
			},
			func(c *ctx, id cardID) { c.PutOnDeck([]cardID{id}, false) }),
	}})

	// Lady Assailant of Flames: FLIP: banish the top 3 cards of your Deck to inflict 800 damage.
	cards.Register(90147755, &engine.Script{Effects: []*engine.Effect{{ // Lady Assailant of Flames
		Kind: engine.Flip, Category: engine.CatDamage,
		Desc:   "banish the top 3 cards of your Deck: inflict 800 damage",
		CanPay: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Deck)) >= 3 },
		Pay: func(c *ctx) {
			deck := c.Pile(c.You(), engine.Deck)
			top := append([]cardID(nil), deck[len(deck)-3:]...)
			c.Banish(top...)
		},
		Resolve: func(c *ctx) { c.Damage(c.Opp(), 800) },
	}}})
	// Fire Sorcerer: FLIP: banish 2 random cards from your hand to inflict 800 damage.
	cards.Register(27132350, &engine.Script{Effects: []*engine.Effect{{ // Fire Sorcerer
		Kind: engine.Flip, Category: engine.CatDamage,
		Desc:   "banish 2 random cards from your hand: inflict 800 damage",
		CanPay: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Hand)) >= 2 },
		Pay: func(c *ctx) {
			c.Banish(c.RandomCards(c.You(), c.Pile(c.You(), engine.Hand), 2)...)
		},
		Resolve: func(c *ctx) { c.Damage(c.Opp(), 800) },
	}}})

	// Bazoo the Soul-Eater: once a turn, banish 1 to 3 monsters from your GY; it gains 300 ATK for
	// each until the end of the opponent's next turn.
	bazooCands := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsMonster(c, id) })
	}
	cards.Register(40133511, &engine.Script{Effects: []*engine.Effect{{ // Bazoo the Soul-Eater
		Kind: engine.Ignition, Category: engine.CatStatChange, OncePerTurn: true,
		Desc:   "banish 1 to 3 monsters from your GY: gain 300 ATK for each",
		CanPay: func(c *ctx) bool { return c.CanBanishFromGY(c.You()) && len(bazooCands(c)) > 0 },
		Pay: func(c *ctx) {
			picked := c.SelectCards(c.You(), bazooCands(c), 1, 3, engine.ForCost)
			c.Banish(picked...)
			c.SetParam(len(picked))
		},
		Resolve: func(c *ctx) {
			if self := c.Self(); cards.FaceUpInMZone(c, self) {
				c.AddMod(self, engine.Modifier{Kind: engine.ModATK, Value: 300 * c.Param(), Expiry: engine.EndOfNextTurn})
			}
		},
	}}})
}
