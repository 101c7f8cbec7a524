// Package randdeck builds decks at random from a pool of cards (the cards of one or more booster
// sets): 40-card Main Decks with an Extra Deck from the same pool, under a banlist, for the
// lockstep harness (cmd/ygodiff) and the random-deck benchmarks; and probe decks built around one
// card, so that random play reaches it.
//
// A pool keeps only the cards the engine can play (they have card data and are implemented) and
// the banlist allows; every card left out is listed with the reason (Pool.Skipped).
package randdeck

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// Sizes of the decks built.
const (
	MainSize     = 40
	MaxExtra     = 15
	probeCopies  = 3
	wantMonsters = 20 // the Main Deck's monsters, give or take monsterSpread
	// monsterSpread is how far the number of monsters of a random deck strays from wantMonsters.
	monsterSpread = 3
)

// polymerization is the Spell a probe deck of a Fusion Monster holds to summon it.
const polymerization card.Passcode = 24094653

// Config says what a pool may hold and how to read its cards.
type Config struct {
	// DB holds the card data (nil: card.Pool()).
	DB *card.DB
	// Implemented reports whether the engine plays a card (nil: every card with data).
	Implemented func(card.Passcode) bool
	// Banlist limits the copies (nil: 3 of every card).
	Banlist *deck.Banlist
	// Materials returns a Fusion Monster's materials (nil: none known), for probe decks.
	Materials func(card.Passcode) []card.Passcode
}

// Skip is a card of the pool's list left out, and why.
type Skip struct {
	Code card.Passcode
	Name string // "" when the card has no data
	Why  string
}

// Pool is the cards random decks are drawn from: each with the copies a deck may hold.
type Pool struct {
	cfg   Config
	Main  []card.Passcode // Main Deck cards, in the list's order, each once
	Extra []card.Passcode // Extra Deck monsters
	limit map[card.Passcode]int
	// Skipped lists the cards of the list left out: no card data, not implemented, forbidden.
	Skipped []Skip
}

// NewPool makes the pool of the listed cards (repeats count once).
func NewPool(codes []card.Passcode, cfg Config) *Pool {
	if cfg.DB == nil {
		cfg.DB = card.Pool()
	}
	p := &Pool{cfg: cfg, limit: map[card.Passcode]int{}}
	seen := map[card.Passcode]bool{}
	for _, code := range codes {
		if seen[code] {
			continue
		}
		seen[code] = true
		d, ok := cfg.DB.ByPasscode(code)
		switch {
		case !ok:
			p.Skipped = append(p.Skipped, Skip{Code: code, Why: "no card data"})
			continue
		case cfg.Implemented != nil && !cfg.Implemented(code):
			p.Skipped = append(p.Skipped, Skip{Code: code, Name: d.Name, Why: "not implemented"})
			continue
		}
		n := min(cfg.Banlist.Limit(code), 3)
		if n == 0 {
			p.Skipped = append(p.Skipped, Skip{Code: code, Name: d.Name, Why: "forbidden"})
			continue
		}
		p.limit[code] = n
		if d.Kind.IsExtra() {
			p.Extra = append(p.Extra, code)
		} else {
			p.Main = append(p.Main, code)
		}
	}
	return p
}

// ReadSet reads a booster set's passcode list, dir/NAME.txt: one passcode a line; blank lines and
// lines starting with '#' are skipped.
func ReadSet(dir, name string) ([]card.Passcode, error) {
	path := filepath.Join(dir, name+".txt")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("randdeck: set %s: %w", name, err)
	}
	defer f.Close()
	var out []card.Passcode
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		n, err := strconv.ParseUint(t, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("randdeck: %s:%d: %q is not a passcode", path, line, t)
		}
		out = append(out, card.Passcode(n))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("randdeck: %s: %w", path, err)
	}
	return out, nil
}

// ReadSets reads and joins several sets' lists (see ReadSet).
func ReadSets(dir string, names []string) ([]card.Passcode, error) {
	var out []card.Passcode
	for _, n := range names {
		l, err := ReadSet(dir, n)
		if err != nil {
			return nil, err
		}
		out = append(out, l...)
	}
	return out, nil
}

