package cards

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Short names for the engine's types used in this package.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
	effect = engine.Effect
)

const noCard = engine.NoCard

// FaceUp keeps the face-up cards.
func FaceUp(c *ctx, ids []cardID) []cardID {
	return c.Filter(ids, c.FaceUp)
}

// FaceUpMonsters returns every face-up monster on the field.
func FaceUpMonsters(c *ctx) []cardID { return FaceUp(c, c.AllMonsters()) }

// IsMonster, IsSpell and IsTrap test a card's kind.
func IsMonster(c *ctx, id cardID) bool { return c.Data(id).IsMonster() }

// IsSpell reports whether a card is a Spell.
func IsSpell(c *ctx, id cardID) bool { return c.Data(id).IsSpell() }

// IsTrap reports whether a card is a Trap.
func IsTrap(c *ctx, id cardID) bool { return c.Data(id).IsTrap() }

// OnField reports whether a card is on the field.
func OnField(c *ctx, id cardID) bool { return c.Place(id).Loc.OnField() }

// LevelAtMost reports whether a card is a monster of Level n or lower ("Level 4 or lower"): a
// monster with no Level (an Xyz Monster, whose Rank is no Level) never is. Card code asks a
// Level bound through it, never by comparing c.Level (TestLevelBoundsUseLevelAtMost).
func LevelAtMost(c *ctx, id cardID, n int) bool {
	lv := c.Level(id)
	return lv > 0 && lv <= n && c.Data(id).IsMonster()
}

// HasRace reports whether a card is of a monster Type: on the field, the Type it has now
// (engine.Static.Race: DNA Surgery's declared Type).
func HasRace(c *ctx, id cardID, r card.Race) bool { return c.Race(id) == r }

// HasAttr reports whether a card has an Attribute.
func HasAttr(c *ctx, id cardID, a card.Attribute) bool {
	return c.Data(id).Attribute == a
}

// DeckCards returns the cards of a seat's Deck that satisfy f.
func DeckCards(c *ctx, s engine.Seat, f func(cardID) bool) []cardID {
	return c.FilterPile(s, engine.Deck, f)
}

// GYCards returns the cards of a seat's Graveyard that satisfy f.
func GYCards(c *ctx, s engine.Seat, f func(cardID) bool) []cardID {
	return c.FilterPile(s, engine.GY, f)
}

// Both returns the cards of both seats (in a tag duel, of every seat still in the duel) from a
// function of a seat, the controller's first. The seats' lists are joined by Ctx.Concat, of any
// length without allocating (gathered in a buffer of 64 cards first, the Graveyards of a tag duel
// outgrew it and the list moved to the heap).
func Both(c *ctx, f func(engine.Seat) []cardID) []cardID {
	var parts [engine.MaxSeats][]cardID
	n := 0
	for _, s := range c.Players() {
		parts[n] = f(s)
		n++
	}
	return c.Concat(parts[:n]...)
}

// OppPile returns the cards of a pile of the opponent (in a tag duel, of both opponents).
func OppPile(c *ctx, l engine.Loc) []cardID {
	var parts [engine.MaxSeats][]cardID
	n := 0
	for _, s := range c.Opponents() {
		parts[n] = c.Pile(s, l)
		n++
	}
	return c.Concat(parts[:n]...)
}

// TargetFrom is a Target function that selects n targets among cands(c).
func TargetFrom(n int, cands func(c *ctx) []cardID) func(c *ctx) {
	return func(c *ctx) { c.SelectTargets(cands(c), n, n) }
}

// HasAny is a HasTargets function: at least n targetable candidates (the count stops at the
// n-th).
func HasAny(n int, cands func(c *ctx) []cardID) func(c *ctx) bool {
	return HasSome(n, cands, func(*ctx, cardID) bool { return true })
}

// HasSome is a HasTargets function: at least n targetable cards of src that fit, for the
// candidates Filter(src(c), fits) of a Target function. Unlike HasAny of those candidates it
// lists none of them and tests the cards only up to the n-th that qualifies (a check that runs
// at every prompt); fits must not change the duel.
func HasSome(n int, src func(c *ctx) []cardID, fits func(c *ctx, id cardID) bool) func(c *ctx) bool {
	return func(c *ctx) bool { return hasSome(c, n, src(c), fits) }
}

// hasSome reports whether at least n of ids fit and are targetable, testing them up to the n-th.
func hasSome(c *ctx, n int, ids []cardID, fits func(c *ctx, id cardID) bool) bool {
	k := 0
	for _, id := range ids {
		if fits(c, id) && c.Targetable(id) {
			if k++; k >= n {
				return true
			}
		}
	}
	return n <= 0
}

