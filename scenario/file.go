// Package scenario reads, runs and writes `.duel` files (spec/scenario.md): scenarios (a position,
// moves, expectations), replays (decks, seed, every answer) and puzzles. The format is YAML; an
// unknown key is an error, never ignored.
//
// Scenario depends on no card set: the caller gives the card scripts the duels play, as File.Cards
// or the lib of RunFile, RunAll and RewriteAll (cmd/duelist and the tests pass cards/all's):
//
//	r := scenario.RunFile("testdata/anime/anime-field-spell-answered-by-typhoon.duel", all.Library())
package scenario

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/ruleset"
)

// File is a parsed `.duel` file.
type File struct {
	// Cards are the card scripts the duel plays. A file does not say them: the caller sets them
	// (cmd/duelist and the tests pass cards/all's Library), so that scenario depends on no card set.
	Cards   engine.Library
	Path    string
	Title   string
	Ruleset ruleset.Ruleset
	Seed    uint64
	Engine  string // the engine version a replay was recorded with ("" if not given)

	// A position (scenario or puzzle) ...
	HasPosition bool
	Position    engine.Position

	// ... or a full duel from its start (replay).
	HasDecks bool
	Decks    [2]engine.DeckList
	Sides    [2][]card.Passcode
	// Tag: a tag duel, whose seats are written A1, B1, A2, B2 (docs/tag.md); Partners are the
	// decks of A2 and B2 in a replay.
	Tag         bool
	Partners    [2]engine.DeckList
	First       engine.FirstMode
	NoFirstDraw bool
	// IllegalDecks: the replay's decks are not checked against the ruleset's deck rules
	// (`illegal_decks: true`, for a test that means to break them).
	IllegalDecks bool
	// AlwaysAsk: every chain window is offered (the project key `always_ask: true`).
	AlwaysAsk bool

	Moves  []Move
	Expect []Expectation
}

// MoveKind is the kind of a line of the moves block.
type MoveKind uint8

// The kinds of move line (scenario.md "The moves block").
const (
	MoveAnswer MoveKind = iota // P: TEXT
	MoveAt                     // P@TIMING: TEXT
	MoveNot                    // ! P: TEXT
	MoveCheck                  // ? KEY = VALUE
)

// Move is one line of the moves block.
type Move struct {
	Line   int // 1-based line within the moves block
	Kind   MoveKind
	Seat   engine.Seat
	Timing string // for MoveAt: a phase name or a Battle Phase timing
	Text   string
	Expect Expectation // for MoveCheck
}

// Expectation is one key of `expect` (or of a `?` line) with its expected value.
type Expectation struct {
	Key   string
	Value any
}

// ReadFile reads and parses a `.duel` file.
func ReadFile(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f.Path = path
	return f, nil
}

var topKeys = map[string]bool{"title": true, "ruleset": true, "seed": true, "turn": true,
	"player": true, "phase": true, "A": true, "B": true, "decks": true, "moves": true,
	"A1": true, "B1": true, "A2": true, "B2": true,
	"expect": true, "engine": true, "first": true, "first_draw": true, "always_ask": true,
	"step": true, "illegal_decks": true, "went_first": true, "rng": true}

