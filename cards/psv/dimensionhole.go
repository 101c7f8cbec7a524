package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// dimensionholeBy is Dimensionhole's mark on the monster it banished (a hidden counter, cleared if
// the monster leaves the banishment some other way): the player who activated it, plus 1.
//
// As ygopro-core plays it (its return is a Continuous effect of that player): the monster returns
// in the player's next Standby Phase (a Normal Spell activated in the player's Main Phase: the
// opponent's Standby Phase passes first). Monsters of several Dimensionholes return in the order
// they were banished (ygopro-core's effects in the order they were made), one after the other: a
// zone the first leaves locked is free for the next (lockstep probe seed 8). Where a monster
// returns and its zone's lock: engine/tempbanish.go.
const dimensionholeBy = "_dimensionhole_by"

func init() {
	ownMonsters := func(c *ctx) []cardID { return c.Monsters(c.You()) }
	cards.Register(22959079, &engine.Script{ // Dimensionhole
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatRemove,
				Desc:       "banish 1 monster you control until your next Standby Phase; its Monster Zone cannot be used meanwhile",
				HasTargets: cards.HasAny(1, ownMonsters),
				Target:     func(c *ctx) { c.SelectTargets(ownMonsters(c), 1, 1) },
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.MZone || !c.BanishTemporarily(t) {
						return
					}
					c.AddCounter(t, dimensionholeBy, int(c.You())+1)
				},
			},
			{
				// ygopro-core's Continuous effect of the player: no chain link, and it holds
				// wherever the Spell is and whatever becomes of it. The first Dimensionhole of the
				// player to apply returns every monster the player's Dimensionholes banished.
				Kind: engine.Automatic, On: engine.On(engine.EvPhase), Range: anywhere, Unnegated: true,
				Desc: "in your next Standby Phase, the banished monster returns to the field",
				TriggerIf: func(c *ctx) bool {
					return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You() &&
						len(dimensionholeBanished(c)) > 0
				},
				Resolve: func(c *ctx) {
					for _, id := range dimensionholeBanished(c) {
						c.ReturnToField(id)
					}
				},
			},
		},
	})
}

// dimensionholeBanished returns the monsters your Dimensionholes banished that are still banished,
// in the order they were banished (each banished pile in turn, yours first).
func dimensionholeBanished(c *ctx) []cardID {
	var out []cardID
	for _, s := range c.Players() {
		out = append(out, c.FilterPile(s, engine.Banished, func(id cardID) bool {
			return c.Counter(id, dimensionholeBy) == int(c.You())+1 && c.TemporarilyBanished(id)
		})...)
	}
	return out
}
