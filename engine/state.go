package engine

import (
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
)

// cardState is one physical card of the duel and everything the rules remember about it.
// Its gen (generation) tells one stay of the card from the next: a target, an activation, an
// equip or a control change taken at one gen holds while the card's gen is unchanged.
type cardState struct {
	// The pointers first: the collector scans a record only up to its last pointer.
	data   *card.Data
	script *Script
	ext    *cardExt // the rarely used lists (modifiers, counters, Xyz materials); nil while all are empty

	owner Seat
	ctrl  Seat // controller; equals owner except for stolen cards
	pos   Pos
	// The one-byte fields together, beside owner and ctrl (no padding between them and place).
	proper     bool // properly summoned (the revive limit)
	destroyed  bool // destroyed by battle, waiting for the end of the Damage Step
	leaving    bool // one of several cards leaving together, while they move (game.leaveTogether)
	summonType SummonType
	active     bool // a face-up Spell or Trap whose activation resolved: its continuous effects apply
	token      bool
	place      Place

	// actLocs[k] is where the card has an effect a player activates with Spell Speed k or more
	// (k = 1..3; index 0: the effects of Spell Speed 2 or more that damageStepAllows may allow in
	// the Damage Step), the union of those effects' ranges; under a ruleset's procedures, index
	// k is the kind of window (ActWindow), the union of their ActivationRange for it;
	// trigLocs is where it has a Trigger or Flip effect. Both are derived from the card's data
	// and script when the card is made (attachScript) and never change, plain values that a deep
	// copy carries; the scans of addActivations and raiseTriggers skip a card whose place is not
	// in them without reading its script. Kept beside place: one cache line for those scans.
	actLocs     [NumActWindows]LocMask
	trigLocs    LocMask
	effN        uint16 // the length of its once-per-turn record in game.effTurns, from effAt
	equipTarget CardID // the monster an equip card is attached to
	effAt       int32  // where its once-per-turn record starts in game.effTurns

	// Turn stamps (the turn number when it happened; 0 = never). Comparing with the duel's turn
	// replaces per-turn flags that would need resetting. The stamps and counts are 32-bit: a
	// smaller record to write at set-up and to copy.
	arrivedTurn    int32 // put on the field (summoned, Set, Special Summoned)
	posChangedTurn int32 // battle position changed or Flip Summoned by its controller
	attackTurn     int32 // the turn of its last attack declaration
	attacks        int32 // attacks declared in attackTurn
	upTurn         int32 // Normal Summoned, Flip Summoned or flipped face-up (a Spirit returns that turn)
	flipGen        int32 // 1 + its gen when it was last flipped face-up (Flip Summon or flip), 0: never
	destroyedGen   int32 // its gen when it last left the field destroyed (Ctx.LeftFieldDestroyed), 0: never

	gen      int32 // generation: +1 when it moves or turns face-down (a new card for the rules)
	stamp    int32 // when it last came face-up on the field (continuous effects apply in order)
	equipGen int32 // the target's gen when it was equipped
	setTurn  int32 // the turn a Spell or Trap was Set
	sickTurn int32 // the turn it got summoning sickness (Kernel.SetSick)
	// movedTurn is the turn it came to where it is now (moveEv; ygopro-core's GetTurnID);
	// movedBattle says it came there destroyed by battle; movedBy is 1 + the seat whose card's
	// effect moved it there, 0 for the rules or a battle (ygopro-core's reason player).
	movedTurn   int32
	movedBattle bool
	movedBy     uint8

	tapped   bool // a tapped creature or cost card (resource.go)
	resFresh bool // a cost card made while a chain resolves, unusable until it ends
	// asMonster: a Spell or Trap Card treated as a monster while it is in a Monster Zone, its data
	// then a Normal Monster's (asmonster.go).
	asMonster bool

	// What the seats learned of the card from events (bit s: seat s), for Determinize: known, the
	// seats that saw which card it is and can follow it where it is now (a card shown by a
	// search, a face-up card returned to the hand, a card turned face-down); knownDeck, the seats
	// that know it is in its Deck but not where (it was shuffled in). See noteKnown.
	known     uint8
	knownDeck uint8
}

