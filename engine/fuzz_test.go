package engine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomDuels is how many random duels TestRandomDuels plays (go test -short plays fewer).
const randomDuels = 2000

// TestRandomDuels plays random duels and checks after every answer: the state invariants, that
// every listed option's text names that option (for the omniscient text and the seat's own text),
// that a made-up answer is refused and changes nothing, that no view or event given to a seat
// reveals a card it cannot see, and that the replay of the duel reproduces its final state.
func TestRandomDuels(t *testing.T) {
	n := randomDuels
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		playChecked(t, uint64(i), nil, i%10 == 0)
	}
}

// FuzzDuel plays a duel whose answers are chosen by the fuzzer's bytes.
func FuzzDuel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 3, 1})
	f.Add(uint64(99), []byte{7, 7, 7, 2, 9, 200, 13})
	f.Fuzz(func(t *testing.T, seed uint64, picks []byte) {
		playChecked(t, seed, picks, true)
	})
}

// playChecked plays one duel; picks (if any) choose the answers, else a PRNG does. With deep set,
// every answer also runs the text round trip and the refusal checks for every option.
func playChecked(t *testing.T, seed uint64, picks []byte, deep bool) {
	t.Helper()
	d := newTestDuel(t, seed)
	defer d.Close()
	r := rand.New(rand.NewPCG(seed, 99))
	var texts []string
	checkViews(t, d)
	for step := 0; !d.Over(); step++ {
		if step > 5000 {
			t.Fatalf("seed %d: the duel did not end in 5000 answers", seed)
		}
		p := d.Prompt()
		if p == nil || len(p.Options()) == 0 {
			t.Fatalf("seed %d: no prompt or no options in a running duel", seed)
		}
		if deep {
			checkOptions(t, d, p)
			checkRefusals(t, d, p, r)
		}
		var i int
		if picks != nil {
			i = int(picks[step%max(len(picks), 1)]+byte(step)) % len(p.Options())
			if len(picks) == 0 {
				i = 0
			}
		} else {
			i = r.IntN(len(p.Options()))
		}
		o := p.Options()[i]
		texts = append(texts, p.Seat.String()+"|"+d.OptionText(o))
		d.TakeEvents()
		if err := d.Answer(o); err != nil {
			t.Fatalf("seed %d step %d: listed option %s refused: %v", seed, step, texts[len(texts)-1], err)
		}
		checkInvariants(t, d)
		checkEvents(t, d)
		checkViews(t, d)
	}
	if d.Err() != nil {
		t.Fatalf("seed %d: %v", seed, d.Err())
	}
	// The replay of the duel reproduces its final state.
	r2 := newTestDuel(t, seed)
	defer r2.Close()
	for k, txt := range texts {
		seat, text, _ := strings.Cut(txt, "|")
		if p := r2.Prompt(); p == nil || p.Seat.String() != seat {
			t.Fatalf("seed %d replay step %d: prompt is not %s's", seed, k, seat)
		}
		if err := r2.AnswerText(text); err != nil {
			t.Fatalf("seed %d replay step %d: %v", seed, k, err)
		}
	}
	if fingerprint(d) != fingerprint(r2) {
		t.Fatalf("seed %d: the replay ends in a different state", seed)
	}
}

// checkOptions: every option's canonical text and the seat's own text name exactly that option.
func checkOptions(t *testing.T, d *Duel, p *Prompt) {
	t.Helper()
	for _, o := range p.Options() {
		text := d.OptionText(o)
		got, err := d.ParseOption(text)
		if err != nil || got != o {
			t.Fatalf("option text %q does not parse back: %v (%+v vs %+v)", text, err, got, o)
		}
		own := d.OptionTextFor(p.Seat, o)
		if got, err := d.ParseOptionFor(p.Seat, own); err != nil || got != o {
			t.Fatalf("seat text %q does not parse back: %v", own, err)
		}
		// The seat's text names no card it cannot see.
		ids := p.Selected(o)
		if o.Kind.hasCard() {
			ids = append(ids, o.Card)
		}
		for _, id := range ids {
			if !d.Visible(id, p.Seat) && strings.Contains(own, d.g.c(id).data.Name+"\"@"+d.g.c(id).place.String()) {
				t.Fatalf("seat text %q reveals a hidden card", own)
			}
		}
	}
}

