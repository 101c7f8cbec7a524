package engine

import (
	"sync"

	"github.com/duelistgame/duelist/card"
)

// Spell and Trap Cards treated as monsters (Magical Hats' two Set cards; ygopro-core's
// EFFECT_CHANGE_TYPE to a Normal Monster with STATUS_NO_LEVEL): while such a card is in a Monster
// Zone its data is a Normal Monster's of its name and passcode, with the ATK and DEF the effect
// gave and no Level, Attribute or Type (monsterData), so every rule that asks "is it a monster",
// its stats, battles, destruction and tributes reads it as one; it is flipped, attacked and
// destroyed as a monster with no effect, and its own effects (a Continuous Spell's, a Trap's) do
// not apply there (game.applies; its actLocs and trigLocs never held the Monster Zones). It is
// cardState.asMonster. A control change or a change of position keeps it so; once it leaves the
// Monster Zones it is its own card again (game.put restores its data).

// asMonsterData caches the monster data made for a card's data, by the data and the stats.
var asMonsterData sync.Map // asMonsterKey -> *card.Data

type asMonsterKey struct {
	d        *card.Data
	atk, def int
}

// monsterData returns the data of a Spell or Trap Card d treated as a Normal Monster with ATK atk
// and DEF def: its name, passcode and texts, no Level, Attribute or Type.
func monsterData(d *card.Data, atk, def int) *card.Data {
	k := asMonsterKey{d, atk, def}
	if v, ok := asMonsterData.Load(k); ok {
		return v.(*card.Data)
	}
	m := *d
	m.Kind = card.Monster | card.Normal
	m.Level, m.Rank, m.Attribute, m.Race, m.ATK, m.DEF = 0, 0, card.NoAttribute, card.NoRace, atk, def
	v, _ := asMonsterData.LoadOrStore(k, &m)
	return v.(*card.Data)
}

// CanSummonAsMonster reports whether a Spell or Trap Card may be Special Summoned by this effect
// as a monster to a seat's field: it is a Spell or Trap off the field that may be Special
// Summoned by this effect (not a Spirit Message: Script.CannotSpecialSummon, SpecialBy), a
// Monster Zone is free and the seat is not barred from summoning.
func (c *Ctx) CanSummonAsMonster(id CardID, s Seat) bool {
	g := c.g
	cs := g.c(id)
	return !cs.data.IsMonster() && !cs.place.Loc.OnField() && g.freeZone(s, MZone) >= 0 &&
		!g.playerHas(s, PFCannotSummon) && g.specialAllowed(c, id)
}

// SummonAsMonster Special Summons a Spell or Trap Card to a seat's field as a Normal Monster
// with ATK atk and DEF def and no Level, Attribute or Type, in position pos (Magical Hats: face-down
// Defense Position, 0 and 0), and reports whether it did. It stays a monster while it is in a
// Monster Zone.
func (c *Ctx) SummonAsMonster(id CardID, s Seat, pos Pos, atk, def int) bool {
	c.step()
	if !c.CanSummonAsMonster(id, s) {
		return false
	}
	g := c.g
	cs := g.c(id)
	g.payFromHand(id, c.player)
	cs.data = monsterData(cs.data, atk, def)
	cs.asMonster = true
	g.placeMonster(id, s, pos, EvSpecialSummon)
	cs.proper = true
	return true
}

// AsMonster reports whether a card is a Spell or Trap Card treated as a monster.
func (c *Ctx) AsMonster(id CardID) bool { return c.g.c(id).asMonster }

// leaveAsMonster makes a card treated as a monster its own card again, as it goes to place p
// outside the Monster Zones.
func (g *game) leaveAsMonster(c *cardState, p Place) {
	if !c.asMonster || p.Loc == MZone {
		return
	}
	c.asMonster = false
	if d, ok := g.db.ByPasscode(c.data.Passcode); ok {
		c.data = d
	}
}

// ShuffleSetMonsters shuffles face-down monsters of one seat among the Monster Zones they hold
// (Magical Hats: "shuffle them"), each permutation as likely; face-up cards and cards of other
// seats are left out. It reports whether it shuffled (two cards or more).
func (c *Ctx) ShuffleSetMonsters(ids ...CardID) bool {
	c.step()
	g := c.g
	var cs []CardID
	for _, id := range ids {
		x := g.c(id)
		if x.place.Loc == MZone && x.pos == FaceDownDef && (len(cs) == 0 || g.c(cs[0]).place.Seat == x.place.Seat) {
			cs = append(cs, id)
		}
	}
	if len(cs) < 2 {
		return false
	}
	s := g.c(cs[0]).place.Seat
	zones := make([]int, len(cs))
	for i, id := range cs {
		zones[i] = g.c(id).place.Seq
	}
	order := append([]CardID(nil), cs...)
	if !forcedShuffleSet(g, s, order) {
		for i := len(order) - 1; i > 0; i-- {
			j := g.random(RandomDraw{Kind: RandomShuffleSet, N: i + 1, Seat: s, Cards: order})
			order[i], order[j] = order[j], order[i]
		}
	}
	for _, id := range order {
		g.remove(id)
	}
	for i, id := range order {
		g.put(id, Place{Seat: s, Loc: MZone, Seq: zones[i]})
	}
	for _, id := range order {
		x := g.c(id)
		x.known &^= ^(uint8(1) << x.ctrl) // the others lose track of which is which
	}
	g.changeSeq++
	return true
}

// Unaffected reports whether a card on the field is unaffected by the effects of this effect's
// card (immune.go).
func (c *Ctx) Unaffected(id CardID) bool { return c.g.unaffected(id, c.card) }
