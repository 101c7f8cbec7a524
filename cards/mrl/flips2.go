package mrl

import (
	"slices"

	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Magic Ruler's FLIP monsters that sweep the field or switch sides (Jigen Bakudan, Cyber Jar,
// Invader of the Throne).

func init() {
	// Jigen Bakudan: once flipped face-up, it is marked while it stays face-up on the field; in
	// each of its controller's Standby Phases a marked one must tribute itself to destroy every
	// monster its controller controls, inflicting half the ATK the face-up ones had to the
	// opponent.
	cards.Register(90020065, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Automatic, On: engine.On(engine.EvFlip, engine.EvFlipSummon),
				Desc:      "flipped face-up: armed",
				TriggerIf: func(c *ctx) bool { return c.Event().Card == c.Self() },
				Resolve: func(c *ctx) {
					if !cards.UsedWhileFaceUp(c) {
						cards.MarkUsedWhileFaceUp(c)
					}
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDestroy | engine.CatDamage,
				Desc: "tribute this card: destroy your monsters, the opponent takes half their ATK",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You() && cards.UsedWhileFaceUp(c)
				},
				CanPay: func(c *ctx) bool { return cards.OnField(c, c.Self()) },
				Pay:    func(c *ctx) { c.Tribute(c.Self()) },
				Resolve: func(c *ctx) {
					mine := c.Monsters(c.You())
					atk := make(map[cardID]int, len(mine))
					for _, id := range mine {
						if c.FaceUp(id) {
							atk[id] = max(c.ATK(id), 0)
						}
					}
					if c.Destroy(mine...) == 0 {
						return
					}
					total := 0
					for _, id := range mine {
						if c.Place(id).Loc != engine.MZone {
							total += atk[id]
						}
					}
					if total/2 > 0 {
						c.Also(func() { c.DamageOpps(total / 2) }) // "and": one action with the destruction
					}
				},
			},
		},
	})

	// Cyber Jar: FLIP: destroy every monster on the field; then each player, the Jar's controller
	// first, shows the top 5 cards of their Deck, Special Summons the Level 4 or lower monsters
	// among them in face-up Attack or face-down Defense Position, and adds the rest to the hand.
	cards.Register(34124316, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatDestroy | engine.CatSpecialSummon | engine.CatToHand,
			Destroys: func(c *ctx) []cardID { return c.AllMonsters() },
			Resolve: func(c *ctx) {
				c.Destroy(c.AllMonsters()...)
				c.Settle()
				var toHand []cardID
				for _, s := range []engine.Seat{c.You(), c.Opp()} {
					deck := c.Pile(s, engine.Deck)
					var top []cardID
					for i := len(deck) - 1; i >= 0 && len(top) < 5; i-- {
						top = append(top, deck[i])
					}
					c.Reveal(top...)
					// Dealt with in card-ID order, as the reference engine walks a group.
					slices.Sort(top)
					for _, id := range top {
						if cards.LevelAtMost(c, id, 4) && c.CanSpecialSummon(id, s) {
							c.SpecialSummon(id, s, c.ChooseAtkOrSet(s, id))
						} else {
							toHand = append(toHand, id)
						}
					}
				}
				c.AddToHand(toHand...)
			},
		}},
	})

	// Invader of the Throne: FLIP (not in the Battle Phase): target 1 monster of the opponent;
	// switch control of this card and that monster.
	oppMonsters := func(c *ctx) []cardID { return c.OppMonsters() }
	cards.Register(3056267, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Flip, Category: engine.CatControl,
			TriggerIf: func(c *ctx) bool { return c.Phase() != engine.Battle },
			Target: func(c *ctx) {
				if cards.HasAny(1, oppMonsters)(c) {
					c.SelectTargets(oppMonsters(c), 1, 1)
				}
			},
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || !cards.OnField(c, c.Self()) || c.Controller(c.Self()) != c.You() || !c.IsOpp(c.Controller(t)) {
					return
				}
				c.SwapControl(c.Self(), t)
			},
		}},
	})

	// Spear Cretin: when this card, flipped face-up during its stay on the field, is sent to the
	// Graveyard: each player targets 1 monster in their own Graveyard (its controller first) and
	// Special Summons it in face-up Attack or face-down Defense Position.
	reviveCands := func(c *ctx, s engine.Seat) []cardID {
		return cards.GYCards(c, s, func(id cardID) bool {
			return id != c.Self() && c.CanBeSpecialSummoned(id, s) && c.Targetable(id)
		})
	}
	cards.Register(58551308, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Category: engine.CatSpecialSummon,
			Desc:     "each player Special Summons 1 monster from their Graveyard",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.To.Loc == engine.GY && ev.From.Loc == engine.MZone && c.FlippedBeforeMove(c.Self())
			},
			Target: func(c *ctx) {
				c.SelectTargets(reviveCands(c, c.You()), 1, 1)
				if theirs := reviveCands(c, c.Opp()); len(theirs) > 0 {
					c.SetTargets(c.SelectCards(c.Opp(), theirs, 1, 1, engine.ForTarget)...)
				}
			},
			Resolve: func(c *ctx) {
				// In card-ID order, as the reference engine walks the group of targets.
				ts := c.Targets()
				slices.Sort(ts)
				for _, t := range ts {
					s := c.Owner(t)
					if c.Place(t).Loc != engine.GY || !c.CanSpecialSummon(t, s) {
						continue
					}
					if c.SpecialSummon(t, s, c.ChooseAtkOrSet(s, t)) && !c.FaceUp(t) {
						c.ConfirmTo(s.Other(), t)
					}
				}
			},
		}},
	})
}
