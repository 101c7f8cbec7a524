package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

var seatKeys = map[string]bool{"lp": true, "deck": true, "hand": true, "monsters": true,
	"spells": true, "field": true, "gy": true, "banished": true, "extra": true,
	"normal_summoned": true, "summoned": true, "sent_monster_to_gy": true, "out": true,
	"resources": true, "tapped": true, "resource_placed": true,
	"monster_zones": true, "spell_zones": true, "rules": true, "used_names": true, "used": true,
	"tribute_grants": true, "decked_out": true, "extra_summoned": true, "proper": true}

var monsterKeys = map[string]bool{"card": true, "pos": true, "zone": true, "new": true,
	"attacked": true, "counters": true, "proper": true, "materials": true, "equips": true,
	"owner": true, "tapped": true, "changed": true, "summon": true, "mods": true, "link": true, "token": true, "used": true, "returns_to": true, "bound": true, "sick": true}

var spellKeys = map[string]bool{"card": true, "pos": true, "zone": true, "new": true,
	"turns": true, "counters": true, "bound": true, "mods": true, "link": true, "used": true}

// parsePosition reads the position keys: turn, player, phase and the A and B blocks.
func (f *File) parsePosition(doc map[string]any, db *card.DB) error {
	f.HasPosition = true
	p := &f.Position
	p.Rules = f.Ruleset.Rules
	p.Seed = f.Seed
	for _, k := range []string{"turn", "player", "phase"} {
		if _, ok := doc[k]; !ok {
			return fmt.Errorf("scenario: a position needs %q (or give decks for a replay)", k)
		}
	}
	var err error
	if p.Turn, err = asInt(doc["turn"], "turn"); err != nil {
		return err
	}
	s, err := asString(doc["player"], "player")
	if err != nil {
		return err
	}
	if p.Player, err = engine.ParseSeat(s); err != nil {
		return fmt.Errorf("scenario: player: %v", err)
	}
	if s, err = asString(doc["phase"], "phase"); err != nil {
		return err
	}
	if p.Phase, err = engine.ParsePhase(s); err != nil {
		return fmt.Errorf("scenario: phase: %v", err)
	}
	if v, ok := doc["step"]; ok {
		s, err := asString(v, "step")
		if err != nil {
			return err
		}
		switch {
		case s == "battle" && p.Phase == engine.Battle:
			p.Step = engine.BattleStep
		case s == "idle" && (p.Phase == engine.Main1 || p.Phase == engine.Main2):
			p.Idle = true
		default:
			return fmt.Errorf("scenario: step: a position's step is `battle` (with phase: battle) or `idle` (with phase: main1 or main2), not %q", s)
		}
	}
	if v, ok := doc["rng"]; ok {
		s, err := asString(v, "rng")
		if err != nil {
			return err
		}
		hi, lo, ok := strings.Cut(s, ":")
		var st [2]uint64
		var herr, lerr error
		st[0], herr = strconv.ParseUint(hi, 16, 64)
		st[1], lerr = strconv.ParseUint(lo, 16, 64)
		if !ok || herr != nil || lerr != nil || len(hi) != 16 || len(lo) != 16 {
			return fmt.Errorf("scenario: rng: %q is not the generator's state as HIGH:LOW, 16 hex digits each", s)
		}
		p.RNG = &st
	}
	if v, ok := doc["went_first"]; ok {
		s, err := asString(v, "went_first")
		if err != nil {
			return err
		}
		first, err := engine.ParseSeat(s)
		if err != nil {
			return fmt.Errorf("scenario: went_first: %v", err)
		}
		p.First = &first
	}
	// A position with A1, B1, A2 or B2 blocks is a tag duel (docs/tag.md).
	for _, k := range seatKeysOf(true) {
		if _, ok := doc[k]; ok {
			f.Tag = true
		}
	}
	if f.Tag {
		for _, k := range seatKeysOf(false) {
			if _, ok := doc[k]; ok {
				return fmt.Errorf("scenario: a tag duel writes its seats A1, B1, A2, B2, not %s", k)
			}
		}
	}
	p.Tag = f.Tag
	if !f.Tag && p.Player >= engine.A2 {
		return fmt.Errorf("scenario: player: %s plays only in a tag duel", p.Player)
	}
	for i, name := range seatKeysOf(f.Tag) {
		seat := engine.Seat(i)
		v, ok := doc[name]
		if !ok || v == nil {
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("scenario: %s must be a map of zones", name)
		}
		if err := parseSeat(m, &p.Seats[seat], db, name); err != nil {
			return err
		}
		if p.Seats[seat].Out && !f.Tag {
			return fmt.Errorf("scenario: %s.out: only a tag duel's seats leave the duel", name)
		}
	}
	return nil
}

