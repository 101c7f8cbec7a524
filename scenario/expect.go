package scenario

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// keySpec is a parsed expectation key.
type keySpec struct {
	global string // turn, player, phase, chain, winner, prompt, prompt.kind
	seat   engine.Seat
	pile   string // hand, gy, banished, extra, deck, monsters, spells
	count  bool
	order  bool         // A.gy.order: the pile's cards compared in order (bottom first), not as a multiset
	zone   engine.Place // for A.M1 ..
	zoned  bool
	attr   string // pos, atk, def, level
	card   string // for A.card "NAME"
	lp     bool
	out    bool // A2.out: the seat has left a tag duel
	tapped bool // A.tapped: the kouhu seat's tapped cost cards
}

var pileNames = map[string]bool{"hand": true, "gy": true, "banished": true, "extra": true,
	"deck": true, "monsters": true, "spells": true, "resources": true}

// checkKey validates an expectation key.
func checkKey(key string) error {
	_, err := parseKey(key)
	return err
}

func parseKey(key string) (keySpec, error) {
	var k keySpec
	switch key {
	case "turn", "player", "phase", "chain", "winner", "prompt", "prompt.kind":
		k.global = key
		return k, nil
	}
	seatStr, rest, ok := strings.Cut(key, ".")
	if !ok {
		return k, fmt.Errorf("unknown key %q", key)
	}
	seat, err := engine.ParseSeat(seatStr)
	if err != nil {
		return k, fmt.Errorf("key %q: %v", key, err)
	}
	k.seat = seat
	if name, ok := strings.CutPrefix(rest, "card "); ok {
		n, err := strconv.Unquote(strings.TrimSpace(name))
		if err != nil {
			return k, fmt.Errorf("key %q: the card name must be in double quotes", key)
		}
		k.card = n
		return k, nil
	}
	parts := strings.Split(rest, ".")
	switch {
	case parts[0] == "lp" && len(parts) == 1:
		k.lp = true
		return k, nil
	case parts[0] == "tapped" && len(parts) == 1:
		k.tapped = true // kouhu: how many cost cards are tapped
		return k, nil
	case parts[0] == "out" && len(parts) == 1:
		k.out = true // a tag duel's seat that left
		return k, nil
	case pileNames[parts[0]]:
		k.pile = parts[0]
		if len(parts) == 2 && parts[1] == "count" {
			k.count = true
			return k, nil
		}
		if len(parts) == 2 && parts[1] == "order" {
			k.order = true
			return k, nil
		}
		if len(parts) == 1 {
			return k, nil
		}
	default:
		p, err := parseZone(seat, parts[0])
		if err != nil {
			return k, fmt.Errorf("key %q: %v", key, err)
		}
		k.zone, k.zoned = p, true
		if len(parts) == 1 {
			return k, nil
		}
		if len(parts) == 2 {
			switch parts[1] {
			case "pos", "atk", "def", "level", "tapped":
				k.attr = parts[1]
				return k, nil
			}
		}
	}
	return k, fmt.Errorf("unknown key %q", key)
}

// parseZone reads a zone name: M1..M5, S1..S5 or F.
func parseZone(seat engine.Seat, z string) (engine.Place, error) {
	if z == "F" {
		return engine.Place{Seat: seat, Loc: engine.FZone}, nil
	}
	if len(z) >= 2 && (z[0] == 'M' || z[0] == 'S') {
		n, err := strconv.Atoi(z[1:])
		if err == nil && n >= 1 {
			loc := engine.MZone
			if z[0] == 'S' {
				loc = engine.SZone
			}
			return engine.Place{Seat: seat, Loc: loc, Seq: n - 1}, nil
		}
	}
	return engine.Place{}, fmt.Errorf("%q is not a zone (M1.., S1.., F)", z)
}

// check evaluates one expectation against a duel; nil when it holds.
func check(d *engine.Duel, e Expectation) error {
	k, err := parseKey(e.Key)
	if err != nil {
		return err
	}
	if k.card != "" {
		return checkCard(d, k, e)
	}
	if k.global == "chain" {
		return checkChain(d, e)
	}
	got, err := actual(d, k)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Key, err)
	}
	want, err := normalize(e.Value, k)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Key, err)
	}
	if got != want {
		return fmt.Errorf("%s: want %s, got %s", e.Key, want, got)
	}
	return nil
}

