package psv

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Pharaoh's Servant's Continuous Traps and Continuous Spells.

func init() {
	cards.Register(85742772, &engine.Script{ // Gravity Bind
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool {
					// "Level 4 or higher": a monster with no Level (an Xyz Monster) is not one.
					return cards.FaceUpInMZone(c, id) && c.Level(id) != 0 && !cards.LevelAtMost(c, id, 3)
				},
			}},
		},
	})

	// Solemn Wishes: an Automatic effect (no chain link, as ygopro-core's continuous one) each
	// time its controller draws; cards drawn together (Pot of Greed's two) give 500 once.
	cards.Register(35346968, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Automatic, On: engine.On(engine.EvDraw), Range: engine.Locs(engine.SZone), OncePerAction: true,
				Desc:      "gain 500 LP",
				TriggerIf: func(c *ctx) bool { return c.Event().Seat == c.You() },
				Resolve:   func(c *ctx) { c.Recover(c.You(), 500) },
			},
		},
	})

	cards.Register(23615409, &engine.Script{ // Insect Barrier
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				Flags: engine.FlagCannotAttack,
				Affects: func(c *ctx, id cardID) bool {
					return cards.FaceUpInMZone(c, id) && c.IsOpp(c.Controller(id)) && cards.HasRace(c, id, card.Insect)
				},
			}},
		},
	})

	// Respect Play: the turn player's hand is revealed (engine.PFRevealedHand), whichever player
	// that is; the other hand stays hidden.
	cards.Register(8951260, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFRevealedHand,
				AffectsPlayer: func(c *ctx, s engine.Seat) bool { return s == c.TurnPlayer() },
			}},
		},
	})

	// Call of the Haunted: the monster it summons carries a lasting mark of the Trap (it ends only
	// when the monster leaves the field) and the Trap's link. The monster destroyed, the Trap is
	// destroyed (Check), unless the Trap's effects are negated; the Trap leaving the field, the
	// monster it marked is destroyed with no chain link, wherever the Trap went. A monster that
	// leaves otherwise ends the link.
	haunted := func(c *ctx) []cardID {
		return cards.GYCards(c, c.You(), func(id cardID) bool {
			return cards.IsMonster(c, id) && c.CanSpecialSummon(id, c.You())
		})
	}
	cards.Register(97077563, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatSpecialSummon,
				HasTargets: cards.HasAny(1, haunted),
				Target:     cards.TargetFrom(1, haunted),
				Resolve: func(c *ctx) {
					t := c.Target()
					if t == engine.NoCard || c.Place(t).Loc != engine.GY || !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					if !c.SpecialSummon(t, c.You(), engine.FaceUpAtk) {
						return
					}
					c.AddMod(t, engine.Modifier{Kind: engine.ModFlags, Source: c.Self()})
					cards.Link(c, t)
				},
			},
			{
				Kind: engine.Automatic, On: engine.On(engine.EvMove), Unnegated: true,
				Range: engine.Locs(engine.GY, engine.Hand, engine.Deck, engine.Banished),
				Desc:  "destroy the monster it summoned",
				TriggerIf: func(c *ctx) bool {
					ev := c.Event()
					return ev.Card == c.Self() && ev.From.Loc == engine.SZone && len(c.Marked(c.Self())) > 0
				},
				Resolve: func(c *ctx) {
					if ms := c.Marked(c.Self()); len(ms) > 0 {
						c.Destroy(ms...)
					}
				},
			},
		},
		CheckIn: cards.OnFieldLocs,
		Check: func(c *ctx) {
			t := cards.Linked(c)
			if t == engine.NoCard || !cards.OnField(c, c.Self()) || c.MarkedBy(t, c.Self()) {
				return
			}
			cards.Unlink(c)
			// Negated (Jinzo), the Trap stays (ygopro-core; lockstep PSV seed 19).
			if c.DestroyedJustNow(t) && !c.Negated(c.Self()) {
				c.Destroy(c.Self())
			}
		},
	})

	// Burning Land: its activation destroys the cards in both Field Zones; in each Standby Phase a
	// mandatory trigger inflicts 500 damage to the turn player.
	cards.Register(24294108, &engine.Script{
		Effects: []*engine.Effect{
			{
				Kind: engine.Activate, Category: engine.CatDestroy,
				Resolve: func(c *ctx) {
					fields := c.Filter(c.AllSpellTraps(), func(id cardID) bool { return c.Place(id).Loc == engine.FZone })
					if len(fields) > 0 {
						c.Destroy(fields...)
					}
				},
			},
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase), Category: engine.CatDamage, Range: engine.Locs(engine.SZone),
				OncePerTurn: true, Desc: "500 damage to the turn player",
				TriggerIf: func(c *ctx) bool { return c.Event().Phase == engine.Standby },
				Resolve:   func(c *ctx) { c.Damage(c.TurnPlayer(), 500) },
			},
		},
	})
}
