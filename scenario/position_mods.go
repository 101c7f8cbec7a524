package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// The `mods` of a card and the `rules` of a seat (docs/notation.md): lasting modifiers and rule
// changes, each a map with one kind key (`atk: 500`, `def: -300`, `set_atk: 0`, `set_def: 0`,
// `level: 1`, `flags: [negated]`; a seat's rule: `flags: [no_battle_damage]`), `until` (the
// expiry; default permanent), `from` (the card that made it, by place: "A:S1", "B:GY2"; default
// none) and `turn` (the turn it was made in; default the position's).

var modKeys = map[string]bool{"atk": true, "def": true, "set_atk": true, "set_def": true, "level": true,
	"flags": true, "final_atk": true, "final_def": true, "until": true, "from": true, "turn": true}

var ruleKeys = map[string]bool{"flags": true, "until": true, "from": true, "turn": true}

// parseMods reads a card's `mods`.
func parseMods(v any, where string) ([]engine.ModSetup, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of modifiers", where)
	}
	var out []engine.ModSetup
	for i, x := range list {
		w := fmt.Sprintf("%s[%d]", where, i)
		m, ok := x.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("scenario: %s: a modifier is a map such as {atk: 500, until: turn}", w)
		}
		var ms engine.ModSetup
		kinds := 0
		for _, k := range sortedKeys(m) {
			if !modKeys[k] {
				return nil, fmt.Errorf("scenario: %s: unknown key %q", w, k)
			}
			kind, err := engine.ParseModKind(k)
			if err != nil {
				continue // until, from, turn
			}
			kinds++
			ms.Kind = kind
			if kind == engine.ModFlags {
				if ms.Flags, err = parseFlags(m[k], w+".flags"); err != nil {
					return nil, err
				}
			} else if ms.Value, err = asInt(m[k], w+"."+k); err != nil {
				return nil, err
			}
		}
		if kinds != 1 {
			return nil, fmt.Errorf("scenario: %s: a modifier has one of atk, def, set_atk, set_def, level, flags, final_atk, final_def", w)
		}
		var err error
		if ms.Expiry, ms.Source, ms.Turn, err = parseLasting(m, w); err != nil {
			return nil, err
		}
		out = append(out, ms)
	}
	return out, nil
}

// parseRules reads a seat's `rules`.
func parseRules(v any, where string) ([]engine.RuleSetup, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of rule changes", where)
	}
	var out []engine.RuleSetup
	for i, x := range list {
		w := fmt.Sprintf("%s[%d]", where, i)
		m, ok := x.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("scenario: %s: a rule change is a map such as {flags: [no_battle_damage], until: turn}", w)
		}
		for _, k := range sortedKeys(m) {
			if !ruleKeys[k] {
				return nil, fmt.Errorf("scenario: %s: unknown key %q", w, k)
			}
		}
		var r engine.RuleSetup
		fl, ok := m["flags"].([]any)
		if !ok {
			return nil, fmt.Errorf("scenario: %s.flags: a list of player flags is needed", w)
		}
		for _, f := range fl {
			s, err := asString(f, w+".flags")
			if err != nil {
				return nil, err
			}
			b, err := engine.ParsePlayerFlag(s)
			if err != nil {
				return nil, fmt.Errorf("scenario: %s.flags: %v", w, err)
			}
			r.Flags |= b
		}
		var err error
		if r.Expiry, r.Source, r.Turn, err = parseLasting(m, w); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// parseFlags reads a list of card flags.
func parseFlags(v any, where string) (engine.Flag, error) {
	list, ok := v.([]any)
	if !ok {
		return 0, fmt.Errorf("scenario: %s must be a list of flags", where)
	}
	var f engine.Flag
	for _, x := range list {
		s, err := asString(x, where)
		if err != nil {
			return 0, err
		}
		b, err := engine.ParseFlag(s)
		if err != nil {
			return 0, fmt.Errorf("scenario: %s: %v", where, err)
		}
		f |= b
	}
	return f, nil
}

// parseLasting reads the `until`, `from` and `turn` of a modifier or a rule change.
func parseLasting(m map[string]any, where string) (engine.Expiry, *engine.Place, int, error) {
	var e engine.Expiry
	var src *engine.Place
	turn := 0
	if v, ok := m["until"]; ok {
		s, err := asString(v, where+".until")
		if err != nil {
			return e, nil, 0, err
		}
		if e, err = engine.ParseExpiry(s); err != nil {
			return e, nil, 0, fmt.Errorf("scenario: %s.until: %v", where, err)
		}
	}
	if v, ok := m["from"]; ok {
		s, err := asString(v, where+".from")
		if err != nil {
			return e, nil, 0, err
		}
		p, err := engine.ParseRef(s)
		if err != nil {
			return e, nil, 0, fmt.Errorf("scenario: %s.from: %v", where, err)
		}
		src = &p
	}
	if v, ok := m["turn"]; ok {
		var err error
		if turn, err = asInt(v, where+".turn"); err != nil {
			return e, nil, 0, err
		}
		if turn < 1 {
			return e, nil, 0, fmt.Errorf("scenario: %s.turn counts from 1", where)
		}
	}
	return e, src, turn, nil
}

