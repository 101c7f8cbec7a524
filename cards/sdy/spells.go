package sdy

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

type (
	ctx    = engine.Ctx
	cardID = engine.CardID
)

const noCard = engine.NoCard

// spellTrapOrSet lists the cards on the field that a "target 1 Spell" (is = cards.IsSpell) or
// "target 1 Trap" (cards.IsTrap) removal may target: face-up cards of that kind, and any Set card
// since its kind is hidden (De-Spell, Trap Master). A Set card in the Field Zone can only be a
// Field Spell, so it is a candidate for a Spell removal only. The effect's own card is left out.
func spellTrapOrSet(c *ctx, is func(*ctx, cardID) bool) []cardID {
	return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return spellTrapFits(c, id, is) })
}

// spellTrapFits is the test of spellTrapOrSet for one card of the Spell & Trap Zones or
// Field Zone: a face-up card of the kind, or any Set card (a Set Field Spell too: RULES.md
// "Settled against the reference engine", Trap Master may target a face-down card in the Field
// Zone).
func spellTrapFits(c *ctx, id cardID, is func(*ctx, cardID) bool) bool {
	switch {
	case id == c.Self():
		return false
	case c.FaceUp(id):
		return is(c, id)
	}
	return true
}

// hasSpellTrapOrSet is HasTargets of the candidates spellTrapOrSet(c, is).
func hasSpellTrapOrSet(is func(*ctx, cardID) bool) func(c *ctx) bool {
	return cards.HasSome(1, func(c *ctx) []cardID { return c.AllSpellTraps() },
		func(c *ctx, id cardID) bool { return spellTrapFits(c, id, is) })
}

// removeOfKind resolves De-Spell and Trap Master: a Set target is revealed (to both players) and
// destroyed only if it is of the kind; otherwise it stays Set where it was.
func removeOfKind(c *ctx, is func(*ctx, cardID) bool) {
	t := c.Target()
	if t == noCard {
		return
	}
	if !c.FaceUp(t) {
		c.Reveal(t)
	}
	if is(c, t) {
		c.Destroy(t)
	}
}

