package all

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// BenchmarkStarterDuel plays random duels of Starter Deck Yugi against Starter Deck Kaiba with
// every card's behaviour, and reports the cost per answer and duels/s on one core.
func BenchmarkStarterDuel(b *testing.B) {
	da, _ := decks.Get("yugi")
	dk, _ := decks.Get("kaiba")
	lists := [2]engine.DeckList{{Main: da.Main}, {Main: dk.Main}}
	benchDuels(b, func(seed uint64) engine.Config {
		return engine.Config{Rules: engine.OCG(), Seed: seed, Decks: lists, Cards: Library()}
	})
}

// BenchmarkTagDuel plays random tag duels: Yugi and the 5D's starter against Kaiba and the Fusion
// deck.
func BenchmarkTagDuel(b *testing.B) {
	var dl [4]engine.DeckList
	for i, n := range []string{"yugi", "kaiba", "5ds", "fusion"} {
		d, _ := decks.Get(n)
		dl[i] = engine.DeckList{Main: d.Main, Extra: d.Extra}
	}
	benchDuels(b, func(seed uint64) engine.Config {
		return engine.Config{Rules: engine.OCG(), Seed: seed, Tag: true, Cards: Library(),
			Decks: [2]engine.DeckList{dl[0], dl[1]}, Partners: [2]engine.DeckList{dl[2], dl[3]}}
	})
}

// BenchmarkKouhuDuel plays random kouhu duels of its two decks with every card's behaviour.
func BenchmarkKouhuDuel(b *testing.B) {
	var dl [2]engine.DeckList
	for i, key := range []string{"dragons", "knights-and-mages"} {
		d, err := kouhu.LoadDeck(key)
		if err != nil {
			b.Fatal(err)
		}
		dl[i].Main, dl[i].Extra = d.Codes()
	}
	benchDuels(b, func(seed uint64) engine.Config {
		return engine.Config{Rules: krules.Rules(), Seed: seed, Decks: dl, Cards: Library()}
	})
}

// benchDuels plays b.N random duels made by cfg and reports ns/answer, answers/duel and duels/s.
func benchDuels(b *testing.B, cfg func(seed uint64) engine.Config) {
	r := rand.New(rand.NewPCG(1, 2))
	answers := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := engine.New(cfg(uint64(i)))
		if err != nil {
			b.Fatal(err)
		}
		for p := d.Prompt(); p != nil; p = d.Prompt() {
			opts := p.Options()
			if err := d.Answer(opts[r.IntN(len(opts))]); err != nil {
				b.Fatal(err)
			}
			d.TakeEvents()
			answers++
		}
		if d.Err() != nil {
			b.Fatal(d.Err())
		}
		d.Close()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(answers), "ns/answer")
	b.ReportMetric(float64(answers)/float64(b.N), "answers/duel")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "duels/s")
}

// starter40 is the configuration of the side-by-side runs: Starter Deck Yugi against
// Kaiba, each cut to 40 cards (yugi-40, kaiba-40).
func starter40(b *testing.B) func(seed uint64) engine.Config {
	da, err := decks.Get("yugi-40")
	if err != nil {
		b.Fatal(err)
	}
	dk, err := decks.Get("kaiba-40")
	if err != nil {
		b.Fatal(err)
	}
	lists := [2]engine.DeckList{{Main: da.Main}, {Main: dk.Main}}
	return func(seed uint64) engine.Config {
		return engine.Config{Rules: engine.OCG(), Seed: seed, Decks: lists, Cards: Library()}
	}
}

// BenchmarkStarter40Duel is BenchmarkStarterDuel with the 40-card decks duelist sim plays.
func BenchmarkStarter40Duel(b *testing.B) { benchDuels(b, starter40(b)) }

// BenchmarkSetup measures engine.New with two 40-card starter decks, to the first prompt.
func BenchmarkSetup(b *testing.B) {
	cfg := starter40(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d, err := engine.New(cfg(uint64(i)))
		if err != nil || d.Prompt() == nil {
			b.Fatal(err, "no first prompt")
		}
		d.Close()
	}
}

// BenchmarkLiveDuelMemory reports the memory a duel in progress holds: 200 duels of 40-card
// starter decks, each played 100 random answers in, kept alive together; B/live-duel is their
// heap, stack-B/live-duel the stacks of their coroutines.
func BenchmarkLiveDuelMemory(b *testing.B) {
	cfg := starter40(b)
	const live = 200
	liveDuels(b, cfg, 10, 1<<40) // warm up: the card library and the decks are made on first use
	var heap, stack float64
	runs := 0
	for i := 0; b.Loop(); i++ {
		h, st := liveDuels(b, cfg, live, uint64(i*live))
		heap += h
		stack += st
		runs++
	}
	b.ReportMetric(heap/float64(runs), "B/live-duel")
	b.ReportMetric(stack/float64(runs), "stack-B/live-duel")
}

// liveDuels starts n duels, plays each 100 random answers in and returns the heap and the stack
// memory per duel they hold, measured after a collection with all of them alive.
func liveDuels(b *testing.B, cfg func(uint64) engine.Config, n int, seed uint64) (heap, stack float64) {
	r := rand.New(rand.NewPCG(seed, 3))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	duels := make([]*engine.Duel, n)
	for k := range duels {
		d, err := engine.New(cfg(seed + uint64(k)))
		if err != nil {
			b.Fatal(err)
		}
		for a := 0; a < 100 && d.Prompt() != nil; a++ {
			opts := d.Prompt().Options()
			if err := d.Answer(opts[r.IntN(len(opts))]); err != nil {
				b.Fatal(err)
			}
			d.TakeEvents()
		}
		duels[k] = d
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	for _, d := range duels {
		d.Close()
	}
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n),
		float64(int64(after.StackInuse)-int64(before.StackInuse)) / float64(n)
}