// cardExt is the part of a card's state that most cards never use, kept out of the card's
// record (behind cardState.ext) so that the records the set-up writes and a copy copies stay
// small. A copy of the duel copies each one (clone.go).
type cardExt struct {
	mods      []Modifier
	counters  counterList // by name, none at 0 (counters.go)
	materials []CardID    // Xyz materials under this monster, bottom first
}

// effUsed returns the card's once-per-turn record: the turn each of its effects (by index) was
// last used, 0 for never.
func (g *game) effUsed(c *cardState) []int32 {
	return g.effTurns[c.effAt : c.effAt+int32(c.effN) : c.effAt+int32(c.effN)]
}

// ext returns the card's cardExt, taken at its first use from the duel's pool (extPool): one
// allocation for several cards.
func (g *game) ext(c *cardState) *cardExt {
	if c.ext == nil {
		if len(g.extPool) == 0 {
			g.extPool = make([]cardExt, 16)
		}
		c.ext, g.extPool = &g.extPool[0], g.extPool[1:]
	}
	return c.ext
}

// modRoom is the number of modifiers a card's list has room for when it gets its first.
const modRoom = 2

// appendMods adds lasting modifiers to a card. A list that needs more room moves to a larger
// piece of the duel's pool (modPool) instead of an array of its own: one allocation for the
// modifiers of many cards.
func (g *game) appendMods(c *cardState, ms ...Modifier) {
	x := g.ext(c)
	if k := len(x.mods) + len(ms); k > cap(x.mods) {
		n := max(modRoom, 2*k)
		if len(g.modPool) < n {
			g.modPool = make([]Modifier, max(n, 16*modRoom))
		}
		l := g.modPool[:len(x.mods):n]
		copy(l, x.mods)
		g.modPool = g.modPool[n:]
		x.mods = l
	}
	x.mods = append(x.mods, ms...)
	g.modsHeld = g.modsHeld || len(ms) > 0
	g.countModSources(ms, 1)
}

// x returns the card's cardExt, made at its first use (where no game is at hand: card set-up,
// a record already made).
func (c *cardState) x() *cardExt {
	if c.ext == nil {
		c.ext = new(cardExt)
	}
	return c.ext
}

// mods returns the card's lasting modifiers.
func (c *cardState) mods() []Modifier {
	if c.ext == nil {
		return nil
	}
	return c.ext.mods
}

// counters returns the card's counters, by name (nil when it has none).
func (c *cardState) counters() counterList {
	if c.ext == nil {
		return nil
	}
	return c.ext.counters
}

// materials returns the Xyz materials under the card, bottom first.
func (c *cardState) materials() []CardID {
	if c.ext == nil {
		return nil
	}
	return c.ext.materials
}

// clearMods ends the card's lasting modifiers (the list's array is kept for the next ones).
func (g *game) clearMods(c *cardState) {
	if c.ext != nil {
		g.countModSources(c.ext.mods, -1)
		c.ext.mods = c.ext.mods[:0]
	}
}

// dropMods takes off the card the modifiers whose kind drop reports.
func (g *game) dropMods(c *cardState, drop func(ModKind) bool) {
	if c.ext == nil || len(c.ext.mods) == 0 {
		return
	}
	kept := c.ext.mods[:0]
	for _, m := range c.ext.mods {
		if drop(m.Kind) {
			g.countModSource(m.Source, -1)
		} else {
			kept = append(kept, m)
		}
	}
	c.ext.mods = kept
}

// clearCounters removes the card's counters.
func (c *cardState) clearCounters() {
	if c.ext != nil {
		c.ext.counters = c.ext.counters[:0]
	}
}

// keepHiddenCounters clears the card's counters but its hidden marks (names starting "_").
func (c *cardState) keepHiddenCounters() {
	if c.ext == nil {
		return
	}
	l := c.ext.counters[:0]
	for _, k := range c.ext.counters {
		if len(k.name) > 0 && k.name[0] == '_' {
			l = append(l, k)
		}
	}
	c.ext.counters = l
}

