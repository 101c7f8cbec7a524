package engine

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
)

// Position describes a duel at the start of a phase of some turn (the `.duel` setup keys of
// scenario.md). NewFromPosition builds a duel from it and runs it from there.
type Position struct {
	Rules Rules
	DB    *card.DB // nil = card.Pool()
	Seed  uint64
	// RNG, when set, is the random generator's exact state (its high and low word), which Seed
	// then does not give: a position exported from a duel goes on with the same coins and
	// shuffles as the duel.
	RNG    *[2]uint64
	Turn   int   // counted from 1 for the whole duel
	Player Seat  // the turn player
	Phase  Phase // the phase that is about to begin
	// Step, with Phase Battle, is BattleStep for a position at the Battle Step's prompt (the Start
	// Step is over); NoTiming starts the phase from its beginning.
	Step Timing
	// Idle, with Phase Main1 or Main2, is a position at the turn player's idle prompt: the phase's
	// start is over (its "at the start of the Main Phase" effects have happened). Otherwise the
	// phase starts from its beginning.
	Idle      bool
	AlwaysAsk bool
	Cards     Library // the cards' behaviour; nil = none
	// KeepOpenStates keeps the position and then the duel's last open state, so that Duel.Clone
	// works at every prompt (see Duel.KeepOpenStates).
	KeepOpenStates bool
	// Tag makes a tag duel: Seats holds A1 (= A), B1 (= B), A2 and B2. Otherwise only A and B.
	Tag bool
	// First, when set, is the seat that took the duel's first turn (A or B); nil: the seat the
	// rotation from Turn and Player gives, as when no seat has left.
	First *Seat
	Seats [MaxSeats]SeatSetup
}

// SeatSetup is one seat's part of a Position.
type SeatSetup struct {
	LP int // 0 = the ruleset's starting LP
	// NoLP: the seat has 0 LP (LP is 0 too): a seat that has left a tag duel (Out) with none left.
	NoLP           bool
	Deck           []card.Passcode
	Hand           []card.Passcode
	Monsters       []MonsterSetup
	Spells         []SpellSetup
	Field          *SpellSetup
	GY             []card.Passcode // bottom first
	Banished       []card.Passcode
	Extra          []card.Passcode
	NormalSummoned bool
	// Summoned: the seat has Summoned a monster this turn (any summon; a Normal Set is not one);
	// SentMonsterToGY: a monster went from its field to its Graveyard this turn.
	Summoned, SentMonsterToGY bool
	Out                       bool // the seat has left a tag duel
	// Resources are a kouhu seat's cost cards, first placed first; the first TappedResources of
	// them are tapped. ResourcePlaced: the seat has put a card into its resource zone this turn
	// (once per turn).
	Resources       []card.Passcode
	TappedResources int
	ResourcePlaced  bool
	// MonsterZones and SpellZones, under a ruleset whose zones have no size limit, are how many
	// zones are open (empty ones after the last card included); 0 = up to the last card.
	MonsterZones, SpellZones int
	// Rules are the lasting rule changes on the seat, in the order they were made.
	Rules []RuleSetup
	// UsedNames are the card names whose once-per-turn-by-name effects the seat used this turn
	// (or may not activate at all: NameUse.Effect 0).
	UsedNames []NameUse
	// Proper are the seat's cards in the Graveyard or banished, by place (CardRef), that must be
	// properly summoned before they can be Special Summoned from there and were (the revive
	// limit is met).
	Proper []Place
	// TributeGrants are the opponents' monsters, by place, the seat may tribute for a Tribute
	// Summon this turn (Ctx.AllowTribute).
	TributeGrants []Place
	// TappedAt, when set, lists which cost cards (by index from 0 in Resources) are tapped,
	// instead of the first TappedResources.
	TappedAt []int
	// DeckedOut: the seat drew from its empty Deck (it loses at the next check); ExtraSummoned:
	// it used an extra Normal Summon this turn (PFExtraNormalSummon).
	DeckedOut, ExtraSummoned bool
	// PileUsed are the effects used this turn of the seat's cards off the field (a card in the
	// Graveyard whose effect was used this turn), by place (CardRef).
	PileUsed []PileUse
}