// hasSomeMonster is HasSome of every monster on the field (AllMonsters' order), with the
// monsters listed on the stack rather than in a list of the duel's.
func hasSomeMonster(n int, fits func(c *ctx, id cardID) bool) func(c *ctx) bool {
	return func(c *ctx) bool {
		var buf [32]cardID
		return hasSome(c, n, c.AppendAllMonsters(buf[:0]), fits)
	}
}

// OppAttacks: the event is an attack declared by a monster of the effect's opponent.
func OppAttacks(c *ctx) bool {
	ev := c.Event()
	return ev != nil && c.IsOpp(c.Controller(ev.Card))
}

// EquipSpell builds an Equip Spell: activate targeting a face-up monster that fits, equip it on
// resolution (even with its effects negated: engine.Effect.Attaches); while equipped, the monster
// gains atk and def.
func EquipSpell(fits func(c *ctx, id cardID) bool, atk, def int) *engine.Script {
	cands := func(c *ctx) []cardID {
		return c.Filter(FaceUpMonsters(c), func(id cardID) bool { return fits(c, id) })
	}
	return &engine.Script{EquipFits: fits, Effects: []*effect{
		{
			Kind: engine.Activate, Category: engine.CatEquip, Attaches: true,
			Desc:       "equip to a face-up monster",
			HasTargets: hasSomeMonster(1, func(c *ctx, id cardID) bool { return c.FaceUp(id) && fits(c, id) }),
			Target:     TargetFrom(1, cands),
			Resolve: func(c *ctx) {
				if t := c.Target(); t != noCard && c.FaceUp(t) && fits(c, t) {
					c.Equip(c.Self(), t)
				}
			},
		},
		{
			Kind: engine.Continuous,
			Static: engine.Static{
				ATK:     atk,
				DEF:     def,
				Affects: func(c *ctx, id cardID) bool { return c.EquipTarget(c.Self()) == id },
			},
		},
	}}
}

// FieldBoost is a Continuous effect of a Field Spell: face-up monsters of a Type gain atk/def.
func FieldBoost(races []card.Race, atk, def int) *effect {
	return &effect{
		Kind: engine.Continuous,
		Static: engine.Static{
			ATK: atk,
			DEF: def,
			Affects: func(c *ctx, id cardID) bool {
				if c.Place(id).Loc != engine.MZone || !c.FaceUp(id) {
					return false
				}
				for _, r := range races {
					if HasRace(c, id, r) {
						return true
					}
				}
				return false
			},
		},
	}
}

// ActivateOnly is the bare activation of a card whose work is done by its other effects (a Field
// Spell, a Continuous Spell or Trap).
func ActivateOnly() *effect {
	return &effect{Kind: engine.Activate, Desc: "activate this card"}
}

// StatUntilEnd gives a target face-up monster ATK/DEF until the end of the turn.
func StatUntilEnd(c *ctx, id cardID, atk, def int) {
	if atk != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModATK, Value: atk, Expiry: engine.EndOfTurn})
	}
	if def != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModDEF, Value: def, Expiry: engine.EndOfTurn})
	}
}

// DestroyAllEffect destroys every card that cands returns.
func DestroyAll(cands func(c *ctx) []cardID) func(c *ctx) {
	return func(c *ctx) { c.Destroy(cands(c)...) }
}

// NonEmpty is a condition: cands returns at least one card.
func NonEmpty(cands func(c *ctx) []cardID) func(c *ctx) bool {
	return func(c *ctx) bool { return len(cands(c)) > 0 }
}

// BoostUntilEnd builds a Spell or Trap that targets 1 face-up monster, which gains atk and def until
// the end of the turn (a stat change: legal in the Damage Step until damage calculation).
func BoostUntilEnd(atk, def int) *engine.Script {
	cands := func(c *ctx) []cardID { return FaceUpMonsters(c) }
	return &engine.Script{Effects: []*effect{{
		Kind: engine.Activate, Category: engine.CatStatChange,
		HasTargets: hasSomeMonster(1, func(c *ctx, id cardID) bool { return c.FaceUp(id) }),
		Target:     TargetFrom(1, cands),
		Resolve: func(c *ctx) {
			if t := c.Target(); t != noCard && c.FaceUp(t) {
				StatUntilEnd(c, t, atk, def)
			}
		},
	}}}
}

// DestroyExtreme destroys, without targeting, the card of cands with the lowest (or the highest)
// value; when several tie, the effect's controller chooses among them (not a target). Fissure:
// lowest ATK; Smashing Ground: highest DEF.
func DestroyExtreme(c *ctx, cands []cardID, value func(cardID) int, highest bool) {
	var best []cardID
	for _, id := range cands {
		v := value(id)
		switch {
		case len(best) == 0 || highest && v > value(best[0]) || !highest && v < value(best[0]):
			best = []cardID{id}
		case v == value(best[0]):
			best = append(best, id)
		}
	}
	if len(best) > 1 {
		best = c.SelectCards(c.You(), best, 1, 1, engine.ForNothing)
	}
	c.Destroy(best...)
}
