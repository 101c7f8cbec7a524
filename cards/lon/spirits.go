package lon

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// LON's monsters Special Summoned from the hand by banishing monsters of an Attribute from the
// GY (Spirit of Flames, The Rock Spirit, Aqua Spirit, Garuda the Wind Spirit, Soul of Purity and
// Light), and Gilasaurus, Special Summoned from the hand for free at the price of a revival for
// the opponent.

// attrMonster fits a monster of the Attribute (the banished cards of a Spirit's summon).
func attrMonster(a card.Attribute) func(c *ctx, id cardID) bool {
	return func(c *ctx, id cardID) bool { return cards.IsMonster(c, id) && c.Data(id).Attribute == a }
}

// inBattlePhaseOf says whether it is the Battle Phase of the card's controller (yours) or of the
// opponent (!yours).
func inBattlePhaseOf(c *ctx, yours bool) bool {
	return c.Phase() == engine.Battle && (c.TurnPlayer() == c.You()) == yours
}

// battlePhaseBoost is a Continuous effect: the monster gains atk ATK during its controller's
// (yours) or the opponent's Battle Phase.
func battlePhaseBoost(atk int, yours bool) *engine.Effect {
	return &engine.Effect{Kind: engine.Continuous, Static: engine.Static{
		ATK:     atk,
		Affects: func(c *ctx, id cardID) bool { return id == c.Self() && inBattlePhaseOf(c, yours) },
	}}
}

// opponentsPhasePosition is an optional trigger in the opponent's Phase ph, once a turn: target
// 1 face-up monster the opponent controls and change its battle position (Attack to Defense and
// back); with lock, it then cannot change its position until the end of the turn.
func opponentsPhasePosition(ph engine.Phase, lock bool) *engine.Effect {
	cands := func(c *ctx) []cardID {
		return c.Filter(c.Monsters(c.Opp()), func(id cardID) bool { return c.FaceUp(id) })
	}
	return &engine.Effect{
		Kind: engine.Trigger, On: engine.On(engine.EvPhase), Optional: true, OncePerTurn: true,
		Category: engine.CatPosition,
		Desc:     "change the battle position of a face-up monster the opponent controls",
		TriggerIf: func(c *ctx) bool {
			return c.Event().Phase == ph && c.TurnPlayer() != c.You()
		},
		HasTargets: cards.HasAny(1, cands),
		Target:     cards.TargetFrom(1, cands),
		Resolve: func(c *ctx) {
			t := c.Target()
			if t == engine.NoCard || c.Controller(t) == c.You() || !cards.FaceUpInMZone(c, t) {
				return
			}
			if c.Pos(t) == engine.FaceUpAtk {
				c.ChangePosition(t, engine.FaceUpDef)
			} else {
				c.ChangePosition(t, engine.FaceUpAtk)
			}
			if lock {
				c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Flags: engine.FlagCannotChangePosition,
					Expiry: engine.EndOfTurn})
			}
		},
	}
}

func init() {
	cards.Register(13522325, &engine.Script{ // Spirit of Flames
		CannotNormalSummon: true,
		SummonProc:         cards.BanishProc(1, attrMonster(card.Fire)),
		Effects:            []*engine.Effect{battlePhaseBoost(300, true)},
	})
	cards.Register(76305638, &engine.Script{ // The Rock Spirit
		CannotNormalSummon: true,
		SummonProc:         cards.BanishProc(1, attrMonster(card.Earth)),
		Effects:            []*engine.Effect{battlePhaseBoost(300, false)},
	})
	cards.Register(40916023, &engine.Script{ // Aqua Spirit
		CannotNormalSummon: true,
		SummonProc:         cards.BanishProc(1, attrMonster(card.Water)),
		Effects:            []*engine.Effect{opponentsPhasePosition(engine.Standby, true)},
	})
	cards.Register(12800777, &engine.Script{ // Garuda the Wind Spirit
		CannotNormalSummon: true,
		SummonProc:         cards.BanishProc(1, attrMonster(card.Wind)),
		Effects:            []*engine.Effect{opponentsPhasePosition(engine.End, false)},
	})
	cards.Register(77527210, &engine.Script{ // Soul of Purity and Light
		CannotNormalSummon: true,
		SummonProc:         cards.BanishProc(2, attrMonster(card.Light)),
		Effects: []*engine.Effect{{
			Kind: engine.Continuous, Static: engine.Static{
				ATK: -300,
				Affects: func(c *ctx, id cardID) bool {
					return c.Place(id).Loc == engine.MZone && c.FaceUp(id) && c.Controller(id) != c.You() &&
						inBattlePhaseOf(c, false)
				},
			},
		}},
	})

	// Gilasaurus: Special Summoned from the hand by its own procedure (no cost), the opponent
	// may then Special Summon 1 monster from their GY.
	cards.Register(45894482, &engine.Script{ // Gilasaurus
		SummonProc: &engine.SummonProc{},
		Effects: []*engine.Effect{{
			Kind: engine.Trigger, On: engine.On(engine.EvSpecialSummon), Category: engine.CatSpecialSummon,
			Desc: "the opponent may Special Summon 1 monster from their GY",
			// Only a summon by its own procedure: the rules' summon, with no card's effect
			// as its reason.
			TriggerIf: func(c *ctx) bool { ev := c.Event(); return ev.Card == c.Self() && ev.Reason == engine.NoCard },
			Resolve: func(c *ctx) {
				opp := c.Opp()
				cands := cards.GYCards(c, opp, func(id cardID) bool {
					return cards.IsMonster(c, id) && c.CanSpecialSummon(id, opp)
				})
				if len(cands) == 0 || c.FreeZones(opp, engine.MZone) == 0 || !c.AskYesNo(opp) {
					return
				}
				if picked := c.SelectCards(opp, cands, 1, 1, engine.ForNothing); len(picked) == 1 {
					c.SpecialSummon(picked[0], opp, engine.FaceUp)
				}
			},
		}},
	})
}