// PileUse is a card off the field, by place (CardRef), and the numbers of its effects used this
// turn.
type PileUse struct {
	At   Place
	Used []int
}

// NameUse is a card name a seat used this turn: the effect by number (Effect.OncePerName), or 0
// when every effect of the name is forbidden for the rest of the turn (Ctx.BanName).
type NameUse struct {
	Code   card.Passcode
	Effect int
}

// MonsterSetup is a monster placed on the field by a Position.
type MonsterSetup struct {
	Code     card.Passcode
	Pos      Pos // FaceUpAtk, FaceUpDef or FaceDownDef
	Zone     int // 1-based; 0 = the next free zone
	New      bool
	Attacked bool
	Improper bool // not properly summoned: the revive limit applies
	Changed  bool // its battle position was changed (or it was Flip Summoned) this turn
	// Summon is how it came to the field (0 = not summoned; an Xyz Monster defaults to Xyz
	// Summoned): cards read it (Speed Warrior in the turn it was Normal Summoned).
	Summon   SummonType
	Owner    *Seat
	Counters map[string]int
	Material []card.Passcode
	Equips   []card.Passcode
	Tapped   bool // kouhu: the creature (or artifact) is tapped
	// Mods are its lasting modifiers, in the order they were made.
	Mods []ModSetup
	// Link is the card it remembers in its LinkCounter, by place (see CardRef), or nil.
	Link *Place
	// TokenOf, for a token, is the passcode of the card whose Script.Tokens holds its data, and
	// TokenName the token's name there (Code is then left 0 by the reader; tokens are in no card
	// database).
	TokenOf   card.Passcode
	TokenName string
	// Used are the numbers (from 1, in its script) of its effects used this turn (the
	// once-per-turn limits).
	Used []int
	// Sick, when set, says whether it has summoning sickness this turn where that is not what
	// New and Summon give (a card that gave it, or took it away).
	Sick *bool
	// ReturnsTo, when set, is the seat its control returns to in this turn's End Phase (a
	// monster taken until then: Ctx.TakeControl).
	ReturnsTo *Seat
	// Bound, for an equip card placed as a monster entry (a kouhu equip artifact the Equips of
	// its monster do not write), is the Monster Zone of the monster it is equipped to.
	Bound *Place
}

// SpellSetup is a Spell or Trap placed by a Position.
type SpellSetup struct {
	Code     card.Passcode
	FaceUp   bool
	Zone     int // 1-based; 0 = the next free zone
	New      bool
	Turns    int
	Counters map[string]int
	// Bound, when set, is the Monster Zone (either seat's) of the monster the face-up card is
	// bound to: an Equip card equips it, another card's Script.Bind binds it.
	Bound *Place
	// Mods are its lasting modifiers, Link the card it remembers, Used its effects used this turn
	// (MonsterSetup.Mods, Link, Used).
	Mods []ModSetup
	Link *Place
	Used []int
}

// MaxTurn is the last turn a position may stand at: the cards' turn stamps are 32-bit, and a duel
// started there still has room for 2^30 more turns.
const MaxTurn = 1 << 30