func parseSeat(m map[string]any, ss *engine.SeatSetup, db *card.DB, where string) error {
	for _, k := range sortedKeys(m) {
		if !seatKeys[k] {
			return fmt.Errorf("scenario: %s: unknown key %q", where, k)
		}
	}
	var err error
	if v, ok := m["lp"]; ok {
		if ss.LP, err = asInt(v, where+".lp"); err != nil {
			return err
		}
		switch {
		case ss.LP == 0:
			ss.NoLP = true // only a seat that has left a tag duel (out: true)
		case ss.LP < 0:
			return fmt.Errorf("scenario: %s.lp must not be negative, not %d", where, ss.LP)
		}
	}
	piles := []struct {
		key string
		dst *[]card.Passcode
	}{{"deck", &ss.Deck}, {"hand", &ss.Hand}, {"gy", &ss.GY}, {"banished", &ss.Banished},
		{"extra", &ss.Extra}}
	for _, p := range piles {
		if *p.dst, err = cardList(m[p.key], db, where+"."+p.key); err != nil {
			return err
		}
	}
	if err := parseResources(m, ss, db, where); err != nil {
		return err
	}
	for key, dst := range map[string]*int{"monster_zones": &ss.MonsterZones, "spell_zones": &ss.SpellZones} {
		if v, ok := m[key]; ok {
			if *dst, err = asInt(v, where+"."+key); err != nil {
				return err
			}
			if *dst < 1 {
				return fmt.Errorf("scenario: %s.%s must be positive, not %d", where, key, *dst)
			}
		}
	}
	if ss.Rules, err = parseRules(m["rules"], where+".rules"); err != nil {
		return err
	}
	if ss.UsedNames, err = parseUsedNames(m["used_names"], db, where+".used_names"); err != nil {
		return err
	}
	if ss.PileUsed, err = parsePileUsed(m["used"], where+".used"); err != nil {
		return err
	}
	if v, ok := m["out"]; ok {
		if ss.Out, err = asBool(v, where+".out"); err != nil {
			return err
		}
	}
	if ss.TributeGrants, err = parseRefs(m["tribute_grants"], where+".tribute_grants"); err != nil {
		return err
	}
	if ss.Proper, err = parseRefs(m["proper"], where+".proper"); err != nil {
		return err
	}
	for key, dst := range map[string]*bool{"normal_summoned": &ss.NormalSummoned, "summoned": &ss.Summoned,
		"sent_monster_to_gy": &ss.SentMonsterToGY, "resource_placed": &ss.ResourcePlaced,
		"decked_out": &ss.DeckedOut, "extra_summoned": &ss.ExtraSummoned} {
		if v, ok := m[key]; ok {
			if *dst, err = asBool(v, where+"."+key); err != nil {
				return err
			}
		}
	}
	if v, ok := m["monsters"]; ok && v != nil {
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("scenario: %s.monsters must be a list", where)
		}
		for i, x := range list {
			ms, err := parseMonster(x, db, fmt.Sprintf("%s.monsters[%d]", where, i))
			if err != nil {
				return err
			}
			ss.Monsters = append(ss.Monsters, ms)
		}
	}
	if v, ok := m["spells"]; ok && v != nil {
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("scenario: %s.spells must be a list", where)
		}
		for i, x := range list {
			sp, err := parseSpell(x, db, fmt.Sprintf("%s.spells[%d]", where, i))
			if err != nil {
				return err
			}
			ss.Spells = append(ss.Spells, sp)
		}
	}
	if v, ok := m["field"]; ok && v != nil {
		sp, err := parseSpell(v, db, where+".field")
		if err != nil {
			return err
		}
		if _, isMap := v.(map[string]any); !isMap {
			sp.FaceUp = true // a bare name is face-up
		}
		ss.Field = &sp
	}
	return nil
}

