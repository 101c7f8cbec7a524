package engine_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
	"github.com/duelistgame/duelist/scenario"
)

// deckList returns a preconstructed deck as a DeckList.
func deckList(t testing.TB, name string) engine.DeckList {
	t.Helper()
	d, err := decks.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return engine.DeckList{Main: d.Main, Extra: d.Extra}
}

// cloneDuels are the kinds of duel the copies are tested on: the starter decks under each
// ruleset, a tag duel, kouhu.
func cloneDuels(t testing.TB) []func(seed uint64) engine.Config {
	yugi, kaiba := deckList(t, "yugi-40"), deckList(t, "kaiba-40")
	fds, fusion := deckList(t, "5ds"), deckList(t, "fusion")
	var kd [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			t.Fatal(err)
		}
		kd[i].Main, kd[i].Extra = d.Codes()
	}
	lib := all.Library()
	return []func(seed uint64) engine.Config{
		func(seed uint64) engine.Config {
			return engine.Config{Rules: engine.OCG(), Seed: seed, Cards: lib, Decks: [2]engine.DeckList{yugi, kaiba}}
		},
		func(seed uint64) engine.Config {
			return engine.Config{Rules: engine.Anime(), Seed: seed, Cards: lib, Decks: [2]engine.DeckList{fds, fusion}, First: engine.FirstCoin}
		},
		func(seed uint64) engine.Config {
			return engine.Config{Rules: engine.Classic(), Seed: seed, Cards: lib, Decks: [2]engine.DeckList{kaiba, yugi}, AlwaysAsk: true}
		},
		func(seed uint64) engine.Config {
			return engine.Config{Rules: engine.OCG(), Seed: seed, Cards: lib, Tag: true,
				Decks: [2]engine.DeckList{yugi, kaiba}, Partners: [2]engine.DeckList{fds, fusion}}
		},
		func(seed uint64) engine.Config {
			return engine.Config{Rules: krules.Rules(), Seed: seed, Cards: lib, Decks: kd}
		},
	}
}

// playOn answers both duels with the same random options until the end (or max answers) and
// fails at the first answer after which their hashes or events differ.
func playOn(t *testing.T, what string, a, b *engine.Duel, r *rand.Rand, max int) {
	t.Helper()
	for i := 0; i < max && a.Prompt() != nil; i++ {
		if b.Prompt() == nil {
			t.Fatalf("%s: answer %d: the copy is over and the original is not", what, i)
		}
		opts := a.Prompt().Options()
		if !slices.Equal(opts, b.Prompt().Options()) {
			t.Fatalf("%s: answer %d: the options differ:\n%v\n%v", what, i, opts, b.Prompt().Options())
		}
		k := r.IntN(len(opts))
		if err := a.Answer(opts[k]); err != nil {
			t.Fatalf("%s: answer %d: original: %v", what, i, err)
		}
		if err := b.Answer(b.Prompt().Options()[k]); err != nil {
			t.Fatalf("%s: answer %d: copy: %v", what, i, err)
		}
		if ea, eb := a.TakeEvents(), b.TakeEvents(); !slices.Equal(ea, eb) {
			t.Fatalf("%s: answer %d: the events differ:\n%v\n%v", what, i, ea, eb)
		}
		if a.Hash() != b.Hash() {
			t.Fatalf("%s: answer %d: the hashes differ", what, i)
		}
	}
	if (a.Prompt() == nil) != (b.Prompt() == nil) || a.Reason() != b.Reason() {
		t.Fatalf("%s: the duels ended differently: %q / %q", what, a.Reason(), b.Reason())
	}
}