// WithPrinted adds to a sets' passcode lists the cards of db whose card data says one of these
// sets printed them and that the lists lack (a list's known gaps: LOB's lacks Right Arm of the
// Forbidden One, Steel Ogre Grotto 1 and Monster Reborn; its header's note says so). Repeats
// are left to NewPool.
func WithPrinted(codes []card.Passcode, db *card.DB, names []string) []card.Passcode {
	if db == nil {
		db = card.Pool()
	}
	in := map[card.Passcode]bool{}
	for _, c := range codes {
		in[c] = true
	}
	out := codes
	for _, d := range db.All() {
		if in[d.Passcode] {
			continue
		}
		for _, s := range d.Sets {
			if slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, s) }) {
				out = append(out, d.Passcode)
				break
			}
		}
	}
	return out
}

// Size returns how many Main Deck cards the pool can give, copies counted.
func (p *Pool) Size() int {
	n := 0
	for _, c := range p.Main {
		n += p.limit[c]
	}
	return n
}

// Deck draws a random deck: 40 Main Deck cards, about half of them monsters (as many as the
// pool allows), each at most as often as the banlist allows, and an Extra Deck of up to 15 of
// the pool's Extra Deck monsters. It fails when the pool cannot fill 40 cards.
func (p *Pool) Deck(rng *rand.Rand) (deck.Deck, error) {
	if n := p.Size(); n < MainSize {
		return deck.Deck{}, fmt.Errorf("randdeck: the pool holds %d Main Deck cards (copies counted), fewer than %d", n, MainSize)
	}
	var d deck.Deck
	used := map[card.Passcode]int{}
	monsters := wantMonsters + rng.IntN(2*monsterSpread+1) - monsterSpread
	d.Main = p.fill(d.Main, used, rng, monsters, func(x *card.Data) bool { return x.IsMonster() })
	d.Main = p.fill(d.Main, used, rng, MainSize-len(d.Main), func(x *card.Data) bool { return !x.IsMonster() })
	d.Main = p.fill(d.Main, used, rng, MainSize-len(d.Main), nil)
	d.Extra = p.extra(rng)
	return d, nil
}

