package engine

import "github.com/duelistgame/duelist/kouhu"

// The card API of the kouhu ruleset (RULES.md "kouhu"): what its cards do that Yu-Gi-Oh! cards
// do not. Everything else (destroy, draw, search, counters, modifiers, targets) is the common Ctx.

// Kouhu returns a card's kouhu data, or nil for a card outside the kouhu set.
func (c *Ctx) Kouhu(id CardID) *kouhu.Card { return c.g.kc(id) }

// PayCost taps n cost cards of the effect's controller (an additional cost). It reports false,
// paying nothing, when there are not enough; the card is then negated by the caller's rule.
func (c *Ctx) PayCost(n int) bool {
	if !c.g.canPay(c.player, n) {
		return false
	}
	c.g.pay(c.player, n)
	return true
}

// ResourceFromDeck puts the top card of a seat's Deck into its resource zone as a cost card,
// tapped or not; nothing happens with an empty Deck. A cost card made while a chain resolves
// cannot pay until the chain ends.
func (c *Ctx) ResourceFromDeck(s Seat, tapped bool) {
	c.step()
	d := c.g.pl(s).deck
	if len(d) == 0 {
		return
	}
	c.g.addResource(d[len(d)-1], s, tapped)
}

// UntapResource untaps one tapped cost card of a seat; it reports whether there was one. A cost
// card untapped while a chain resolves cannot pay until the chain ends.
func (c *Ctx) UntapResource(s Seat) bool {
	for _, id := range c.g.pl(s).res {
		if c.g.c(id).tapped {
			c.g.tap(id, false)
			c.g.c(id).resFresh = c.g.resolving != nil || len(c.g.chain) > 0
			return true
		}
	}
	return false
}

// EndBattlePhase ends the turn player's Battle Phase once the chain has resolved: no more attacks,
// the duel goes on to Main Phase 2 (Wall of Wind). An attack in progress stops.
func (c *Ctx) EndBattlePhase() {
	if c.g.phase == Battle {
		c.g.battleEnded = true
	}
}

// Tapped reports whether a card is tapped.
func (c *Ctx) Tapped(id CardID) bool { return c.g.c(id).tapped }

// Tap taps or untaps a creature (a tapped creature cannot attack or block).
func (c *Ctx) Tap(id CardID, tapped bool) {
	c.step()
	c.g.tap(id, tapped)
}

// IsCreature reports whether a card on the field is a face-up kouhu creature (an ambush creature
// has no stats, type or effects).
func (c *Ctx) IsCreature(id CardID) bool {
	k := c.g.kc(id)
	return k != nil && k.IsCreature() && c.g.c(id).place.Loc == MZone && c.g.c(id).pos.IsFaceUp()
}

// Creatures returns a seat's face-up creatures (not artifacts, not ambush creatures).
func (c *Ctx) Creatures(s Seat) []CardID {
	var out []CardID
	for _, id := range c.g.pl(s).mzone {
		if id != NoCard && c.IsCreature(id) {
			out = append(out, id)
		}
	}
	return out
}

// DamageCreature deals effect damage to a creature: its DEF is lowered until the End Phase, and at
// 0 it is destroyed (not by battle).
func (c *Ctx) DamageCreature(id CardID, n int) {
	c.step()
	g := c.g
	if n <= 0 || !c.IsCreature(id) {
		return
	}
	cut := min(n, g.def(id))
	cs := g.c(id)
	cs.mods = append(cs.mods, Modifier{Kind: ModDEF, Value: -cut, Source: c.card, Expiry: EndOfTurn, Turn: g.turn})
	g.changeSeq++
	g.emitCard(EvModified, id, NoCard)
	if g.def(id) <= 0 {
		g.destroyBy(id, c.card, false)
	}
}

// KouhuFusion fusion-summons an extra creature from the effect controller's Extra Deck (seed 000
// 融合召唤): one card per listed material goes from the hand and field to the Graveyard, at least
// one of them from the field. It reports whether the summon happened.
func (c *Ctx) KouhuFusion(id CardID, materials []CardID) bool {
	c.step()
	g := c.g
	for _, m := range materials {
		g.move(m, Place{Seat: g.c(m).owner, Loc: GY}, FaceUp, EvMove)
	}
	return c.kSummonExtra(id, FusionSummoned)
}

