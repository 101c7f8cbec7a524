package mrl

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRL's Ritual Monsters and their Ritual Spells.

func init() {
	for _, r := range []struct{ monster, spell card.Passcode }{
		{30243636, 80811661}, // Hungry Burger, Hamburger Recipe
		{4849037, 43417563},  // Performance of Sword, Commencement Dance
		{91782219, 76806714}, // Crab Turtle, Turtle Oath
	} {
		cards.Register(r.monster, cards.RitualMonster())
		cards.Register(r.spell, cards.RitualSpell(r.monster))
	}
	cards.Register(64631466, relinquished())              // Relinquished
	cards.Register(41426869, cards.RitualSpell(64631466)) // Black Illusion Ritual
	cards.Register(64389297, magicalLabyrinth())          // Magical Labyrinth
}

// labyrinthWall and wallShadow are the passcodes of Labyrinth Wall, the monster Magical Labyrinth
// equips, and of Wall Shadow, the monster it summons.
const labyrinthWall, wallShadow card.Passcode = 67284908, 63162310

// magicalLabyrinth is Magical Labyrinth: equipped only to Labyrinth Wall; its Ignition effect
// tributes the equipped monster (a cost: a monster its controller controls) to Special Summon
// Wall Shadow from the Deck, ignoring its summoning conditions (properly summoned).
func magicalLabyrinth() *engine.Script {
	shadows := func(c *ctx) []cardID {
		return cards.DeckCards(c, c.You(), func(id cardID) bool {
			return c.Data(id).Passcode == wallShadow
		})
	}
	wall := func(c *ctx) cardID {
		if t := c.EquipTarget(c.Self()); t != noCard && c.Controller(t) == c.You() {
			return t
		}
		return noCard
	}
	return cards.EquipWith(func(c *ctx, id cardID) bool { return c.Data(id).Passcode == labyrinthWall },
		&engine.Effect{
			Kind: engine.Ignition, Range: engine.Locs(engine.SZone), Category: engine.CatSpecialSummon,
			Desc:   "tribute the equipped monster to Special Summon Wall Shadow from your Deck",
			CanPay: func(c *ctx) bool { return wall(c) != noCard },
			Pay:    func(c *ctx) { c.Tribute(wall(c)) },
			// Not a target: a Wall Shadow in the Deck (the tribute frees a zone).
			HasTargets: func(c *ctx) bool { return len(shadows(c)) > 0 },
			Resolve: func(c *ctx) {
				if c.FreeZones(c.You(), engine.MZone) == 0 {
					return
				}
				if got := c.SearchCards(c.You(), shadows(c), 1, 1, engine.ForNothing); len(got) > 0 {
					c.SpecialSummonIgnoringConditions(got[0], c.You(), engine.FaceUp)
				}
				c.ShuffleDeck(c.You())
			},
		})
}

// relinquished is Relinquished: a Ritual Monster that, once per turn while it has absorbed no
// monster, takes a monster of the opponent as an Equip card (any position); its ATK and DEF
// become that monster's printed ones, the absorbed monster is destroyed instead of it by
// battle, and the battle damage its controller takes from its battles is dealt to the opponent
// too.
func relinquished() *engine.Script {
	absorbed := func(c *ctx) cardID {
		for _, id := range c.AllSpellTraps() {
			if c.EquipTarget(id) == c.Self() && cards.IsMonster(c, id) {
				return id
			}
		}
		return noCard
	}
	self := func(c *ctx, id cardID) bool { return id == c.Self() }
	sc := cards.RitualMonster(
		&engine.Effect{
			Kind: engine.Ignition, OncePerTurn: true, Category: engine.CatEquip,
			Desc:       "equip a monster of your opponent to this card",
			Condition:  func(c *ctx) bool { return absorbed(c) == noCard && c.FreeZones(c.You(), engine.SZone) > 0 },
			HasTargets: cards.HasAny(1, func(c *ctx) []cardID { return c.OppMonsters() }),
			Target:     cards.TargetFrom(1, func(c *ctx) []cardID { return c.OppMonsters() }),
			Resolve: func(c *ctx) {
				t := c.Target()
				if t == noCard || c.Place(t).Loc != engine.MZone || !c.IsOpp(c.Controller(t)) {
					return
				}
				if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
					return
				}
				if absorbed(c) != noCard {
					c.SendToGY(t) // it has one already: the target goes to the Graveyard
					return
				}
				c.AbsorbMonster(t, c.Self())
			},
		},
		&engine.Effect{Kind: engine.Continuous, Static: engine.Static{
			Affects: self,
			SetATK: func(c *ctx, _ cardID) (int, bool) {
				if a := absorbed(c); a != noCard {
					if !c.FaceUp(a) {
						return 0, true // a face-down one has no stats to give
					}
					return c.Data(a).ATK, true
				}
				return 0, false
			},
			SetDEF: func(c *ctx, _ cardID) (int, bool) {
				if a := absorbed(c); a != noCard {
					if !c.FaceUp(a) {
						return 0, true // a face-down one has no stats to give
					}
					return c.Data(a).DEF, true
				}
				return 0, false
			},
		}},
		&engine.Effect{
			Kind: engine.Automatic, On: engine.On(engine.EvDamage),
			Desc: "your opponent takes the same battle damage",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Battle && ev.Seat == c.You() && ev.Amount > 0 && absorbed(c) != noCard &&
					(c.Attacker() == c.Self() || c.AttackTarget() == c.Self())
			},
			Resolve: func(c *ctx) { c.Damage(c.Opp(), c.Event().Amount) },
		},
	)
	sc.BattleSubstitute = true
	return sc
}