// player is one seat's side of the duel.
type player struct {
	lp       int
	deck     []CardID // index 0 = bottom; the top card is last
	hand     []CardID
	mzone    []CardID // NoCard = empty zone
	szone    []CardID
	fzone    CardID
	gy       []CardID // index 0 = first card sent
	banished []CardID
	extra    []CardID
	res      []CardID // the kouhu resource zone (cost cards), first placed first

	normalSummonTurn int  // the turn of its last Normal Summon or Set
	extraSummonTurn  int  // the turn it used an extra Normal Summon a card granted
	summonTurn       int  // the turn it last Summoned a monster (any summon)
	monsterToGYTurn  int  // the turn a monster last went from its field to its Graveyard
	deckedOut        bool // had to draw from an empty deck
	resourceTurn     int  // kouhu: the turn it last put a card into its resource zone
	out              bool // left a tag duel (LP 0 or a draw from an empty deck): its turns are skipped
	// lockedMZ: the Monster Zones (bit = zone) that cannot be used while the monster that left
	// them is temporarily banished (tempbanish.go).
	lockedMZ uint8
}

// pile returns the list for a pile location (Deck, hand, GY, banished, Extra Deck).
func (p *player) pile(l Loc) *[]CardID {
	switch l {
	case Deck:
		return &p.deck
	case Hand:
		return &p.hand
	case GY:
		return &p.gy
	case Banished:
		return &p.banished
	case Extra:
		return &p.extra
	case Resource:
		return &p.res
	}
	return nil
}

// zones returns the zone array for a zoned location (Monster or Spell & Trap Zones).
func (p *player) zones(l Loc) []CardID {
	if l == MZone {
		return p.mzone
	}
	return p.szone
}