// NewFromPosition builds a duel from a position (deck order is kept: the first card listed is the
// top card) and runs it to its first prompt.
func NewFromPosition(pos Position) (*Duel, error) {
	g, err := newGame(pos.Rules, pos.DB, pos.Seed)
	if err != nil {
		return nil, err
	}
	if pos.Turn < 1 || pos.Turn > MaxTurn {
		return nil, fmt.Errorf("%w: turn %d; turns count from 1 to %d", ErrBadPosition, pos.Turn, MaxTurn)
	}
	if pos.RNG != nil {
		g.pcg.Seed(pos.RNG[0], pos.RNG[1])
	}
	g.alwaysAsk = pos.AlwaysAsk
	g.lib = pos.Cards
	g.started = true
	g.turn = pos.Turn
	if pos.Tag {
		if g.rules.NoTag {
			return nil, fmt.Errorf("%w: the %s ruleset has no tag duels", ErrBadPosition, g.rules.Name)
		}
		g.setTag()
	}
	if int(pos.Player) >= g.seatCount() {
		return nil, fmt.Errorf("%w: turn player %s is not a seat of this duel", ErrBadPosition, pos.Player)
	}
	g.turnPlayer = pos.Player
	// The turns went round from the first player (A1 → B1 → A2 → B2 in a tag duel), who is A1 or
	// B1: turn T belongs to the rotation's (T−1)-th seat (docs/tag.md), unless the position says
	// who went first (a tag duel whose rotation skipped a seat that left).
	g.first = pos.Player ^ Seat((pos.Turn-1)%g.seatCount())
	if pos.First != nil {
		if *pos.First != A && *pos.First != B {
			return nil, fmt.Errorf("%w: went_first: %s; the first turn is A1's or B1's", ErrBadPosition, SeatName(*pos.First, true))
		}
		g.first = *pos.First
	} else if g.first != A && g.first != B {
		return nil, fmt.Errorf("%w: turn %d cannot be %s's: in the rotation A1 → B1 → A2 → B2 (or B1 → A1 → B2 → A2) turn %d is played by %s or %s",
			ErrBadPosition, pos.Turn, SeatName(pos.Player, true), pos.Turn,
			SeatName(Seat((pos.Turn-1)%g.seatCount()), true), SeatName(Seat((pos.Turn-1)%g.seatCount())^1, true))
	}
	g.phase = pos.Phase
	if pos.Phase == Main2 {
		g.battleTurn = g.turn // Main Phase 2 follows the Battle Phase
	}
	switch {
	case pos.Step == BattleStep && pos.Phase == Battle:
		g.timing, g.phaseBegun = BattleStep, true // the Start Step is over
		g.battleTurn = g.turn
	case pos.Step != NoTiming:
		return nil, fmt.Errorf("%w: step %s: a position starts a phase, or stands at the Battle Step", ErrBadPosition, pos.Step)
	}
	if pos.Idle {
		if pos.Phase != Main1 && pos.Phase != Main2 {
			return nil, fmt.Errorf("%w: an idle prompt's position is in a Main Phase, not the %s", ErrBadPosition, pos.Phase)
		}
		g.phaseBegun = true
	}
	if (pos.Phase == Battle || pos.Phase == Main2) && pos.Turn <= g.noBattleTurns() && !g.rules.FirstTurnBattle {
		return nil, fmt.Errorf("%w: no Battle Phase (nor Main Phase 2) on the first turn under %s",
			ErrBadPosition, g.rules.Name)
	}
	var later setupLater
	for _, s := range g.seats() {
		if err := g.setupSeat(s, &pos.Seats[s], &later); err != nil {
			return nil, fmt.Errorf("%w: seat %s: %v", ErrBadPosition, SeatName(s, g.tag), err)
		}
	}
	if err := g.setupLinks(pos, &later); err != nil {
		return nil, err
	}
	if !pos.Tag {
		for s := A2; s <= B2; s++ {
			if !emptySetup(&pos.Seats[s]) {
				return nil, fmt.Errorf("%w: seat %s is set up but the duel is not a tag duel", ErrBadPosition, s)
			}
		}
	}
	for _, s := range g.seats() {
		if pos.Seats[s].Out {
			if !pos.Tag {
				return nil, fmt.Errorf("%w: only a tag duel's seats can be out", ErrBadPosition)
			}
			g.pl(s).out = true
		}
	}
	if !g.inDuel(g.turnPlayer) {
		return nil, fmt.Errorf("%w: the turn player %s is out of the duel", ErrBadPosition, SeatName(g.turnPlayer, true))
	}
	if pos.Tag && (!g.inDuel(A) && !g.inDuel(A2) || !g.inDuel(B) && !g.inDuel(B2)) {
		return nil, fmt.Errorf("%w: a team with both seats out has already lost", ErrBadPosition)
	}
	var base *game
	if pos.KeepOpenStates {
		base = g.clone() // before the procedure starts: a copy runs from the position
	}
	d := start(g)
	if base != nil {
		d.track = &openTrack{base: base}
	}
	return d, nil
}

