// Package duelcheck plays duels with random answers and checks, after every answer, the
// invariants every engine build must keep. Tests of the engine and of the card pool share it.
package duelcheck

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// T is the part of testing.TB the checks need.
type T interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Options tune a checked duel.
type Options struct {
	// Deep runs, before every answer, the text round trip of every option and the refusal of
	// made-up answers (slower).
	Deep bool
	// Picks, when not nil, choose the answers (a fuzzer's bytes); otherwise a PRNG does.
	Picks []byte
	// MaxAnswers ends a duel that runs longer (0 = 5000).
	MaxAnswers int
	// Each is called after every answer (extra checks of the caller).
	Each func(d *engine.Duel) error
	// OnEnd, when not nil, is given the duel when it has ended (before the replay check).
	OnEnd func(d *engine.Duel)
}

// Play plays one duel made by newDuel with the given seed and checks it; it returns the number of
// answers. The replay of the duel (its answers as notation text, on a fresh duel from newDuel)
// must end in the same state.
func Play(t T, seed uint64, newDuel func() (*engine.Duel, error), o Options) int {
	t.Helper()
	d, err := newDuel()
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	defer d.Close()
	r := rand.New(rand.NewPCG(seed, 99))
	max := o.MaxAnswers
	if max == 0 {
		max = 5000
	}
	var texts []string
	var cs chainState
	check(t, seed, -1, d, o)
	step := 0
	for ; !d.Over(); step++ {
		if step >= max {
			break
		}
		p := d.Prompt()
		if p == nil || len(p.Options()) == 0 {
			t.Fatalf("seed %d step %d: no prompt or no options in a running duel", seed, step)
		}
		if o.Deep {
			if err := CheckOptions(d, p); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			if err := CheckRefusals(d, p, r); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
		var i int
		if o.Picks != nil {
			if len(o.Picks) > 0 {
				i = int(o.Picks[step%len(o.Picks)]+byte(step)) % len(p.Options())
			}
		} else {
			i = r.IntN(len(p.Options()))
		}
		opt := p.Options()[i]
		texts = append(texts, p.Seat.String()+"|"+d.OptionText(opt))
		d.TakeEvents()
		if err := d.Answer(opt); err != nil {
			t.Fatalf("seed %d step %d: listed option %s refused: %v", seed, step, texts[len(texts)-1], err)
		}
		check(t, seed, step, d, o)
		if err := cs.follow(d); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
	}
	if d.Err() != nil {
		t.Fatalf("seed %d: %v", seed, d.Err())
	}
	if o.OnEnd != nil {
		o.OnEnd(d)
	}
	r2, err := newDuel()
	if err != nil {
		t.Fatalf("seed %d replay: %v", seed, err)
	}
	defer r2.Close()
	for k, txt := range texts {
		seat, text, _ := strings.Cut(txt, "|")
		if p := r2.Prompt(); p == nil || p.Seat.String() != seat {
			t.Fatalf("seed %d replay step %d: the prompt is not %s's", seed, k, seat)
		}
		if err := r2.AnswerText(text); err != nil {
			t.Fatalf("seed %d replay step %d: %v", seed, k, err)
		}
	}
	if d.Hash() != r2.Hash() {
		t.Fatalf("seed %d: the replay ends in a different state", seed)
	}
	return step
}

// chainState follows the chain across answers: links must resolve last-in first-out, and
// once-per-turn limits must hold.
type chainState struct {
	nextResolve int // the link number the next resolution must have (0 = none expected)
	turnUses    map[string]int
}

// follow checks the events of one answer.
func (cs *chainState) follow(d *engine.Duel) error {
	if cs.turnUses == nil {
		cs.turnUses = map[string]int{}
	}
	for _, e := range d.Events() {
		switch e.Kind {
		case engine.EvTurn:
			clear(cs.turnUses)
		case engine.EvActivate:
			cs.nextResolve = int(e.Link)
			eff := d.EffectAt(e.Card, e.Effect)
			if eff == nil {
				continue
			}
			if eff.OncePerTurn {
				k := fmt.Sprintf("card %d/%d", e.Card, e.Effect)
				if cs.turnUses[k]++; cs.turnUses[k] > 1 {
					return fmt.Errorf("%s's once-per-turn effect %d was activated twice in a turn", d.Card(e.Card).Data.Name, e.Effect)
				}
			}
			if eff.OncePerName {
				k := fmt.Sprintf("name %s/%d/%d", e.Seat, d.Card(e.Card).Data.Passcode, e.Effect)
				if cs.turnUses[k]++; cs.turnUses[k] > 1 {
					return fmt.Errorf("%s's once-per-turn-by-name effect %d was activated twice in a turn", d.Card(e.Card).Data.Name, e.Effect)
				}
			}
		case engine.EvResolve:
			if int(e.Link) != cs.nextResolve {
				return fmt.Errorf("chain link %d resolved when link %d was due (not last-in first-out)", e.Link, cs.nextResolve)
			}
			cs.nextResolve = int(e.Link) - 1
		case engine.EvChainEnd:
			if cs.nextResolve != 0 {
				return fmt.Errorf("the chain ended with link %d unresolved", cs.nextResolve)
			}
		}
	}
	return nil
}

func check(t T, seed uint64, step int, d *engine.Duel, o Options) {
	t.Helper()
	if err := d.Verify(); err != nil {
		t.Fatalf("seed %d step %d: %v", seed, step, err)
	}
	if err := d.VerifyViews(); err != nil {
		t.Fatalf("seed %d step %d: %v", seed, step, err)
	}
	if o.Each != nil {
		if err := o.Each(d); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
	}
}

// CheckOptions checks that every option's canonical text (about 200 of them in a longer prompt),
// and its text for the prompted seat, name exactly that option, and that the seat's text names no
// card the seat cannot see.
func CheckOptions(d *engine.Duel, p *engine.Prompt) error {
	// A long prompt (a kouhu block among many creatures) is sampled: each check parses the text
	// against every option, so checking them all would be quadratic.
	step := 1 + len(p.Options())/200
	for i, o := range p.Options() {
		if i%step != 0 && i != len(p.Options())-1 {
			continue
		}
		text := d.OptionText(o)
		got, err := d.ParseOption(text)
		if err != nil || got != o {
			return fmt.Errorf("option text %q does not parse back: %v", text, err)
		}
		own := d.OptionTextFor(p.Seat, o)
		if got, err := d.ParseOptionFor(p.Seat, own); err != nil || got != o {
			return fmt.Errorf("seat text %q does not parse back: %v", own, err)
		}
		ids := p.Selected(o)
		if o.Card != engine.NoCard && o.Kind != engine.OptSelect {
			ids = append(ids, o.Card)
		}
		for _, id := range ids {
			c := d.Card(id)
			if c.Place.Loc.OnField() && !d.Visible(id, p.Seat) && (strings.Contains(own, fmt.Sprintf("%q@%s", c.Data.Name, c.Place)) ||
				strings.Contains(own, fmt.Sprintf("%q@%s", c.Data.Name, c.Place.Text(true)))) {
				return fmt.Errorf("seat text %q reveals a hidden card", own)
			}
		}
	}
	return nil
}

// CheckRefusals checks that made-up answers are refused with ErrIllegalAnswer and change nothing.
func CheckRefusals(d *engine.Duel, p *engine.Prompt, r *rand.Rand) error {
	before := d.Hash()
	bad := []engine.Option{
		{Kind: engine.OptSummon, Card: engine.CardID(d.NumCards() + 5)},
		{Kind: engine.OptionKind(200)},
		{Kind: engine.OptSelect, Card: engine.NoCard, Sel: 1 << 63}, // a candidate there is not
		{Kind: engine.OptSelect, Card: engine.NoCard, Pick: int32(len(p.Candidates) + 2)},
		{Kind: engine.OptAttack, Card: engine.CardID(r.IntN(d.NumCards())), Effect: 77},
	}
	if len(p.Candidates) >= 64 {
		bad[2] = engine.Option{Kind: engine.OptSelect, Card: engine.NoCard, Pick: -1}
	}
	for _, o := range bad {
		kind, nopts, ncands, lo, hi := p.Kind, len(p.Options()), len(p.Candidates), p.Min, p.Max
		if err := d.Answer(o); err == nil {
			return fmt.Errorf("made-up option %+v was accepted by a %s prompt of %d options, %d candidates (%d-%d)",
				o, kind, nopts, ncands, lo, hi)
		}
	}
	for _, text := range []string{`summon "No Such Card"`, `attack "Blue-Eyes White Dragon"@B:M9`,
		`frobnicate`, `"Kuriboh"`, `summon "unclosed`, `select ?`} {
		if err := d.AnswerText(text); err == nil {
			return fmt.Errorf("made-up text %q was accepted", text)
		}
	}
	if d.Hash() != before {
		return fmt.Errorf("a refused answer changed the duel")
	}
	return nil
}