// Parse reads a `.duel` document.
func Parse(src []byte) (*File, error) {
	var doc map[string]any
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("scenario: %v", err)
	}
	if doc == nil {
		return nil, fmt.Errorf("scenario: empty file")
	}
	for _, k := range sortedKeys(doc) {
		if !topKeys[k] {
			return nil, fmt.Errorf("scenario: unknown key %q", k)
		}
	}
	f := &File{Seed: 1}
	var err error
	rsID := "ocg"
	if v, ok := doc["ruleset"]; ok {
		if rsID, err = asString(v, "ruleset"); err != nil {
			return nil, err
		}
	}
	if f.Ruleset, err = ruleset.Get(rsID); err != nil {
		return nil, fmt.Errorf("scenario: %v", err)
	}
	if err := f.Ruleset.Playable(); err != nil {
		return nil, fmt.Errorf("scenario: %v", err)
	}
	if v, ok := doc["title"]; ok {
		if f.Title, err = asString(v, "title"); err != nil {
			return nil, err
		}
	}
	if v, ok := doc["engine"]; ok {
		if f.Engine, err = asString(v, "engine"); err != nil {
			return nil, err
		}
	}
	if v, ok := doc["always_ask"]; ok {
		if f.AlwaysAsk, err = asBool(v, "always_ask"); err != nil {
			return nil, err
		}
	}
	if v, ok := doc["seed"]; ok {
		n, err := asInt(v, "seed")
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, fmt.Errorf("scenario: seed %d is negative", n)
		}
		f.Seed = uint64(n)
	}
	db := card.Pool()
	if f.Ruleset.Kouhu() {
		db = kouhu.CardDB() // the kouhu ruleset plays its own card set
	}
	_, hasDecks := doc["decks"]
	posKeys := []string{"turn", "player", "phase", "A", "B", "A1", "B1", "A2", "B2", "went_first", "rng"}
	if hasDecks {
		for _, k := range posKeys {
			if _, ok := doc[k]; ok {
				return nil, fmt.Errorf("scenario: a replay (with decks) cannot have the position key %q", k)
			}
		}
		if err := f.parseDecks(doc["decks"], db); err != nil {
			return nil, err
		}
		if err := f.parseStartOptions(doc); err != nil {
			return nil, err
		}
		if v, ok := doc["illegal_decks"]; ok {
			if f.IllegalDecks, err = asBool(v, "illegal_decks"); err != nil {
				return nil, fmt.Errorf("scenario: %v", err)
			}
		}
		if !f.IllegalDecks {
			if err := f.checkDecks(db); err != nil {
				return nil, err
			}
		}
	} else {
		for _, k := range []string{"first", "first_draw", "illegal_decks"} {
			if _, ok := doc[k]; ok {
				return nil, fmt.Errorf("scenario: %q belongs to replays (with decks), not positions", k)
			}
		}
		if err := f.parsePosition(doc, db); err != nil {
			return nil, err
		}
	}
	if v, ok := doc["moves"]; ok && v != nil {
		s, err := asString(v, "moves")
		if err != nil {
			return nil, err
		}
		if f.Moves, err = parseMoves(s); err != nil {
			return nil, err
		}
		for _, m := range f.Moves {
			if m.Kind != MoveCheck && !f.Tag && m.Seat >= engine.A2 {
				return nil, fmt.Errorf("scenario: moves line %d: seat %s plays only in a tag duel", m.Line, m.Seat)
			}
		}
	}
	if v, ok := doc["expect"]; ok && v != nil {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("scenario: expect must be a map of keys to values")
		}
		for _, k := range sortedKeys(m) {
			e := Expectation{Key: k, Value: m[k]}
			if err := f.checkKey(e.Key); err != nil {
				return nil, fmt.Errorf("scenario: expect: %w", err)
			}
			f.Expect = append(f.Expect, e)
		}
	}
	return f, nil
}

func (f *File) parseStartOptions(doc map[string]any) error {
	if v, ok := doc["first"]; ok {
		s, err := asString(v, "first")
		if err != nil {
			return err
		}
		switch s {
		case "rps":
			f.First = engine.FirstRPS
		case "coin":
			f.First = engine.FirstCoin
		case "A":
			f.First = engine.FirstA
		case "B":
			f.First = engine.FirstB
		default:
			return fmt.Errorf("scenario: first: %q is not rps, coin, A or B", s)
		}
	}
	if v, ok := doc["first_draw"]; ok {
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("scenario: first_draw must be true or false")
		}
		f.NoFirstDraw = !b
	}
	return nil
}

func (f *File) parseDecks(v any, db *card.DB) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("scenario: decks must be a map with A and B (A1, B1, A2, B2 in a tag duel)")
	}
	f.HasDecks = true
	_, f.Tag = m["A1"]
	if _, ok := m["B1"]; ok {
		f.Tag = true
	}
	names := seatKeysOf(f.Tag)
	for _, k := range sortedKeys(m) {
		if !slices.Contains(names, k) {
			return fmt.Errorf("scenario: decks: unknown seat %q (want %s)", k, strings.Join(names, ", "))
		}
	}
	for i, name := range names {
		s := engine.Seat(i)
		dv, ok := m[name]
		if !ok {
			return fmt.Errorf("scenario: decks: seat %s is missing", name)
		}
		deck := &f.Decks[s.Team()]
		if s >= engine.A2 {
			deck = &f.Partners[s.Team()]
		}
		dm, ok := dv.(map[string]any)
		if !ok {
			return fmt.Errorf("scenario: decks.%s must be a map with main, extra, side", name)
		}
		for _, k := range sortedKeys(dm) {
			var dst *[]card.Passcode
			switch {
			case k == "main":
				dst = &deck.Main
			case k == "extra":
				dst = &deck.Extra
			case k == "side" && !f.Tag:
				dst = &f.Sides[s]
			default:
				return fmt.Errorf("scenario: decks.%s: unknown key %q", name, k)
			}
			codes, err := cardList(dm[k], db, fmt.Sprintf("decks.%s.%s", name, k))
			if err != nil {
				return err
			}
			*dst = codes
		}
	}
	return nil
}