func parseMonster(v any, db *card.DB, where string) (engine.MonsterSetup, error) {
	ms := engine.MonsterSetup{Pos: engine.FaceUpAtk}
	if _, ok := v.(string); ok {
		d, err := cardName(v, db, where)
		if err != nil {
			return ms, err
		}
		ms.Code = d.Passcode
		return ms, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return ms, fmt.Errorf("scenario: %s: a monster is a name or a map with card", where)
	}
	for _, k := range sortedKeys(m) {
		if !monsterKeys[k] {
			return ms, fmt.Errorf("scenario: %s: unknown key %q", where, k)
		}
	}
	if v, ok := m["token"]; ok {
		// A token: its maker by name, its own name as the maker's script gives it.
		maker, err := cardName(v, db, where+".token")
		if err != nil {
			return ms, err
		}
		ms.TokenOf = maker.Passcode
		if ms.TokenName, err = asString(m["card"], where+".card"); err != nil {
			return ms, err
		}
	} else {
		d, err := cardName(m["card"], db, where+".card")
		if err != nil {
			return ms, err
		}
		ms.Code = d.Passcode
	}
	var err error
	if v, ok := m["pos"]; ok {
		s, err := asString(v, where+".pos")
		if err != nil {
			return ms, err
		}
		switch s {
		case "atk", "up":
			ms.Pos = engine.FaceUpAtk
		case "def":
			ms.Pos = engine.FaceUpDef
		case "set":
			ms.Pos = engine.FaceDownDef
		default:
			return ms, fmt.Errorf("scenario: %s.pos: %q is not atk, def or set", where, s)
		}
	}
	if v, ok := m["zone"]; ok {
		if ms.Zone, err = asInt(v, where+".zone"); err != nil {
			return ms, err
		}
		if ms.Zone < 1 {
			return ms, fmt.Errorf("scenario: %s.zone counts from 1", where)
		}
	}
	for key, dst := range map[string]*bool{"new": &ms.New, "attacked": &ms.Attacked, "tapped": &ms.Tapped,
		"changed": &ms.Changed} {
		if v, ok := m[key]; ok {
			if *dst, err = asBool(v, where+"."+key); err != nil {
				return ms, err
			}
		}
	}
	if v, ok := m["proper"]; ok {
		proper, err := asBool(v, where+".proper")
		if err != nil {
			return ms, err
		}
		ms.Improper = !proper
	}
	if v, ok := m["summon"]; ok {
		s, err := asString(v, where+".summon")
		if err != nil {
			return ms, err
		}
		if ms.Summon, err = engine.ParseSummonType(s); err != nil {
			return ms, fmt.Errorf("scenario: %s.summon: %v", where, err)
		}
	}
	if v, ok := m["owner"]; ok {
		s, err := asString(v, where+".owner")
		if err != nil {
			return ms, err
		}
		o, err := engine.ParseSeat(s)
		if err != nil {
			return ms, fmt.Errorf("scenario: %s.owner: %v", where, err)
		}
		ms.Owner = &o
	}
	if ms.Counters, err = parseCounters(m["counters"], where+".counters"); err != nil {
		return ms, err
	}
	if ms.Material, err = cardList(m["materials"], db, where+".materials"); err != nil {
		return ms, err
	}
	if ms.Equips, err = cardList(m["equips"], db, where+".equips"); err != nil {
		return ms, err
	}
	if ms.Mods, err = parseMods(m["mods"], where+".mods"); err != nil {
		return ms, err
	}
	if ms.Link, err = parseLink(m["link"], where+".link"); err != nil {
		return ms, err
	}
	if ms.Used, err = parseUsed(m["used"], where+".used"); err != nil {
		return ms, err
	}
	if v, ok := m["sick"]; ok {
		sick, err := asBool(v, where+".sick")
		if err != nil {
			return ms, err
		}
		ms.Sick = &sick
	}
	if v, ok := m["returns_to"]; ok {
		s, err := asString(v, where+".returns_to")
		if err != nil {
			return ms, err
		}
		to, err := engine.ParseSeat(s)
		if err != nil {
			return ms, fmt.Errorf("scenario: %s.returns_to: %v", where, err)
		}
		ms.ReturnsTo = &to
	}
	if v, ok := m["bound"]; ok {
		if ms.Bound, err = parseBound(v, where+".bound"); err != nil {
			return ms, err
		}
	}
	return ms, nil
}