// TestCloneEvolvesIdentically clones random duels at random open states (and, with
// KeepOpenStates, at random other prompts), then plays the original and the copy on with the
// same answers: after every answer the events and hashes must be equal. The copy shares no
// mutable memory with the original, and playing a copy on its own leaves the original's hash as
// it was.
func TestCloneEvolvesIdentically(t *testing.T) {
	duels := testsize.N(4, 6, 16)
	var opens, others int
	for k, cfg := range cloneDuels(t) {
		for seed := uint64(0); seed < uint64(duels); seed++ {
			c := cfg(seed)
			c.KeepOpenStates = true
			d, err := engine.New(c)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(k)))
			scratch := new(engine.Duel) // CloneInto reuses it again and again
			for n := 0; d.Prompt() != nil && n < 3000; n++ {
				if r.IntN(40) == 0 {
					c, err := d.Clone()
					if n%2 == 0 {
						c.Close()
						c, err = scratch, d.CloneInto(scratch)
					}
					if err != nil {
						t.Fatalf("duel %d seed %d answer %d: %v", k, seed, n, err)
					}
					if d.Open() {
						opens++
					} else {
						others++
					}
					if shared := engine.SharedMemory(d, c); len(shared) > 0 {
						t.Fatalf("duel %d seed %d answer %d: the copy shares %v", k, seed, n, shared)
					}
					if c.Hash() != d.Hash() || !slices.Equal(c.Events(), d.Events()) {
						t.Fatalf("duel %d seed %d answer %d: the copy's hash or events differ", k, seed, n)
					}
					// A copy of the copy, played apart, leaves both as they were.
					h := d.Hash()
					if m, err := c.Clone(); err != nil {
						t.Fatalf("duel %d seed %d answer %d: clone of a clone: %v", k, seed, n, err)
					} else {
						mr := rand.New(rand.NewPCG(seed, 7))
						for j := 0; j < 30 && m.Prompt() != nil; j++ {
							m.AnswerIndex(mr.IntN(len(m.Prompt().Options())))
						}
						m.Close()
					}
					if d.Hash() != h || c.Hash() != h {
						t.Fatalf("duel %d seed %d answer %d: playing a copy changed the original", k, seed, n)
					}
					seedR := r.Uint64()
					playOn(t, "clone", d, c, rand.New(rand.NewPCG(seedR, 1)), 60)
					if c != scratch {
						c.Close()
					}
					if d.Prompt() == nil {
						break
					}
				}
				opts := d.Prompt().Options()
				d.Answer(opts[r.IntN(len(opts))])
				d.TakeEvents()
			}
			d.Close()
		}
	}
	t.Logf("%d copies at open states, %d at other prompts", opens, others)
	if opens == 0 || others == 0 {
		t.Fatalf("copies at open states %d, at other prompts %d: both must be tested", opens, others)
	}
}

// TestCloneScenarios starts every scenario of the corpus (their positions hold counters, Xyz
// materials, equips, modifiers, stolen monsters ...), plays it on with random answers, and at
// every open state copies the duel: the copy must share no mutable memory, have the same hash,
// and go on as the original for a few answers.
func TestCloneScenarios(t *testing.T) {
	files, err := scenario.Collect([]string{"../testdata"})
	if err != nil {
		t.Fatal(err)
	}
	step := 2 // every other scenario (go test -short: every eighth)
	if testing.Short() {
		step = 8
	}
	var some []string
	for i := 0; i < len(files); i += step {
		some = append(some, files[i])
	}
	files = some
	copies := 0
	for i, path := range files {
		f, err := scenario.ReadFile(path)
		if err != nil || !f.HasPosition {
			continue
		}
		f.Cards = all.Library()
		d, err := f.Start()
		if err != nil {
			continue // scenarios of bad positions
		}
		r := rand.New(rand.NewPCG(uint64(i), 5))
		for n := 0; n < 60 && d.Prompt() != nil; n++ {
			if d.Open() {
				c, err := d.Clone()
				if err != nil {
					t.Fatalf("%s: answer %d: %v", path, n, err)
				}
				if shared := engine.SharedMemory(d, c); len(shared) > 0 {
					t.Fatalf("%s: answer %d: the copy shares %v", path, n, shared)
				}
				if c.Hash() != d.Hash() {
					t.Fatalf("%s: answer %d: the copy's hash differs", path, n)
				}
				m, _ := d.Clone()
				playOn(t, path, m, c, rand.New(rand.NewPCG(uint64(n), 3)), 8)
				m.Close()
				c.Close()
				copies++
			}
			d.AnswerIndex(r.IntN(len(d.Prompt().Options())))
		}
		d.Close()
	}
	if copies == 0 {
		t.Fatal("no scenario reached an open state")
	}
	t.Logf("%d copies of %d scenarios", copies, len(files))
}

// TestDroppedCopiesAreStopped drops scratch duels refilled by CloneInto and answered (each has a
// running procedure): the garbage collector's cleanup must stop their coroutines.
func TestDroppedCopiesAreStopped(t *testing.T) {
	cfg := cloneDuels(t)[0](1)
	d, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r := rand.New(rand.NewPCG(1, 1))
	for !d.Open() {
		d.AnswerIndex(r.IntN(len(d.Prompt().Options())))
	}
	runtime.GC()
	before := runtime.NumGoroutine()
	for i := 0; i < 50; i++ {
		scratch := new(engine.Duel)
		for j := 0; j < 5; j++ {
			if err := d.CloneInto(scratch); err != nil {
				t.Fatal(err)
			}
			if err := scratch.AnswerIndex(0); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < 50 && runtime.NumGoroutine() > before+2; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		t.Fatalf("%d goroutines after dropping 50 answered copies, %d before", n, before)
	}
}