// emptySetup reports whether a seat setup places nothing.
func emptySetup(ss *SeatSetup) bool {
	return ss.LP == 0 && !ss.NoLP && len(ss.Deck)+len(ss.Hand)+len(ss.Monsters)+len(ss.Spells)+len(ss.GY)+
		len(ss.Banished)+len(ss.Extra)+len(ss.Resources) == 0 && ss.Field == nil && !ss.NormalSummoned &&
		!ss.Summoned && !ss.SentMonsterToGY && !ss.Out && !ss.ResourcePlaced &&
		ss.MonsterZones == 0 && ss.SpellZones == 0 && len(ss.Rules) == 0 && len(ss.UsedNames) == 0 && len(ss.PileUsed) == 0 &&
		len(ss.TributeGrants) == 0 && len(ss.Proper) == 0 && len(ss.TappedAt) == 0 && !ss.DeckedOut && !ss.ExtraSummoned
}

func (g *game) setupSeat(s Seat, ss *SeatSetup, later *setupLater) error {
	pl := g.pl(s)
	if ss.LP != 0 {
		if ss.LP < 0 || ss.NoLP {
			return fmt.Errorf("lp %d is negative, or given with none (NoLP)", ss.LP)
		}
		pl.lp = ss.LP
	}
	if ss.NoLP {
		if !ss.Out {
			return fmt.Errorf("lp 0: only a seat that has left a tag duel stands with no LP")
		}
		pl.lp = 0
	}
	if ss.NormalSummoned {
		pl.normalSummonTurn = g.turn
	}
	if ss.Summoned {
		pl.summonTurn = g.turn
	}
	if ss.SentMonsterToGY {
		pl.monsterToGYTurn = g.turn
	}
	// The Deck is listed top card first; the top is the end of the pile.
	for i := len(ss.Deck) - 1; i >= 0; i-- {
		if _, err := g.newCard(ss.Deck[i], s, Place{Seat: s, Loc: Deck}, FaceDown); err != nil {
			return fmt.Errorf("deck: %w", err)
		}
	}
	piles := []struct {
		name  string
		codes []card.Passcode
		loc   Loc
		pos   Pos
	}{
		{"hand", ss.Hand, Hand, FaceDown}, {"gy", ss.GY, GY, FaceUp},
		{"banished", ss.Banished, Banished, FaceUp}, {"extra", ss.Extra, Extra, FaceDown},
	}
	for _, p := range piles {
		for _, code := range p.codes {
			id, err := g.newCard(code, s, Place{Seat: s, Loc: p.loc}, p.pos)
			if err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
			if p.loc == Extra && !g.extraCard(id) {
				return fmt.Errorf("extra: %s is not an Extra Deck monster", g.c(id).data.Name)
			}
		}
	}
	if len(ss.Resources) > 0 && !g.rules.ResourceZone {
		return fmt.Errorf("resources: the %s ruleset has no resource zone", g.rules.Name)
	}
	if ss.ResourcePlaced {
		if !g.rules.ResourceZone {
			return fmt.Errorf("resourced: the %s ruleset has no resource zone", g.rules.Name)
		}
		pl.resourceTurn = g.turn
	}
	if ss.TappedResources < 0 || ss.TappedResources > len(ss.Resources) || len(ss.TappedAt) > 0 && ss.TappedResources > 0 {
		return fmt.Errorf("tapped: %d of %d cost cards, or both a count and a list", ss.TappedResources, len(ss.Resources))
	}
	tapped := make([]bool, len(ss.Resources))
	for i := range tapped {
		tapped[i] = i < ss.TappedResources
	}
	for _, i := range ss.TappedAt {
		if i < 0 || i >= len(tapped) {
			return fmt.Errorf("tapped: cost card %d of %d", i+1, len(tapped))
		}
		tapped[i] = true
	}
	for i, code := range ss.Resources {
		id, err := g.newCard(code, s, Place{Seat: s, Loc: Resource}, FaceDown)
		if err != nil {
			return fmt.Errorf("resources: %w", err)
		}
		g.setResState(g.c(id), tapped[i], false)
	}
	if ss.DeckedOut {
		pl.deckedOut = true
	}
	if ss.ExtraSummoned {
		pl.extraSummonTurn = g.turn
	}
	for i, m := range ss.Monsters {
		id, err := g.setupMonster(s, m)
		if err != nil {
			return fmt.Errorf("monster %d: %w", i+1, err)
		}
		if m.ReturnsTo != nil {
			if *m.ReturnsTo == s || int(*m.ReturnsTo) >= g.seatCount() {
				return fmt.Errorf("monster %d: returns_to %s: not another seat of the duel", i+1, SeatName(*m.ReturnsTo, g.tag))
			}
			g.controls = append(g.controls, controlChange{card: id, turn: g.turn, gen: int(g.c(id).gen), from: *m.ReturnsTo})
		}
		if m.Bound != nil {
			later.binds = append(later.binds, setupBinding{id: id, seat: s, entry: i + 1, to: *m.Bound, monster: true})
		}
		if len(m.Mods) > 0 || m.Link != nil || len(m.Used) > 0 {
			later.mods = append(later.mods, setupMods{id: id, where: fmt.Sprintf("seat %s: monster %d", SeatName(s, g.tag), i+1), mods: m.Mods, link: m.Link, used: m.Used})
		}
	}
	for i, sp := range ss.Spells {
		id, err := g.setupSpell(s, sp, SZone)
		if err != nil {
			return fmt.Errorf("spell %d: %w", i+1, err)
		}
		if sp.Bound != nil {
			later.binds = append(later.binds, setupBinding{id: id, seat: s, entry: i + 1, to: *sp.Bound})
		}
		if len(sp.Mods) > 0 || sp.Link != nil || len(sp.Used) > 0 {
			later.mods = append(later.mods, setupMods{id: id, where: fmt.Sprintf("seat %s: spell %d", SeatName(s, g.tag), i+1), mods: sp.Mods, link: sp.Link, used: sp.Used})
		}
	}
	if ss.Field != nil {
		if ss.Field.Bound != nil {
			return fmt.Errorf("field: a Field Spell is bound to no monster")
		}
		id, err := g.setupSpell(s, *ss.Field, FZone)
		if err != nil {
			return fmt.Errorf("field: %w", err)
		}
		if len(ss.Field.Mods) > 0 || ss.Field.Link != nil || len(ss.Field.Used) > 0 {
			later.mods = append(later.mods, setupMods{id: id, where: fmt.Sprintf("seat %s: field", SeatName(s, g.tag)), mods: ss.Field.Mods, link: ss.Field.Link, used: ss.Field.Used})
		}
	}
	for _, z := range []struct {
		n    int
		loc  Loc
		what string
	}{{ss.MonsterZones, MZone, "monster_zones"}, {ss.SpellZones, SZone, "spell_zones"}} {
		if z.n == 0 {
			continue
		}
		if !g.rules.UnlimitedZones {
			return fmt.Errorf("%s: the %s ruleset's zones have a fixed number", z.what, g.rules.Name)
		}
		if z.n < len(pl.zones(z.loc)) {
			return fmt.Errorf("%s: %d zones, but the cards take %d", z.what, z.n, len(pl.zones(z.loc)))
		}
		for len(pl.zones(z.loc)) < z.n {
			pl.grow(z.loc)
		}
	}
	return nil
}