// actual returns the duel's value for a key, as a canonical string.
func actual(d *engine.Duel, k keySpec) (string, error) {
	switch k.global {
	case "turn":
		return strconv.Itoa(d.Turn()), nil
	case "player":
		return d.TurnPlayer().String(), nil
	case "phase":
		return d.Phase().String(), nil
	case "chain":
		return canonList(d.ChainNames(), true), nil
	case "winner":
		if !d.Over() {
			return "none", nil
		}
		w, ok, _ := d.Result()
		if ok {
			return w.String(), nil
		}
		return "draw", nil
	case "prompt":
		if p := d.Prompt(); p != nil {
			return p.Seat.String(), nil
		}
		return "none", nil
	case "prompt.kind": // a project key: the pending prompt's kind (idle, chain, select ...)
		if p := d.Prompt(); p != nil {
			return p.Kind.String(), nil
		}
		return "none", nil
	}
	if k.lp {
		return strconv.Itoa(d.LP(k.seat)), nil
	}
	if k.out {
		return strconv.FormatBool(!d.InDuel(k.seat)), nil
	}
	if k.tapped {
		n := 0
		for _, id := range d.Pile(k.seat, engine.Resource) {
			if d.Card(id).Tapped {
				n++
			}
		}
		return strconv.Itoa(n), nil
	}
	if k.pile != "" {
		ids := pileCards(d, k.seat, k.pile)
		if k.count {
			return strconv.Itoa(len(ids)), nil
		}
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = d.Card(id).Data.Name
		}
		return canonList(names, k.order), nil
	}
	id := d.At(k.zone)
	if k.attr == "" {
		if id == engine.NoCard {
			return "null", nil
		}
		return strconv.Quote(d.Card(id).Data.Name), nil
	}
	if id == engine.NoCard {
		return "", fmt.Errorf("the zone is empty")
	}
	c := d.Card(id)
	switch k.attr {
	case "pos":
		return c.Pos.String(), nil
	case "atk":
		return strconv.Itoa(c.ATK), nil
	case "def":
		return strconv.Itoa(c.DEF), nil
	case "tapped":
		return strconv.FormatBool(c.Tapped), nil
	}
	return strconv.Itoa(c.Level), nil
}

// pileCards lists a seat's cards of a pile key; monsters and spells are the zones' cards.
func pileCards(d *engine.Duel, s engine.Seat, pile string) []engine.CardID {
	var loc engine.Loc
	switch pile {
	case "hand":
		loc = engine.Hand
	case "gy":
		loc = engine.GY
	case "banished":
		loc = engine.Banished
	case "extra":
		loc = engine.Extra
	case "deck":
		loc = engine.Deck
	case "monsters":
		loc = engine.MZone
	case "spells":
		loc = engine.SZone
	case "resources":
		loc = engine.Resource
	}
	var out []engine.CardID
	for _, id := range d.Pile(s, loc) {
		if id != engine.NoCard {
			out = append(out, id)
		}
	}
	return out
}

// checkCard checks the attributes an `A.card "NAME"` expectation names.
func checkCard(d *engine.Duel, k keySpec, e Expectation) error {
	got, err := cardAttrs(d, k)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Key, err)
	}
	want, err := normalize(e.Value, k)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Key, err)
	}
	wm := want.(map[string]string)
	for _, key := range sortedKeys(wm) {
		if got[key] != wm[key] {
			return fmt.Errorf("%s: %s: want %s, got %s", e.Key, key, wm[key], got[key])
		}
	}
	return nil
}

// cardAttrs returns the attributes of the card named by an `A.card "NAME"` key.
func cardAttrs(d *engine.Duel, k keySpec) (map[string]string, error) {
	found := engine.NoCard
	for _, loc := range []engine.Loc{engine.MZone, engine.SZone, engine.FZone} {
		for _, id := range d.Pile(k.seat, loc) {
			if id != engine.NoCard && d.Card(id).Data.Name == k.card {
				if found != engine.NoCard {
					return nil, fmt.Errorf("%q is not unique on %s's field", k.card, k.seat)
				}
				found = id
			}
		}
	}
	if found == engine.NoCard {
		return nil, fmt.Errorf("%q is not on %s's field", k.card, k.seat)
	}
	c := d.Card(found)
	zone := c.Place.Loc.String()
	if c.Place.Loc != engine.FZone {
		zone += strconv.Itoa(c.Place.Seq + 1)
	}
	m := map[string]string{"zone": zone, "pos": c.Pos.String(), "controller": c.Controller.String(),
		"counters": canonCounters(d.Counters(found)), "tapped": strconv.FormatBool(c.Tapped)}
	if c.Data.IsMonster() {
		m["atk"], m["def"] = strconv.Itoa(c.ATK), strconv.Itoa(c.DEF)
	}
	return m, nil
}

