package scenario_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
	"github.com/duelistgame/duelist/scenario"
)

// load reads a position's `.duel` text and starts its duel.
func load(t *testing.T, text []byte) *engine.Duel {
	t.Helper()
	f, err := scenario.Parse(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	f.Cards = all.Library()
	d, err := f.Start()
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return d
}

// optionTexts lists a prompt's options in the notation.
func optionTexts(d *engine.Duel) []string {
	var out []string
	for _, o := range d.Prompt().Options() {
		out = append(out, d.OptionText(o))
	}
	return out
}

// TestPositionRoundTrip exports the open states of random duels (the starter decks under each
// ruleset, a tag duel) as `.duel` positions, and none may be refused: loading one gives a duel
// with the same views for every seat and the same options; exporting that duel writes the same
// text; and loading that text again gives a duel with the same Hash.
func TestPositionRoundTrip(t *testing.T) {
	get := func(n string) engine.DeckList {
		d, err := decks.Get(n)
		if err != nil {
			t.Fatal(err)
		}
		return engine.DeckList{Main: d.Main, Extra: d.Extra}
	}
	yugi, kaiba, fds, fusion := get("yugi-40"), get("kaiba-40"), get("5ds"), get("fusion")
	var kd [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		kd[i].Main, kd[i].Extra = d.Codes()
	}
	lib := all.Library()
	configs := []engine.Config{
		{Rules: engine.OCG(), Cards: lib, Decks: [2]engine.DeckList{yugi, kaiba}},
		{Rules: engine.Classic(), Cards: lib, Decks: [2]engine.DeckList{kaiba, yugi}},
		{Rules: engine.Anime(), Cards: lib, Decks: [2]engine.DeckList{fds, fusion}},
		{Rules: engine.OCG(), Cards: lib, Decks: [2]engine.DeckList{fusion, fds}, AlwaysAsk: true},
		{Rules: engine.OCG(), Cards: lib, Tag: true, Decks: [2]engine.DeckList{yugi, kaiba},
			Partners: [2]engine.DeckList{fds, fusion}},
		{Rules: krules.Rules(), Cards: lib, Decks: kd},
		{Rules: krules.Rules(), Cards: lib, Decks: [2]engine.DeckList{kd[1], kd[0]}},
	}
	duels := testsize.N(2, 3, 12)
	// One exported position in playOnEvery is played on (checkPlaysOn).
	playOnEvery := testsize.N(40, 10, 10)
	// Per duel configuration: how many open states were exported, and the refusals by reason.
	// The duels run side by side (CI's long run took 17 minutes, most of it in the tag duels).
	type tally struct {
		exported int
		refused  map[string]int
	}
	tallies := make([]tally, len(configs)*duels) // by configuration, then seed
	t.Run("duels", func(t *testing.T) {
		for k, cfg := range configs {
			for seed := range duels {
				t.Run(fmt.Sprintf("%d-%s-seed-%d", k, cfg.Rules.Name, seed), func(t *testing.T) {
					t.Parallel()
					tl := &tallies[k*duels+seed]
					tl.refused = map[string]int{}
					cfg.Seed = uint64(seed)
					d, err := engine.New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer d.Close()
					r := rand.New(rand.NewPCG(uint64(seed), 3))
					for n := 0; d.Prompt() != nil && n < 1500; n++ {
						if d.Open() {
							pos, err := d.Position()
							if err != nil {
								if tl.refused[refusal(err)]++; tl.refused[refusal(err)] == 1 {
									t.Logf("duel %d seed %d answer %d: %v", k, seed, n, err)
								}
							} else {
								tl.exported++
								checkRoundTrip(t, fmt.Sprintf("duel %d seed %d answer %d", k, seed, n), d, pos, tl.exported%playOnEvery == 0)
							}
						}
						d.AnswerIndex(r.IntN(len(d.Prompt().Options())))
					}
				})
			}
		}
	})
	exported, refused := map[string]int{}, map[string]map[string]int{}
	for i, tl := range tallies {
		name := configs[i/duels].Rules.Name
		exported[name] += tl.exported
		for why, n := range tl.refused {
			if refused[name] == nil {
				refused[name] = map[string]int{}
			}
			refused[name][why] += n
		}
	}
	for _, name := range []string{"ocg", "classic", "anime", "kouhu"} {
		n := 0
		for _, k := range refused[name] {
			n += k
		}
		t.Logf("%s: %d open states exported, %d refused: %v", name, exported[name], n, refused[name])
		if n > 0 {
			t.Errorf("%s: %d open states refused (every open state is a position): %v", name, n, refused[name])
		}
	}
	if exported["ocg"] < 100 {
		t.Fatalf("only %d ocg open states exported", exported["ocg"])
	}
}

// checkRoundTrip checks one exported position; with playOn it also plays the original and the
// loaded duel on with the same answers (checkPlaysOn).

func checkRoundTrip(t *testing.T, what string, d *engine.Duel, pos engine.Position, playOn bool) {
	t.Helper()
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	l1 := load(t, text)
	defer l1.Close()
	for _, s := range d.Seats() {
		if a, b := d.View(s), l1.View(s); !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: seat %s's view differs after loading\n%s\n%+v\n%+v", what, s, text, a, b)
		}
	}
	if p, q := d.Prompt(), l1.Prompt(); q == nil || p.Seat != q.Seat || p.Kind != q.Kind ||
		!slices.Equal(optionTexts(d), optionTexts(l1)) {
		t.Fatalf("%s: the options differ after loading\n%s\n%v\n%v", what, text, optionTexts(d), optionTexts(l1))
	}
	pos2, err := l1.Position()
	if err != nil {
		t.Fatalf("%s: the loaded duel does not export: %v\n%s", what, err, text)
	}
	text2, err := scenario.FormatPosition("round trip", pos2)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != string(text2) {
		t.Fatalf("%s: exporting the loaded duel writes another position:\n%s\n%s", what, text, text2)
	}
	l2 := load(t, text2)
	defer l2.Close()
	if l1.Hash() != l2.Hash() {
		t.Fatalf("%s: loading the position twice gives two hashes\n%s", what, text)
	}
	h, err := d.PositionHash()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []*engine.Duel{l1, l2} {
		if hl, err := l.PositionHash(); err != nil || hl != h {
			t.Fatalf("%s: the loaded duel's PositionHash %x (%v), the original's %x\n%s", what, hl, err, h, text)
		}
	}
	if playOn {
		checkPlaysOn(t, what, d, l2, text)
	}
}

