package match

import (
	"fmt"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/scenario"
)

// IsReplay reports whether a YAML document is a match replay: it has a top-level `match` key.
func IsReplay(src []byte) bool {
	var doc map[string]any
	if yaml.Unmarshal(src, &doc) != nil {
		return false
	}
	_, ok := doc["match"]
	return ok
}

var topKeys = map[string]bool{"title": true, "engine": true, "ruleset": true, "seed": true,
	"first": true, "first_draw": true, "decks": true, "match": true, "result": true}

var duelKeys = map[string]bool{"seed": true, "first": true, "before": true, "moves": true,
	"draw": true, "expect": true}

// Verify re-runs a match replay (docs/match.md): the match is rebuilt from its decks, ruleset and
// seed; each duel entry's `before` lines answer the match's prompts, its `moves` play the duel
// (every answer must be legal), its `draw` ends it as a draw, and its `expect` is checked against
// how the duel ended; at the end `result` is checked against the match's outcome and score. It
// returns the match as it ended and the first failure. The duels play the card scripts of lib.
func Verify(src []byte, lib engine.Library) (*Match, error) {
	var doc map[string]any
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("match replay: %v", err)
	}
	if err := unknownKeys(doc, topKeys, "match replay"); err != nil {
		return nil, err
	}
	cfg, err := parseConfig(doc)
	if err != nil {
		return nil, err
	}
	cfg.Cards = lib
	m, err := New(cfg)
	if err != nil {
		return nil, err
	}
	entries, ok := doc["match"].([]any)
	if !ok {
		return m, fmt.Errorf("match replay: match must be a list of duels")
	}
	for i, e := range entries {
		if err := verifyDuel(m, i+1, e); err != nil {
			return m, fmt.Errorf("duel %d: %w", i+1, err)
		}
	}
	if err := m.Err(); err != nil {
		return m, err
	}
	return m, checkResult(m, doc["result"])
}

func unknownKeys(m map[string]any, known map[string]bool, what string) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !known[k] {
			return fmt.Errorf("%s: unknown key %q", what, k)
		}
	}
	return nil
}

// parseConfig reads the match's setup: engine version, ruleset, seed, first, decks.
func parseConfig(doc map[string]any) (Config, error) {
	var cfg Config
	if v, ok := doc["engine"]; ok && fmt.Sprint(v) != scenario.Version {
		return cfg, fmt.Errorf("recorded with engine %q; this engine is %q", fmt.Sprint(v), scenario.Version)
	}
	id := "ocg"
	if v, ok := doc["ruleset"]; ok {
		id = fmt.Sprint(v)
	}
	rs, err := ruleset.Get(id)
	if err != nil {
		return cfg, fmt.Errorf("match replay: %v", err)
	}
	cfg.Ruleset = rs
	cfg.Seed = 1
	if v, ok := doc["seed"]; ok {
		n, ok := asUint(v)
		if !ok {
			return cfg, fmt.Errorf("match replay: seed must be a non-negative integer, not %v", v)
		}
		cfg.Seed = n
	}
	if cfg.First, err = parseFirst(doc["first"], engine.FirstRPS); err != nil {
		return cfg, err
	}
	if v, ok := doc["first_draw"]; ok {
		b, ok := v.(bool)
		if !ok {
			return cfg, fmt.Errorf("match replay: first_draw must be true or false")
		}
		cfg.NoFirstDraw = !b
	}
	decks, ok := doc["decks"].(map[string]any)
	if !ok {
		return cfg, fmt.Errorf("match replay: decks must be a map with A and B")
	}
	if err := unknownKeys(decks, map[string]bool{"A": true, "B": true}, "match replay: decks"); err != nil {
		return cfg, err
	}
	for s := engine.A; s <= engine.B; s++ {
		dm, ok := decks[s.String()].(map[string]any)
		if !ok {
			return cfg, fmt.Errorf("match replay: decks.%s must be a map with main, extra, side", s)
		}
		if err := unknownKeys(dm, map[string]bool{"main": true, "extra": true, "side": true}, "match replay: decks."+s.String()); err != nil {
			return cfg, err
		}
		d := &cfg.Decks[s]
		for _, part := range []struct {
			key string
			dst *[]card.Passcode
		}{{"main", &d.Main}, {"extra", &d.Extra}, {"side", &d.Side}} {
			if *part.dst, err = cardList(dm[part.key], fmt.Sprintf("decks.%s.%s", s, part.key)); err != nil {
				return cfg, err
			}
		}
	}
	return cfg, nil
}