// game is the whole state of a duel plus the machinery of its procedure. The coroutine that runs
// the duel refers to a game, never to the Duel handle, so that an abandoned Duel can be collected.
type game struct {
	rules Rules
	db    *card.DB
	rng   *rand.Rand
	pcg   *rand.PCG

	cards   []cardState
	players [MaxSeats]player
	tag     bool // a tag duel: two teams of two

	turn       int
	turnPlayer Seat
	first      Seat // the seat that took the first turn
	phase      Phase
	timing     Timing
	phaseBegun bool // the current phase's entry procedure has run (a position may start after it)

	// The attack in progress.
	attacker, target CardID
	oppChanged       bool // a monster arrived in or left an opponent's Monster Zone since the declaration
	directSeat       Seat // the opponent a direct attack hits (tag duels)

	over   bool
	winner int // 0 = A (team A), 1 = B (team B), 2 = draw, -1 = none
	reason string

	lib       Library
	chain     []chainLink
	chainDone []CardID // Spells and Traps that go to the Graveyard when the chain ends
	fresh     []Event  // the events of the last action (what event-bound effects answer)
	// freshKinds is the set of the kinds of the events in fresh, with EvMove when one of them
	// moves a card (eventKinds): no effect whose Script.evGate misses it can answer one of them.
	freshKinds EventMask
	pending    []pendingTrigger
	trigCards  []CardID // cards whose scripts have Trigger or Flip effects
	// trigBy has, per event kind, bit i set when trigCards[i] (i < trigIndexed) has a Trigger or
	// Flip effect that may answer an event of that kind (trigBits), so that raiseTriggers looks at
	// those only; made with trigCards, remade with it by Determinize, checked by Verify.
	trigBy    [64]uint64
	contCards []CardID // cards whose scripts have Continuous effects
	// contBy lists, per kind of Continuous effect (contStat ...), the cards of contCards with an
	// effect of that kind, in card order; made with the cards and never changed after.
	contBy         [nContKinds][]CardID
	actCards       []CardID      // cards whose scripts have effects a player activates
	gyActs         [MaxSeats]int // per seat, how many of its cards have an effect activated from the Graveyard
	procCards      int           // cards with their own Special Summon procedure (summonproc.go)
	replacers      int           // cards with a Script.ReplaceDestroy (Ctx.Destroy asks them)
	unsummoned     CardID        // with unsummonedSet: the monster whose negated summon destroys it
	unsummonedSet  bool
	actCands       candCounts      // per seat, speed and place, the cards addActivations must look at (candidates.go)
	contOn         contCounts      // per kind, the cards on the field with Continuous effects of it (contcount.go)
	resReady       [MaxSeats]int16 // per seat, its cost cards that can pay now (resource.go)
	equips         []CardID        // cards that were equipped to a monster
	controls       []controlChange
	grants         []tributeGrant
	pmods          []playerMod
	names          []nameUse // once-per-turn-by-name uses
	stampSeq       int
	phaseStamp     int // stampSeq when the phase's event was last raised (latePhaseEvent)
	actionSeq      int
	sameAction     bool   // Ctx.Also runs: the effect's operations do not start new actions
	phaseTouched   bool   // an action was taken since the current phase began (Ctx.PhaseUntouched); a flag, not a stamp, so that transposed orders hash alike
	battleTurn     int    // the last turn whose Battle Phase was entered
	secondBattle   int    // the last turn whose second Battle Phase was entered (PFBattlePhaseTwice)
	chainsResolved int    // chains resolved in windows so far (closingWindow tells whether one did)
	reasonCard     CardID // the card whose effect is resolving (for event reasons)
	summoning      CardID // the monster whose summon may still be negated
	summonFlip     bool   // summoning is a Flip Summon: the monster was on the field already
	summonNegated  bool
	changeSeq      int
	adjustedAt     int      // changeSeq+1 when adjust last ran (0: never): it has nothing to do until changeSeq moves
	checkCards     []CardID // cards whose scripts have a Check
	resolving      *chainLink
	attackNegated  bool
	negCache       []bool
	negCacheAt     int
	// negSrcs lists the cards whose scripts have a Continuous effect that negates (FlagNegated),
	// in card order, made with the cards (attachScript) like contCards; negMods is set, for good,
	// when a lasting modifier negates a card. While both are empty negated answers false without
	// computing anything. A deep copy carries both (plain values and a slice to copy).
	negSrcs []CardID
	negMods bool
	// modsHeld is false when no card holds a lasting modifier, so that the expiry sweeps
	// (expireAtEndOfTurn, expireNow) skip the cards: set when a modifier is put on a card,
	// recomputed by each sweep (Verify checks that false is true).
	modsHeld   bool
	panicStack string
	ctxs       *[16]Ctx // made at the first effect (a copy of the duel starts without)
	ctxDepth   int
	held       bool // triggers are held (before damage calculation)
	// controlAfterTP: the turn player chose to chain its mandatory End Phase triggers before the
	// control of monsters returns (endPhaseControl); chainTriggers returns it after them.
	controlAfterTP bool
	// phaseList: the window being run is the Draw, Standby or End Phase's closing window, where
	// the phase's effects of the seats other than the turn player wait until the turn player has
	// passed with an empty chain (phasePassed, for the rest of the phase): ygopro-core lists a
	// phase's effects to the turn player, with its activations, until it passes, and only then
	// to the opponent.
	phaseList, phasePassed bool
	// freeActs: the window being run offers Effect.NoChain effects (a phase's or step's closing
	// window, the Battle Step's prompt, the window after an attack declaration).
	freeActs    bool
	battleEnded bool // kouhu: a card ended the Battle Phase
	// ruleData holds, by card, the ruleset's data of the cards newCard made (Procedures.CardData);
	// nil without procedures, so a duel of the kernel's own rules carries nothing for it. Only
	// Determinize changes it, on a copy of its own (a clone shares it until then).
	ruleData []any
	// effTurns holds the cards' once-per-turn records, card by card (cardState.effAt, effN): the
	// turn each effect (by index) was last used. One array, so that a copy copies it at once.
	effTurns []int32
	extPool  []cardExt // scratch: cardExt records not handed out yet (game.ext)
	// modPool and counterPool: scratch, the room not handed out yet that the cards' modifier and
	// counter lists are carved from (appendMods, counterList).
	modPool     []Modifier
	counterPool []counter
	subsetBuf   []CardID // scratch: the group selections' sub-sets (selectgroup.go)

	started    bool
	firstMode  FirstMode
	alwaysAsk  bool
	prompt     Prompt
	answer     Option
	events     []Event
	yield      func(struct{}) bool
	selScratch []int
	bufs       copyBufs // the arrays a copy's slices were carved from (clone.go)

	// The arena of the card lists made while card code runs (lists.go): scratch, not state.
	listTop, seatTop int
	listArena        []CardID
	seatArena        []Seat
	waitBuf          []pendingTrigger // chainTriggers' copy of the waiting triggers (pools.go)
	waitBusy         bool
	tgtPool          []CardID // the chain links' targets (pools.go)
	tgtMovesPool     []int
	tgtTop           int
	modLive          []int32 // per card, the modifiers on cards it is the source of (marks.go)
	// trigOn holds every event kind a Trigger or Flip effect of the duel's cards answers (the
	// union of their On, made with the cards like trigCards, never cut: Determinize only adds):
	// raiseTriggers returns at once for an event it does not match.
	trigOn EventMask
	// contFlagsAll holds every rule flag a Continuous effect of the duel's cards gives (the union
	// of their scripts' contFlags, made like trigOn, never cut): continuousFlags asks no effect
	// for a flag no card of the duel can give.
	contFlagsAll Flag

	// actGroup is the Group of the trigger chainTriggers puts on the chain, for activate.
	actGroup []CardID
}