// checkPlaysOn plays a copy of the original duel and the duel loaded from its position on with
// the same answers: every seat's view and the options must stay the same (the position holds the
// state: the generator's too). What may differ is the order of things that happen at once: the
// engine handles simultaneous triggers and checks in card-ID order (raiseTriggers, the Checks),
// and the loader numbers the cards its own way, so two cards sent to the Graveyard at once may
// land in the other order, and an order prompt lists the same orders in another order. So the
// piles are compared as multisets and the options as a multiset, and the two duels are given the
// same answer by its text.
func checkPlaysOn(t *testing.T, what string, d, loaded *engine.Duel, text []byte) {
	t.Helper()
	c, err := d.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := rand.New(rand.NewPCG(uint64(len(text)), 5))
	for step := 0; step < 30 && c.Prompt() != nil; step++ {
		for _, s := range c.Seats() {
			if a, b := unordered(c.View(s)), unordered(loaded.View(s)); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: %d answers on, seat %s's view differs from the loaded duel's\n%s\n%+v\n%+v", what, step, s, text, a, b)
			}
		}
		p, q := c.Prompt(), loaded.Prompt()
		a, b := optionTexts(c), optionTexts(loaded)
		a2, b2 := slices.Clone(a), slices.Clone(b)
		slices.Sort(a2)
		slices.Sort(b2)
		if q == nil || p.Seat != q.Seat || p.Kind != q.Kind || !slices.Equal(a2, b2) {
			t.Fatalf("%s: %d answers on, the options differ from the loaded duel's\n%s\n%v\n%v", what, step, text, a, b)
		}
		i := r.IntN(len(a))
		// The same text: the k-th option of that text on both sides.
		k := 0
		for _, o := range a[:i] {
			if o == a[i] {
				k++
			}
		}
		j := -1
		for n, o := range b {
			if o == a[i] {
				if k == 0 {
					j = n
					break
				}
				k--
			}
		}
		c.AnswerIndex(i)
		loaded.AnswerIndex(j)
	}
	if (c.Prompt() == nil) != (loaded.Prompt() == nil) {
		t.Fatalf("%s: one of the original and the loaded duel has ended, the other not\n%s", what, text)
	}
}