// zoneFor picks the zone for a setup entry: the given 1-based zone, which must be free, or the
// lowest free one.
func (g *game) zoneFor(s Seat, l Loc, zone int) (int, error) {
	zones := g.pl(s).zones(l)
	if zone == 0 {
		if z := g.freeZone(s, l); z >= 0 {
			return z, nil
		}
		return 0, fmt.Errorf("all %d zones are full", len(zones))
	}
	for g.rules.UnlimitedZones && zone > len(zones) {
		g.pl(s).grow(l) // zones with no size limit
		zones = g.pl(s).zones(l)
	}
	if zone < 1 || zone > len(zones) {
		return 0, fmt.Errorf("zone %d is not in 1..%d", zone, len(zones))
	}
	if zones[zone-1] != NoCard {
		return 0, fmt.Errorf("zone %d is taken by %s", zone, g.c(zones[zone-1]).data.Name)
	}
	return zone - 1, nil
}

func (g *game) setupMonster(s Seat, m MonsterSetup) (CardID, error) {
	switch m.Pos {
	case FaceUpAtk, FaceUpDef, FaceDownDef:
	default:
		return NoCard, fmt.Errorf("a monster's position is atk, def or set, not %s", m.Pos)
	}
	if m.Tapped && !g.rules.ResourceZone {
		return NoCard, fmt.Errorf("tapped: the %s ruleset does not tap cards", g.rules.Name)
	}
	id, err := g.procs().SetupMonster(g.kernel(), s, m)
	if err != nil {
		return NoCard, err
	}
	c := g.c(id)
	c.tapped = m.Tapped
	if m.New && sickness(m.Summon) && g.procs().SummoningSickness() {
		c.sickTurn = int32(g.turn) // a creature Normal Summoned or Set this turn has summoning sickness
	}
	if m.Sick != nil {
		if !g.procs().SummoningSickness() {
			return NoCard, fmt.Errorf("sick: the %s ruleset has no summoning sickness", g.rules.Name)
		}
		c.sickTurn = 0
		if *m.Sick {
			c.sickTurn = int32(g.turn)
		}
	}
	return id, nil
}

