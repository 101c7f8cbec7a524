package engine

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"duelist/card"
)

// normalDeck builds a legal 40-card deck of the pool's Normal Monsters (no Tuners), varied by seed:
// up to 3 copies of each, Levels 1-8.
func normalDeck(seed uint64) []card.Passcode {
	var mons []card.Passcode
	for _, d := range card.Pool().All() {
		if d.IsNormalMonster() && !d.Kind.Has(card.Tuner) {
			mons = append(mons, d.Passcode)
		}
	}
	r := rand.New(rand.NewPCG(seed, 7))
	r.Shuffle(len(mons), func(i, j int) { mons[i], mons[j] = mons[j], mons[i] })
	var out []card.Passcode
	for _, m := range mons {
		for k := 0; k < 1+r.IntN(3) && len(out) < 40; k++ {
			out = append(out, m)
		}
	}
	return out
}

func newTestDuel(t testing.TB, seed uint64) *Duel {
	t.Helper()
	d, err := New(Config{Rules: OCG(), Seed: seed, Decks: [2]DeckList{{Main: normalDeck(seed)},
		{Main: normalDeck(seed + 1)}}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fingerprint hashes the whole observable state of a duel: zones, LPs, turn, phase and the prompt.
func fingerprint(d *Duel) uint64 {
	g := d.g
	h := fnv.New64a()
	w := func(v ...any) { fmt.Fprint(h, v...) }
	w(g.turn, g.turnPlayer, g.phase, g.timing, g.over, g.winner)
	for s := range g.players {
		p := &g.players[s]
		w(p.lp, p.deck, p.hand, p.mzone, p.szone, p.fzone, p.gy, p.banished, p.extra,
			p.normalSummonTurn)
	}
	for i := range g.cards {
		c := &g.cards[i]
		w(c.data.Passcode, c.owner, c.ctrl, c.place, c.pos, c.arrivedTurn, c.posChangedTurn,
			c.attackTurn)
	}
	if p := d.Prompt(); p != nil {
		w(p.Kind, p.Seat, p.Candidates, p.opts)
	}
	return h.Sum64()
}

// checkInvariants verifies the state rules that must hold after every answer.
func checkInvariants(t testing.TB, d *Duel) {
	t.Helper()
	g := d.g
	seen := make([]int, len(g.cards))
	for s := range g.players {
		p := &g.players[s]
		if p.lp < 0 {
			t.Fatalf("seat %d LP %d < 0", s, p.lp)
		}
		if len(p.mzone) != g.rules.MonsterZones || len(p.szone) != g.rules.SpellZones {
			t.Fatalf("seat %d zone counts %d/%d", s, len(p.mzone), len(p.szone))
		}
		check := func(id CardID, want Place) {
			if id == NoCard {
				return
			}
			seen[id]++
			if got := g.cards[id].place; got != want {
				t.Fatalf("card %d (%s) is at %v but recorded at %v", id, g.cards[id].data.Name, want, got)
			}
		}
		for _, l := range []Loc{Deck, Hand, GY, Banished, Extra} {
			for i, id := range *p.pile(l) {
				check(id, Place{Seat: Seat(s), Loc: l, Seq: i})
			}
		}
		for _, l := range []Loc{MZone, SZone} {
			for i, id := range p.zones(l) {
				check(id, Place{Seat: Seat(s), Loc: l, Seq: i})
				if id != NoCard && l == MZone && !g.cards[id].data.IsMonster() {
					t.Fatalf("%s in a Monster Zone", g.cards[id].data.Name)
				}
			}
		}
		check(p.fzone, Place{Seat: Seat(s), Loc: FZone})
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("card %d (%s) is in %d places", id, g.cards[id].data.Name, n)
		}
	}
	for id := range g.cards {
		c := &g.cards[id]
		if c.place.Loc == MZone && c.pos != FaceUpAtk && c.pos != FaceUpDef && c.pos != FaceDownDef {
			t.Fatalf("monster %s has position %v", c.data.Name, c.pos)
		}
		if !c.place.Loc.OnField() && c.ctrl != c.owner {
			t.Fatalf("%s off the field is controlled by its non-owner", c.data.Name)
		}
	}
}
