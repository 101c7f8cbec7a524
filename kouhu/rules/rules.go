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

// SummoningSickness: a creature Normal Summoned or Set this turn cannot attack or use its effects
// until the End Phase (RULES.md kouhu).
func (*procedures) SummoningSickness() bool { return true }

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
