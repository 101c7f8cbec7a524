package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomDuel plays random-vs-random duels with two 40-card Normal Monster decks and
// reports the cost per answer (ns/answer, allocs/answer) beside the cost per duel.
func BenchmarkRandomDuel(b *testing.B) {
	decks := [2]DeckList{{Main: normalDeck(1)}, {Main: normalDeck(2)}}
	r := rand.New(rand.NewPCG(1, 2))
	answers := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := New(Config{Rules: OCG(), Seed: uint64(i), Decks: decks})
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
		d.Close()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(answers), "ns/answer")
	b.ReportMetric(float64(answers)/float64(b.N), "answers/duel")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "duels/s")
}

// BenchmarkAnswer measures answers alone, in long duels, so that the cost of setting up a duel
// is spread thin: allocs/op here is allocations per answer.
func BenchmarkAnswer(b *testing.B) {
	decks := [2]DeckList{{Main: normalDeck(1)}, {Main: normalDeck(2)}}
	r := rand.New(rand.NewPCG(1, 2))
	seed := uint64(0)
	d, _ := New(Config{Rules: OCG(), Seed: seed, Decks: decks})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := d.Prompt()
		if p == nil {
			b.StopTimer()
			d.Close()
			seed++
			d, _ = New(Config{Rules: OCG(), Seed: seed, Decks: decks})
			b.StartTimer()
			p = d.Prompt()
		}
		opts := p.Options()
		if err := d.Answer(opts[r.IntN(len(opts))]); err != nil {
			b.Fatal(err)
		}
		d.TakeEvents()
	}
}
