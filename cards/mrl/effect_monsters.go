package mrl

import (
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRL's Effect Monsters whose effects the kit covers: monsters that summon one of a kind from the
// Deck when destroyed by battle, searchers of Ritual cards, stats counted from the duel, effects
// of a battle destruction, of a control change, of being discarded or milled by the opponent.

// recruiter is the "when destroyed by battle and sent to the GY: you may Special Summon 1 monster
// of an Attribute with 1500 or less ATK from your Deck in Attack Position" trigger (Mother
// Grizzly, Shining Angel, Giant Rat, Flying Kamakiri 1), an optional "When" trigger.
func recruiter(attr card.Attribute) *engine.Script {
	cands := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return cards.HasAttr(c, id, attr) && cards.IsMonster(c, id) && c.Data(id).ATK <= 1500 &&
				c.CanSpecialSummon(id, c.You())
		})
	}
	return &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
		Optional: true, When: true, Category: engine.CatSpecialSummon,
		Desc:       "Special Summon 1 monster with 1500 or less ATK of its Attribute from the Deck",
		TriggerIf:  cards.SentToGYByBattle,
		HasTargets: func(c *ctx) bool { return len(cands(c)) > 0 },
		Resolve: func(c *ctx) {
			if got := c.SearchCards(c.You(), cands(c), 1, 1, engine.ForNothing); len(got) > 0 {
				c.SpecialSummon(got[0], c.You(), engine.FaceUpAtk)
				c.ShuffleDeck(c.You()) // a card taken from the Deck: it is shuffled
			}
		},
	}}}
}

// byOppEffect reports whether the event was caused by the effect of a card the effect's opponent
// controls (its reason card: the resolving effect's; the rules and costs have none).
func byOppEffect(c *ctx) bool {
	r := c.Event().Reason
	return r != noCard && c.IsOpp(c.Controller(r))
}

// discardedByOpp is the condition of "when this card is discarded from your hand to the GY by an
// effect of your opponent's" (Electric Snake, Minar): a discard by an effect, not a cost nor the
// hand limit.
func discardedByOpp(c *ctx) bool {
	ev := c.Event()
	return ev.Card == c.Self() && ev.Kind == engine.EvDiscard && ev.From.Loc == engine.Hand &&
		ev.To.Loc == engine.GY && byOppEffect(c)
}

// summonsFromDeck is the "then you may Special Summon any number of cards of this name from your
// Deck" of Nimble Momonga and Giant Germ, in position pos: as many as there are free Monster Zones,
// asked yes or no first; face-down ones are shown to the opponent.
func summonsFromDeck(c *ctx, pos engine.Pos) {
	free := c.FreeZones(c.You(), engine.MZone)
	code := c.Data(c.Self()).Passcode
	cands := cards.DeckCards(c, c.You(), func(id cardID) bool {
		return c.Data(id).Passcode == code && c.CanSpecialSummon(id, c.You())
	})
	if free <= 0 || len(cands) == 0 || !c.AskYesNo(c.You()) {
		return
	}
	got := c.SearchCards(c.You(), cands, 1, min(free, len(cands)), engine.ForNothing)
	var summoned []cardID
	for _, id := range got {
		if c.SpecialSummon(id, c.You(), pos) {
			summoned = append(summoned, id)
		}
	}
	if !pos.IsFaceUp() {
		for _, s := range c.Opponents() {
			c.ConfirmTo(s, summoned...)
		}
	}
	if len(summoned) > 0 {
		c.ShuffleDeck(c.You()) // cards taken from the Deck: it is shuffled
	}
}

// searchOnSummon is the optional "When this card is Normal or Flip Summoned: you may add 1 card
// that fits from your Deck to your hand" of Senju of the Thousand Hands and Sonic Bird.
func searchOnSummon(fits func(d *card.Data) bool) *engine.Script {
	cands := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool { return fits(c.Data(id)) })
	}
	return &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Trigger, On: engine.On(engine.EvSummon, engine.EvFlipSummon),
		Optional: true, When: true, Category: engine.CatSearch | engine.CatToHand,
		Desc:       "add 1 card from the Deck to the hand",
		TriggerIf:  cards.SummonedSelf,
		HasTargets: func(c *ctx) bool { return len(cands(c)) > 0 },
		Resolve: func(c *ctx) {
			if got := c.SearchCards(c.You(), cands(c), 1, 1, engine.ForNothing); len(got) > 0 {
				c.AddToHand(got...)
			}
		},
	}}}
}