func parseFirst(v any, def engine.FirstMode) (engine.FirstMode, error) {
	if v == nil {
		return def, nil
	}
	for m, name := range firstNames {
		if fmt.Sprint(v) == name {
			return m, nil
		}
	}
	return def, fmt.Errorf("match replay: first: %v is not rps, coin, A or B", v)
}

func cardList(v any, what string) ([]card.Passcode, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("match replay: %s must be a list of cards", what)
	}
	out := make([]card.Passcode, len(list))
	for i, x := range list {
		c, err := card.Pool().Lookup(fmt.Sprint(x))
		if err != nil {
			return nil, fmt.Errorf("match replay: %s[%d]: %v", what, i, err)
		}
		out[i] = c.Passcode
	}
	return out, nil
}

// verifyDuel replays one entry of `match`.
func verifyDuel(m *Match, n int, v any) error {
	e, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("an entry of match must be a map")
	}
	if err := unknownKeys(e, duelKeys, "match replay: duel"); err != nil {
		return err
	}
	if m.Over() {
		return fmt.Errorf("the match is over (%s); the file has more duels", m.Reason())
	}
	if err := runLines(m, e["before"], "before", func(p *Prompt) error {
		if p.Kind == PromptDuel {
			return fmt.Errorf("duel %d has started: `before` holds only the answers between duels", p.N)
		}
		return nil
	}); err != nil {
		return err
	}
	if m.Over() {
		if e["moves"] != nil || e["expect"] != nil || e["draw"] != nil {
			return fmt.Errorf("the match ended (%s) before the duel", m.Reason())
		}
		return nil
	}
	if p := m.Prompt(); p.Kind != PromptDuel {
		return fmt.Errorf("the match still waits for seat %s's %s answer before the duel", p.Seat, p.Kind)
	}
	r := m.current()
	if v, ok := e["seed"]; ok && fmt.Sprint(v) != fmt.Sprint(r.Seed) {
		return fmt.Errorf("seed %v, but the match plays it with seed %d", v, r.Seed)
	}
	if v, ok := e["first"]; ok && fmt.Sprint(v) != firstNames[r.First] {
		return fmt.Errorf("first %v, but the match decides it by %s", v, firstNames[r.First])
	}
	if err := runLines(m, e["moves"], "moves", func(p *Prompt) error {
		if p.Kind != PromptDuel || p.N != n {
			return fmt.Errorf("the duel is over (%s)", m.duels[n-1].Reason)
		}
		return nil
	}); err != nil {
		return err
	}
	if v, ok := e["draw"]; ok {
		if err := m.DrawDuel(fmt.Sprint(v)); err != nil {
			return fmt.Errorf("draw: %w", err)
		}
	}
	r = &m.duels[n-1]
	if r.Outcome == Pending {
		return fmt.Errorf("the duel is not over after its moves")
	}
	exp, _ := e["expect"].(map[string]any)
	if e["expect"] != nil && exp == nil {
		return fmt.Errorf("expect must be a map of keys to values")
	}
	return checkExpect(r, exp)
}

// runLines answers a block of `P: TEXT` lines; ok checks the pending prompt before each line.
func runLines(m *Match, v any, block string, ok func(*Prompt) error) error {
	if v == nil {
		return nil
	}
	text, isStr := v.(string)
	if !isStr {
		return fmt.Errorf("%s must be a block of lines", block)
	}
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := runLine(m, line, ok); err != nil {
			return fmt.Errorf("%s line %d %q: %w", block, i+1, line, err)
		}
	}
	return nil
}

