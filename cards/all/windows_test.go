package all

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/ruleset"
)

// TestEveryPhaseOffersWindows is the net behind RULES.md "Windows": random duels of the starter
// decks (yugi-40 vs kaiba-40) under every ruleset with chain windows, each played twice in
// lockstep with the same answers: as players see it, and with AlwaysAsk, where every chain window
// is offered even to a seat with nothing to activate. It checks, at every phase change, that
//   - in the AlwaysAsk duel each seat was offered a window in the phase (and in each step of the
//     Battle Phase): a chain prompt, or the turn player's idle or battle prompt in the Main Phases
//     and the Battle Step, which is its priority there (in a Main Phase 2 reached by ending the
//     Battle Phase with "end", that answer was the turn player's pass);
//   - the duel as played asked a seat exactly where the AlwaysAsk duel offered it something
//     besides passing: so whenever a seat held a card usable in a window of that phase, it was
//     asked in it;
//   - after a chain resolved in a Draw, Standby or End Phase window or in the Start or End Step,
//     the turn player was asked first again.
func TestEveryPhaseOffersWindows(t *testing.T) {
	n := testsize.N(40, 100, 400)
	ya, err := decks.Get("yugi-40")
	if err != nil {
		t.Fatal(err)
	}
	ka, err := decks.Get("kaiba-40")
	if err != nil {
		t.Fatal(err)
	}
	lists := [2]engine.DeckList{{Main: ya.Main, Extra: ya.Extra}, {Main: ka.Main, Extra: ka.Extra}}
	var rules []engine.Rules
	for _, rs := range ruleset.All() {
		if rs.Playable() == nil && !rs.Kouhu() { // kouhu has no Draw or End Phase windows
			rules = append(rules, rs.Rules)
		}
	}
	if len(rules) < 3 {
		t.Fatalf("want the ocg, classic and anime rulesets, got %d", len(rules))
	}
	for _, r := range rules {
		usable := map[engine.Phase]int{} // windows where a seat had a card to use, by phase
		for i := 0; i < n; i++ {
			seed := uint64(i + 1)
			cfg := engine.Config{Rules: r, Seed: seed, Cards: Library(), Decks: lists}
			if err := checkWindows(cfg, usable); err != nil {
				t.Fatalf("%s seed %d: %v", r.Name, seed, err)
			}
		}
		t.Logf("%s: %d duels; chain windows with a card to use: %v", r.Name, n, usable)
		// The net must catch something: the starter decks' Quick-Play Spells and Traps are used
		// in the Draw, Standby and End Phases and in the Battle Phase.
		for _, ph := range []engine.Phase{engine.Draw, engine.Standby, engine.Main1, engine.Battle, engine.End} {
			if usable[ph] == 0 {
				t.Errorf("%s: no window of the %s had a card to use in %d duels", r.Name, ph, n)
			}
		}
	}
}

// phaseKey names a phase of a turn, or a step of its Battle Phase (the Damage Step counts as the
// Battle Step).
type phaseKey struct {
	turn  int
	phase engine.Phase
	step  engine.Timing
}

func (k phaseKey) String() string {
	if k.phase == engine.Battle {
		return fmt.Sprintf("turn %d %s %s", k.turn, k.phase, k.step)
	}
	return fmt.Sprintf("turn %d %s", k.turn, k.phase)
}

func keyOf(d *engine.Duel, p *engine.Prompt) phaseKey {
	k := phaseKey{turn: d.Turn(), phase: p.Phase}
	if p.Phase == engine.Battle {
		k.step = p.Timing
		if k.step != engine.StartStep && k.step != engine.EndStep {
			k.step = engine.BattleStep
		}
	}
	return k
}

// phaseWindowKey reports whether a phase or step closes with a window in which the turn player is
// asked first (not a Main Phase or the Battle Step, where its idle or battle prompt is its
// priority).
func phaseWindowKey(k phaseKey) bool {
	switch k.phase {
	case engine.Draw, engine.Standby, engine.End:
		return true
	case engine.Battle:
		return k.step == engine.StartStep || k.step == engine.EndStep
	}
	return false
}