// fill appends up to n more cards of the pool that fit (nil: any), drawn uniformly among the
// copies still allowed.
func (p *Pool) fill(dst []card.Passcode, used map[card.Passcode]int, rng *rand.Rand, n int, fits func(*card.Data) bool) []card.Passcode {
	var slots []card.Passcode
	for _, c := range p.Main {
		d, _ := p.cfg.DB.ByPasscode(c)
		if fits != nil && !fits(d) {
			continue
		}
		for k := used[c]; k < p.limit[c]; k++ {
			slots = append(slots, c)
		}
	}
	rng.Shuffle(len(slots), func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	for _, c := range slots[:min(n, len(slots))] {
		dst = append(dst, c)
		used[c]++
	}
	return dst
}

// extra draws up to 15 Extra Deck monsters of the pool, copies allowed.
func (p *Pool) extra(rng *rand.Rand) []card.Passcode {
	var slots []card.Passcode
	for _, c := range p.Extra {
		for k := 0; k < p.limit[c]; k++ {
			slots = append(slots, c)
		}
	}
	rng.Shuffle(len(slots), func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	return slices.Clone(slots[:min(MaxExtra, len(slots))])
}

// Probe builds a deck around one card so that random play reaches it: three copies of it (in the
// Extra Deck for an Extra Deck monster), what it needs to be used (a Fusion Monster's materials
// and Polymerization; a Ritual Monster's Ritual Spells of the pool, a Ritual Spell's Ritual
// Monsters; low-Level monsters to tribute for a high-Level one), and random cards of the pool to
// fill 40 cards, about half of them monsters (low-Level ones first for a monster that needs
// tributes). The card need not be in the pool, but must have data.
func (p *Pool) Probe(target card.Passcode, rng *rand.Rand) (deck.Deck, error) {
	db := p.cfg.DB
	t, ok := db.ByPasscode(target)
	if !ok {
		return deck.Deck{}, fmt.Errorf("randdeck: probe: no card data for %d", target)
	}
	var d deck.Deck
	used := map[card.Passcode]int{}
	add := func(c card.Passcode, n int) {
		for k := 0; k < n && len(d.Main) < MainSize; k++ {
			d.Main = append(d.Main, c)
			used[c]++
		}
	}
	switch {
	case t.Kind.IsExtra():
		for k := 0; k < probeCopies; k++ {
			d.Extra = append(d.Extra, target)
		}
		if t.Kind.Has(card.Fusion) && p.cfg.Materials != nil {
			mats := p.cfg.Materials(target)
			if len(mats) == 0 {
				return deck.Deck{}, fmt.Errorf("randdeck: probe: %s (%d) lists no Fusion Materials", t.Name, target)
			}
			for _, m := range distinct(mats) {
				if _, ok := db.ByPasscode(m); !ok {
					return deck.Deck{}, fmt.Errorf("randdeck: probe: %s (%d): no card data for its material %d", t.Name, target, m)
				}
				add(m, 3)
			}
			add(polymerization, 3)
		}
	default:
		add(target, probeCopies)
	}
	switch {
	case t.IsMonster() && t.Kind.Has(card.Ritual):
		for _, c := range p.Main {
			if x, _ := db.ByPasscode(c); x.IsSpell() && x.Kind.Has(card.Ritual) {
				add(c, 2)
			}
		}
	case t.IsSpell() && t.Kind.Has(card.Ritual):
		for _, c := range p.Main {
			if x, _ := db.ByPasscode(c); x.IsMonster() && x.Kind.Has(card.Ritual) {
				add(c, 2)
			}
		}
	}
	low := func(x *card.Data) bool { return x.IsMonster() && x.Level <= 4 && !x.Kind.Has(card.Ritual) }
	if t.IsMonster() && t.Level >= 5 {
		// tributes first: a Level 5-6 monster needs one, a Level 7+ two
		d.Main = p.fill(d.Main, used, rng, min(MainSize-len(d.Main), max(0, wantMonsters-p.monsters(d.Main))), low)
	}
	monsters := p.monsters(d.Main)
	d.Main = p.fill(d.Main, used, rng, min(MainSize-len(d.Main), max(0, wantMonsters-monsters)), func(x *card.Data) bool { return x.IsMonster() })
	d.Main = p.fill(d.Main, used, rng, MainSize-len(d.Main), func(x *card.Data) bool { return !x.IsMonster() })
	d.Main = p.fill(d.Main, used, rng, MainSize-len(d.Main), nil)
	if len(d.Main) < MainSize {
		return deck.Deck{}, fmt.Errorf("randdeck: probe of %s: the pool fills only %d of %d Main Deck cards", t.Name, len(d.Main), MainSize)
	}
	if len(d.Extra) < MaxExtra {
		for _, c := range p.extra(rng) {
			if len(d.Extra) < MaxExtra && c != target {
				d.Extra = append(d.Extra, c)
			}
		}
	}
	return d, nil
}

// monsters counts the monsters of a list.
func (p *Pool) monsters(l []card.Passcode) int {
	n := 0
	for _, c := range l {
		if x, ok := p.cfg.DB.ByPasscode(c); ok && x.IsMonster() {
			n++
		}
	}
	return n
}

// NeedsBehaviour lists the cards of the list that need behaviour (not Normal Monsters), with
// data, each once, in the list's order: the cards a probe of a whole set visits.
func NeedsBehaviour(codes []card.Passcode, db *card.DB) []card.Passcode {
	if db == nil {
		db = card.Pool()
	}
	var out []card.Passcode
	for _, c := range distinct(codes) {
		if d, ok := db.ByPasscode(c); ok && !d.IsNormalMonster() {
			out = append(out, c)
		}
	}
	return out
}

// distinct returns the list without repeats, in order.
func distinct(l []card.Passcode) []card.Passcode {
	var out []card.Passcode
	for _, c := range l {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