// setupMasterMonster is the Master Rule's SetupMonster: a monster with its Xyz materials and
// Equip Spells.
func (g *game) setupMasterMonster(s Seat, m MonsterSetup) (CardID, error) {
	equip := func(d *card.Data) bool { return d.Kind.Has(equipKind) }
	if m.TokenOf != 0 {
		if len(m.Material) > 0 {
			return NoCard, fmt.Errorf("materials: a token is no Xyz Monster")
		}
		id, err := g.placeSetupMonster(s, m, m.Pos)
		if err != nil {
			return NoCard, err
		}
		return id, g.setupEquips(s, id, m.Equips, SZone, equip, "an Equip Spell")
	}
	d, ok := g.db.ByPasscode(m.Code)
	if !ok {
		return NoCard, fmt.Errorf("%w: passcode %d", card.ErrUnknownCard, m.Code)
	}
	if !d.IsMonster() {
		return NoCard, fmt.Errorf("%s is not a monster", d.Name)
	}
	if len(m.Material) > 0 && !d.Kind.Has(card.Xyz) {
		return NoCard, fmt.Errorf("materials: %s is not an Xyz Monster", d.Name)
	}
	id, err := g.placeSetupMonster(s, m, m.Pos)
	if err != nil {
		return NoCard, err
	}
	for _, mc := range m.Material {
		if _, err := g.newCard(mc, s, Place{Seat: s, Loc: Overlay, Seq: g.c(id).place.Seq * 16}, FaceUp); err != nil {
			return NoCard, fmt.Errorf("materials: %w", err)
		}
	}
	if d.Kind.Has(card.Xyz) && m.Summon == NotSummoned {
		g.c(id).summonType = XyzSummoned
	}
	return id, g.setupEquips(s, id, m.Equips, SZone, equip, "an Equip Spell")
}

// placeSetupMonster puts a position's monster (or kouhu artifact) in its zone with the state the
// setup gives it: owner, proper summon, arrival, attack, counters.
func (g *game) placeSetupMonster(s Seat, m MonsterSetup, pos Pos) (CardID, error) {
	owner := s
	if m.Owner != nil {
		owner = *m.Owner
	}
	z, err := g.zoneFor(s, MZone, m.Zone)
	if err != nil {
		return NoCard, err
	}
	var id CardID
	if m.TokenOf != 0 {
		id, err = g.newSetupToken(m, owner, Place{Seat: s, Loc: MZone, Seq: z}, pos)
	} else {
		id, err = g.newCard(m.Code, owner, Place{Seat: s, Loc: MZone, Seq: z}, pos)
	}
	if err != nil {
		return NoCard, err
	}
	c := g.c(id)
	c.ctrl = s
	c.proper = !m.Improper
	if m.New {
		c.arrivedTurn = int32(g.turn)
		if pos.IsFaceUp() {
			c.upTurn = int32(g.turn) // summoned face-up this turn (UpThisTurn)
		}
	}
	if m.Attacked {
		c.attackTurn, c.attacks = int32(g.turn), 1
	}
	if m.Changed {
		c.posChangedTurn = int32(g.turn)
	}
	c.summonType = m.Summon
	g.stampSeq++
	c.stamp = int32(g.stampSeq)
	for name, n := range m.Counters {
		g.setCounter(c, name, n)
	}
	return id, nil
}

