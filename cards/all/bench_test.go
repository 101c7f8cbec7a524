package all

import (
	"math/rand/v2"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
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
		return engine.Config{Rules: engine.Kouhu(), Seed: seed, Decks: dl, Cards: Library()}
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
