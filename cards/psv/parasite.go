package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(27911549, &engine.Script{ // Parasite Paracide
		Effects: []*engine.Effect{
			{
				// Into the opponent's Deck, unless it left the field before this resolves or was
				// destroyed by the battle that flipped it (it waits on the field for the end of
				// the Damage Step, and goes to its owner's Graveyard: ygopro-core, lockstep PSV
				// seed 13).
				Kind: engine.Flip, Desc: "shuffle this card into the opponent's Deck",
				Resolve: func(c *ctx) {
					if cards.OnField(c, c.Self()) && !c.DestroyedByBattle(c.Self()) {
						c.ShuffleIntoDeck(c.Self(), c.Opp())
					}
				},
			},
			{
				// Drawn by a player who is not its owner (it went into their Deck by its FLIP):
				// summoned to that player's field, which it then turns Insect.
				Kind: engine.Trigger, On: engine.On(engine.EvDraw), Range: engine.Locs(engine.Hand),
				Category: engine.CatSpecialSummon | engine.CatDamage, Desc: "Special Summon this card to your field; take 1000 damage",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Card == c.Self() && c.Place(c.Self()).Seat != c.Owner(c.Self())
				},
				Resolve: func(c *ctx) {
					if c.Place(c.Self()).Loc != engine.Hand || !c.SpecialSummon(c.Self(), c.You(), engine.FaceUpDef) {
						return
					}
					c.Damage(c.You(), 1000)
					c.AddMod(c.Self(), engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
				},
			},
			{
				// While it stays face-up on the field where its draw summoned it.
				Kind: engine.Continuous,
				Static: engine.Static{
					Affects: func(c *engine.Ctx, id engine.CardID) bool {
						return c.Controller(id) == c.You() && c.MarkedBy(c.Self(), c.Self())
					},
					Race: func(*engine.Ctx, engine.CardID) card.Race { return card.Insect },
				},
			},
		},
	})
}
