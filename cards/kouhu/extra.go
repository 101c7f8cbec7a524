package kouhu

import (
	"slices"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// The extra creatures (fusion, ritual, evolution) and the spells that summon them. The evolution
// summon itself is a rule (the `special` verb); fusion and ritual summons are made by the spells'
// scripts through rules.Fusion and rules.Ritual (package kouhu/rules).

// summonedAs is the condition of "When this creature is fusion-/ritual-/evolution-summoned": the
// event is its own summon, of that kind.
func summonedAs(st engine.SummonType) func(c *ctx) bool {
	return func(c *ctx) bool { return c.Event().Card == c.Self() && c.SummonType(c.Self()) == st }
}

// fusionPool returns the creatures that may be fusion materials: the controller's face-up
// creatures and the creatures in its hand.
func fusionPool(c *ctx) []cardID {
	pool := myCreatures(c)
	for _, id := range c.Pile(c.You(), engine.Hand) {
		if isCreatureCard(c, id) {
			pool = append(pool, id)
		}
	}
	return pool
}

// fusionChoices returns the cards that may be picked next as materials of a fusion creature,
// given those already picked: cards of a material still needed, after which the rest can still
// be found, at least one of all of them on the field.
func fusionChoices(c *ctx, fk *kouhu.Card, pool, picked []cardID) []cardID {
	need := map[kouhu.ID]int{}
	for _, m := range fk.Materials {
		need[m]++
	}
	onField := false
	for _, p := range picked {
		need[kouhu.ID(c.Data(p).Passcode)]--
		onField = onField || c.Place(p).Loc == engine.MZone
	}
	free := func(ex cardID) (have map[kouhu.ID]int, field map[kouhu.ID]bool) {
		have, field = map[kouhu.ID]int{}, map[kouhu.ID]bool{}
		for _, id := range pool {
			if id == ex || containsCard(picked, id) {
				continue
			}
			k := kouhu.ID(c.Data(id).Passcode)
			have[k]++
			field[k] = field[k] || c.Place(id).Loc == engine.MZone
		}
		return have, field
	}
	var out []cardID
	for _, id := range pool {
		k := kouhu.ID(c.Data(id).Passcode)
		if containsCard(picked, id) || need[k] <= 0 {
			continue
		}
		have, field := free(id)
		ok, fieldLeft := true, onField || c.Place(id).Loc == engine.MZone
		for m, n := range need {
			if m == k {
				n--
			}
			if have[m] < n {
				ok = false
			}
			if n > 0 && field[m] {
				fieldLeft = true
			}
		}
		if ok && fieldLeft {
			out = append(out, id)
		}
	}
	return out
}

// containsCard reports whether a card is among ids.
func containsCard(ids []cardID, id cardID) bool { return slices.Contains(ids, id) }

// fusionable returns the fusion creatures of the controller's Extra Deck it can fusion-summon now.
func fusionable(c *ctx) []cardID {
	return c.Filter(c.Pile(c.You(), engine.Extra), func(id cardID) bool {
		k := kc(c, id)
		return k != nil && k.Kind == kouhu.FusionCreature && krules.HasFusionMaterials(c, id)
	})
}

// canFuse reports whether the controller can fusion-summon a fusion creature of its Extra Deck
// now (fusionable is not empty): it stops at the first, and asks once for copies of one card.
func canFuse(c *ctx) bool {
	extra := c.Pile(c.You(), engine.Extra)
fusions:
	for i, id := range extra {
		if k := kc(c, id); k == nil || k.Kind != kouhu.FusionCreature {
			continue
		}
		for _, o := range extra[:i] {
			if c.Data(o) == c.Data(id) {
				continue fusions // the same materials as an earlier copy
			}
		}
		if krules.HasFusionMaterials(c, id) {
			return true
		}
	}
	return false
}

// fuse is Polymerization's resolution: choose a fusion creature, then its materials one at a
// time (each pick leaves a way to complete them), and fusion-summon it.
func fuse(c *ctx) {
	got := c.SelectCards(c.You(), fusionable(c), 1, 1, engine.ForNothing)
	if len(got) == 0 {
		return // nothing can be fusion-summoned any more
	}
	f := got[0]
	fk := kc(c, f)
	pool := fusionPool(c)
	var picked []cardID
	for range fk.Materials {
		pick := c.SelectCards(c.You(), fusionChoices(c, fk, pool, picked), 1, 1, engine.ForMaterial)
		if len(pick) == 0 {
			return
		}
		picked = append(picked, pick[0])
	}
	krules.Fusion(c, f, picked)
}

// ritualPlan returns, for a ritual creature of the Extra Deck summoned by the effect's card, the
// creatures it may tribute and, for each Attribute its condition asks to discard, the creatures
// of the hand of that Attribute; ok is false when the summon cannot be made.
func ritualPlan(c *ctx, id cardID) (tributes []cardID, discards [][]cardID, ok bool) {
	rk := kc(c, id)
	if rk == nil || rk.Kind != kouhu.RitualCreature || rk.SummonBy != kouhu.ID(c.Data(c.Self()).Passcode) ||
		len(rk.Materials) == 0 {
		return nil, nil, false
	}
	tributes = c.Filter(myCreatures(c), func(x cardID) bool { return is(c, x, rk.Materials[0]) })
	hand := c.Pile(c.You(), engine.Hand)
	used := map[cardID]bool{}
	for _, a := range rk.Condition.Discard {
		fits := c.Filter(hand, func(x cardID) bool {
			k := kc(c, x)
			return k != nil && k.IsCreature() && k.Attribute == a
		})
		discards = append(discards, fits)
		// The Attributes asked are different, so one card never fits two of them; a free card of
		// each is enough.
		free := c.Filter(fits, func(x cardID) bool { return !used[x] })
		if len(free) == 0 {
			return nil, nil, false
		}
		used[free[0]] = true
	}
	return tributes, discards, len(tributes) > 0
}

// ritual is Black Luster Ritual's resolution: when the summon can be made, choose the ritual
// creature, the creature to tribute and a card to discard for each Attribute, and ritual-summon
// it; otherwise the card does nothing (and goes to the Graveyard, nothing tributed).
func ritual(c *ctx) {
	rituals := c.Filter(c.Pile(c.You(), engine.Extra), func(id cardID) bool {
		_, _, ok := ritualPlan(c, id)
		return ok
	})
	got := c.SelectCards(c.You(), rituals, 1, 1, engine.ForNothing)
	if len(got) == 0 {
		return
	}
	r := got[0]
	tributes, discards, _ := ritualPlan(c, r)
	t := c.SelectCards(c.You(), tributes, 1, 1, engine.ForTribute)
	var thrown []cardID
	for _, fits := range discards {
		d := c.SelectCards(c.You(), c.Filter(fits, func(x cardID) bool { return !containsCard(thrown, x) }),
			1, 1, engine.ForDiscard)
		if len(d) == 0 {
			return
		}
		thrown = append(thrown, d[0])
	}
	krules.Ritual(c, r, t[0], thrown)
}

func init() {
	register(blueEyesUltimateDragon, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDamage,
			Desc:      "fusion-summoned: deal 1000 damage to each opposing creature",
			TriggerIf: summonedAs(engine.FusionSummoned),
			Resolve: func(c *ctx) {
				for _, t := range oppCreatures(c) {
					krules.DamageCreature(c, t, 1000)
				}
			},
		}},
	})

	oppCards := func(c *ctx) []cardID {
		var buf [32]cardID
		out := buf[:0]
		for _, s := range c.Opponents() {
			out = append(out, c.Monsters(s)...)
			out = append(out, c.SpellTraps(s)...)
		}
		return c.List(out)
	}
	register(blackLusterSoldier, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDestroy,
			Desc:       "ritual-summoned: destroy up to 2 of the opponent's cards",
			TriggerIf:  summonedAs(engine.RitualSummoned),
			HasTargets: func(c *ctx) bool { return len(oppCards(c)) > 0 },
			Target:     func(c *ctx) { c.SelectTargets(oppCards(c), 1, 2) },
			Resolve:    func(c *ctx) { c.Destroy(c.Targets()...) },
		}},
	})

	register(thousandDragon, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatDraw,
			Desc:      "evolution-summoned: draw 1 card",
			TriggerIf: summonedAs(engine.EvolutionSummoned),
			Resolve:   func(c *ctx) { c.Draw(c.You(), 1) },
		}},
	})

	untappedOpp := func(c *ctx) []cardID {
		return c.Filter(oppCreatures(c), func(id cardID) bool { return !c.Tapped(id) })
	}
	register(gaiaTheDragonChampion, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatPosition,
			Desc:       "fusion-summoned: tap up to 2 opposing creatures",
			TriggerIf:  summonedAs(engine.FusionSummoned),
			HasTargets: func(c *ctx) bool { return len(untappedOpp(c)) > 0 },
			Target:     func(c *ctx) { c.SelectTargets(untappedOpp(c), 1, 2) },
			Resolve: func(c *ctx) {
				for _, t := range c.Targets() {
					if krules.IsCreature(c, t) {
						c.Tap(t, true)
					}
				}
			},
		}},
	})

	register(polymerization, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			Desc:      "fusion-summon 1 fusion creature",
			Condition: canFuse,
			Resolve:   fuse,
		}},
	})

	register(blackLusterRitual, &engine.Script{
		Effects: []*effect{{
			Kind: engine.Activate, Category: engine.CatSpecialSummon,
			Desc:    "ritual-summon Black Luster Soldier",
			Resolve: ritual,
		}},
	})
}