// unordered returns a view with its piles sorted (compared as multisets): a card's index in its
// pile (Place.Seq, which Place.String does not write for a pile) is cleared, or two cards sent to
// the Graveyard at once in the other order would still differ by it.
func unordered(v engine.View) engine.View {
	for i := range v.Seats {
		s := &v.Seats[i]
		for _, pile := range [][]engine.CardView{s.Hand, s.GY, s.Banished, s.ExtraOwn} {
			for k := range pile {
				pile[k].Place.Seq = 0
			}
			// Each card's text once, not once a comparison (fmt.Sprint in the comparator was half
			// of the test's CPU time).
			keys := make([]string, len(pile))
			order := make([]int, len(pile))
			for k := range pile {
				keys[k], order[k] = fmt.Sprint(pile[k]), k
			}
			slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
			sorted := make([]engine.CardView, len(pile))
			for k, o := range order {
				sorted[k] = pile[o]
			}
			copy(pile, sorted)
		}
	}
	return v
}

// refusal is the kind of a refusal of Position, without the card it names.
func refusal(err error) string {
	msg := err.Error()
	for _, w := range []string{"has a lasting modifier", "once-per-turn", "trigger", "equipped",
		"summoning sickness", "tapped cost card", "empty Deck", "turns did not go round",
		"token", "control", "LP", "loader", "rule change", "chain", "counters", "tribute an opponent's monster",
		"extra Normal Summon"} {
		if strings.Contains(msg, w) {
			return w
		}
	}
	return msg
}

// kouhuPosition is a kouhu position with the keys a kouhu export writes: cost cards, some tapped,
// this turn's resource placed, open empty zones, a creature Advanced Summoned this turn (no
// summoning sickness) beside one Normal Summoned (sickness), at the idle prompt.
const kouhuPosition = `title: "round trip"
ruleset: kouhu
seed: 5
turn: 3
player: A
phase: main1
step: idle
A:
  normal_summoned: true
  summoned: true
  deck: ["Harpie Lady", "Harpie Lady"]
  hand: ["Marsh Imp", "Stone Sentinel"]
  resources: ["Harpie Lady", "Marsh Imp", "Stone Sentinel"]
  tapped: 1
  resource_placed: true
  monster_zones: 4
  spell_zones: 2
  monsters:
    - {card: "Harpie Lady", zone: 1, new: true, summon: advance}
    - {card: "Stone Sentinel", zone: 3, new: true, summon: normal, tapped: true}
B:
  deck: ["Harpie Lady"]
  monsters:
    - {card: "Marsh Imp", zone: 1}
`

