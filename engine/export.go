package engine

import (
	"fmt"
	"maps"
	"slices"

	"github.com/duelistgame/duelist/card"
)

// Position exports the duel's open state as a Position (package scenario writes it as a `.duel`
// position): NewFromPosition then builds a duel at the same place, with the same views and the
// same options, and exporting that duel gives the same Position again.
//
// Only an open state is exported (a Main Phase idle prompt, or the Battle Step's prompt as
// `step: battle`), and only what the setup keys of the format hold: a state with facts they
// cannot write is refused with an error that names the fact (a lasting modifier, a once-per-turn
// use this turn, a control change until the End Phase, a rule change on a player, a token, an
// equip card where the loader would not put it, waiting triggers, LP 0, the kouhu ruleset ...).
// The PRNG is exported as a seed: the loaded duel's generator is seeded with its current state's
// high word, so its coins and shuffles to come are not the original's unless the generator has
// not moved since it was seeded. Card IDs, and the sequence numbers that order events and
// continuous effects, are the loader's: the loaded duel's Hash is not the original's, but
// loading its own export again gives its Hash.
func (d *Duel) Position() (Position, error) {
	g := d.g
	var pos Position
	if !d.pending || !d.Open() {
		return pos, fmt.Errorf("%w: only an idle or Battle Step prompt is a position", ErrNotOpen)
	}
	if p := g.procs(); p != nil {
		if err := p.Exportable(g.kernel()); err != nil {
			return pos, err
		}
	}
	refuse := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("engine: position: "+format+": the .duel setup keys cannot write it", args...)
	}
	switch {
	case len(g.pending) > 0:
		return refuse("%d triggers wait to go on a chain", len(g.pending))
	case len(g.chainDone) > 0 || len(g.chain) > 0:
		return refuse("a chain is not finished")
	case len(g.pmods) > 0:
		return refuse("a rule change applies to a player")
	case len(g.controls) > 0:
		return refuse("a monster's control returns in the End Phase")
	case g.held || g.battleEnded:
		return refuse("a battle flag is set")
	}
	// attackNegated and summonNegated are reset by the procedure that reads them: stale values
	// are no part of a position.
	for _, gr := range g.grants {
		if gr.turn == g.turn {
			return refuse("a seat may tribute an opponent's monster this turn")
		}
	}
	for _, u := range g.names {
		if u.turn == g.turn {
			return refuse("a once-per-turn-by-name effect of %d was used this turn", u.code)
		}
	}
	if (g.battleTurn == g.turn) != (g.phase != Main1) {
		return refuse("the Battle Phase was conducted (or not) unlike the phase says")
	}
	n := g.seatCount()
	if want := g.turnPlayer ^ Seat((g.turn-1)%n); g.first != want {
		return refuse("the turns did not go round from the first player")
	}
	pos = Position{Rules: g.rules, DB: g.db, Seed: g.pcgSeed(), Turn: g.turn, Player: g.turnPlayer,
		Phase: g.phase, AlwaysAsk: g.alwaysAsk, Cards: g.lib, Tag: g.tag}
	if g.phase == Battle {
		pos.Step = BattleStep
	}
	if pos.DB == card.Pool() {
		pos.DB = nil
	}
	for i := range g.cards {
		c := &g.cards[i]
		if c.token && c.place != nowhere {
			return refuse("a token is on the field")
		}
		for i, t := range c.effUsed {
			if t == g.turn && c.script != nil && i < len(c.script.Effects) && c.script.Effects[i].OncePerTurn {
				return refuse("%s used a once-per-turn effect this turn", c.data.Name)
			}
		}
		if len(c.mods) > 0 {
			return refuse("%s has a lasting modifier", c.data.Name)
		}
	}
	for _, s := range g.seats() {
		ss, err := g.exportSeat(s)
		if err != nil {
			return Position{}, fmt.Errorf("engine: position: seat %s: %v: the .duel setup keys cannot write it", SeatName(s, g.tag), err)
		}
		pos.Seats[s] = ss
	}
	return pos, nil
}

// pcgSeed returns the seed a position gives for the duel's PRNG: the high word of its state, less
// its top bit (a generator seeded with a seed below 2^63 is exported as that seed while it has
// not moved).
func (g *game) pcgSeed() uint64 {
	b, err := g.pcg.MarshalBinary()
	if err != nil || len(b) < 20 {
		return 0
	}
	var hi uint64
	for _, x := range b[4:12] { // "pcg:" then the high word, big-endian
		hi = hi<<8 | uint64(x)
	}
	return hi &^ (1 << 63) // a .duel seed is a non-negative integer
}

