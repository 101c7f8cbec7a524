package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Gate Guardian and its three parts; Harpie Lady Sisters and Elegant Egotist, which summons them.

// The passcodes of Gate Guardian's parts and of the Harpie Ladies.
const (
	sangaOfTheThunder card.Passcode = 25955164
	kazejin           card.Passcode = 62340868
	suijin            card.Passcode = 98434877
	harpieLady        card.Passcode = 76812113
	harpieLadySisters card.Passcode = 12206212
	elegantEgotist    card.Passcode = 90219263
)

func init() {
	for _, code := range []card.Passcode{sangaOfTheThunder, kazejin, suijin} {
		cards.Register(code, &engine.Script{Effects: []*engine.Effect{cards.AttackerATKZeroInCalc()}})
	}
	cards.Register(25833572, &engine.Script{ // Gate Guardian
		CannotNormalSummon: true,
		SummonProc:         cards.TributeNamesProc(sangaOfTheThunder, kazejin, suijin),
	})

	// Harpie Lady Sisters: only the revive limit. Elegant Egotist summons it ignoring its
	// conditions, properly; once it was, Monster Reborn may bring it back.
	cards.Register(harpieLadySisters, &engine.Script{CannotNormalSummon: true})

	faceUpHarpie := func(c *ctx) bool {
		for _, id := range c.Concat(c.AllMonsters(), c.AllSpellTraps()) {
			if c.FaceUp(id) && c.Data(id).Passcode == harpieLady {
				return true
			}
		}
		return false
	}
	summonable := func(c *ctx) []cardID {
		return c.Filter(c.Concat(c.Pile(c.You(), engine.Hand), c.Pile(c.You(), engine.Deck)), func(id cardID) bool {
			p := c.Data(id).Passcode
			return (p == harpieLady || p == harpieLadySisters) && c.CanSpecialSummonIgnoringConditions(id, c.You())
		})
	}
	cards.Register(elegantEgotist, &engine.Script{Effects: []*engine.Effect{{
		Kind: engine.Activate, Category: engine.CatSpecialSummon,
		Condition: func(c *ctx) bool { return faceUpHarpie(c) && len(summonable(c)) > 0 },
		Resolve: func(c *ctx) {
			got := c.SearchCards(c.You(), summonable(c), 1, 1, engine.ForNothing)
			if len(got) > 0 {
				c.SpecialSummonIgnoringConditions(got[0], c.You(), engine.FaceUp)
			}
		},
	}}})
}
