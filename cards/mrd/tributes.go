package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters whose Ignition effects tribute a monster as their cost or discard themselves,
// and their Flip effects that burn or bring a card back.

func init() {
	anyTribute := cards.TributeCost(1, true, nil)
	cards.Register(11384280, &engine.Script{Effects: []*engine.Effect{{ // Cannon Soldier
		Kind: engine.Ignition, Category: engine.CatDamage,
		CanPay: anyTribute.CanPay, Pay: anyTribute.Pay,
		Resolve: func(c *ctx) { c.Damage(c.Opp(), 500) },
	}}})

	// Catapult Turtle may tribute itself; a monster with 0 ATK is no cost. The damage is half the
	// ATK the monster had on the field when it was tributed, rounded down.
	withATK := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.You()), func(id cardID) bool { return c.ATK(id) > 0 })
	}
	cards.Register(95727991, &engine.Script{Effects: []*engine.Effect{{ // Catapult Turtle
		Kind: engine.Ignition, Category: engine.CatDamage, OncePerTurn: true,
		CanPay: cards.NonEmpty(withATK),
		Pay: func(c *ctx) {
			got := c.SelectCards(c.You(), withATK(c), 1, 1, engine.ForTribute)
			c.SetParam(c.ATK(got[0]) / 2)
			c.Tribute(got...)
		},
		Resolve: func(c *ctx) { c.Damage(c.Opp(), c.Param()) },
	}}})

	otherTribute := cards.TributeCost(1, false, nil)
	cards.Register(25109950, &engine.Script{Effects: []*engine.Effect{{ // The Little Swordsman of Aile
		Kind: engine.Ignition, Category: engine.CatStatChange,
		CanPay: otherTribute.CanPay, Pay: otherTribute.Pay,
		Resolve: func(c *ctx) {
			if self := c.Self(); cards.FaceUpInMZone(c, self) {
				cards.StatUntilEnd(c, self, 700, 0)
			}
		},
	}}})

	const thunderDragon card.Passcode = 31786629
	thunderDragons := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool { return c.Data(id).Passcode == thunderDragon })
	}
	cards.Register(thunderDragon, &engine.Script{Effects: []*engine.Effect{{ // Thunder Dragon
		Kind: engine.Ignition, Range: engine.Locs(engine.Hand), Category: engine.CatSearch | engine.CatToHand,
		Condition: cards.NonEmpty(thunderDragons),
		Pay:       func(c *ctx) { c.Discard(c.Self()) },
		Resolve: func(c *ctx) {
			c.AddToHand(c.SearchCards(c.You(), thunderDragons(c), 1, 2, engine.ForNothing)...)
		},
	}}})

	cards.Register(51371017, &engine.Script{Effects: []*engine.Effect{{ // Princess of Tsurugi
		Kind: engine.Flip, Category: engine.CatDamage,
		// Counted as it resolves: every card in the opponent's Spell & Trap Zones and Field Zone.
		Resolve: func(c *ctx) {
			if n := len(c.SpellTraps(c.Opp())); n > 0 {
				c.Damage(c.Opp(), 500*n)
			}
		},
	}}})

	trapsInGY := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool { return cards.IsTrap(c, id) })
	}
	cards.Register(28933734, &engine.Script{Effects: []*engine.Effect{{ // Mask of Darkness
		Kind: engine.Flip, Category: engine.CatToHand,
		HasTargets: cards.HasAny(1, trapsInGY),
		Target:     cards.TargetFrom(1, trapsInGY),
		Resolve: func(c *ctx) {
			if t := c.Target(); t != noCard {
				c.AddToHand(t)
			}
		},
	}}})

	cards.Register(46918794, &engine.Script{Effects: []*engine.Effect{{ // Tremendous Fire
		Kind: engine.Activate, Category: engine.CatDamage,
		// Both at once: if both players reach 0, the duel is a draw.
		Resolve: func(c *ctx) { c.DamageAtOnce(c.Opp(), c.You(), 1000, 500) },
	}}})

	// Witch of the Black Forest, as Sangan: once per turn for the name, and the name added is
	// locked for the rest of the turn.
	cards.Register(78010363, &engine.Script{Effects: []*engine.Effect{{ // Witch of the Black Forest
		Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
		Category: engine.CatSearch, OncePerName: true,
		TriggerIf: func(c *ctx) bool {
			ev := c.Event()
			return ev.Card == c.Self() && ev.From.Loc == engine.MZone && ev.To.Loc == engine.GY
		},
		Resolve: func(c *ctx) {
			cands := cards.DeckCards(c, c.You(), func(id cardID) bool {
				return cards.IsMonster(c, id) && c.Data(id).DEF <= 1500
			})
			if got := c.SearchCards(c.You(), cands, 1, 1, engine.ForNothing); len(got) > 0 {
				c.AddToHand(got...)
				c.BanName(c.You(), c.Data(got[0]).Passcode)
			}
		},
	}}})
}

func init() {
	// Shield & Sword: the monsters face-up as it resolves get their original ATK and DEF
	// switched until the end of the turn (the values other effects add apply on top); a second
	// one switches them back, as it switches what the first made their original values.
	cards.Register(52097679, &engine.Script{Effects: []*engine.Effect{{ // Shield & Sword (the 2015 database spells it "Shield  Sword", as the pool does)
		Kind: engine.Activate, Category: engine.CatStatChange,
		Condition: cards.NonEmpty(cards.FaceUpMonsters),
		Resolve: func(c *ctx) {
			for _, id := range cards.FaceUpMonsters(c) {
				atk, def := c.BaseATK(id), c.BaseDEF(id)
				c.AddMod(id, engine.Modifier{Kind: engine.ModSetATK, Value: def, Expiry: engine.EndOfTurn})
				c.AddMod(id, engine.Modifier{Kind: engine.ModSetDEF, Value: atk, Expiry: engine.EndOfTurn})
			}
		},
	}}})
}

func init() {
	// The Immortal of Thunder: FLIP: gain 3000 LP. Once flipped face-up, when it is sent from the
	// field to the GY, its controller loses 5000 LP (a loss, not damage). "Flipped" is read from
	// how it came to the field: Set (then flipped by an attack, an effect or its Flip Summon) or
	// Flip Summoned, and it left face-up; Normal Summoned face-up, it never flipped.
	cards.Register(84926738, &engine.Script{Effects: []*engine.Effect{ // The Immortal of Thunder
		{
			Kind: engine.Flip, Category: engine.CatRecover,
			Resolve: func(c *ctx) { c.Recover(c.You(), 3000) },
		},
		{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Desc: "sent from the field to the GY after it flipped: lose 5000 LP",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				st := c.SummonType(c.Self())
				return ev.Card == c.Self() && ev.From.Loc == engine.MZone && ev.FromUp && ev.To.Loc == engine.GY &&
					(st == engine.SetSummoned || st == engine.FlipSummoned)
			},
			Resolve: func(c *ctx) { c.LoseLP(c.You(), 5000) },
		},
	}})
}