// exportSeat writes one seat's part of a Position.
func (g *game) exportSeat(s Seat) (SeatSetup, error) {
	pl := g.pl(s)
	var ss SeatSetup
	if pl.deckedOut {
		return ss, fmt.Errorf("it drew from an empty Deck")
	}
	if pl.extraSummonTurn == g.turn {
		return ss, fmt.Errorf("it used an extra Normal Summon this turn")
	}
	if pl.lp <= 0 {
		return ss, fmt.Errorf("its LP are 0 (a setup's lp is positive)")
	}
	if pl.lp != g.rules.StartLP {
		ss.LP = pl.lp
	}
	ss.NormalSummoned = pl.normalSummonTurn == g.turn
	ss.Summoned = pl.summonTurn == g.turn
	ss.SentMonsterToGY = pl.monsterToGYTurn == g.turn
	ss.Out = pl.out
	for i := len(pl.deck) - 1; i >= 0; i-- { // top card first
		ss.Deck = append(ss.Deck, g.c(pl.deck[i]).data.Passcode)
	}
	for _, l := range []struct {
		ids []CardID
		dst *[]card.Passcode
		up  bool
	}{{pl.hand, &ss.Hand, false}, {pl.gy, &ss.GY, true}, {pl.banished, &ss.Banished, true}, {pl.extra, &ss.Extra, false}} {
		for _, id := range l.ids {
			c := g.c(id)
			if c.pos.IsFaceUp() != l.up || len(c.counters) > 0 {
				return ss, fmt.Errorf("%s at %s is %s", c.data.Name, c.place, c.pos)
			}
			*l.dst = append(*l.dst, c.data.Passcode)
		}
	}
	if len(pl.res) > 0 {
		return ss, fmt.Errorf("it has cost cards")
	}
	equipped := map[CardID]bool{}
	nextEquipZone := 0 // the loader puts each monster's equips in the lowest free zones, in order
	for z, id := range pl.mzone {
		if id == NoCard {
			continue
		}
		c := g.c(id)
		if c.attackTurn == g.turn && c.attacks != 1 {
			return ss, fmt.Errorf("%s attacked %d times this turn", c.data.Name, c.attacks)
		}
		m := MonsterSetup{Code: c.data.Passcode, Pos: c.pos, Zone: z + 1, New: c.arrivedTurn == g.turn,
			Attacked: c.attackTurn == g.turn && c.attacks > 0, Improper: !c.proper,
			Changed: c.posChangedTurn == g.turn, Summon: c.summonType}
		if c.owner != s {
			o := c.owner
			m.Owner = &o
		}
		if len(c.counters) > 0 {
			m.Counters = maps.Clone(c.counters)
		}
		for _, mat := range c.materials {
			if len(g.c(mat).counters) > 0 {
				return ss, fmt.Errorf("an Xyz material of %s has counters", c.data.Name)
			}
			m.Material = append(m.Material, g.c(mat).data.Passcode)
		}
		var eqs []CardID
		for _, e := range g.equips {
			if ec := g.c(e); ec.equipTarget == id && ec.place.Loc == SZone && ec.pos.IsFaceUp() {
				eqs = append(eqs, e)
			}
		}
		slices.SortFunc(eqs, func(a, b CardID) int { return g.c(a).place.Seq - g.c(b).place.Seq })
		for _, e := range eqs {
			ec := g.c(e)
			if ec.place.Seat != s || ec.place.Seq != nextEquipZone || ec.equipGen != c.gen ||
				len(ec.counters) > 0 || ec.owner != s {
				return ss, fmt.Errorf("%s equipped to %s stands where the loader would not put it", ec.data.Name, c.data.Name)
			}
			nextEquipZone++
			equipped[e] = true
			m.Equips = append(m.Equips, ec.data.Passcode)
		}
		ss.Monsters = append(ss.Monsters, m)
	}
	for z, id := range pl.szone {
		if id == NoCard || equipped[id] {
			continue
		}
		sp, err := g.exportSpell(id, s)
		if err != nil {
			return ss, err
		}
		sp.Zone = z + 1
		ss.Spells = append(ss.Spells, sp)
	}
	if pl.fzone != NoCard {
		sp, err := g.exportSpell(pl.fzone, s)
		if err != nil {
			return ss, err
		}
		ss.Field = &sp
	}
	return ss, nil
}

// exportSpell writes a Spell or Trap on the field.
func (g *game) exportSpell(id CardID, s Seat) (SpellSetup, error) {
	c := g.c(id)
	if c.data.IsMonster() || c.owner != s {
		return SpellSetup{}, fmt.Errorf("%s at %s is not the seat's own Spell or Trap", c.data.Name, c.place)
	}
	if c.pos.IsFaceUp() != c.active || c.equipTarget != NoCard {
		return SpellSetup{}, fmt.Errorf("%s at %s is face-up without having resolved, or equipped", c.data.Name, c.place)
	}
	// `new` is, for a Set card, Set this turn (a Trap cannot be activated then); for a face-up
	// one, placed this turn.
	isNew := c.arrivedTurn == g.turn
	if !c.pos.IsFaceUp() {
		isNew = c.setTurn == g.turn
	}
	sp := SpellSetup{Code: c.data.Passcode, FaceUp: c.pos.IsFaceUp(), New: isNew}
	for k, v := range c.counters {
		if k == "turns" {
			sp.Turns = v
			continue
		}
		if sp.Counters == nil {
			sp.Counters = map[string]int{}
		}
		sp.Counters[k] = v
	}
	return sp, nil
}

// summonNames are the names of the summon types in a `.duel` position (`summon: normal`).
var summonNames = [...]string{NotSummoned: "none", NormalSummoned: "normal", SetSummoned: "set",
	FlipSummoned: "flip", SpecialSummoned: "special", FusionSummoned: "fusion", RitualSummoned: "ritual",
	SynchroSummoned: "synchro", XyzSummoned: "xyz", AdvanceSummoned: "advance", EvolutionSummoned: "evolution"}

// String returns the summon type's name in a `.duel` position.
func (t SummonType) String() string {
	if int(t) < len(summonNames) {
		return summonNames[t]
	}
	return fmt.Sprintf("SummonType(%d)", t)
}

// ParseSummonType reads a summon type's name as String writes it.
func ParseSummonType(s string) (SummonType, error) {
	for i, n := range summonNames {
		if n == s {
			return SummonType(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown summon type %q", s)
}
