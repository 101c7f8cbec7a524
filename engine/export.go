package engine

import (
	"fmt"
	"slices"

	"github.com/duelistgame/duelist/card"
)

// Position exports the duel's open state as a Position (package scenario writes it as a `.duel`
// position): NewFromPosition then builds a duel at the same place, with the same views and the
// same options, and exporting that duel gives the same Position again.
//
// Only an open state is exported (a Main Phase idle prompt as `step: idle`, or the Battle Step's
// prompt as `step: battle`), with the setup keys of the format and the project's extensions
// (docs/notation.md): lasting modifiers (`mods`), a card's link to another (`link`), rule changes
// on a seat (`rules`), tokens with the card that makes them (`token`), effects used this turn
// (`used`, `used_names`), control until the End Phase (`returns_to`), tribute grants, Equip
// cards on any monster (`bound`), who went first in a tag duel that skipped a seat, with the
// cards they name written by place. What no key writes is refused with an error that names it:
// waiting triggers, an unfinished chain, a battle flag, a card off the field with a modifier ...
// (TestPositionRoundTrip: none in its random duels). kouhu states are written with its keys (cost
// cards, `tapped`, `resource_placed`, tapped creatures, summoning sickness, equip artifacts, open
// empty zones as `monster_zones`/`spell_zones`); its Procedures.Exportable refuses what they
// cannot write.
// The PRNG goes out as a seed (the high word of its state) and, once it has moved, its exact
// state (RNG): the loaded duel's coins and shuffles to come are the original's. Card IDs, and the
// sequence numbers that order events and continuous effects, are the loader's: the loaded duel's
// Hash is not the original's (loading its own export again gives its Hash), its PositionHash is.
func (d *Duel) Position() (Position, error) {
	g := d.g
	var pos Position
	if !d.pending || !d.Open() {
		return pos, fmt.Errorf("%w: only an idle or Battle Step prompt is a position", ErrNotOpen)
	}
	if err := g.procs().Exportable(g.kernel()); err != nil {
		return pos, err
	}
	refuse := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("engine: position: "+format+": the .duel setup keys cannot write it", args...)
	}
	switch {
	case len(g.pending) > 0:
		return refuse("%d triggers wait to go on a chain", len(g.pending))
	case len(g.chainDone) > 0 || len(g.chain) > 0:
		return refuse("a chain is not finished")
	case g.held || g.battleEnded:
		return refuse("a battle flag is set")
	case g.secondBattle == g.turn:
		return refuse("this turn's second Battle Phase was entered")
	}
	// attackNegated and summonNegated are reset by the procedure that reads them: stale values
	// are no part of a position.
	if (g.battleTurn == g.turn) != (g.phase != Main1) {
		return refuse("the Battle Phase was conducted (or not) unlike the phase says")
	}
	pos = Position{Rules: g.rules, DB: g.db, Seed: g.pcgSeed(), RNG: g.pcgState(), Turn: g.turn, Player: g.turnPlayer,
		Phase: g.phase, AlwaysAsk: g.alwaysAsk, Cards: g.lib, Tag: g.tag}
	if want := g.turnPlayer ^ Seat((g.turn-1)%g.seatCount()); g.first != want {
		first := g.first // the rotation skipped a seat that left the duel
		pos.First = &first
	}
	if g.phase == Battle {
		pos.Step = BattleStep
	} else {
		pos.Idle = true // Main Phase 1 or 2: its start is over
	}
	if pos.DB == card.Pool() {
		pos.DB = nil
	}
	for i := range g.cards {
		c := &g.cards[i]
		if l := c.place.Loc; (l == Overlay || c.place == nowhere) && len(g.exportUsed(c)) > 0 {
			return refuse("%s used an effect this turn and is at %s", c.data.Name, c.place)
		}
		if l := c.place.Loc; len(c.mods()) > 0 && l != MZone && l != SZone && l != FZone {
			return refuse("%s has a lasting modifier off the field", c.data.Name)
		}
	}
	for _, s := range g.seats() {
		ss, err := g.exportSeat(s)
		if err != nil {
			return Position{}, fmt.Errorf("engine: position: seat %s: %v: the .duel setup keys cannot write it", SeatName(s, g.tag), err)
		}
		for _, pile := range [][]CardID{g.pl(s).deck, g.pl(s).hand, g.pl(s).gy, g.pl(s).banished, g.pl(s).extra, g.pl(s).res} {
			for _, id := range pile {
				if used := g.exportUsed(g.c(id)); len(used) > 0 {
					at, err := g.refOf(id)
					if err != nil {
						return Position{}, fmt.Errorf("engine: position: %v", err)
					}
					ss.PileUsed = append(ss.PileUsed, PileUse{At: *at, Used: used})
				}
			}
		}
		for _, pile := range [][]CardID{g.pl(s).gy, g.pl(s).banished} {
			for _, id := range pile {
				if g.c(id).proper && g.needsProperSummon(id) {
					at, err := g.refOf(id)
					if err != nil {
						return Position{}, fmt.Errorf("engine: position: %v", err)
					}
					ss.Proper = append(ss.Proper, *at)
				}
			}
		}
		for _, gr := range g.grants {
			if gr.seat == s && gr.turn == g.turn {
				at, err := g.refOf(gr.card)
				if err != nil {
					return Position{}, fmt.Errorf("engine: position: seat %s: a tribute grant: %v", SeatName(s, g.tag), err)
				}
				if at != nil {
					ss.TributeGrants = append(ss.TributeGrants, *at)
				}
			}
		}
		for _, u := range g.names {
			if u.seat == s && u.turn == g.turn {
				ss.UsedNames = append(ss.UsedNames, NameUse{Code: u.code, Effect: max(u.idx, 0)})
			}
		}
		if ss.Rules, err = g.exportRules(s); err != nil {
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

// pcgState returns the PRNG's state, its high and low word, for a position (nil if the
// position's seed gives it, or it cannot be read).
func (g *game) pcgState() *[2]uint64 {
	b, err := g.pcg.MarshalBinary()
	if err != nil || len(b) < 20 {
		return nil
	}
	var st [2]uint64
	for i, x := range b[4:20] { // "pcg:" then the high and the low word, big-endian
		st[i/8] = st[i/8]<<8 | uint64(x)
	}
	if seed := g.pcgSeed(); st == [2]uint64{seed, seed ^ pcgMix} {
		return nil // the seed gives it: the generator has not moved since it was seeded
	}
	return &st
}

// exportSeat writes one seat's part of a Position.
func (g *game) exportSeat(s Seat) (SeatSetup, error) {
	pl := g.pl(s)
	var ss SeatSetup
	ss.DeckedOut = pl.deckedOut
	ss.ExtraSummoned = pl.extraSummonTurn == g.turn
	switch {
	case pl.lp <= 0 && pl.out:
		ss.NoLP = true // a tag seat that left the duel with no LP
	case pl.lp <= 0:
		return ss, fmt.Errorf("its LP are 0 and it is in the duel (a setup's lp is positive)")
	case pl.lp != g.rules.StartLP:
		ss.LP = pl.lp
	}
	ss.NormalSummoned = pl.normalSummonTurn == g.turn
	ss.Summoned = pl.summonTurn == g.turn
	ss.SentMonsterToGY = pl.monsterToGYTurn == g.turn
	ss.Out = pl.out
	ss.ResourcePlaced = pl.resourceTurn == g.turn
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
			if c.pos.IsFaceUp() != l.up || len(c.counters()) > 0 || c.tapped {
				return ss, fmt.Errorf("%s at %s is %s", c.data.Name, c.place, c.pos)
			}
			*l.dst = append(*l.dst, c.data.Passcode)
		}
	}
	if err := g.exportResources(s, &ss); err != nil {
		return ss, err
	}
	monsters := ss.Monsters
	equipped, err := g.exportMonsters(s, &ss, true)
	if err != nil {
		// An equip artifact the `equips` of its monster cannot place: every one of the seat's
		// is written as an entry of its own, bound to its monster.
		ss.Monsters = monsters
		if equipped, err = g.exportMonsters(s, &ss, false); err != nil {
			return ss, err
		}
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
	if g.rules.UnlimitedZones {
		// The loader opens zones up to the last card; empty zones after it are written as a count.
		for _, z := range []struct {
			zones []CardID
			start int
			dst   *int
		}{{pl.mzone, g.rules.MonsterZones, &ss.MonsterZones}, {pl.szone, g.rules.SpellZones, &ss.SpellZones}} {
			last := len(z.zones) - 1
			for last >= 0 && z.zones[last] == NoCard {
				last--
			}
			if len(z.zones) > max(z.start, last+1) {
				*z.dst = len(z.zones)
			}
		}
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

// exportResources writes a seat's cost cards (kouhu): in the order they were placed, the first
// TappedResources of them tapped, as the loader taps them.
func (g *game) exportResources(s Seat, ss *SeatSetup) error {
	untapped, prefix := false, true
	for i, id := range g.pl(s).res {
		c := g.c(id)
		switch {
		case c.pos != FaceDown || len(c.counters()) > 0 || c.resFresh:
			return fmt.Errorf("the cost card %s is face-up, has counters or waits for a chain to end", c.data.Name)
		case c.tapped && untapped:
			prefix = false // tapped: N taps the first N; these are written as a list
		case !c.tapped:
			untapped = true
		}
		if c.tapped {
			ss.TappedAt = append(ss.TappedAt, i)
		}
		ss.Resources = append(ss.Resources, c.data.Passcode)
	}
	if prefix {
		ss.TappedResources, ss.TappedAt = len(ss.TappedAt), nil
	}
	return nil
}

// sickness reports whether the loader gives a monster of a position that came this turn (`new`)
// summoning sickness: when it was Normal Summoned or Set, or the position does not say how it
// came (a kouhu Advanced Summon and the summons from the Extra Deck give none).
func sickness(st SummonType) bool {
	return st == NotSummoned || st == NormalSummoned || st == SetSummoned
}

// exportMonsters writes a seat's monsters (and kouhu artifacts) with the equip cards attached to
// them; it returns the equip cards it wrote, which the loader puts in the seat's lowest free
// zones right after their monster (Equip Spells in the Spell & Trap Zones, kouhu's equip
// artifacts in the creature & artifact zone).
func (g *game) exportMonsters(s Seat, ss *SeatSetup, shortMZone bool) (map[CardID]bool, error) {
	pl := g.pl(s)
	equipsOf := map[CardID][]CardID{}
	equipped := map[CardID]bool{}
	for _, e := range g.equips {
		ec := g.c(e)
		if t := ec.equipTarget; t != NoCard && ec.place.Seat == s && (ec.place.Loc == SZone || shortMZone && ec.place.Loc == MZone) &&
			ec.pos.IsFaceUp() && g.c(t).place.Loc == MZone && g.c(t).place.Seat == s {
			equipsOf[t] = append(equipsOf[t], e)
			equipped[e] = true
		}
	}
	// The zones the loader fills, in the order it fills them: each monster's own zone, then its
	// equips' lowest free zones.
	taken := map[Loc][]bool{MZone: make([]bool, len(pl.mzone)), SZone: make([]bool, len(pl.szone))}
	lowestFree := func(l Loc) int {
		for z, t := range taken[l] {
			if !t {
				return z
			}
		}
		return len(taken[l]) // a zone with no size limit grows
	}
	procs := g.procs()
	sick := procs.SummoningSickness() // the loader gives it only where the ruleset has it
	for z, id := range pl.mzone {
		if id == NoCard || equipped[id] {
			continue
		}
		c := g.c(id)
		if c.asMonster {
			// A position has no way to say it yet (asmonster.go).
			return nil, fmt.Errorf("%s is a Spell or Trap treated as a monster", c.data.Name)
		}
		var bound *Place
		if t := c.equipTarget; t != NoCard {
			tc := g.c(t)
			if !c.data.Kind.Has(equipKind) || !c.pos.IsFaceUp() || tc.place.Loc != MZone || !tc.pos.IsFaceUp() || c.equipGen != tc.gen {
				return nil, fmt.Errorf("%s is equipped, and no equip card face-up on a face-up monster", c.data.Name)
			}
			p := tc.place
			bound = &p
		}
		if int(c.attackTurn) == g.turn && c.attacks != 1 {
			return nil, fmt.Errorf("%s attacked %d times this turn", c.data.Name, c.attacks)
		}
		m := MonsterSetup{Code: c.data.Passcode, Pos: c.pos, Zone: z + 1, New: int(c.arrivedTurn) == g.turn,
			Attacked: int(c.attackTurn) == g.turn && c.attacks > 0, Improper: !c.proper,
			Changed: int(c.posChangedTurn) == g.turn, Summon: c.summonType, Tapped: c.tapped, Bound: bound}
		for _, cc := range g.controls {
			if cc.card != id || cc.gen != int(c.gen) || c.ctrl == cc.from {
				continue // not this monster, or it has left the field or come back since
			}
			if cc.turn != g.turn || m.ReturnsTo != nil {
				return nil, fmt.Errorf("%s's control returns in the End Phase of turn %d (or twice)", c.data.Name, cc.turn)
			}
			from := cc.from
			m.ReturnsTo = &from
		}
		if isSick := int(c.sickTurn) == g.turn; isSick != (sick && m.New && sickness(m.Summon)) {
			if !sick {
				return nil, fmt.Errorf("%s has summoning sickness under a ruleset without it", c.data.Name)
			}
			m.Sick = &isSick // not what how it came this turn gives
		}
		if c.active != procs.NonMonster(g.kernel(), id) {
			return nil, fmt.Errorf("%s is active (or not) unlike the loader makes it", c.data.Name)
		}
		if taken[MZone][z] {
			return nil, fmt.Errorf("%s stands in a zone the loader gives an equip card", c.data.Name)
		}
		taken[MZone][z] = true
		if c.owner != s {
			o := c.owner
			m.Owner = &o
		}
		if c.token {
			if m.TokenOf = g.tokenMaker(c.data); m.TokenOf == 0 {
				return nil, fmt.Errorf("the token %s is in no Script.Tokens of the duel's cards", c.data.Name)
			}
			m.TokenName = c.data.Name
		}
		if len(c.counters()) > 0 {
			m.Counters = c.counters().asMap()
		}
		var err error
		if m.Link, err = g.exportLink(id, m.Counters); err != nil {
			return nil, err
		}
		if len(m.Counters) == 0 {
			m.Counters = nil
		}
		if m.Mods, err = g.exportMods(id); err != nil {
			return nil, err
		}
		m.Used = g.exportUsed(c)
		for _, mat := range c.materials() {
			if len(g.c(mat).counters()) > 0 {
				return nil, fmt.Errorf("an Xyz material of %s has counters", c.data.Name)
			}
			m.Material = append(m.Material, g.c(mat).data.Passcode)
		}
		eqs := equipsOf[id]
		slices.SortFunc(eqs, func(a, b CardID) int { return g.c(a).place.Seq - g.c(b).place.Seq })
		for _, e := range eqs {
			ec := g.c(e)
			l := ec.place.Loc
			if ec.place.Seq != lowestFree(l) || ec.equipGen != c.gen || len(ec.counters()) > 0 || len(ec.mods()) > 0 || len(g.exportUsed(ec)) > 0 || ec.owner != s ||
				ec.tapped || int(ec.sickTurn) == g.turn || int(ec.arrivedTurn) == g.turn {
				if l == SZone {
					delete(equipped, e) // written as a spell entry with `bound`
					continue
				}
				return nil, fmt.Errorf("%s equipped to %s stands where the loader would not put it, or was placed this turn", ec.data.Name, c.data.Name)
			}
			if ec.place.Seq == len(taken[l]) {
				taken[l] = append(taken[l], true)
			}
			taken[l][ec.place.Seq] = true
			m.Equips = append(m.Equips, ec.data.Passcode)
		}
		ss.Monsters = append(ss.Monsters, m)
	}
	return equipped, nil
}

// exportSpell writes a Spell or Trap on the field.
func (g *game) exportSpell(id CardID, s Seat) (SpellSetup, error) {
	c := g.c(id)
	if c.data.IsMonster() || c.owner != s {
		return SpellSetup{}, fmt.Errorf("%s at %s is not the seat's own Spell or Trap", c.data.Name, c.place)
	}
	if c.pos.IsFaceUp() != c.active {
		return SpellSetup{}, fmt.Errorf("%s at %s is face-up without having resolved", c.data.Name, c.place)
	}
	var bound *Place
	if t := c.equipTarget; t != NoCard {
		// An Equip card the `equips` of its monster do not write: `bound` to its monster's zone.
		tc := g.c(t)
		if !c.data.Kind.Has(equipKind) || !c.pos.IsFaceUp() || tc.place.Loc != MZone || !tc.pos.IsFaceUp() || c.equipGen != tc.gen {
			return SpellSetup{}, fmt.Errorf("%s at %s is equipped, and no Equip card face-up on a face-up monster", c.data.Name, c.place)
		}
		p := tc.place
		bound = &p
	}
	// `new` is, for a Set card, Set this turn (a Trap cannot be activated then); for a face-up
	// one, placed this turn.
	isNew := int(c.arrivedTurn) == g.turn
	if !c.pos.IsFaceUp() {
		isNew = int(c.setTurn) == g.turn
	}
	sp := SpellSetup{Code: c.data.Passcode, FaceUp: c.pos.IsFaceUp(), New: isNew, Bound: bound}
	var err error
	if sp.Mods, err = g.exportMods(id); err != nil {
		return sp, err
	}
	sp.Used = g.exportUsed(c)
	for _, cn := range c.counters() {
		if cn.name == "turns" {
			sp.Turns = cn.n
			continue
		}
		if sp.Counters == nil {
			sp.Counters = map[string]int{}
		}
		sp.Counters[cn.name] = cn.n
	}
	if sp.Link, err = g.exportLink(id, sp.Counters); err != nil {
		return sp, err
	}
	if len(sp.Counters) == 0 {
		sp.Counters = nil
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

// tokenMaker returns the passcode of a card of the duel whose script makes the token d (0 for
// none).
func (g *game) tokenMaker(d *card.Data) card.Passcode {
	for i := range g.cards {
		if sc := g.cards[i].script; sc != nil {
			for _, t := range sc.Tokens {
				if t == d || t.Passcode == d.Passcode {
					return g.cards[i].data.Passcode
				}
			}
		}
	}
	return 0
}