// checkRefusals: made-up answers are refused with ErrIllegalAnswer and change nothing.
func checkRefusals(t *testing.T, d *Duel, p *Prompt, r *rand.Rand) {
	t.Helper()
	before := fingerprint(d)
	bad := []Option{
		{Kind: OptionKind(r.IntN(int(nOptionKind))), Card: CardID(r.IntN(d.NumCards())), Sel: r.Uint64()},
		{Kind: OptSummon, Card: CardID(d.NumCards() + 5)},
		{Kind: nOptionKind + 3},
	}
	for _, o := range bad {
		if p.find(o) >= 0 {
			continue
		}
		if o.Kind == OptSelect && p.Kind == PromptSelect && p.find(Option{Kind: OptSelect, Card: NoCard, Sel: d.g.canonicalSel(p, o.Sel)}) >= 0 {
			continue
		}
		if err := d.Answer(o); !errors.Is(err, ErrIllegalAnswer) {
			t.Fatalf("made-up option %+v: want ErrIllegalAnswer, got %v", o, err)
		}
	}
	for _, text := range []string{`summon "No Such Card"`, `attack "Blue-Eyes White Dragon"@B:M9`,
		`frobnicate`, `select "Kuriboh" "Kuriboh" "Kuriboh" "Kuriboh" "Kuriboh" "Kuriboh"`, `"Kuriboh"`, `summon "unclosed`} {
		if err := d.AnswerText(text); err == nil {
			t.Fatalf("made-up text %q was accepted", text)
		}
	}
	if fingerprint(d) != before {
		t.Fatalf("a refused answer changed the duel")
	}
}

// knownTo is the test's own statement of what a seat may see of a card at a place.
func knownTo(s Seat, p Place, faceUp bool, ctrl Seat) bool {
	switch p.Loc {
	case Deck:
		return false
	case Hand, Extra:
		return p.Seat == s
	case GY:
		return true
	case Banished:
		return faceUp || p.Seat == s
	}
	return faceUp || ctrl == s
}

// checkEvents: no event view reveals a card its seat cannot know.
func checkEvents(t *testing.T, d *Duel) {
	t.Helper()
	for _, e := range d.Events() {
		for s := A; s <= B; s++ {
			v := d.EventView(e, s)
			if v.Code == 0 {
				continue
			}
			if !knownTo(s, e.From, e.FromUp, e.FromCtrl) && !knownTo(s, e.To, e.ToUp, e.ToCtrl) {
				t.Fatalf("event %s shows %s to seat %s, who cannot see it (%v -> %v)", e.Kind, v.Name, s, e.From, e.To)
			}
			switch {
			case e.Kind == EvDraw && e.Seat != s, e.Kind == EvSet && e.Seat != s:
				t.Fatalf("event %s of %s shows %s to %s", e.Kind, e.Seat, v.Name, s)
			}
		}
	}
}

// checkViews: no view reveals a hidden card, and every shown card is the true one.
func checkViews(t *testing.T, d *Duel) {
	t.Helper()
	for s := A; s <= B; s++ {
		v := d.View(s)
		for o := A; o <= B; o++ {
			sv := v.Seats[o]
			all := append(append(append(append([]CardView{}, sv.Hand...), sv.Monsters...), sv.Spells...), sv.GY...)
			all = append(append(all, sv.Banished...), sv.ExtraOwn...)
			for _, cv := range all {
				if cv.Empty {
					continue
				}
				id := d.At(cv.Place)
				if id == NoCard {
					t.Fatalf("view of %s shows a card at empty %v", s, cv.Place)
				}
				c := d.g.c(id)
				known := knownTo(s, c.place, c.pos.IsFaceUp(), c.ctrl)
				if cv.Code != 0 && (!known || cv.Code != c.data.Passcode) {
					t.Fatalf("view of %s reveals %s at %v", s, c.data.Name, cv.Place)
				}
				if cv.Code == 0 && known {
					t.Fatalf("view of %s hides its own knowable %s at %v", s, c.data.Name, cv.Place)
				}
			}
			if o != s && len(sv.ExtraOwn) > 0 {
				t.Fatalf("view of %s shows the opponent's Extra Deck", s)
			}
			if sv.Deck != len(d.g.pl(o).deck) {
				t.Fatalf("deck count wrong")
			}
		}
	}
}