func (g *game) c(id CardID) *cardState { return &g.cards[id] }

func (g *game) pl(s Seat) *player { return &g.players[s] }

// at returns the card at a place, or NoCard.
func (g *game) at(p Place) CardID {
	pl := g.pl(p.Seat)
	switch p.Loc {
	case MZone, SZone:
		z := pl.zones(p.Loc)
		if p.Seq < 0 || p.Seq >= len(z) {
			return NoCard
		}
		return z[p.Seq]
	case FZone:
		return pl.fzone
	case Overlay:
		z, i := p.Seq/16, p.Seq%16
		if z < 0 || z >= len(pl.mzone) || pl.mzone[z] == NoCard {
			return NoCard
		}
		if m := g.c(pl.mzone[z]).materials(); i < len(m) {
			return m[i]
		}
		return NoCard
	}
	pile := *pl.pile(p.Loc)
	if p.Seq < 0 || p.Seq >= len(pile) {
		return NoCard
	}
	return pile[p.Seq]
}

// remove takes a card out of its current place, closing the gap in a pile.
func (g *game) remove(id CardID) {
	g.candAdd(id, -1)
	c := g.c(id)
	g.noteOppMonsters(c.place)
	g.resAdd(c, -1)
	g.contAdd(c, -1)
	pl := g.pl(c.place.Seat)
	switch c.place.Loc {
	case nLoc: // a new token is nowhere yet
	case MZone, SZone:
		pl.zones(c.place.Loc)[c.place.Seq] = NoCard
	case FZone:
		pl.fzone = NoCard
	case Overlay:
		host := g.c(pl.mzone[c.place.Seq/16])
		i := c.place.Seq % 16
		host.x().materials = append(host.materials()[:i], host.materials()[i+1:]...)
		g.renumberMaterials(host)
	default:
		pile := pl.pile(c.place.Loc)
		s := *pile
		i := c.place.Seq
		copy(s[i:], s[i+1:])
		s = s[:len(s)-1]
		for j := i; j < len(s); j++ {
			g.cards[s[j]].place.Seq = j
		}
		*pile = s
	}
}

