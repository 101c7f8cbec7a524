// Package rules is the kouhu ruleset's procedures (seed 000, RULES.md "kouhu") on the duel kernel
// of package engine: the turn with its resource action and Preparation Phase, Levels paid in cost
// cards, the Normal and Advanced Summons, ambush, artifacts and evolution, blocking combat and the
// chain speeds 0-3. It implements engine.Procedures; Rules returns the engine.Rules that run them.
// Its cards are those of package kouhu (the data) and cards/kouhu (the scripts), which calls the
// card operations of this package (Fusion, Ritual, Search ...).
//
// The import graph: engine ← kouhu/rules ← ruleset ← cards ← drivers; the kernel knows nothing of
// kouhu.
package rules

import (
	"fmt"
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// Rules returns the rules of seed 000 (RULES.md "kouhu"): 8000 LP, a 5-card hand, no hand limit,
// no zone limit, the first player draws and may battle, a resource zone, no windows at phase
// boundaries, each player's own Field Spell, no tag duels; the kouhu procedures; its cards are
// those of package kouhu (the card database when the duel is given none).
func Rules() engine.Rules {
	return engine.Rules{Name: "kouhu", StartLP: 8000, StartHand: 5, FirstTurnBattle: true,
		UnlimitedZones: true, ResourceZone: true, NoPhaseWindows: true, KeepOtherFields: true,
		NoTag: true, Procedures: Procedures()}
}

// Procedures returns the kouhu procedures (always the same value).
func Procedures() engine.Procedures { return theProcedures }

// theProcedures is the one kouhu procedures value. Its methods have a pointer receiver, so the
// kernel's calls through the interface reach them directly (a value receiver goes through a
// wrapper that copies the value first).
var theProcedures = &procedures{}

// procedures implements engine.Procedures; it has no state (the duel's state is the kernel's).
type procedures struct{}

// kc returns a card's kouhu data, or nil for a card outside the kouhu set.
func kc(k *engine.Kernel, id engine.CardID) *kouhu.Card {
	c, _ := k.RuleData(id).(*kouhu.Card)
	return c
}

// CardDB returns the kouhu card database.
func (*procedures) CardDB() *card.DB { return kouhu.CardDB() }

// CardData returns a card's kouhu data (a *kouhu.Card), or nil.
func (*procedures) CardData(code card.Passcode) any {
	if c, _ := kouhu.Cards().ByID(kouhu.ID(code)); c != nil {
		return c
	}
	return nil
}

// IsExtra: fusion, ritual and evolution creatures are in the Extra Deck.
func (*procedures) IsExtra(_ *card.Data, data any) bool {
	k, _ := data.(*kouhu.Card)
	return k != nil && k.IsExtra()
}

// TributeClass: a Level is a cost, so a hidden card keeps its Level.
func (*procedures) TributeClass(level int) int { return level }

// NonMonster: artifacts stand in the creature & artifact zone.
func (*procedures) NonMonster(k *engine.Kernel, id engine.CardID) bool {
	c := kc(k, id)
	return c != nil && c.Kind.IsArtifact()
}

// Exportable refuses a kouhu state that the `.duel` setup keys cannot write beyond what the
// kernel checks (engine.Duel.Position): a card on the field outside the kouhu set (the loader
// places only kouhu creatures and artifacts), an artifact face-down. Cost cards, tapped cards,
// summoning sickness, counters and equip artifacts are written by the kernel's export.
func (*procedures) Exportable(k *engine.Kernel) error {
	for s := engine.A; s <= engine.B; s++ {
		for _, l := range []engine.Loc{engine.MZone, engine.SZone, engine.FZone} {
			for _, id := range k.Zone(s, l) {
				if id == engine.NoCard {
					continue
				}
				c := kc(k, id)
				switch {
				case c == nil:
					return fmt.Errorf("engine: position: %s at %s is not a kouhu card: the .duel setup keys cannot write it", k.Data(id).Name, k.Place(id))
				case l == engine.MZone && !c.IsCreature() && !c.Kind.IsArtifact():
					return fmt.Errorf("engine: position: %s at %s is neither a creature nor an artifact: the .duel setup keys cannot write it", k.Data(id).Name, k.Place(id))
				case c.Kind.IsArtifact() && !k.Pos(id).IsFaceUp():
					return fmt.Errorf("engine: position: the artifact %s at %s is face-down: the .duel setup keys cannot write it", k.Data(id).Name, k.Place(id))
				}
			}
		}
	}
	return nil
}

// RunPhase runs the current phase of a kouhu turn: Draw (no cards may be used), Preparation (the
// Standby Phase: untap everything; no cards may be used), Main 1, Battle, Main 2, End (no
// actions; the changes to ATK and DEF of battle and effects end).
func (*procedures) RunPhase(k *engine.Kernel) {
	tp := k.TurnPlayer()
	switch k.Phase() {
	case engine.Draw:
		k.BeginPhase(engine.Draw)
		if !(k.Turn() == 1 && k.Rules().NoFirstDraw) {
			k.Draw(tp)
			k.CheckState()
		}
		k.NextPhase(engine.Standby)
	case engine.Standby:
		k.BeginPhase(engine.Standby)
		k.UntapAll(tp)
		k.NextPhase(engine.Main1)
	case engine.Main1, engine.Main2:
		k.MainPhase()
	case engine.Battle:
		k.BattlePhase()
	case engine.End:
		k.BeginPhase(engine.End)
		k.EndTurn()
	}
}

// IdleAction takes a kouhu idle action other than activate, battle and end: a resource, a
// summon, a Set, a flip, an artifact placed, an evolution.
func (*procedures) IdleAction(k *engine.Kernel, o engine.Option) {
	switch o.Kind {
	case engine.OptResource:
		k.MarkAction()
		k.PlaceResource(o.Card, k.TurnPlayer())
	case engine.OptSummon, engine.OptSet:
		if k.Data(o.Card).IsMonster() {
			summon(k, o.Card, false, o.Kind == engine.OptSet)
		} else {
			k.SetSpell(o.Card)
		}
	case engine.OptAdvance, engine.OptAdvanceSet:
		summon(k, o.Card, true, o.Kind == engine.OptAdvanceSet)
	case engine.OptFlip:
		flip(k, o.Card)
	case engine.OptPlace:
		place(k, o.Card)
	case engine.OptSpecial:
		evolve(k, o.Card)
	}
}

// IdlePrompt lists the kouhu Main Phase options: resource, summon, set (ambush or a Spell/Trap),
// advance, advance-set, flip, place, special (evolution), activate, battle, end.
//
// Every hand card is looked at once (its kouhu data, which of its options it has, whether an
// earlier copy of it already has them: the copies in the hand are one reference, one option),
// and the creature zone once (the tributes, the flips, whether any face-up creature could be
// evolved from); the options are then listed in their order, kind by kind.
func (*procedures) IdlePrompt(k *engine.Kernel) {
	tp := k.TurnPlayer()
	p := k.NewPrompt(engine.PromptIdle, tp)
	hand := k.Zone(tp, engine.Hand)
	var infoBuf [scratch]handInfo
	info := infoBuf[:0]
	if len(hand) > len(infoBuf) {
		info = make([]handInfo, 0, len(hand))
	}
	res := k.Resources(tp)
	noSummon := k.PlayerHas(tp, engine.PFCannotSummon)
	var tribBuf [scratch]engine.CardID
	var tributes []engine.CardID
	tributesMade := false
	for i, id := range hand {
		h := handInfo{id: id}
		for j := range i {
			if k.Data(hand[j]) == k.Data(id) {
				h.dup = true // an earlier copy: the same reference, listed once
				info = append(info, h)
				break
			}
		}
		if h.dup {
			continue
		}
		c := kc(k, id)
		switch {
		case c == nil:
		case c.IsCreature():
			if !c.IsExtra() && c.Level > 0 && !noSummon {
				h.summon = c.Level <= res
				if !tributesMade {
					tributes, tributesMade = appendTributable(tribBuf[:0], k, tp), true
				}
				h.advance = tributeSetExists(k, id, tributes)
			}
		case c.Kind.IsArtifact():
			h.place = placeable(k, id, tp, res)
		}
		h.set = h.summon || c != nil && !k.Data(id).IsMonster() && (c.Kind.IsSpell() || c.Kind.IsTrap())
		info = append(info, h)
	}
	if k.CanPlaceResource(tp) {
		for _, h := range info {
			if !h.dup {
				p.Add(engine.OptResource, h.id)
			}
		}
	}
	for _, h := range info {
		if h.summon {
			p.Add(engine.OptSummon, h.id)
		}
	}
	for _, h := range info {
		if h.set {
			p.Add(engine.OptSet, h.id)
		}
	}
	for _, h := range info {
		if h.advance {
			p.Add(engine.OptAdvance, h.id)
			p.Add(engine.OptAdvanceSet, h.id)
		}
	}
	var srcBuf [scratch]kouhu.ID
	sources := srcBuf[:0] // the face-up cards of the seat's creature zone: evolution sources
	for _, id := range k.Zone(tp, engine.MZone) {
		if id == engine.NoCard {
			continue
		}
		if k.Pos(id).IsFaceUp() {
			sources = append(sources, kouhu.ID(k.Data(id).Passcode))
		} else if flippable(k, id) {
			p.Add(engine.OptFlip, id)
		}
	}
	for _, h := range info {
		if h.place {
			p.Add(engine.OptPlace, h.id)
		}
	}
	k.AddActivations(p, tp, true)
	if len(sources) > 0 && !noSummon {
		extra := k.Zone(tp, engine.Extra)
	evolutions:
		for i, id := range extra {
			c := kc(k, id)
			if c == nil || c.Kind != kouhu.EvolutionCreature || len(c.Materials) == 0 ||
				!slices.Contains(sources, c.Materials[0]) {
				continue
			}
			for _, o := range extra[:i] {
				if k.Data(o) == k.Data(id) {
					continue evolutions // an earlier copy: the same reference, listed once
				}
			}
			if evolutionSource(k, id, tp) != engine.NoCard {
				p.Add(engine.OptSpecial, id)
			}
		}
	}
	if k.Phase() == engine.Main1 {
		p.Add(engine.OptBattle, engine.NoCard)
	}
	p.Add(engine.OptEnd, engine.NoCard)
}

// handInfo is what IdlePrompt found of a hand card: the options it has, or that an earlier copy
// in the hand stands for it (dup: it has none of its own).
type handInfo struct {
	id                               engine.CardID
	dup, summon, set, advance, place bool
}

// SetupMonster places a creature or an artifact of a kouhu position (a face-up creature is
// written `atk` or `up`, an ambush creature `set`).
func (*procedures) SetupMonster(k *engine.Kernel, s engine.Seat, m engine.MonsterSetup) (engine.CardID, error) {
	d, ok := k.DB().ByPasscode(m.Code)
	if !ok {
		return engine.NoCard, fmt.Errorf("%w: passcode %d", card.ErrUnknownCard, m.Code)
	}
	c, _ := kouhu.Cards().ByID(kouhu.ID(m.Code))
	if c == nil || !c.IsCreature() && !c.Kind.IsArtifact() {
		return engine.NoCard, fmt.Errorf("%s is neither a creature nor an artifact", d.Name)
	}
	pos := m.Pos
	if pos == engine.FaceUpDef {
		pos = engine.FaceUpAtk // kouhu creatures have no battle positions: face-up or in ambush
	}
	if c.Kind.IsArtifact() {
		if pos == engine.FaceDownDef {
			return engine.NoCard, fmt.Errorf("%s: artifacts are never Set", d.Name)
		}
		pos = engine.FaceUp
	}
	id, err := k.PlaceSetupMonster(s, m, pos)
	if err != nil {
		return engine.NoCard, err
	}
	k.SetActive(id, c.Kind.IsArtifact())
	// Equip artifacts stand in the creature & artifact zone.
	return id, k.SetupEquips(s, id, m.Equips, engine.MZone, func(d *card.Data) bool {
		ek, _ := kouhu.Cards().ByID(kouhu.ID(d.Passcode))
		return ek != nil && ek.Kind == kouhu.EquipArtifact
	}, "an equip artifact")
}
