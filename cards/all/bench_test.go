package all

import (
	"math/rand/v2"
	"testing"

	"duelist/decks"
	"duelist/engine"
)

// BenchmarkStarterDuel plays random duels of Starter Deck Yugi against Starter Deck Kaiba with
// every card's behaviour, and reports the cost per answer and duels/s on one core.
func BenchmarkStarterDuel(b *testing.B) {
	da, _ := decks.Get("yugi")
	dk, _ := decks.Get("kaiba")
	lists := [2]engine.DeckList{{Main: da.Main}, {Main: dk.Main}}
	r := rand.New(rand.NewPCG(1, 2))
	answers := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := engine.New(engine.Config{Rules: engine.OCG(), Seed: uint64(i), Decks: lists, Cards: Library()})
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
