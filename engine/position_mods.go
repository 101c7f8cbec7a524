package engine

import (
	"fmt"
	"strings"
)

// ModSetup is a lasting modifier of a position's card (a Modifier, with its source named by
// where the position puts it instead of by CardID).
type ModSetup struct {
	Kind  ModKind
	Value int  // ModATK, ModDEF, ModSetATK, ModSetDEF, ModLevel
	Flags Flag // ModFlags
	// Source is where the card that made the modifier stands in the position (see CardRef), or
	// nil for none (a token's own flags).
	Source *Place
	Expiry Expiry
	Turn   int // the turn it was made in; 0 = the position's turn
}

// RuleSetup is a lasting rule change on a position's seat (a player flag: Ctx.AddPlayerFlag).
type RuleSetup struct {
	Flags  PlayerFlag
	Source *Place // see ModSetup.Source
	Expiry Expiry
	Turn   int // 0 = the position's turn
}

// A card reference of a position (ModSetup.Source, RuleSetup.Source) is a Place read as the
// position writes it: a zone (MZone, SZone with Seq the zone from 0; FZone), or a pile (Hand, GY,
// Banished, Extra, Deck, Resource) with Seq the card's index from 0 in the seat's list as the
// position lists it: the Deck top card first, the Graveyard and the banished cards first arrived
// first. An Xyz material (Overlay) is not referred to.

// refOf returns the position's reference to a card: nil for NoCard and for a token that has left
// the field (it no longer exists: only its modifiers' marks named it).
func (g *game) refOf(id CardID) (*Place, error) {
	if id == NoCard {
		return nil, nil
	}
	c := g.c(id)
	p := c.place
	switch {
	case p == nowhere:
		return nil, nil
	case p.Loc == Overlay:
		return nil, fmt.Errorf("%s is an Xyz material, which a position does not refer to", c.data.Name)
	case p.Loc == Deck:
		p.Seq = len(g.pl(p.Seat).deck) - 1 - p.Seq // top card first
	}
	return &p, nil
}

// cardAt returns the card a position's reference names, once the position is set up.
func (g *game) cardAt(ref Place) (CardID, error) {
	if int(ref.Seat) >= g.seatCount() || ref.Loc == Overlay || ref.Loc >= nLoc {
		return NoCard, fmt.Errorf("%s is not a place a position refers to", ref.Text(g.tag))
	}
	p := ref
	if p.Loc == Deck {
		p.Seq = len(g.pl(p.Seat).deck) - 1 - p.Seq
	}
	if id := g.at(p); id != NoCard {
		return id, nil
	}
	return NoCard, fmt.Errorf("%s holds no card", RefText(ref, g.tag))
}

// RefText writes a position's card reference: a zone as the notation writes it ("A:M1", "B:F"),
// a pile's card with its index in the position's list from 1 ("A:GY2", "B:D1" the top card of
// B's Deck).
func RefText(p Place, tag bool) string {
	if p.Loc.zoned() || p.Loc == FZone {
		return p.Text(tag)
	}
	return fmt.Sprintf("%s:%s%d", SeatName(p.Seat, tag), p.Loc, p.Seq+1)
}

// ParseRef reads a card reference as RefText writes it.
func ParseRef(s string) (Place, error) {
	seat, rest, ok := strings.Cut(s, ":")
	if ok {
		st, err := ParseSeat(seat)
		if err == nil {
			if rest == "F" {
				return Place{Seat: st, Loc: FZone}, nil
			}
			for l := Loc(0); l < nLoc; l++ {
				name := l.String()
				if l == FZone || l == Overlay || !strings.HasPrefix(rest, name) {
					continue
				}
				var n int
				if _, err := fmt.Sscanf(rest[len(name):], "%d", &n); err == nil && n >= 1 &&
					fmt.Sprint(n) == rest[len(name):] {
					return Place{Seat: st, Loc: l, Seq: n - 1}, nil
				}
			}
		}
	}
	return Place{}, fmt.Errorf("engine: %q is not a card's place such as A:M1, B:S2, A:F, A:GY1 or B:D3", s)
}

// setupMods is a position's card whose modifiers are put on once every seat is set up (their
// sources may be anywhere).
type setupMods struct {
	id    CardID
	where string
	mods  []ModSetup
	link  *Place
	used  []int
}

// LinkCounter is the counter in which a card remembers another card, as its CardID + 1 (a
// Continuous Trap and the monster it affects: cards.Link). A position writes it as the `link`
// of the card, by the place of the card it names, since CardIDs are no part of a position.
const LinkCounter = "_link"