// seatKeysOf returns the seat names of a duel in seat order: A, B or A1, B1, A2, B2.
func seatKeysOf(tag bool) []string {
	if tag {
		return []string{"A1", "B1", "A2", "B2"}
	}
	return []string{"A", "B"}
}

// checkKey checks an expectation key, and that it names only seats of the duel.
func (f *File) checkKey(key string) error {
	k, err := parseKey(key)
	if err != nil {
		return err
	}
	if k.global == "" && !f.Tag && k.seat >= engine.A2 {
		return fmt.Errorf("key %q: seat %s plays only in a tag duel", key, k.seat)
	}
	return nil
}

// parseMoves reads the moves block.
func parseMoves(s string) ([]Move, error) {
	var out []Move
	for i, raw := range strings.Split(s, "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, err := parseMove(line)
		if err != nil {
			return nil, fmt.Errorf("scenario: moves line %d %q: %v", i+1, line, err)
		}
		m.Line = i + 1
		out = append(out, m)
	}
	return out, nil
}

func parseMove(line string) (Move, error) {
	var m Move
	switch {
	case strings.HasPrefix(line, "?"):
		m.Kind = MoveCheck
		key, val, ok := strings.Cut(strings.TrimSpace(line[1:]), "=")
		if !ok {
			return m, fmt.Errorf("a check is `? KEY = VALUE`")
		}
		m.Expect.Key = strings.TrimSpace(key)
		if err := checkKey(m.Expect.Key); err != nil {
			return m, err
		}
		var doc map[string]any
		if err := yaml.Unmarshal([]byte("v: "+strings.TrimSpace(val)), &doc); err != nil {
			return m, fmt.Errorf("bad value: %v", err)
		}
		m.Expect.Value = doc["v"]
		return m, nil
	case strings.HasPrefix(line, "!"):
		m.Kind = MoveNot
		line = strings.TrimSpace(line[1:])
	default:
		m.Kind = MoveAnswer
	}
	who, text, ok := strings.Cut(line, ":")
	if !ok {
		return m, fmt.Errorf("a move is `P: TEXT`")
	}
	who = strings.TrimSpace(who)
	if seat, timing, ok := strings.Cut(who, "@"); ok {
		if m.Kind == MoveNot {
			return m, fmt.Errorf("`!` lines take no timing")
		}
		m.Kind = MoveAt
		who = seat
		m.Timing = timing
		if _, err := engine.ParsePhase(timing); err != nil {
			if _, err := engine.ParseTiming(timing); err != nil {
				return m, fmt.Errorf("unknown timing %q", timing)
			}
		}
	}
	seat, err := engine.ParseSeat(who)
	if err != nil {
		return m, err
	}
	m.Seat = seat
	m.Text = strings.TrimSpace(text)
	if m.Text == "" {
		return m, fmt.Errorf("no answer text after %q", who+":")
	}
	return m, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func asString(v any, what string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("scenario: %s must be a string, not %v", what, v)
	}
	return s, nil
}

func asInt(v any, what string) (int, error) {
	switch n := v.(type) {
	case int:
		return n, nil
	case int64:
		return int(n), nil
	case uint64:
		return int(n), nil
	case float64:
		if n == float64(int(n)) {
			return int(n), nil
		}
	}
	return 0, fmt.Errorf("scenario: %s must be an integer, not %v", what, v)
}

func asBool(v any, what string) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("scenario: %s must be true or false, not %v", what, v)
	}
	return b, nil
}

// cardName resolves a card written in a `.duel` file: an exact English name or "#passcode".
func cardName(v any, db *card.DB, what string) (*card.Data, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("scenario: %s: a card is a name in quotes, not %v", what, v)
	}
	d, err := db.Lookup(s)
	if err != nil {
		return nil, fmt.Errorf("scenario: %s: %v", what, err)
	}
	return d, nil
}

// cardList resolves a list of cards.
func cardList(v any, db *card.DB, what string) ([]card.Passcode, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("scenario: %s must be a list of cards", what)
	}
	out := make([]card.Passcode, 0, len(list))
	for i, x := range list {
		d, err := cardName(x, db, fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return nil, err
		}
		out = append(out, d.Passcode)
	}
	return out, nil
}