// TestKouhuPositionKeys loads a kouhu position with every kouhu key, checks what they set, and
// exports it back to the same text.
func TestKouhuPositionKeys(t *testing.T) {
	d := load(t, []byte(kouhuPosition))
	defer d.Close()
	v := d.View(engine.A)
	if got := len(v.Seats[engine.A].Monsters); got != 4 {
		t.Errorf("A has %d creature & artifact zones, want 4 (monster_zones)", got)
	}
	if got := len(v.Seats[engine.A].Spells); got != 2 {
		t.Errorf("A has %d spell & trap zones, want 2 (spell_zones)", got)
	}
	if got := len(v.Seats[engine.A].Resources); got != 3 {
		t.Errorf("A has %d cost cards, want 3", got)
	}
	for _, o := range optionTexts(d) {
		if strings.HasPrefix(o, "resource ") {
			t.Errorf("resource_placed: the idle prompt still offers %s", o)
		}
	}
	pos, err := d.Position()
	if err != nil {
		t.Fatal(err)
	}
	text, err := scenario.FormatPosition("round trip", pos)
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != kouhuPosition {
		t.Errorf("the export differs from the position loaded:\n%s\nwant\n%s", text, kouhuPosition)
	}
	// In the Battle Phase the Advanced Summoned creature may attack; the Normal Summoned one has
	// summoning sickness (and is tapped).
	if err := d.AnswerText("battle"); err != nil {
		t.Fatal(err)
	}
	if got := optionTexts(d); !slices.Contains(got, `attack "Harpie Lady"@A:M1`) || slices.ContainsFunc(got, func(s string) bool {
		return strings.HasPrefix(s, `attack "Stone Sentinel"`)
	}) {
		t.Errorf("battle options %v: want Harpie Lady's attack only", got)
	}
}

// TestKouhuPositionKeysRefused: the kouhu keys are refused where they cannot apply.
func TestKouhuPositionKeysRefused(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"monster_zones: 4", "monster_zones: 2", "monster_zones"},
		{"monster_zones: 4", "monster_zones: 0", "monster_zones"},
		{"step: idle", "step: battle", "step"},
		{"phase: main1", "phase: battle", "step"},
	} {
		text := strings.Replace(kouhuPosition, c.from, c.to, 1)
		f, err := scenario.Parse([]byte(text))
		if err == nil {
			f.Cards = all.Library()
			var d *engine.Duel
			if d, err = f.Start(); err == nil {
				d.Close()
			}
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q → %q: error %v, want one naming %s", c.from, c.to, err, c.want)
		}
	}
	// Under ocg the zones have a fixed number and there is no resource zone.
	for _, key := range []string{"monster_zones: 6", "spell_zones: 6", "resource_placed: true"} {
		text := "title: t\nturn: 3\nplayer: A\nphase: main1\nA:\n  deck: [\"Kuriboh\"]\n  " + key + "\nB:\n  deck: [\"Kuriboh\"]\n"
		f, err := scenario.Parse([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if d, err := f.Start(); err == nil {
			d.Close()
			t.Errorf("ocg with %s: loaded", key)
		}
	}
}

// TestPositionUnorderedPilesKey: two views whose Graveyards hold the same cards in the other
// order (Birthright and Miniaturize sent at once, config 3 seed 4 answer 356 of the long round
// trip) are equal once unordered, though each card's place carries its index in the pile.
func TestPositionUnorderedPilesKey(t *testing.T) {
	gy := func(names ...string) engine.View {
		var v engine.View
		v.Seats = make([]engine.SeatView, 1)
		for i, n := range names {
			v.Seats[0].GY = append(v.Seats[0].GY, engine.CardView{Name: n, Place: engine.Place{Seat: 1, Loc: engine.GY, Seq: i}})
		}
		return v
	}
	if a, b := unordered(gy("Miniaturize", "Birthright")), unordered(gy("Birthright", "Miniaturize")); !reflect.DeepEqual(a, b) {
		t.Fatalf("the same Graveyard in the other order differs once unordered:\n%+v\n%+v", a, b)
	}
	if a, b := unordered(gy("Miniaturize", "Birthright")), unordered(gy("Birthright", "Birthright")); reflect.DeepEqual(a, b) {
		t.Fatal("two Graveyards of different cards are equal once unordered")
	}
}