// applySetupMods puts a position's modifiers on its card.
func (g *game) applySetupMods(m setupMods) error {
	c := g.c(m.id)
	for _, n := range m.used {
		if c.script == nil || n < 1 || n > len(c.script.Effects) {
			return fmt.Errorf("%s: used: %s has no effect %d", m.where, c.data.Name, n)
		}
		g.markEffUsed(c, n)
	}
	if m.link != nil {
		t, err := g.cardAt(*m.link)
		if err != nil {
			return fmt.Errorf("%s: link: %v", m.where, err)
		}
		g.setCounter(c, LinkCounter, int(t)+1)
	}
	for i, ms := range m.mods {
		if !c.place.Loc.OnField() {
			return fmt.Errorf("%s: mod %d: only a card on the field has lasting modifiers", m.where, i+1)
		}
		src := NoCard
		if ms.Source != nil {
			var err error
			if src, err = g.cardAt(*ms.Source); err != nil {
				return fmt.Errorf("%s: mod %d: from: %v", m.where, i+1, err)
			}
		}
		if int(ms.Kind) >= len(modKindNames) || int(ms.Expiry) >= len(expiryNames) {
			return fmt.Errorf("%s: mod %d: kind %d, expiry %d", m.where, i+1, ms.Kind, ms.Expiry)
		}
		if ms.Turn < 0 || ms.Turn > g.turn {
			return fmt.Errorf("%s: mod %d: made in turn %d, not in 1..%d", m.where, i+1, ms.Turn, g.turn)
		}
		turn := ms.Turn
		if turn == 0 {
			turn = g.turn
		}
		if g.expired(ms.Expiry, turn) && turn < g.turn {
			return fmt.Errorf("%s: mod %d: made in turn %d, it has ended", m.where, i+1, turn)
		}
		mod := Modifier{Kind: ms.Kind, Value: ms.Value, Flags: ms.Flags, Source: src, Expiry: ms.Expiry, Turn: turn}
		if ms.Kind == ModFinalATK || ms.Kind == ModFinalDEF {
			mod.Stamp = int32(g.stampSeq) // made after the position's cards came face-up
		}
		g.appendMods(c, mod)
		g.negMods = g.negMods || ms.Kind == ModFlags && ms.Flags&FlagNegated != 0
	}
	return nil
}

// applySetupRules puts a position's rule changes on a seat.
func (g *game) applySetupRules(s Seat, rules []RuleSetup) error {
	for i, r := range rules {
		src := NoCard
		if r.Source != nil {
			var err error
			if src, err = g.cardAt(*r.Source); err != nil {
				return fmt.Errorf("rule %d: from: %v", i+1, err)
			}
		}
		if r.Turn < 0 || r.Turn > g.turn || int(r.Expiry) >= len(expiryNames) {
			return fmt.Errorf("rule %d: made in turn %d (1..%d), expiry %d", i+1, r.Turn, g.turn, r.Expiry)
		}
		turn := r.Turn
		if turn == 0 {
			turn = g.turn
		}
		if g.expired(r.Expiry, turn) && turn < g.turn {
			return fmt.Errorf("rule %d: made in turn %d, it has ended", i+1, turn)
		}
		g.pmods = append(g.pmods, playerMod{seat: s, flags: r.Flags, source: src, expiry: r.Expiry, turn: turn})
		g.negMods = g.negMods || r.Flags&pfNegateKinds != 0
	}
	return nil
}

// exportMods writes a card's lasting modifiers.
func (g *game) exportMods(id CardID) ([]ModSetup, error) {
	var out []ModSetup
	for _, m := range g.c(id).mods() {
		src, err := g.refOf(m.Source)
		if err != nil {
			return nil, fmt.Errorf("a modifier of %s: %v", g.c(id).data.Name, err)
		}
		out = append(out, ModSetup{Kind: m.Kind, Value: m.Value, Flags: m.Flags, Source: src, Expiry: m.Expiry, Turn: m.Turn})
	}
	return out, nil
}

// exportLink takes a card's LinkCounter out of its exported counters and returns the place of the
// card it names.
func (g *game) exportLink(id CardID, counters map[string]int) (*Place, error) {
	n, ok := counters[LinkCounter]
	if !ok {
		return nil, nil
	}
	delete(counters, LinkCounter)
	t := CardID(n - 1)
	if n <= 0 || int(t) >= len(g.cards) {
		return nil, fmt.Errorf("%s's link %d names no card", g.c(id).data.Name, n)
	}
	p, err := g.refOf(t)
	if err == nil && p == nil {
		err = fmt.Errorf("%s is linked to a token that has left the field", g.c(id).data.Name)
	}
	return p, err
}