// setupEquips puts a position's equip cards in a seat's zones at loc, attached to a monster; each
// must fit (what is a word for the error).
func (g *game) setupEquips(s Seat, id CardID, codes []card.Passcode, loc Loc, fits func(*card.Data) bool, what string) error {
	for _, e := range codes {
		d, ok := g.db.ByPasscode(e)
		if !ok || !fits(d) {
			return fmt.Errorf("equips: %d is not %s", e, what)
		}
		z, err := g.zoneFor(s, loc, 0)
		if err != nil {
			return fmt.Errorf("equips: %v", err)
		}
		eq, err := g.newCard(e, s, Place{Seat: s, Loc: loc, Seq: z}, FaceUp)
		if err != nil {
			return err
		}
		g.attachSetupEquip(eq, id)
	}
	return nil
}

// attachSetupEquip makes a position's equip card active and attached to its monster.
func (g *game) attachSetupEquip(eq, target CardID) {
	g.stampSeq++
	c := g.c(eq)
	c.stamp, c.active, c.equipTarget, c.equipGen = int32(g.stampSeq), true, target, g.c(target).gen
	g.equips = append(g.equips, eq)
}

func (g *game) setupSpell(s Seat, sp SpellSetup, l Loc) (CardID, error) {
	d, ok := g.db.ByPasscode(sp.Code)
	if !ok {
		return NoCard, fmt.Errorf("%w: passcode %d", card.ErrUnknownCard, sp.Code)
	}
	if d.IsMonster() {
		return NoCard, fmt.Errorf("%s is a monster, not a Spell or Trap", d.Name)
	}
	if l == FZone && !d.Kind.Has(card.Field) {
		return NoCard, fmt.Errorf("%s is not a Field Spell", d.Name)
	}
	if l == SZone && d.Kind.Has(card.Field) {
		return NoCard, fmt.Errorf("%s is a Field Spell: put it in `field`", d.Name)
	}
	if l == FZone && !sp.FaceUp && g.rules.SharedFieldZone {
		return NoCard, fmt.Errorf("%s: Field Spells cannot be Set under %s", d.Name, g.rules.Name)
	}
	if l == FZone && g.rules.SharedFieldZone && g.otherField(s) != NoCard {
		return NoCard, fmt.Errorf("%s: the shared Field Zone is taken", d.Name)
	}
	pos := FaceDown
	if sp.FaceUp {
		pos = FaceUp
	}
	p := Place{Seat: s, Loc: l}
	if l == SZone {
		z, err := g.zoneFor(s, SZone, sp.Zone)
		if err != nil {
			return NoCard, err
		}
		p.Seq = z
	} else if g.pl(s).fzone != NoCard {
		return NoCard, fmt.Errorf("the Field Zone is taken")
	}
	id, err := g.newCard(sp.Code, s, p, pos)
	if err != nil {
		return NoCard, err
	}
	c := g.c(id)
	if sp.New {
		c.arrivedTurn = int32(g.turn)
		c.setTurn = int32(g.turn)
	}
	if sp.FaceUp {
		g.stampSeq++
		c.stamp = int32(g.stampSeq)
		c.active = true
	}
	for name, n := range sp.Counters {
		g.setCounter(c, name, n)
	}
	if sp.Turns > 0 {
		g.setCounter(c, "turns", sp.Turns)
	}
	return id, nil
}
