package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	// Magical Hats: during the opponent's Battle Phase (its Start Step to its End Step), its
	// controller chooses, as it resolves, 1 monster it controls (not a target) and 2 Spell or
	// Trap Cards of its Deck; the monster is turned face-down if it is face-up, the 2 cards are
	// Special Summoned face-down in Defense Position as Normal Monsters with 0 ATK and DEF and no
	// Level, Attribute or Type (engine.Ctx.SummonAsMonster), shown to the opponent, and the 3
	// are shuffled among their zones (engine.Ctx.ShuffleSetMonsters). The 2 cards carry a mark of
	// Magical Hats; its Automatic effect, from the Graveyard or banished, destroys the marked
	// cards still on the field at the end of that Battle Phase (those it cannot destroy are sent
	// to the Graveyard), as ygopro-core's delayed effect of the activation does. The Deck is
	// shuffled last. Not yet as ygopro-core: a card flipped face-up and then turned face-down
	// again before the end of the Battle Phase loses the mark (a lasting change ends when a card
	// is turned face-down) and stays, where ygopro-core's flag survives that.
	const hatMark = 1
	self := func(c *ctx) []cardID {
		var out []cardID
		for _, id := range c.Monsters(c.You()) {
			if c.Pos(id) == engine.FaceDownDef || c.CanTurnFaceDown(id) {
				out = append(out, id)
			}
		}
		return out
	}
	hats := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			d := c.Data(id)
			return !d.IsMonster() && c.CanSummonAsMonster(id, c.You())
		})
	}
	marked := func(c *ctx) []cardID {
		var out []cardID
		for _, id := range append(c.AllMonsters(), c.AllSpellTraps()...) {
			if v, ok := c.MarkValue(id, c.Self()); ok && v == hatMark {
				out = append(out, id)
			}
		}
		return out
	}
	cards.Register(81210420, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatSpecialSummon,
				Desc:      "Set 2 Spells/Traps of the Deck as monsters with 1 of your monsters, shuffled",
				OppPhases: engine.Phases(engine.Battle),
				HasTargets: func(c *ctx) bool {
					return len(self(c)) > 0 && c.FreeZones(c.You(), engine.MZone) >= 2 && len(hats(c)) >= 2
				},
				Resolve: func(c *ctx) {
					if c.FreeZones(c.You(), engine.MZone) < 2 || len(hats(c)) < 2 {
						return
					}
					ms := c.SelectCards(c.You(), self(c), 1, 1, engine.ForNothing)
					if len(ms) == 0 || c.Unaffected(ms[0]) {
						return
					}
					two := c.SearchCards(c.You(), hats(c), 2, 2, engine.ForNothing)
					if c.FaceUp(ms[0]) {
						c.ChangePosition(ms[0], engine.FaceDownDef)
						c.Settle() // its equip cards are destroyed now, before the summons (as ygopro-core)
					}
					var set []cardID
					for _, id := range two {
						if c.SummonAsMonster(id, c.You(), engine.FaceDownDef, 0, 0) {
							c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Source: c.Self(), Value: hatMark, Expiry: engine.EndOfTurn})
							set = append(set, id)
						}
					}
					c.ConfirmTo(c.Opp(), set...)
					c.ShuffleSetMonsters(append(set, ms[0])...)
					c.ShuffleDeck(c.You()) // cards left the Deck (ygopro-core shuffles it)
				},
			},
			{
				Kind: engine.Automatic, Unnegated: true, On: engine.On(engine.EvStep, engine.EvPhase),
				Range: engine.Locs(engine.GY, engine.Banished),
				Desc:  "destroy the cards Set as monsters at the end of the Battle Phase",
				TriggerIf: func(c *ctx) bool {
					return battlePhaseEnds(c) && len(marked(c)) > 0
				},
				Resolve: func(c *ctx) {
					ids := marked(c)
					c.Destroy(ids...)
					for _, id := range ids {
						if cards.OnField(c, id) {
							c.SendToGY(id)
						}
					}
				},
			},
		},
	})
}
