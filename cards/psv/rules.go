package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Continuous Traps that change rules for both players: Infinite Dismissal,
// DNA Surgery, The Regulation of Tribe.

// normalOrFlipSummonedThisTurn reports whether a face-up monster was Normal Summoned (a Tribute
// Summon too) or Flip Summoned this turn and has stayed face-up since.
func normalOrFlipSummonedThisTurn(c *ctx, id cardID) bool {
	if !c.UpThisTurn(id) {
		return false
	}
	switch c.SummonType(id) {
	case engine.NormalSummoned:
		return c.ArrivedThisTurn(id)
	case engine.FlipSummoned:
		return true
	}
	return false
}

func init() {
	// Infinite Dismissal: a mandatory trigger in every End Phase, whatever the field holds
	// (ygopro-core activates it with nothing to destroy), destroys the Level 3 or lower monsters
	// Normal or Flip Summoned this turn, before this card was activated too.
	cards.Register(54109233, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDestroy, Range: engine.Locs(engine.SZone),
				OncePerTurn: true, Desc: "destroy the Level 3 or lower monsters Normal or Flip Summoned this turn",
				TriggerIf: func(c *ctx) bool { return c.Event().Phase == engine.End },
				Resolve: func(c *ctx) {
					ms := c.Filter(c.AllMonsters(), func(id cardID) bool {
						return cards.LevelAtMost(c, id, 3) && normalOrFlipSummonedThisTurn(c, id)
					})
					if len(ms) > 0 {
						c.Destroy(ms...)
					}
				},
			},
		},
	})

	// DNA Surgery: the Type declared as it is activated is kept as the value of a mark the card
	// puts on itself as it resolves; while it is face-up every face-up monster on the field is of
	// that Type (engine.Static.Race).
	cards.Register(74701381, &engine.Script{
		Effects: []*engine.Effect{
			declareTypeActivation("declare a Type: every face-up monster becomes it"),
			{Kind: engine.Continuous, Static: engine.Static{
				Affects: func(c *ctx, id cardID) bool { return cards.FaceUpInMZone(c, id) },
				Race:    func(c *ctx, _ cardID) card.Race { return declaredType(c) },
			}},
		},
	})

	// The Regulation of Tribe: monsters of the Type declared as it is activated (kept as DNA
	// Surgery's) cannot attack, on both sides; in each of its controller's Standby Phases, with no
	// chain link, they Tribute 1 monster they control or it is destroyed (ygopro-core asks first
	// whether to Tribute).
	cards.Register(296499, &engine.Script{
		Effects: []*engine.Effect{
			declareTypeActivation("declare a Type: monsters of it cannot attack"),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool {
					t := declaredType(c)
					return t != card.NoRace && c.Place(id).Loc == engine.MZone && c.Race(id) == t
				},
			}},
			{
				// Even while its effects are negated (ygopro-core's effect that cannot be disabled).
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Unnegated: true,
				Desc: "upkeep: Tribute 1 monster in your Standby Phase, or destroy this card",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
				},
				Resolve: func(c *ctx) {
					if ms := c.Monsters(c.You()); len(ms) > 0 && c.AskYesNo(c.You()) {
						c.Tribute(c.SelectCards(c.You(), ms, 1, 1, engine.ForTribute)...)
						return
					}
					c.Destroy(c.Self())
				},
			},
		},
	})
}

// declareTypeActivation is the activation of a Continuous Trap that declares a monster Type as it
// is activated (the number is kept for the resolution) and keeps it, once resolved, as the value
// of a mark on itself (declaredType).
func declareTypeActivation(desc string) *engine.Effect {
	return &engine.Effect{
		Kind: engine.Activate, Desc: desc,
		Target: func(c *ctx) { c.SetParam(int(c.DeclareType(c.You()))) },
		Resolve: func(c *ctx) {
			if cards.OnField(c, c.Self()) && c.FaceUp(c.Self()) {
				c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: c.Param()})
			}
		},
	}
}

// declaredType is the Type the card declared (declareTypeActivation), card.NoRace before its
// activation resolved.
func declaredType(c *ctx) card.Race {
	if v, ok := c.MarkValue(c.Self(), c.Self()); ok {
		return card.Race(v)
	}
	return card.NoRace
}
