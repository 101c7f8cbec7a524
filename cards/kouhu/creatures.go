package kouhu

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// growthCounter is Baby Dragon's counter, the one Thousand Dragon's evolution asks for.
const growthCounter = "growth"

// pierceOnly is the script of a creature whose only text is "[Trait] Pierce.": the rules read
// pierce from the card's keyword, so there is nothing to script.
func pierceOnly() *engine.Script {
	return &engine.Script{}
}

// flipDraw is an ambush effect: when the creature is turned face-up, draw 1 card.
func flipDraw() *effect {
	return &effect{Kind: engine.Flip, Category: engine.CatDraw, Desc: "turned face-up: draw 1 card",
		Resolve: func(c *ctx) { c.Draw(c.You(), 1) }}
}

// flipSearch is an ambush effect: when the creature is turned face-up, add 1 card named id from
// the Deck to the hand.
func flipSearch(id kouhu.ID, desc string) *effect {
	return &effect{Kind: engine.Flip, Category: engine.CatSearch | engine.CatToHand, Desc: desc,
		Resolve: search(id)}
}

// bounceable returns the creatures Night Blade Ninja may return: every other creature on the
// field, face-up or in ambush (ReturnToHand sends a fusion, ritual or evolution creature to its
// owner's Extra Deck instead).
func bounceable(c *ctx) []cardID {
	return c.Filter(fieldCreatures(c), func(id cardID) bool { return id != c.Self() })
}

func init() {
	register(curseOfDragon, pierceOnly())
	register(gaiaTheFierceKnight, pierceOnly())
	register(emberDrake, pierceOnly())
	register(wanderingSwordsman, pierceOnly())

	register(kuriboh, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Category: engine.CatDraw, Desc: "destroyed by battle: draw 1 card",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.Battle && ev.From.Loc == engine.MZone
			},
			Resolve: func(c *ctx) { c.Draw(c.You(), 1) },
		}},
	})

	register(mysticalElf, &engine.Script{
		Effects: []*effect{boost("your other creatures gain 300 DEF",
			func(c *ctx, id cardID) bool { return id != c.Self() }, 0, 300)},
	})

	register(babyDragon, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Desc: "put 1 growth counter on this creature",
			Resolve: func(c *ctx) {
				if krules.IsCreature(c, c.Self()) {
					c.AddCounter(c.Self(), growthCounter, 1)
				}
			},
		}},
	})

	register(exodiaTheForbiddenOne, &engine.Script{
		Check: cards.HandWin([]card.Passcode{card.Passcode(exodiaTheForbiddenOne), card.Passcode(rightArm),
			card.Passcode(leftArm), card.Passcode(rightLeg), card.Passcode(leftLeg)}, "Exodia the Forbidden One"),
		CheckIn: engine.Locs(engine.Hand), // HandWin looks for this card in the hand first
	})

	register(zephyrSprite, &engine.Script{
		Effects: []*effect{flipDraw()},
	})

	register(paleWyrmling, &engine.Script{
		Effects: []*effect{flipSearch(blueEyesWhiteDragon, "turned face-up: search a Blue-Eyes White Dragon")},
	})

	register(ironSquire, &engine.Script{
		Effects: []*effect{flipSearch(gaiaTheFierceKnight, "turned face-up: search a Gaia the Fierce Knight")},
	})

	register(shrineDragonTamer, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Desc: "tap: the top card of the Deck becomes a tapped cost card",
			CanPay:  tapSelfCan,
			Pay:     tapSelf,
			Resolve: func(c *ctx) { c.ResourceFromDeck(c.You(), true) },
		}},
	})

	oppHas, oppTarget := targetOne(oppCreatures)
	register(skyfangStormDragon, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSummon), Category: engine.CatDamage,
			Desc: "advanced-summoned: deal 600 damage to 1 opposing creature",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Card == c.Self() && c.SummonType(c.Self()) == engine.AdvanceSummoned
			},
			HasTargets: oppHas,
			Target:     oppTarget,
			Resolve:    onTarget(func(c *ctx, t cardID) { krules.DamageCreature(c, t, 600) }),
		}},
	})

	register(sirGalen, &engine.Script{
		Effects: []*effect{boost("your other Warrior-class creatures gain 300 ATK",
			func(c *ctx, id cardID) bool { return id != c.Self() && hasClass(c, id, kouhu.Warrior) }, 300, 0)},
	})

	stHas, stTarget := targetOne(spellsTrapsArtifacts)
	register(violetTowerArchmage, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatDestroy,
			Desc:       "pay 1 cost: destroy 1 spell, trap or artifact card on the field",
			HasTargets: stHas,
			Target:     stTarget,
			Resolve: func(c *ctx) {
				// [Additional cost]: paid as the effect resolves; without it the effect is negated.
				if !c.PayCost(1) {
					return
				}
				if t := c.Target(); t != noCard {
					c.Destroy(t)
				}
			},
		}},
	})

	anyHas, anyTarget := targetOne(allCreatures)
	register(shadowApprentice, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatDamage,
			Desc:       "tap: deal 300 damage to 1 creature",
			CanPay:     tapSelfCan,
			Pay:        tapSelf,
			HasTargets: anyHas,
			Target:     anyTarget,
			Resolve:    onTarget(func(c *ctx, t cardID) { krules.DamageCreature(c, t, 300) }),
		}},
	})

	bounceHas, bounceTarget := targetOne(bounceable)
	register(nightBladeNinja, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Flip, Category: engine.CatToHand,
			Desc:       "turned face-up: return 1 other creature to its owner's hand",
			HasTargets: bounceHas,
			Target:     bounceTarget,
			Resolve:    onTarget(func(c *ctx, t cardID) { c.ReturnToHand(t) }),
		}},
	})

	register(alleyThief, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDamage), Category: engine.CatDiscard,
			Desc: "battle damage to the opponent: they discard 1 card",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Battle && c.IsOpp(ev.Seat) && c.Attacker() == c.Self()
			},
			Resolve: func(c *ctx) {
				opp := c.Event().Seat
				c.Discard(c.SelectCards(opp, c.Pile(opp, engine.Hand), 1, 1, engine.ForDiscard)...)
			},
		}},
	})
}