// normalize writes an expected value as the canonical string actual produces for its key.
// canonSeat writes a seat name as Seat.String does: a tag duel's A1 and B1 are A and B.
func canonSeat(s string) string {
	if seat, err := engine.ParseSeat(s); err == nil {
		return seat.String()
	}
	return s
}

func normalize(v any, k keySpec) (any, error) {
	switch {
	case k.global == "prompt.kind":
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("want a prompt kind such as idle, chain, select")
		}
		return strings.ToLower(s), nil
	case k.global != "" && k.global != "turn":
		s, ok := v.(string)
		if !ok {
			if v == nil {
				return "none", nil
			}
			return "", fmt.Errorf("want a name such as A, B, none")
		}
		return canonSeat(s), nil
	case k.out, k.attr == "tapped":
		b, ok := v.(bool)
		if !ok {
			return "", fmt.Errorf("want true or false")
		}
		return strconv.FormatBool(b), nil
	case k.global == "turn", k.lp, k.count, k.tapped, k.attr == "atk", k.attr == "def", k.attr == "level":
		n, err := asInt(v, "value")
		return strconv.Itoa(n), err
	case k.pile != "":
		names, err := nameList(v)
		return canonList(names, k.order), err
	case k.card != "":
		m, ok := v.(map[string]any)
		if !ok {
			return "", fmt.Errorf("want a map of zone, pos, atk, def, counters, controller")
		}
		out := map[string]string{}
		for _, key := range sortedKeys(m) {
			switch key {
			case "zone", "pos", "controller":
				s, err := asString(m[key], key)
				if err != nil {
					return "", err
				}
				if key == "zone" {
					if _, z, ok := strings.Cut(s, ":"); ok {
						s = z
					}
				}
				if key == "controller" {
					s = canonSeat(s)
				}
				out[key] = s
			case "atk", "def":
				n, err := asInt(m[key], key)
				if err != nil {
					return "", err
				}
				out[key] = strconv.Itoa(n)
			case "tapped":
				b, ok := m[key].(bool)
				if !ok {
					return "", fmt.Errorf("tapped: want true or false")
				}
				out[key] = strconv.FormatBool(b)
			case "counters":
				c, err := parseCounters(m[key], "counters")
				if err != nil {
					return "", err
				}
				out[key] = canonCounters(c)
			default:
				return "", fmt.Errorf("unknown card attribute %q", key)
			}
		}
		return out, nil
	case k.attr == "pos":
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("want atk, def, set or up")
		}
		return s, nil
	}
	// A zone: a card name or null.
	if v == nil {
		return "null", nil
	}
	d, err := anyCardName(v, "value")
	if err != nil {
		if s, ok := v.(string); ok && strings.HasSuffix(s, " Token") {
			return strconv.Quote(s), nil
		}
		return "", err
	}
	return strconv.Quote(d.Name), nil
}

// nameList reads a list of card names, resolving passcodes to names.
func nameList(v any) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("want a list of card names")
	}
	var out []string
	for i, x := range list {
		d, err := anyCardName(x, fmt.Sprintf("[%d]", i))
		if err != nil {
			// A name outside the card pool may be a token's ("Sheep Token"): compare it as written.
			if s, ok := x.(string); ok && strings.HasSuffix(s, " Token") {
				out = append(out, s)
				continue
			}
			return nil, err
		}
		out = append(out, d.Name)
	}
	return out, nil
}

// canonList writes names as a list; as a multiset (sorted) unless ordered.
func canonList(names []string, ordered bool) string {
	s := append([]string(nil), names...)
	if !ordered {
		sort.Strings(s)
	}
	q := make([]string, len(s))
	for i, n := range s {
		q[i] = strconv.Quote(n)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func canonCounters(c map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(c) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, c[k]))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// anyCardName reads a card name of the card pool or of the kouhu set (an expectation is checked
// against the duel's own cards, so either names it).
func anyCardName(v any, where string) (*card.Data, error) {
	d, err := cardName(v, card.Pool(), where)
	if err != nil {
		if kd, kerr := cardName(v, kouhu.CardDB(), where); kerr == nil {
			return kd, nil
		}
	}
	return d, err
}