// onControlChange is the mandatory "when control of this face-up card changes" effect of Ameba
// and Griggle, once while the card is face-up on the field (the use is counted as it activates;
// the count survives control changes and ends when the card leaves the field or is turned
// face-down). The effect's controller is the monster's new controller.
func onControlChange(cat engine.Category, desc string, resolve func(c *ctx)) *engine.Script {
	return &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Trigger, On: engine.On(engine.EvControl), Category: cat, Desc: desc,
		TriggerIf: func(c *ctx) bool { return c.Event().Card == c.Self() && !cards.UsedWhileFaceUp(c) },
		CanPay:    func(c *ctx) bool { return !cards.UsedWhileFaceUp(c) },
		Pay:       cards.MarkUsedWhileFaceUp,
		Resolve:   resolve,
	}}}
}

func init() {
	cards.Register(57839750, recruiter(card.Water)) // Mother Grizzly
	cards.Register(95956346, recruiter(card.Light)) // Shining Angel
	cards.Register(97017120, recruiter(card.Earth)) // Giant Rat
	cards.Register(84834865, recruiter(card.Wind))  // Flying Kamakiri 1

	cards.Register(23401839, searchOnSummon(func(d *card.Data) bool { // Senju of the Thousand Hands
		return d.IsMonster() && d.Kind.Has(card.Ritual)
	}))
	cards.Register(57617178, searchOnSummon(func(d *card.Data) bool { // Sonic Bird
		return d.IsSpell() && d.Kind.Has(card.Ritual)
	}))

	cards.Register(96890582, &engine.Script{ // Flash Assailant: -400 ATK and DEF a card in its controller's hand
		Effects: []*engine.Effect{cards.SelfStats(-400, true, func(c *ctx) int { return len(c.Pile(c.You(), engine.Hand)) })},
	})
	cards.Register(93013676, &engine.Script{ // Maha Vailo: 500 ATK an Equip Card equipped to it
		Effects: []*engine.Effect{cards.SelfStats(500, false, func(c *ctx) int {
			n := 0
			for _, id := range c.AllSpellTraps() {
				if c.EquipTarget(id) == c.Self() {
					n++
				}
			}
			return n
		})},
	})

	cards.Register(21340051, &engine.Script{ // Boar Soldier
		Effects: []*engine.Effect{
			{
				Kind: engine.Trigger, On: engine.On(engine.EvSummon), Category: engine.CatDestroy,
				Desc:      "Normal Summoned: destroy this card",
				TriggerIf: cards.SummonedSelf,
				Resolve: func(c *ctx) {
					if c.Place(c.Self()).Loc == engine.MZone {
						c.Destroy(c.Self())
					}
				},
			},
			{
				Kind: engine.Continuous, Static: engine.Static{
					ATK: -1000,
					Affects: func(c *ctx, id cardID) bool {
						return id == c.Self() && len(c.OppMonsters()) > 0
					},
				},
			},
		},
	})

	// Karate Man: once per turn its ATK becomes twice its original ATK until the end of the turn,
	// and it is destroyed in that turn's End Phase. The doubled ATK is a change of the card on
	// itself, which the End Phase's trigger looks for: it ends if the card leaves the field or is
	// turned face-down, and then nothing is destroyed.
	cards.Register(23289281, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatStatChange,
				Desc: "ATK becomes twice the original until the end of the turn; destroy it in the End Phase",
				Resolve: func(c *ctx) {
					self := c.Self()
					if !cards.FaceUpInMZone(c, self) {
						return
					}
					c.AddMod(self, engine.Modifier{Kind: engine.ModFinalATK, Value: 2 * c.BaseATK(self),
						Source: self, Expiry: engine.EndOfTurn})
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDestroy, OncePerTurn: true,
				Desc: "destroy this card",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.End && c.MarkedBy(c.Self(), c.Self())
				},
				Resolve: func(c *ctx) {
					if c.Place(c.Self()).Loc == engine.MZone {
						c.Destroy(c.Self())
					}
				},
			},
		},
	})

	// Dark Zebra: in its controller's Standby Phase, when it is the only monster they control, it
	// goes from face-up Attack to face-up Defense Position and cannot change position this turn.
	cards.Register(59784896, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatPosition, OncePerTurn: true,
			Desc: "change this card to Defense Position",
			TriggerIf: func(c *ctx) bool {
				return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You() && len(c.Monsters(c.You())) == 1
			},
			Resolve: func(c *ctx) {
				self := c.Self()
				if c.Place(self).Loc != engine.MZone || c.Pos(self) != engine.FaceUpAtk {
					return
				}
				c.ChangePosition(self, engine.FaceUpDef)
				c.AddMod(self, engine.Modifier{Kind: engine.ModFlags, Flags: engine.FlagCannotChangePosition,
					Expiry: engine.EndOfTurn})
			},
		}},
	})

	cards.Register(22567609, &engine.Script{ // Nimble Momonga
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Category:  engine.CatRecover | engine.CatSpecialSummon,
			Desc:      "gain 1000 LP, then Special Summon Nimble Momonga from the Deck face-down",
			TriggerIf: cards.SentToGYByBattle,
			Resolve: func(c *ctx) {
				c.Recover(c.You(), 1000)
				summonsFromDeck(c, engine.FaceDownDef)
			},
		}},
	})
	cards.Register(95178994, &engine.Script{ // Giant Germ
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDestroy), Range: engine.Locs(engine.GY),
			Category:  engine.CatDamage | engine.CatSpecialSummon,
			Desc:      "inflict 500 damage, then Special Summon Giant Germ from the Deck",
			TriggerIf: cards.SentToGYByBattle,
			Resolve: func(c *ctx) {
				c.DamageOpps(500)
				summonsFromDeck(c, engine.FaceUpAtk)
			},
		}},
	})

	cards.Register(95174353, onControlChange(engine.CatDamage, "its new controller takes 2000 damage", // Ameba
		func(c *ctx) { c.Damage(c.You(), 2000) }))
	cards.Register(95744531, onControlChange(engine.CatRecover, "its former controller gains 3000 LP", // Griggle
		func(c *ctx) { c.Recover(c.Opp(), 3000) }))

	cards.Register(11324436, &engine.Script{ // Electric Snake
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDiscard), Range: engine.Locs(engine.GY),
			Category: engine.CatDraw, Desc: "draw 2 cards",
			TriggerIf: discardedByOpp,
			Resolve:   func(c *ctx) { c.Draw(c.You(), 2) },
		}},
	})
	cards.Register(32539892, &engine.Script{ // Minar
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvDiscard), Range: engine.Locs(engine.GY),
			Category: engine.CatDamage, Desc: "inflict 1000 damage to the opponent",
			TriggerIf: discardedByOpp,
			Resolve:   func(c *ctx) { c.DamageOpps(1000) },
		}},
	})
	cards.Register(36039163, &engine.Script{ // Penguin Knight
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvMove), Range: engine.Locs(engine.GY),
			Desc: "shuffle the Graveyard into the Deck",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Card == c.Self() && ev.From.Loc == engine.Deck && ev.To.Loc == engine.GY && byOppEffect(c)
			},
			Resolve: func(c *ctx) {
				if gy := c.Pile(c.You(), engine.GY); len(gy) > 0 {
					c.PutOnDeck(c.List(gy), true)
					c.ShuffleDeck(c.You())
				}
			},
		}},
	})

	cards.Register(63162310, &engine.Script{CannotNormalSummon: true}) // Wall Shadow: only by Magical Labyrinth, which ignores the summoning conditions
}

