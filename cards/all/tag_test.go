package all

import (
	"fmt"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/ruleset"
)

// tagDuel makes a tag duel of four preconstructed decks (A1, B1, A2, B2) with every card's
// behaviour.
func tagDuel(t testing.TB, names [4]string, seed uint64, rules engine.Rules) func() (*engine.Duel, error) {
	var dl [4]engine.DeckList
	for i, n := range names {
		d, err := decks.Get(n)
		if err != nil {
			t.Fatal(err)
		}
		dl[i] = engine.DeckList{Main: d.Main, Extra: d.Extra}
	}
	return func() (*engine.Duel, error) {
		return engine.New(engine.Config{Rules: rules, Seed: seed, Cards: Library(), Tag: true,
			Decks: [2]engine.DeckList{dl[0], dl[1]}, Partners: [2]engine.DeckList{dl[2], dl[3]}})
	}
}

// tagChecks are the tag duel's own invariants, checked after every answer: no seat sees its
// partner's hand (nor any hand but its own), seats that left get no prompt (Verify checks that
// they have nothing on the field), and a turn player that left has its turn end at once.
func tagChecks(d *engine.Duel) error {
	for _, s := range d.Seats() {
		v := d.View(s)
		for _, o := range d.Seats() {
			if o == s {
				continue
			}
			for _, h := range v.Seats[o].Hand {
				if !h.Hidden() {
					return fmt.Errorf("%s sees %s in the hand of %s", engine.SeatName(s, true), h.Name, engine.SeatName(o, true))
				}
			}
		}
	}
	if d.Over() {
		return nil
	}
	if p := d.Prompt(); p != nil && !d.InDuel(p.Seat) {
		sub := ""
		if p.Subject != engine.NoCard {
			sub = d.Card(p.Subject).Data.Name
		}
		return fmt.Errorf("%s is out of the duel but is asked %s (%s, for %v)", engine.SeatName(p.Seat, true), p.Kind, sub, p.Purpose)
	}
	if v := d.PublicView(); !d.InDuel(v.TurnPlayer) && (v.Phase == engine.Main1 || v.Phase == engine.Main2 || v.Phase == engine.Standby) {
		return fmt.Errorf("the turn player %s is out of the duel in the %s phase", engine.SeatName(v.TurnPlayer, true), v.Phase)
	}
	return nil
}

// TestTagDuels plays random tag duels of the preconstructed decks under every playable ruleset
// with the engine's invariants and the tag duel's own.
func TestTagDuels(t *testing.T) {
	n := testsize.N(15, 30, 120)
	teams := [][4]string{{"yugi", "kaiba", "kaiba", "yugi"}, {"5ds", "yugi", "kaiba", "fusion"},
		{"fusion", "5ds", "yugi", "kaiba"}}
	var rules []engine.Rules
	for _, rs := range ruleset.All() {
		if rs.Playable() == nil && !rs.Kouhu() { // kouhu plays its own card set (kouhu_test.go)
			rules = append(rules, rs.Rules)
		}
	}
	outs, wins := 0, map[string]int{}
	for i := 0; i < n; i++ {
		seed := uint64(5000 + i)
		d := duelcheck.Play(t, seed, tagDuel(t, teams[i%len(teams)], seed, rules[(i/len(teams))%len(rules)]),
			duelcheck.Options{Deep: i%10 == 0, Each: tagChecks, OnEnd: func(d *engine.Duel) {
				for _, s := range d.Seats() {
					if !d.InDuel(s) {
						outs++
					}
				}
				w, ok, _ := d.Result()
				if ok {
					wins[w.String()]++
				} else {
					wins["draw/none"]++
				}
			}})
		_ = d
	}
	if outs == 0 {
		t.Errorf("no seat ever left a tag duel in %d duels: the elimination path is not exercised", n)
	}
	t.Logf("%d tag duels: %d seats left their duel; results %v", n, outs, wins)
}

// FuzzTagDuel plays a tag duel whose answers are chosen by the fuzzer's bytes.
func FuzzTagDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		duelcheck.Play(t, seed, tagDuel(t, [4]string{"yugi", "kaiba", "5ds", "fusion"}, seed, engine.OCG()),
			duelcheck.Options{Deep: true, Picks: picks, Each: tagChecks, MaxAnswers: 2000})
	})
}
