package kouhu

import (
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// The spells. Using one pays its Level (the rules do); a normal or quick-play spell goes to the
// Graveyard when its chain has resolved, a continuous or field spell stays.

// spellLinks returns the numbers of the chain links below the effect's own (every link, while the
// effect is not on the chain yet) that are the use of a spell card.
func spellLinks(c *ctx) []int {
	var out []int
	for n := 1; n <= c.PrevLink(); n++ {
		if l := c.Link(n); l.IsSpell {
			out = append(out, n)
		}
	}
	return out
}

// linkOf returns the number of the chain link below the effect's own in which a card is used, or 0.
func linkOf(c *ctx, id cardID) int {
	for _, n := range spellLinks(c) {
		if c.Link(n).Card == id {
			return n
		}
	}
	return 0
}

// faceUpSpells returns the face-up spell cards on the field but the effect's own.
func faceUpSpells(c *ctx) []cardID {
	return c.Filter(c.AllSpellTraps(), func(id cardID) bool {
		return id != c.Self() && c.FaceUp(id) && isSpellCard(c, id)
	})
}

// hasFaceUpSpell reports whether faceUpSpells has a card, looking no further than the first.
func hasFaceUpSpell(c *ctx) bool {
	for _, s := range [2]engine.Seat{c.You(), c.You().Other()} {
		for _, id := range c.SpellTraps(s) {
			if id != c.Self() && c.FaceUp(id) && isSpellCard(c, id) {
				return true
			}
		}
	}
	return false
}

func init() {
	register(tomeOfInsight, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDraw, Desc: "draw 2 cards",
			Resolve: func(c *ctx) { c.Draw(c.You(), 2) },
		}},
	})

	register(wellspringOfMana, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Desc: "the top card of the Deck becomes a tapped cost card",
			Resolve: func(c *ctx) { c.ResourceFromDeck(c.You(), true) },
		}},
	})

	anyHas, anyTarget := targetOne(allCreatures)
	register(flameLance, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDamage, Desc: "deal 1000 damage to 1 creature",
			HasTargets: anyHas,
			Target:     anyTarget,
			Resolve:    onTarget(func(c *ctx, t cardID) { krules.DamageCreature(c, t, 1000) }),
		}},
	})

	stHas, stTarget := targetOne(spellsTrapsArtifacts)
	register(mysticStorm, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDestroy,
			Desc:       "destroy 1 spell, trap or artifact card on the field",
			HasTargets: stHas,
			Target:     stTarget,
			Resolve:    onTarget(func(c *ctx, t cardID) { c.Destroy(t) }),
		}},
	})

	register(cataclysm, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatDestroy, Desc: "destroy all creatures on the field",
			Condition: func(c *ctx) bool { return len(fieldCreatures(c)) > 0 },
			Resolve:   func(c *ctx) { c.Destroy(fieldCreatures(c)...) },
		}},
	})

	untapped := func(c *ctx) []cardID {
		return c.Filter(allCreatures(c), func(id cardID) bool { return !c.Tapped(id) })
	}
	untappedHas, untappedTarget := targetOne(untapped)
	register(suddenGust, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatPosition, Desc: "tap 1 untapped creature",
			HasTargets: untappedHas,
			Target:     untappedTarget,
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && krules.IsCreature(c, t) {
					c.Tap(t, true)
				}
			},
		}},
	})

	myDragons := func(c *ctx) []cardID {
		return c.Filter(myCreatures(c), func(id cardID) bool { return hasType(c, id, kouhu.Dragon) })
	}
	dragonHas, dragonTarget := targetOne(myDragons)
	register(dragonsFury, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Desc:       "1 of your Dragon-type creatures gains 800 ATK until the End Phase",
			HasTargets: dragonHas,
			Target:     dragonTarget,
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && krules.IsCreature(c, t) {
					untilEndPhase(c, t, 800, 0)
				}
			},
		}},
	})

	mineHas, mineTarget := targetOne(myCreatures)
	register(braveCharge, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatStatChange,
			Desc:       "1 of your creatures gains 500 ATK and pierce until the End Phase",
			HasTargets: mineHas,
			Target:     mineTarget,
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && krules.IsCreature(c, t) {
					untilEndPhase(c, t, 500, engine.FlagPierce)
				}
			},
		}},
	})

	register(bannerOfTheKnights, &engine.Script{
		Effects: []*effect{
			activateOnly("this card stays on the field"),
			boost("your Warrior-class creatures gain 300 ATK and 300 DEF",
				func(c *ctx, id cardID) bool { return hasClass(c, id, kouhu.Warrior) }, 300, 300),
		},
	})

	register(whiteDragonSanctum, &engine.Script{
		Effects: []*effect{
			activateOnly("this card stays on the field"),
			boost("your Dragon-type creatures gain 300 ATK and 300 DEF",
				func(c *ctx, id cardID) bool { return hasType(c, id, kouhu.Dragon) }, 300, 300),
		},
	})

	register(arcaneLibrary, &engine.Script{
		Effects: []*effect{
			activateOnly("this card stays on the field"),
			boost("your Mage-class creatures gain 300 ATK",
				func(c *ctx, id cardID) bool { return hasClass(c, id, kouhu.Mage) }, 300, 0),
			{
				Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatDraw | engine.CatDiscard,
				Desc:   "discard 1 card: draw 1 card",
				CanPay: func(c *ctx) bool { return len(c.Pile(c.You(), engine.Hand)) > 0 },
				Pay: func(c *ctx) {
					c.Discard(c.SelectCards(c.You(), c.Pile(c.You(), engine.Hand), 1, 1, engine.ForCost)...)
				},
				Resolve: func(c *ctx) { c.Draw(c.You(), 1) },
			},
		},
	})

	spellUsed := func(c *ctx) []cardID {
		var out []cardID
		for _, n := range spellLinks(c) {
			out = append(out, c.Link(n).Card)
		}
		return out
	}
	register(deSpell, &engine.Script{
		Effects: []*effect{
			{
				Kind: engine.Activate, Category: engine.CatNegate | engine.CatDestroy,
				Desc: "negate the use of 1 spell card and destroy it",
				// The spell's link is below this one: it is chosen when this card is used.
				Condition: func(c *ctx) bool { return len(spellLinks(c)) > 0 },
				Target:    func(c *ctx) { c.SelectTargets(spellUsed(c), 1, 1) },
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == noCard {
						return
					}
					if n := linkOf(c, t); n > 0 && c.NegateActivation(n) {
						c.Destroy(t)
					}
				},
			},
			{
				Kind: engine.Activate, Category: engine.CatDestroy,
				Desc:       "destroy 1 face-up spell card on the field",
				HasTargets: hasFaceUpSpell,
				Target:     func(c *ctx) { c.SelectTargets(faceUpSpells(c), 1, 1) },
				Resolve: func(c *ctx) {
					if t := c.Target(); t != noCard && c.FaceUp(t) {
						c.Destroy(t)
					}
				},
			},
		},
	})
}