func init() {
	// Banisher of the Light: while it is face-up on the field, every card that would be sent to
	// a Graveyard, of either player, is banished instead (engine.PFBanishGY; not the cards that
	// leave the field together with it, nor itself).
	cards.Register(61528025, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFBanishGY,
				AffectsPlayer: func(*ctx, engine.Seat) bool { return true },
			},
		}},
	})
}

func init() {
	// Kotodama: while it is face-up on the field (its effects not negated), monsters of one name
	// cannot be face-up on the field together. After each action (not in the Damage Step before
	// damage calculation, nor during it), the face-up monsters that were not face-up on the field
	// at its last look and share their name with another face-up monster are destroyed; the
	// monsters it has seen carry its mark (lost when they leave the field or are turned
	// face-down, and when Kotodama is no longer face-up on the field). A monster whose summon may
	// still be negated is not there yet. Several Kotodamas look one after the other, as
	// ygopro-core runs their adjustments: the turn player's first, then the one that came to the
	// field first, face-down or not (its field effect was registered first); one destroyed by an
	// earlier one's look looks no more (a Kotodama the turn player summons while the opponent's
	// is face-up sees that one as new and both are destroyed; a second one of the same player is
	// destroyed alone, unless it was Set before the first came and is now flipped: then both).
	// kotodamaArrived is the hidden counter that orders the Kotodamas on the field by arrival.
	const kotodama, kotodamaArrived = card.Passcode(19406822), "_arrived"
	cards.Register(kotodama, &engine.Script{
		CheckIn: cards.OnFieldLocs,
		Check: func(c *ctx) {
			if self := c.Self(); c.Counter(self, kotodamaArrived) == 0 {
				// Its place among the Kotodamas on the field by arrival, face-down or not.
				n := 0
				for _, id := range c.AllMonsters() {
					if id != self && c.Data(id).Passcode == kotodama {
						n = max(n, c.Counter(id, kotodamaArrived))
					}
				}
				c.AddCounter(self, kotodamaArrived, n+1)
			}
			if !c.Active(c.Self()) {
				return
			}
			switch c.Timing() {
			case engine.DamageStart, engine.BeforeCalc, engine.DuringCalc:
				return
			}
			faceUp := func() []cardID {
				return c.Filter(cards.FaceUpMonsters(c), func(id cardID) bool { return id != c.Summoning() })
			}
			lookers := slices.Clone(c.Filter(faceUp(), func(id cardID) bool {
				return c.Data(id).Passcode == kotodama && c.Active(id)
			}))
			slices.SortFunc(lookers, func(a, b cardID) int {
				ta, tb := c.Controller(a) == c.TurnPlayer(), c.Controller(b) == c.TurnPlayer()
				if ta != tb {
					if ta {
						return -1
					}
					return 1
				}
				if oa, ob := c.Counter(a, kotodamaArrived), c.Counter(b, kotodamaArrived); oa != ob {
					return oa - ob
				}
				return int(a) - int(b)
			})
			for _, k := range lookers {
				if !cards.FaceUpInMZone(c, k) || !c.Active(k) {
					continue
				}
				up := faceUp()
				var doomed []cardID
				for _, id := range up {
					if c.MarkedBy(id, k) {
						continue
					}
					for _, o := range up {
						if o != id && c.Name(o) == c.Name(id) {
							doomed = append(doomed, id)
							break
						}
					}
				}
				if len(doomed) > 0 {
					c.Destroy(doomed...)
				}
				if !cards.FaceUpInMZone(c, k) {
					continue
				}
				for _, id := range up {
					if cards.FaceUpInMZone(c, id) && !c.MarkedBy(id, k) && !slices.Contains(doomed, id) {
						c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Source: k, Expiry: engine.WhileSource})
					}
				}
			}
		},
	})
}

func init() {
	// Ceremonial Bell: while it is face-up on the field, both players' hands are revealed
	// (engine.PFRevealedHand: every view shows them, the spectators' too).
	cards.Register(20228463, &engine.Script{
		Effects: []*engine.Effect{{
			Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFRevealedHand,
				AffectsPlayer: func(*ctx, engine.Seat) bool { return true },
			},
		}},
	})
}
