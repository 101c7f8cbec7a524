package engine

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
)

// setupLinks sets up what a position's cards name of one another once every seat's cards are
// placed: the bindings (`bound`), the modifiers, links and effects used (`mods`, `link`,
// `used`), the seats' rule changes, revive limits met, tribute grants and names used.
func (g *game) setupLinks(pos Position, later *setupLater) error {
	for _, b := range later.binds {
		if err := g.bindSetup(b); err != nil {
			what := "spell"
			if b.monster {
				what = "monster"
			}
			return fmt.Errorf("%w: seat %s: %s %d: bound: %v", ErrBadPosition, SeatName(b.seat, g.tag), what, b.entry, err)
		}
	}
	for _, s := range g.seats() {
		for _, p := range pos.Seats[s].Proper {
			id, err := g.cardAt(p)
			if err == nil && p.Loc != GY && p.Loc != Banished {
				err = fmt.Errorf("not a card in the Graveyard or banished")
			}
			if err != nil {
				return fmt.Errorf("%w: seat %s: proper: %v", ErrBadPosition, SeatName(s, g.tag), err)
			}
			g.c(id).proper = true
		}
		for _, p := range pos.Seats[s].TributeGrants {
			id, err := g.cardAt(p)
			if err != nil {
				return fmt.Errorf("%w: seat %s: tribute_grants: %v", ErrBadPosition, SeatName(s, g.tag), err)
			}
			g.grants = append(g.grants, tributeGrant{seat: s, card: id, turn: g.turn})
		}
	}
	for _, m := range later.mods {
		if err := g.applySetupMods(m); err != nil {
			return fmt.Errorf("%w: %v", ErrBadPosition, err)
		}
	}
	for _, s := range g.seats() {
		if err := g.applySetupRules(s, pos.Seats[s].Rules); err != nil {
			return fmt.Errorf("%w: seat %s: %v", ErrBadPosition, SeatName(s, g.tag), err)
		}
		for _, u := range pos.Seats[s].PileUsed {
			id, err := g.cardAt(u.At)
			if err == nil && g.c(id).place.Loc.OnField() {
				err = fmt.Errorf("the card is on the field: its entry says what it used")
			}
			if err == nil {
				err = g.applySetupMods(setupMods{id: id, where: "used " + RefText(u.At, g.tag), used: u.Used})
			}
			if err != nil {
				return fmt.Errorf("%w: seat %s: used %s: %v", ErrBadPosition, SeatName(s, g.tag), RefText(u.At, g.tag), err)
			}
		}
		for i, u := range pos.Seats[s].UsedNames {
			if _, ok := g.db.ByPasscode(u.Code); !ok || u.Effect < 0 {
				return fmt.Errorf("%w: seat %s: used name %d: no card %d, or effect %d", ErrBadPosition, SeatName(s, g.tag), i+1, u.Code, u.Effect)
			}
			idx := u.Effect
			if idx == 0 {
				idx = -1 // every effect of the name
			}
			g.names = append(g.names, nameUse{seat: s, code: u.Code, idx: idx, turn: g.turn})
		}
	}
	return nil
}

// newSetupToken makes a position's token: its data is the one of that name among the tokens of
// the card that creates it (Script.Tokens; with no name, its only one).
func (g *game) newSetupToken(m MonsterSetup, owner Seat, p Place, pos Pos) (CardID, error) {
	var sc *Script
	if g.lib != nil {
		sc = g.lib.Script(m.TokenOf)
	}
	var d *card.Data
	if sc != nil {
		for _, t := range sc.Tokens {
			if t.Name == m.TokenName || m.TokenName == "" && len(sc.Tokens) == 1 ||
				m.Code != 0 && t.Passcode == m.Code {
				d = t
				break
			}
		}
	}
	if d == nil {
		return NoCard, fmt.Errorf("token: card %d makes no token %q (Script.Tokens)", m.TokenOf, m.TokenName)
	}
	id := g.newToken(d, owner)
	c := g.c(id)
	c.pos = pos
	g.put(id, p)
	return id, nil
}

// setupLater is what a position sets up once every seat's cards are placed: the bindings, then
// the modifiers (either may name a card of another seat).
type setupLater struct {
	binds []setupBinding
	mods  []setupMods
}

// setupBinding is a position's spell to bind once every seat is set up (its monster may be the
// other seat's).
type setupBinding struct {
	id    CardID
	seat  Seat
	entry int // the spell's index in its seat's list, from 1
	to    Place
	// monster: the entry is a monster entry (a kouhu equip artifact), not a spell.
	monster bool
}

// bindSetup binds a position's face-up spell to the monster in the zone its entry names: an Equip
// card is attached to a face-up monster; any other card needs a Script.Bind, which is run.
func (g *game) bindSetup(b setupBinding) error {
	c := g.c(b.id)
	if !c.pos.IsFaceUp() {
		return fmt.Errorf("%s is Set: only a face-up card is bound to a monster", c.data.Name)
	}
	if b.to.Loc != MZone || int(b.to.Seat) >= g.seatCount() || b.to.Seq < 0 || b.to.Seq >= len(g.pl(b.to.Seat).mzone) {
		return fmt.Errorf("%s is not a Monster Zone of this duel", b.to.Text(g.tag))
	}
	t := g.pl(b.to.Seat).mzone[b.to.Seq]
	if t == NoCard {
		return fmt.Errorf("%s holds no monster", b.to.Text(g.tag))
	}
	switch {
	case c.data.Kind.Has(equipKind):
		if !g.c(t).pos.IsFaceUp() {
			return fmt.Errorf("%s is equipped only to a face-up monster, and %s's is face-down", c.data.Name, b.to.Text(g.tag))
		}
		g.attachSetupEquip(b.id, t)
	case c.script != nil && c.script.Bind != nil:
		ctx := g.ctx(b.id, nil, c.ctrl, nil, nil)
		c.script.Bind(ctx, t)
		g.release()
	default:
		return fmt.Errorf("%s is neither an Equip card nor a card that says how it is bound (Script.Bind)", c.data.Name)
	}
	return nil
}