// formatMods writes a card's modifiers as its `mods` value.
func formatMods(mods []engine.ModSetup, turn int, tag bool) string {
	out := make([]string, len(mods))
	for i, m := range mods {
		var f []string
		if m.Kind == engine.ModFlags {
			f = append(f, "flags: ["+strings.Join(m.Flags.Names(), ", ")+"]")
		} else {
			f = append(f, fmt.Sprintf("%s: %d", m.Kind, m.Value))
		}
		f = append(f, formatLasting(m.Expiry, m.Source, m.Turn, turn, tag)...)
		out[i] = "{" + strings.Join(f, ", ") + "}"
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// formatRules writes a seat's rule changes as its `rules` value.
func formatRules(rules []engine.RuleSetup, turn int, tag bool) string {
	out := make([]string, len(rules))
	for i, r := range rules {
		f := append([]string{"flags: [" + strings.Join(r.Flags.Names(), ", ") + "]"},
			formatLasting(r.Expiry, r.Source, r.Turn, turn, tag)...)
		out[i] = "{" + strings.Join(f, ", ") + "}"
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// formatLasting writes the keys a modifier or rule change has beside its kind, leaving out the
// defaults.
func formatLasting(e engine.Expiry, src *engine.Place, made, turn int, tag bool) []string {
	var f []string
	if e != engine.Permanent {
		f = append(f, "until: "+e.String())
	}
	if src != nil {
		f = append(f, "from: "+strconv.Quote(engine.RefText(*src, tag)))
	}
	if made != 0 && made != turn {
		f = append(f, fmt.Sprintf("turn: %d", made))
	}
	return f
}

// parseLink reads a card's `link`: the place of the card it remembers (engine.LinkCounter).
func parseLink(v any, where string) (*engine.Place, error) {
	if v == nil {
		return nil, nil
	}
	s, err := asString(v, where)
	if err != nil {
		return nil, err
	}
	p, err := engine.ParseRef(s)
	if err != nil {
		return nil, fmt.Errorf("scenario: %s: %v", where, err)
	}
	return &p, nil
}

// parseUsed reads a card's `used`: the numbers of its effects used this turn.
func parseUsed(v any, where string) ([]int, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of effect numbers", where)
	}
	var out []int
	for _, x := range list {
		n, err := asInt(x, where)
		if err != nil {
			return nil, err
		}
		if n < 1 {
			return nil, fmt.Errorf("scenario: %s: effects are numbered from 1, not %d", where, n)
		}
		out = append(out, n)
	}
	return out, nil
}

// parseUsedNames reads a seat's `used_names`: {card: NAME, effect: N} (effect left out: every
// effect of the name).
func parseUsedNames(v any, db *card.DB, where string) ([]engine.NameUse, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of {card: NAME, effect: N}", where)
	}
	var out []engine.NameUse
	for i, x := range list {
		w := fmt.Sprintf("%s[%d]", where, i)
		m, ok := x.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("scenario: %s: a used name is a map {card: NAME, effect: N}", w)
		}
		for _, k := range sortedKeys(m) {
			if k != "card" && k != "effect" {
				return nil, fmt.Errorf("scenario: %s: unknown key %q", w, k)
			}
		}
		d, err := cardName(m["card"], db, w+".card")
		if err != nil {
			return nil, err
		}
		u := engine.NameUse{Code: d.Passcode}
		if e, ok := m["effect"]; ok {
			if u.Effect, err = asInt(e, w+".effect"); err != nil {
				return nil, err
			}
			if u.Effect < 1 {
				return nil, fmt.Errorf("scenario: %s.effect: effects are numbered from 1", w)
			}
		}
		out = append(out, u)
	}
	return out, nil
}

// formatUsed writes effect numbers as a `used` value.
func formatUsed(used []int) string {
	out := make([]string, len(used))
	for i, n := range used {
		out[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// parsePileUsed reads a seat's `used`: a map from the place of a card off the field ("A:GY2") to
// the numbers of its effects used this turn.
func parsePileUsed(v any, where string) ([]engine.PileUse, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a map of places (\"A:GY2\") to effect numbers", where)
	}
	var out []engine.PileUse
	for _, k := range sortedKeys(m) {
		at, err := engine.ParseRef(k)
		if err != nil {
			return nil, fmt.Errorf("scenario: %s: %v", where, err)
		}
		used, err := parseUsed(m[k], where+"."+k)
		if err != nil {
			return nil, err
		}
		out = append(out, engine.PileUse{At: at, Used: used})
	}
	return out, nil
}

// parseRefs reads a list of card places ("A:GY2", "B:M1").
func parseRefs(v any, where string) ([]engine.Place, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of places", where)
	}
	var out []engine.Place
	for _, x := range list {
		str, err := asString(x, where)
		if err != nil {
			return nil, err
		}
		p, err := engine.ParseRef(str)
		if err != nil {
			return nil, fmt.Errorf("scenario: %s: %v", where, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// formatRefs writes card places as a list.
func formatRefs(ps []engine.Place, tag bool) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = strconv.Quote(engine.RefText(p, tag))
	}
	return "[" + strings.Join(out, ", ") + "]"
}