// KouhuFusionMaterials returns, for a fusion creature of the Extra Deck, one choice of materials
// the controller could send (nil when none): candidates from the hand and the field, one per
// listed material, at least one on the field.
func (c *Ctx) KouhuFusionMaterials(id CardID) [][]CardID {
	g := c.g
	k := g.kc(id)
	if k == nil || k.Kind != kouhu.FusionCreature {
		return nil
	}
	var pool []CardID
	pool = append(pool, c.Creatures(c.player)...)
	for _, h := range g.pl(c.player).hand {
		if hk := g.kc(h); hk != nil && hk.IsCreature() {
			pool = append(pool, h)
		}
	}
	var out [][]CardID
	var pick []CardID
	used := make([]bool, len(pool))
	var rec func(i int)
	rec = func(i int) {
		if len(out) >= 16 {
			return
		}
		if i == len(k.Materials) {
			for _, p := range pick {
				if g.c(p).place.Loc == MZone {
					out = append(out, append([]CardID(nil), pick...))
					return
				}
			}
			return
		}
		for j, p := range pool {
			if !used[j] && kouhu.ID(g.c(p).data.Passcode) == k.Materials[i] {
				used[j] = true
				pick = append(pick, p)
				rec(i + 1)
				pick = pick[:len(pick)-1]
				used[j] = false
			}
		}
	}
	rec(0)
	return out
}

// KouhuRitual ritual-summons a ritual creature from the Extra Deck: the tributed creature and the
// discarded cards go to the Graveyard first.
func (c *Ctx) KouhuRitual(id, tribute CardID, discards []CardID) bool {
	c.step()
	g := c.g
	g.move(tribute, Place{Seat: g.c(tribute).owner, Loc: GY}, FaceUp, EvTribute)
	for _, d := range discards {
		g.move(d, Place{Seat: g.c(d).owner, Loc: GY}, FaceUp, EvDiscard)
	}
	return c.kSummonExtra(id, RitualSummoned)
}

// kSummonExtra puts an extra creature face-up on the controller's field with no summoning
// sickness (a summon made while an effect resolves: it cannot be answered).
func (c *Ctx) kSummonExtra(id CardID, st SummonType) bool {
	g := c.g
	if g.c(id).place.Loc != Extra {
		return false
	}
	g.placeMonsterAs(id, c.player, FaceUpAtk, EvSpecialSummon, st)
	cs := g.c(id)
	cs.proper = true
	g.pl(c.player).summonTurn = g.turn
	g.kLegendary(id)
	return true
}

// Search looks through a seat's Deck for a card that fits (seed 000 检索, RULES.md "kouhu" deck
// rules): the seat chooses one, it is shown to the opponent and added to the hand, and the Deck is
// shuffled. With an empty Deck nothing happens. A search that finds nothing is a failed search:
// the searching card is negated and sent to the Graveyard, and the Deck is shuffled. It returns
// the card found, or NoCard.
func (c *Ctx) Search(s Seat, fits func(CardID) bool) CardID {
	c.step()
	g := c.g
	deck := g.pl(s).deck
	if len(deck) == 0 {
		return NoCard
	}
	var cands []CardID
	for i := len(deck) - 1; i >= 0; i-- {
		if fits(deck[i]) {
			cands = append(cands, deck[i])
		}
	}
	if len(cands) == 0 {
		if l := g.resolving; l != nil {
			l.negEff = true
			if cs := g.c(l.card); cs.place.Loc.OnField() { // a creature too (seed 000)
				g.move(l.card, Place{Seat: cs.owner, Loc: GY}, FaceUp, EvMove)
			}
		}
		g.shuffle(s)
		return NoCard
	}
	found := c.SearchCards(s, cands, 1, 1, ForNothing)[0]
	g.moveEv(found, Place{Seat: g.c(found).owner, Loc: Hand}, FaceDown, EvMove, false, true)
	g.shuffle(s)
	return found
}