// checkWindows plays one duel both ways and checks the windows (see TestEveryPhaseOffersWindows).
// usable counts, by phase, the chain windows where the asked seat had something to activate.
func checkWindows(cfg engine.Config, usable map[engine.Phase]int) error {
	played, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer played.Close()
	cfg.AlwaysAsk = true
	asked, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer asked.Close()
	rng := rand.New(rand.NewPCG(cfg.Seed, 20))

	var cur phaseKey
	endedBattle := 0 // the turn whose Battle Phase the turn player ended with "end"
	offered := map[engine.Seat]bool{}
	chainEnded := false         // a chain resolved in the current phase window; the next window opener is checked
	seen := map[phaseKey]bool{} // the phases and steps of the current turn
	closeTurn := func(turn int) error {
		need := []phaseKey{{turn, engine.Draw, 0}, {turn, engine.Standby, 0}, {turn, engine.Main1, 0}, {turn, engine.End, 0}}
		if seen[phaseKey{turn, engine.Battle, engine.StartStep}] || seen[phaseKey{turn, engine.Battle, engine.BattleStep}] {
			need = append(need, phaseKey{turn, engine.Battle, engine.StartStep},
				phaseKey{turn, engine.Battle, engine.BattleStep}, phaseKey{turn, engine.Battle, engine.EndStep})
		}
		for _, k := range need {
			if !seen[k] {
				return fmt.Errorf("%s: no seat was offered a window in it", k)
			}
		}
		clear(seen)
		return nil
	}
	closePhase := func(next phaseKey) error {
		if next == cur {
			return nil
		}
		if cur.turn > 0 {
			for _, s := range asked.Seats() {
				// The turn player who ended the Battle Phase with "end" passes Main Phase 2's
				// window with that answer (RULES.md "Settled against the reference engine").
				if s == asked.TurnPlayer() && cur.phase == engine.Main2 && endedBattle == cur.turn {
					continue
				}
				if !offered[s] {
					return fmt.Errorf("%s: seat %s was offered no window in it", cur, s)
				}
			}
			if next.turn != cur.turn {
				if err := closeTurn(cur.turn); err != nil {
					return err
				}
			}
		}
		cur = next
		seen[cur] = true
		clear(offered)
		chainEnded = false
		return nil
	}
	for answers := 0; ; answers++ {
		if answers > 20000 {
			return fmt.Errorf("no end after %d answers", answers)
		}
		// The AlwaysAsk duel offers every window: a window with nothing but pass is one the duel
		// as played skips.
		var p *engine.Prompt
		for p = asked.Prompt(); p != nil; p = asked.Prompt() {
			for _, e := range asked.TakeEvents() {
				if e.Kind == engine.EvChainEnd {
					chainEnded = true
				}
			}
			k := keyOf(asked, p)
			if err := closePhase(k); err != nil {
				return err
			}
			if p.Kind == engine.PromptChain && len(asked.ChainNames()) == 0 && chainEnded && phaseWindowKey(k) {
				if p.Seat != asked.TurnPlayer() {
					return fmt.Errorf("%s: after a chain %s was asked before the turn player", k, p.Seat)
				}
				chainEnded = false
			}
			switch p.Kind {
			case engine.PromptChain:
				offered[p.Seat] = true
			case engine.PromptIdle, engine.PromptBattle:
				if p.Seat == asked.TurnPlayer() {
					offered[p.Seat] = true
				}
			}
			if p.Kind != engine.PromptChain || len(p.Options()) > 1 {
				if p.Kind == engine.PromptChain {
					usable[p.Phase]++
				}
				break
			}
			if err := asked.AnswerText("pass"); err != nil {
				return err
			}
		}
		q := played.Prompt()
		if p == nil || q == nil {
			if (p == nil) != (q == nil) || played.Reason() != asked.Reason() {
				return fmt.Errorf("the duels ended apart: played %q, with every window %q", played.Reason(), asked.Reason())
			}
			return nil
		}
		if p.Seat != q.Seat || p.Kind != q.Kind || p.Phase != q.Phase || p.Timing != q.Timing ||
			!slices.Equal(p.Options(), q.Options()) {
			return fmt.Errorf("%s: with every window offered %s is asked (%s, %d options), as played %s (%s, %d options)",
				keyOf(asked, p), p.Seat, p.Kind, len(p.Options()), q.Seat, q.Kind, len(q.Options()))
		}
		o := q.Options()[rng.IntN(len(q.Options()))]
		if q.Kind == engine.PromptBattle && o.Kind == engine.OptEnd {
			endedBattle = asked.Turn()
		}
		if err := played.Answer(o); err != nil {
			return err
		}
		if err := asked.Answer(o); err != nil {
			return err
		}
	}
}