func runLine(m *Match, line string, ok func(*Prompt) error) error {
	who, text, found := strings.Cut(line, ":")
	seat, err := engine.ParseSeat(strings.TrimSpace(who))
	if !found || err != nil {
		return fmt.Errorf("a line of a match replay is `P: TEXT` with P = A or B (no `?`, `!` or `@TIMING` lines)")
	}
	text = strings.TrimSpace(text)
	p := m.Prompt()
	if p == nil {
		return fmt.Errorf("the match is over (%s)", m.Reason())
	}
	if err := ok(p); err != nil {
		return err
	}
	switch text {
	case "concede":
		return m.Concede(seat)
	case "concede match":
		return m.ConcedeMatch(seat)
	}
	// As in a `.duel` file: the other seat's pending chain windows are passed first.
	for p.Kind == PromptDuel && p.Duel.IsChainWindow() && p.Seat != seat {
		if err := m.AnswerText("pass"); err != nil {
			return err
		}
		if p = m.Prompt(); p == nil {
			return fmt.Errorf("the match is over (%s)", m.Reason())
		}
		if err := ok(p); err != nil {
			return err
		}
	}
	if p.Seat != seat {
		return fmt.Errorf("the pending prompt (%s) is %s's, not %s's", promptName(p), p.Seat, seat)
	}
	return m.AnswerText(text)
}

func promptName(p *Prompt) string {
	if p.Kind == PromptDuel {
		return p.Duel.Kind.String()
	}
	return "match " + p.Kind.String()
}

// checkExpect checks a duel's `expect` keys against how it ended.
func checkExpect(r *DuelRecord, exp map[string]any) error {
	keys := make([]string, 0, len(exp))
	for k := range exp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		want := fmt.Sprint(exp[k])
		var got string
		switch k {
		case "winner":
			if _, err := parseOutcome(want); err != nil {
				return fmt.Errorf("expect: %v", err)
			}
			got = r.Outcome.String()
		case "reason":
			got = r.Reason
		case "turn":
			got = fmt.Sprint(r.End.Turn)
		default:
			s, rest, _ := strings.Cut(k, ".")
			seat, err := engine.ParseSeat(s)
			counts := map[string][2]int{"hand.count": r.End.Hand, "deck.count": r.End.Deck,
				"gy.count": r.End.GY, "banished.count": r.End.Banished, "extra.count": r.End.Extra}
			if c, ok := counts[rest]; ok && err == nil {
				got = fmt.Sprint(c[seat])
			} else if rest == "lp" && err == nil {
				got = fmt.Sprint(r.End.LP[seat])
			} else {
				return fmt.Errorf("expect: unknown key %q (a match replay checks winner, reason, turn, P.lp and P.hand|deck|gy|banished|extra.count)", k)
			}
		}
		if got != want {
			return fmt.Errorf("expect %s: want %s, got %s", k, want, got)
		}
	}
	return nil
}

// checkResult checks the `result` block: winner, each seat's wins, draws.
func checkResult(m *Match, v any) error {
	if v == nil {
		return nil
	}
	res, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("result must be a map")
	}
	if err := unknownKeys(res, map[string]bool{"winner": true, "A": true, "B": true, "draws": true}, "match replay: result"); err != nil {
		return err
	}
	if w, ok := res["winner"]; ok {
		if _, err := parseOutcome(fmt.Sprint(w)); err != nil {
			return fmt.Errorf("result: %v", err)
		}
	}
	wins, draws := m.Score()
	got := map[string]string{"winner": m.Result().String(), "A": fmt.Sprint(wins[0]),
		"B": fmt.Sprint(wins[1]), "draws": fmt.Sprint(draws)}
	for _, k := range []string{"winner", "A", "B", "draws"} {
		if w, ok := res[k]; ok && fmt.Sprint(w) != got[k] {
			return fmt.Errorf("result %s: want %v, got %s (%s)", k, w, got[k], m.Reason())
		}
	}
	return nil
}

// asUint reads a non-negative YAML integer.
func asUint(v any) (uint64, bool) {
	switch n := v.(type) {
	case uint64:
		return n, true
	case int64:
		return uint64(n), n >= 0
	case int:
		return uint64(n), n >= 0
	}
	return 0, false
}
