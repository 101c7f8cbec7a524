package sdy

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(84257639, &engine.Script{ // Dian Keto the Cure Master
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatRecover,
			Resolve: func(c *ctx) { c.Recover(c.You(), 1000) },
		}},
	})

	cards.Register(19159413, &engine.Script{ // De-Spell
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			HasTargets: cards.KindOrSetHas(cards.IsSpell),
			Target:     cards.TargetFrom(1, cards.KindOrSetCands(cards.IsSpell)),
			Resolve:    cards.DestroyKindOrSet(cards.IsSpell),
		}},
	})

	// Last Will follows its rulings (Yugipedia, "Card Rulings:Last Will"): it may be activated
	// before or after a monster of yours goes from your field to your GY this turn, the summon is
	// once per resolved Last Will, and it may be used later in the turn. Resolving it grants the
	// summon (engine.PFGrantedSummon until the end of the turn) and offers it at once if a monster
	// had already gone when it was activated (ygopro-core decides at activation: one tributed by
	// a later chain link's summon leaves the summon for later, lastWillNow); otherwise (or when
	// declined) its second effect uses the grant later: an
	// effect of Last Will in your GY that starts no chain (engine.Effect.NoChain), usable
	// whenever you hold priority outside a chain and the Damage Step (RULES.md "Settled against
	// the reference engine").
	// lastWillNow is the hidden counter ("_": engine.PublicCounter) in which an activated Last
	// Will remembers that a monster had gone to the Graveyard when it was activated.
	const lastWillNow = "_now"
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
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatSpecialSummon,
				Desc: "grant one summon from the Deck this turn; use it now if a monster already went to your GY",
				Target: func(c *ctx) {
					if c.MonsterSentToGYThisTurn(c.You()) {
						c.AddCounter(c.Self(), lastWillNow, 1)
					}
				},
				Resolve: func(c *ctx) {
					c.AddPlayerFlag(c.You(), engine.PFGrantedSummon, engine.EndOfTurn)
					now := c.Counter(c.Self(), lastWillNow) > 0
					c.AddCounter(c.Self(), lastWillNow, -c.Counter(c.Self(), lastWillNow))
					if now && c.MonsterSentToGYThisTurn(c.You()) {
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

	cards.Register(37120512, cards.EquipSpell( // Sword of Dark Destruction
		func(c *engine.Ctx, id engine.CardID) bool { return cards.HasAttr(c, id, card.Dark) }, 400, -200))
}