func parseSpell(v any, db *card.DB, where string) (engine.SpellSetup, error) {
	var sp engine.SpellSetup
	var d *card.Data
	var err error
	m, isMap := v.(map[string]any)
	if isMap {
		for _, k := range sortedKeys(m) {
			if !spellKeys[k] {
				return sp, fmt.Errorf("scenario: %s: unknown key %q", where, k)
			}
		}
		d, err = cardName(m["card"], db, where+".card")
	} else {
		d, err = cardName(v, db, where)
	}
	if err != nil {
		return sp, err
	}
	sp.Code = d.Passcode
	// Default position: set for Traps, face-up for the others (scenario.md).
	sp.FaceUp = !d.IsTrap()
	if !isMap {
		return sp, nil
	}
	if v, ok := m["pos"]; ok {
		s, err := asString(v, where+".pos")
		if err != nil {
			return sp, err
		}
		switch s {
		case "up":
			sp.FaceUp = true
		case "set":
			sp.FaceUp = false
		default:
			return sp, fmt.Errorf("scenario: %s.pos: %q is not up or set", where, s)
		}
	}
	if v, ok := m["zone"]; ok {
		if sp.Zone, err = asInt(v, where+".zone"); err != nil {
			return sp, err
		}
		if sp.Zone < 1 {
			return sp, fmt.Errorf("scenario: %s.zone counts from 1", where)
		}
	}
	if v, ok := m["new"]; ok {
		if sp.New, err = asBool(v, where+".new"); err != nil {
			return sp, err
		}
	}
	if v, ok := m["turns"]; ok {
		if sp.Turns, err = asInt(v, where+".turns"); err != nil {
			return sp, err
		}
	}
	if sp.Counters, err = parseCounters(m["counters"], where+".counters"); err != nil {
		return sp, err
	}
	if sp.Mods, err = parseMods(m["mods"], where+".mods"); err != nil {
		return sp, err
	}
	if sp.Link, err = parseLink(m["link"], where+".link"); err != nil {
		return sp, err
	}
	if sp.Used, err = parseUsed(m["used"], where+".used"); err != nil {
		return sp, err
	}
	if v, ok := m["bound"]; ok {
		if sp.Bound, err = parseBound(v, where+".bound"); err != nil {
			return sp, err
		}
	}
	return sp, nil
}

func parseCounters(v any, where string) (map[string]int, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a map of counter names to numbers", where)
	}
	out := map[string]int{}
	for _, k := range sortedKeys(m) {
		n, err := asInt(m[k], where+"."+k)
		if err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, nil
}

// anonymousCost is the card an integer `resources: N` fills the kouhu resource zone with: cost
// cards have no name while they are there, and become this card if they leave.
const anonymousCost = "Wind Elemental"

// parseResources reads a kouhu seat's `resources` (a list of cards, or a count of anonymous cost
// cards) and `tapped` (how many of them, the first placed first, are tapped).
func parseResources(m map[string]any, ss *engine.SeatSetup, db *card.DB, where string) error {
	v, ok := m["resources"]
	if ok && v != nil {
		if _, isList := v.([]any); !isList {
			n, err := asInt(v, where+".resources")
			if err != nil {
				return err
			}
			d, err := db.Lookup(anonymousCost)
			if err != nil {
				return fmt.Errorf("scenario: %s.resources: %v (only the kouhu ruleset has a resource zone)", where, err)
			}
			for i := 0; i < n; i++ {
				ss.Resources = append(ss.Resources, d.Passcode)
			}
		} else {
			codes, err := cardList(v, db, where+".resources")
			if err != nil {
				return err
			}
			ss.Resources = codes
		}
	}
	if v, ok := m["tapped"]; ok {
		if list, isList := v.([]any); isList {
			// Which cost cards are tapped, by number from 1 in resources.
			for _, x := range list {
				i, err := asInt(x, where+".tapped")
				if err != nil {
					return err
				}
				if i < 1 || i > len(ss.Resources) {
					return fmt.Errorf("scenario: %s.tapped: cost card %d of %d", where, i, len(ss.Resources))
				}
				ss.TappedAt = append(ss.TappedAt, i-1)
			}
			return nil
		}
		n, err := asInt(v, where+".tapped")
		if err != nil {
			return err
		}
		if n < 0 || n > len(ss.Resources) {
			return fmt.Errorf("scenario: %s.tapped: %d of %d cost cards", where, n, len(ss.Resources))
		}
		ss.TappedResources = n
	}
	return nil
}

// parseBound reads a spell entry's `bound`: the Monster Zone of the monster it is bound to, on
// either side (`A:M1`, `B:M3`; `A2:M1` in a tag duel).
func parseBound(v any, where string) (*engine.Place, error) {
	str, err := asString(v, where)
	if err != nil {
		return nil, err
	}
	seat, zone, ok := strings.Cut(str, ":")
	if ok {
		s, serr := engine.ParseSeat(seat)
		if p, zerr := parseZone(s, zone); serr == nil && zerr == nil && p.Loc == engine.MZone {
			return &p, nil
		}
	}
	return nil, fmt.Errorf("scenario: %s: %q is not a Monster Zone such as A:M1 or B:M3", where, str)
}