// put places a card at a place: at the end of a pile (the top of the Deck), or in a zone that
// must be empty.
func (g *game) put(id CardID, p Place) {
	c := g.c(id)
	if c.asMonster {
		g.leaveAsMonster(c, p) // its own card again outside the Monster Zones
	}
	pl := g.pl(p.Seat)
	switch p.Loc {
	case MZone, SZone:
		if z := pl.zones(p.Loc); p.Seq == len(z) && g.rules.UnlimitedZones {
			pl.grow(p.Loc) // zones with no size limit
		}
		pl.zones(p.Loc)[p.Seq] = id
		if len(c.materials()) > 0 {
			c.place = p
			g.renumberMaterials(c)
		}
	case FZone:
		pl.fzone = id
	case Overlay:
		host := g.c(pl.mzone[p.Seq/16])
		g.ext(host).materials = append(host.materials(), id)
		p.Seq = p.Seq/16*16 + len(host.materials()) - 1
	default:
		pile := pl.pile(p.Loc)
		p.Seq = len(*pile)
		*pile = append(*pile, id)
	}
	c.place = p
	if p.Loc.OnField() {
		c.ctrl = p.Seat
	}
	g.noteOppMonsters(p)
	g.candAdd(id, 1)
	g.contAdd(c, 1)
	g.resAdd(c, 1)
}

// renumberMaterials gives a host's Xyz materials their places under it.
func (g *game) renumberMaterials(host *cardState) {
	for i, m := range host.materials() {
		g.cards[m].place = Place{Seat: host.place.Seat, Loc: Overlay, Seq: host.place.Seq*16 + i}
	}
}

// freeZone returns the lowest empty zone of a zoned location that is not locked (zonelock.go), or
// -1.
func (g *game) freeZone(s Seat, l Loc) int {
	z := g.pl(s).zones(l)
	locked := g.lockedZones(s, l) // none, at once, while no card locks zones (zonelock.go)
	for i, id := range z {
		if id == NoCard && (i >= 8 || locked&(1<<i) == 0) {
			return i
		}
	}
	if g.rules.UnlimitedZones {
		return len(z) // a new zone: zones with no size limit
	}
	return -1
}

// grow adds an empty zone at the end of a location (kouhu).
func (p *player) grow(l Loc) {
	if l == MZone {
		p.mzone = append(p.mzone, NoCard)
	} else {
		p.szone = append(p.szone, NoCard)
	}
}

// monsters appends the seat's monsters, in zone order, to dst.
func (g *game) monsters(dst []CardID, s Seat) []CardID {
	for _, id := range g.pl(s).mzone {
		if id != NoCard {
			dst = append(dst, id)
		}
	}
	return dst
}

// monsterCount returns how many monsters a seat controls.
func (g *game) monsterCount(s Seat) int {
	n := 0
	for _, id := range g.pl(s).mzone {
		if id != NoCard {
			n++
		}
	}
	return n
}

// atk returns a monster's current ATK (see stat).
func (g *game) atk(id CardID) int { return g.stat(id, false) }

// baseStat is a monster's ATK or DEF before additions: the original value, or the last value an
// effect set it to (ModSetATK, ModSetDEF).
func (g *game) baseStat(id CardID, def bool) int {
	c := g.c(id)
	v, setKind := c.data.ATK, ModSetATK
	if def {
		v, setKind = c.data.DEF, ModSetDEF
	}
	if !c.place.Loc.OnField() || c.pos == FaceDownDef {
		return v
	}
	for i := range c.mods() {
		if m := &c.mods()[i]; m.Kind == setKind && g.modActive(m) {
			v = m.Value
		}
	}
	return v
}

// def returns a monster's current DEF.
func (g *game) def(id CardID) int { return g.stat(id, true) }

// level returns a monster's current Level: its printed Level changed by lasting modifiers. A
// card with no Level (an Xyz Monster, whose Rank is none) has none whatever changes Levels: 0,
// which no Level-based rule accepts (no Level totals 0, and "Level N or lower" refuses 0).
func (g *game) level(id CardID) int {
	c := g.c(id)
	lv := c.data.Level
	if lv == 0 || c.place.Loc != MZone || c.pos == FaceDownDef {
		return lv
	}
	for i := range c.mods() {
		if m := &c.mods()[i]; m.Kind == ModLevel && g.modActive(m) {
			lv += m.Value
		}
	}
	lv += g.continuousLevel(id)
	if lv < 1 {
		lv = 1
	}
	return lv
}