func init() {
	cards.Register(91595718, cards.EquipSpell( // Book of Secret Arts
		"Equip only to a Spellcaster monster: it gains 300 ATK and DEF.",
		func(c *ctx, id cardID) bool { return cards.HasRace(c, id, card.Spellcaster) }, 300, 300))

	cards.Register(84257639, &engine.Script{ // Dian Keto the Cure Master
		Desc: "You gain 1000 LP.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRecover,
			Resolve: func(c *ctx) { c.Recover(c.You(), 1000) },
		}},
	})

	oppFaceUp := func(c *ctx) []cardID { return cards.FaceUp(c, c.OppMonsters()) }
	cards.Register(66788016, &engine.Script{ // Fissure
		Desc: "Destroy the face-up monster your opponent controls with the lowest ATK (you pick one if several tie). It does not target.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Condition: cards.NonEmpty(oppFaceUp),
			Resolve:   func(c *ctx) { cards.DestroyExtreme(c, oppFaceUp(c), c.ATK, false) },
		}},
	})

	despellCands := func(c *ctx) []cardID { return spellTrapOrSet(c, cards.IsSpell) }
	cards.Register(19159413, &engine.Script{ // De-Spell
		Desc: "Target 1 Spell on the field; destroy it. A Set target is revealed, and if it is not a Spell it stays Set.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: hasSpellTrapOrSet(cards.IsSpell),
			Target:     cards.TargetFrom(1, despellCands),
			Resolve:    func(c *ctx) { removeOfKind(c, cards.IsSpell) },
		}},
	})

	// Last Will follows its rulings (Yugipedia, "Card Rulings:Last Will"): it may be activated
	// before or after a monster of yours goes from your field to your GY this turn, the summon is
	// once per resolved Last Will, and it may be used later in the turn. Resolving it grants the
	// summon (engine.PFGrantedSummon until the end of the turn) and offers it at once if a monster
	// already went; otherwise (or when declined) its second effect uses the grant later: an
	// effect of Last Will in your GY that starts no chain (engine.Effect.NoChain), usable
	// whenever you hold priority outside a chain and the Damage Step (RULES.md "Settled against
	// the reference engine").
	lastWillCands := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return cards.IsMonster(c, id) && c.Data(id).ATK <= 1500 && c.CanSpecialSummon(id, c.You())
		})
	}
	lastWillSummon := func(c *ctx, min int) {
		got := c.SearchCards(c.You(), lastWillCands(c), min, 1, engine.ForNothing)
		if len(got) == 0 {
			return
		}
		if min == 0 {
			c.UsePlayerFlag(c.You(), engine.PFGrantedSummon)
		}
		c.SpecialSummon(got[0], c.You(), 0)
		c.ShuffleDeck(c.You())
	}
	cards.Register(85602018, &engine.Script{ // Last Will
		Desc: "Once this turn, if a monster went from your field to your GY this turn (before or after this card), you can Special Summon 1 monster with 1500 or less ATK from your Deck.",
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatSpecialSummon,
				Desc: "grant one summon from the Deck this turn; use it now if a monster already went to your GY",
				Resolve: func(c *ctx) {
					c.AddPlayerFlag(c.You(), engine.PFGrantedSummon, engine.EndOfTurn)
					if c.MonsterSentToGYThisTurn(c.You()) {
						lastWillSummon(c, 0) // selecting nothing keeps the grant for later
					}
				},
			},
			{
				Kind: engine.Quick, NoChain: true, Range: engine.Locs(engine.GY), Category: engine.CatSpecialSummon,
				Desc: "use the summon Last Will granted: Special Summon 1 monster with 1500 or less ATK from your Deck (no chain)",
				Condition: func(c *ctx) bool {
					return c.PlayerHas(c.You(), engine.PFGrantedSummon) && c.MonsterSentToGYThisTurn(c.You()) &&
						len(lastWillCands(c)) > 0
				},
				// Using it spends the grant.
				CanPay:  func(c *ctx) bool { return c.PlayerHas(c.You(), engine.PFGrantedSummon) },
				Pay:     func(c *ctx) { c.UsePlayerFlag(c.You(), engine.PFGrantedSummon) },
				Resolve: func(c *ctx) { lastWillSummon(c, 1) },
			},
		},
	})

	cards.Register(72892473, &engine.Script{ // Card Destruction
		Desc: "Every player discards their whole hand, then each draws as many cards as they discarded.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDiscard | engine.CatDraw,
			// At least one card to discard (this card aside), and its activator's Deck holds enough
			// cards to draw back its own (RULES.md "Settled against the reference engine"): another
			// player's Deck is not asked, and a player who then cannot draw them all loses.
			Condition: func(c *ctx) bool {
				total := 0
				for _, s := range c.Players() {
					n := len(c.Filter(c.Pile(s, engine.Hand), func(id cardID) bool { return id != c.Self() }))
					if s == c.You() && len(c.Pile(s, engine.Deck)) < n {
						return false
					}
					total += n
				}
				return total > 0
			},
			Resolve: func(c *ctx) {
				seats := c.Players()
				ns := make([]int, len(seats))
				for i, s := range seats {
					hand := c.Pile(s, engine.Hand)
					ns[i] = len(hand)
					c.Discard(hand...)
				}
				// Everyone draws at the same time: two seats that cannot draw draw the duel.
				c.DrawEach(seats, ns)
			},
		}},
	})

	faceUpTraps := func(c *ctx) []cardID {
		return c.Filter(c.AllSpellTraps(), func(id cardID) bool { return c.FaceUp(id) && cards.IsTrap(c, id) })
	}
	cards.Register(51482758, &engine.Script{ // Remove Trap
		Desc: "Target 1 face-up Trap on the field; destroy it.",
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.HasAny(1, faceUpTraps),
			Target:     cards.TargetFrom(1, faceUpTraps),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) {
					c.Destroy(t)
				}
			},
		}},
	})
}