// exportRules writes a seat's rule changes, in the order they were made.
func (g *game) exportRules(s Seat) ([]RuleSetup, error) {
	var out []RuleSetup
	for _, m := range g.pmods {
		if m.seat != s {
			continue
		}
		src, err := g.refOf(m.source)
		if err != nil {
			return nil, fmt.Errorf("a rule change on the seat: %v", err)
		}
		out = append(out, RuleSetup{Flags: m.flags, Source: src, Expiry: m.expiry, Turn: m.turn})
	}
	return out, nil
}

// The names a position writes for kinds of modifier, expiries and flags.
var (
	modKindNames = [...]string{ModATK: "atk", ModDEF: "def", ModSetATK: "set_atk", ModSetDEF: "set_def",
		ModLevel: "level", ModFlags: "flags", ModFinalATK: "final_atk", ModFinalDEF: "final_def"}
	expiryNames = [...]string{Permanent: "permanent", EndOfTurn: "turn", EndOfNextTurn: "next_turn",
		WhileSource: "source", EndOfBattle: "battle", EndOfBattlePhase: "battle_phase",
		EndOfDamageCalc: "damage_calc", EndOfTurnAfterNext: "turn_after_next"}
	flagNames = []string{"cannot_attack", "cannot_change_position", "untargetable", "negated",
		"indestructible_battle", "no_battle_damage_to", "cannot_be_attack_target", "force_defense",
		"no_tribute_summon", "pierce", "cannot_block", "direct_attack", "no_direct_attack", "extra_attack",
		"ignored_as_attack_target"}
	playerFlagNames = []string{"no_battle_damage", "no_damage", "cannot_attack", "cannot_summon",
		"traps_from_hand", "extra_normal_summon", "no_battle_phase", "indestructible_battle",
		"reverse_stats", "granted_summon", "banish_gy", "revealed_hand", "no_trap_activation",
		"skip_draw", "skip_standby", "negate_equip_spells", "negate_continuous_spells",
		"negate_continuous_traps", "negate_field_spells", "battle_phase_twice",
		"no_position_change",
		"no_spell_trap_play", "skip_turn"}
)

// String returns the kind's name in a position (`atk`, `set_def`, `flags` ...).
func (k ModKind) String() string {
	if int(k) < len(modKindNames) {
		return modKindNames[k]
	}
	return fmt.Sprintf("ModKind(%d)", k)
}

// ParseModKind reads a kind of modifier as String writes it.
func ParseModKind(s string) (ModKind, error) {
	for i, n := range modKindNames {
		if n == s {
			return ModKind(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown kind of modifier %q (want one of %s)", s, strings.Join(modKindNames[:], ", "))
}

// String returns the expiry's name in a position (`until: turn`).
func (e Expiry) String() string {
	if int(e) < len(expiryNames) {
		return expiryNames[e]
	}
	return fmt.Sprintf("Expiry(%d)", e)
}

// ParseExpiry reads an expiry as String writes it.
func ParseExpiry(s string) (Expiry, error) {
	for i, n := range expiryNames {
		if n == s {
			return Expiry(i), nil
		}
	}
	return 0, fmt.Errorf("engine: unknown expiry %q (want one of %s)", s, strings.Join(expiryNames[:], ", "))
}

// Names lists the flags' names, lowest bit first.
func (f Flag) Names() []string { return bitNames(uint32(f), flagNames) }

// ParseFlag reads a flag's name.
func ParseFlag(s string) (Flag, error) {
	b, err := parseBitName(s, flagNames, "card flag")
	return Flag(b), err
}

// Names lists the player flags' names, lowest bit first.
func (f PlayerFlag) Names() []string { return bitNames(uint32(f), playerFlagNames) }

// ParsePlayerFlag reads a player flag's name.
func ParsePlayerFlag(s string) (PlayerFlag, error) {
	b, err := parseBitName(s, playerFlagNames, "player flag")
	return PlayerFlag(b), err
}

func bitNames(b uint32, names []string) []string {
	var out []string
	for i := 0; i < 32; i++ {
		if b&(1<<i) == 0 {
			continue
		}
		if i < len(names) {
			out = append(out, names[i])
		} else {
			out = append(out, fmt.Sprintf("bit%d", i))
		}
	}
	return out
}

func parseBitName(s string, names []string, what string) (uint32, error) {
	for i, n := range names {
		if n == s {
			return 1 << i, nil
		}
	}
	return 0, fmt.Errorf("engine: unknown %s %q (want one of %s)", what, s, strings.Join(names, ", "))
}

// exportUsed returns the numbers of the card's effects used this turn.
func (g *game) exportUsed(c *cardState) []int {
	var out []int
	for i, t := range g.effUsed(c) {
		if int(t) == g.turn {
			out = append(out, i+1)
		}
	}
	return out
}
