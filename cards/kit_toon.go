package cards

import (
	"sync"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Toon monsters (Magic Ruler): summoned from the hand by their own procedure while their
// controller controls a face-up Toon World, tributing as a Tribute Summon would; they cannot
// attack in the turn they are summoned, each attack costs 500 LP, they attack directly unless the
// opponent controls a face-up Toon monster (then they may attack only face-up Toons), and they
// are destroyed when Toon World is.

// ToonWorld is the passcode of Toon World, which the Toon monsters need.
const ToonWorld card.Passcode = 15259703

// toonWorld is the card the Toon rules look for: Toon World (a test gives another card its part).
var toonWorld = ToonWorld

// toons are the passcodes of the Toon monsters (Toon), written by init functions only.
var toons = struct {
	sync.Mutex
	m map[card.Passcode]bool
}{m: map[card.Passcode]bool{}}

// IsToon reports whether a card is a Toon monster (its script was made by Toon).
func IsToon(c *ctx, id cardID) bool {
	toons.Lock()
	defer toons.Unlock()
	return toons.m[c.Data(id).Passcode]
}

// controlsToonWorld reports whether the effect's controller controls a face-up Toon World.
func controlsToonWorld(c *ctx) bool {
	for _, id := range c.SpellTraps(c.You()) {
		if c.Data(id).Passcode == toonWorld && c.FaceUp(id) {
			return true
		}
	}
	return false
}

// oppControlsToon reports whether an opponent of the effect's controller controls a face-up
// Toon monster.
func oppControlsToon(c *ctx) bool {
	for _, id := range c.OppMonsters() {
		if c.FaceUp(id) && IsToon(c, id) {
			return true
		}
	}
	return false
}

// toonTributes is the number of tributes a Toon's procedure takes: as a Tribute Summon.
func toonTributes(level int) int {
	switch {
	case level >= 7:
		return 2
	case level >= 5:
		return 1
	}
	return 0
}

// Toon makes the card of passcode code a Toon monster: it adds the Toon rules to its script sc
// (its own effects, if any) and returns it, for cards.Register(code, cards.Toon(code, sc)).
func Toon(code card.Passcode, sc *engine.Script) *engine.Script {
	toons.Lock()
	toons.m[code] = true
	toons.Unlock()
	sc.CannotNormalSummon = true
	sc.SummonProc = &engine.SummonProc{
		Condition: func(c *ctx) bool {
			n := toonTributes(c.Data(c.Self()).Level)
			if !controlsToonWorld(c) {
				return false
			}
			if n == 0 {
				return c.FreeZones(c.You(), engine.MZone) > 0
			}
			return len(c.Monsters(c.You())) >= n
		},
		Cost: func(c *ctx) {
			if n := toonTributes(c.Data(c.Self()).Level); n > 0 {
				c.Tribute(c.SelectCards(c.You(), c.Monsters(c.You()), n, n, engine.ForTribute)...)
			}
		},
	}
	sc.Effects = append(sc.Effects,
		SelfFlag(engine.FlagCannotAttack, func(c *ctx) bool { return c.ArrivedThisTurn(c.Self()) }),
		SelfFlag(engine.FlagDirectAttack, func(c *ctx) bool { return !oppControlsToon(c) }),
		// While the opponent controls a face-up Toon it attacks only face-up Toons, never
		// directly.
		SelfFlag(engine.FlagNoDirectAttack, oppControlsToon),
		&effect{Kind: engine.Continuous, Static: engine.Static{
			Affects: func(c *ctx, id cardID) bool { return id == c.Self() },
			AttackTarget: func(c *ctx, _, t cardID) bool {
				return !oppControlsToon(c) || c.FaceUp(t) && IsToon(c, t)
			},
		}},
		AttackLPCost(500),
		&effect{
			Kind: engine.Automatic, On: engine.On(engine.EvDestroy),
			Desc: "destroyed when Toon World is destroyed",
			TriggerIf: func(c *ctx) bool {
				ev := c.Event()
				return ev.Code == toonWorld && ev.FromUp && ev.From.Loc.OnField()
			},
			Resolve: func(c *ctx) {
				if OnField(c, c.Self()) {
					c.Destroy(c.Self())
				}
			},
		},
	)
	return sc
}
