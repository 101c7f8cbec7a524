//go:build refcore

package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
)

// result is how one duel went.
type result struct {
	ok       bool // played to the end in lockstep
	class    string
	detail   string
	answers  int
	turns    int
	duelFile string
	trace    []string
}

type move struct {
	seat engine.Seat
	text string
}

// duelDecks are the two seats' decks of one duel.
type duelDecks [2]deckList

// deckList is a Main Deck and an Extra Deck.
type deckList struct {
	Main, Extra []card.Passcode
}

func names(l []card.Passcode) string {
	var s []string
	for _, c := range l {
		s = append(s, fmt.Sprintf("\"#%d\"", c))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// duelFile writes the duel's start and moves as a .duel reproduction.
func duelFile(seed uint64, title string, hands, dks [2][]card.Passcode, extras [2][]card.Passcode, moves []move, note string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "title: %q\nruleset: ocg\nseed: %d\nturn: 1\nplayer: A\nphase: draw\n", title, seed)
	for s := 0; s < 2; s++ {
		fmt.Fprintf(&b, "%c:\n  deck: %s\n  hand: %s\n", "AB"[s], names(dks[s]), names(hands[s]))
		if len(extras[s]) > 0 {
			fmt.Fprintf(&b, "  extra: %s\n", names(extras[s]))
		}
	}
	b.WriteString("moves: |\n")
	for _, m := range moves {
		fmt.Fprintf(&b, "  %s: %s\n", m.seat, m.text)
	}
	if note != "" {
		for _, l := range strings.Split(note, "\n") {
			fmt.Fprintf(&b, "# %s\n", l)
		}
	}
	return b.String()
}

// play runs one duel of the decks in both engines, seeded by seed.
func (x *differ) play(seed uint64, decks duelDecks) result {
	c := x.c
	x.seed = seed
	rng := rand.New(rand.NewPCG(seed, 0xd1ff))
	var dks, hands, extras [2][]card.Passcode
	for s, dl := range decks {
		l := append([]card.Passcode(nil), dl.Main...)
		rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
		hands[s], dks[s] = l[:5], l[5:]
		extras[s] = dl.Extra
	}
	x.rng = rng // the decisions go on from the same PRNG
	pos := engine.Position{Rules: engine.OCG(), Seed: seed, Turn: 1, Player: engine.A, Phase: engine.Draw,
		Cards: all.Library(), AlwaysAsk: x.opt.alwaysAsk}
	for s := 0; s < 2; s++ {
		pos.Seats[s].Hand = hands[s]
		pos.Seats[s].Deck = dks[s]
		pos.Seats[s].Extra = extras[s]
	}
	c.trace = c.trace[:0]
	c.lastPass, c.phase, c.turn = -1, 0, 0
	c.followKeys, c.followCands, c.orderKeys, c.resetLast = nil, nil, nil, false
	c.seqKeys, c.seqDone = nil, false
	c.declined, c.declinedAt = nil, 0
	c.shuffled, c.gyOrderNoted = [2]bool{}, false
	c.randoms = c.randoms[:0]
	for s := 0; s < 2; s++ {
		var w []string
		for _, code := range append(append([]card.Passcode(nil), hands[s]...), dks[s]...) {
			w = append(w, strconv.Itoa(int(code)))
		}
		if err := c.send(fmt.Sprintf("deck %d %s", s, strings.Join(w, " ")), false); err != nil {
			return result{class: "core", detail: err.Error()}
		}
		w = w[:0]
		for _, code := range extras[s] {
			w = append(w, strconv.Itoa(int(code)))
		}
		if err := c.send(strings.TrimSpace(fmt.Sprintf("extra %d %s", s, strings.Join(w, " "))), false); err != nil {
			return result{class: "core", detail: err.Error()}
		}
	}
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		return result{class: "setup", detail: err.Error()}
	}
	defer d.Close()
	unsynced := ""
	// catchUp answers ygopro's prompts that stand between the answer both engines were given and
	// an outcome Duelist draws (or a shuffle it makes) in that answer, until done holds: empty
	// chain windows, the zone of a card just activated, a chain window of one forced trigger, the
	// select after a yes/no (RefcoreSetRandom's and RefcoreSetShuffle's hooks below).
	catchUp := func(done func() bool) {
		for guard := 0; !done() && c.sel != nil && guard < 64; guard++ {
			s := c.sel
			cmd := ""
			switch {
			case s.Type == msgSelectChain && len(s.Chains) == 0:
				c.trace = append(c.trace, "# auto: pass ygopro's empty chain window before its random outcome")
				cmd = "ri -1"
			case s.Type == msgSelectPlace:
				c.trace = append(c.trace, "# auto: answer ygopro's zone prompt before its random outcome")
				cmd = placeAnswer(d, c, s)
			case s.Type == msgSelectChain && len(s.Chains) == 1 && allForced(s):
				c.trace = append(c.trace, "# auto: ygopro's one forced trigger before its random outcome")
				cmd = "ri 0"
			case c.followKeys != nil && (s.Type == msgSelectCard || s.Type == msgSelectTribute):
				k, err := pickKeys(c.followKeys, s.Cards)
				if err != nil {
					break
				}
				c.trace = append(c.trace, "# auto: the select after yes/no, as Duelist selected, before its random outcome")
				c.followKeys, c.followCands = nil, nil
				cmd = k
			}
			if cmd == "" {
				break
			}
			if err := c.send(cmd, true); err != nil {
				break
			}
		}
	}
	// A Deck Duelist shuffles takes ygopro's order at once, when ygopro has shuffled it in the
	// same answer (DUEL_PSEUDO_SHUFFLE): ygopro's Deck as it was right after its shuffle, which
	// is its Deck now with what left it since put back (Monster Recovery returns the hand,
	// shuffles and draws as many: the draw followed Duelist's own order before, PSV seeds 1, 2,
	// 7, 20, 24 ...; Morphing Jar #2 shuffles and turns up cards from the top into the Graveyard,
	// PSV seed 26). Otherwise the Deck is put in ygopro's order at the next comparison
	// (compareDeck).
	d.RefcoreSetShuffle(func(s engine.Seat, codes []card.Passcode) ([]card.Passcode, bool) {
		shuffled := func() int {
			for i := len(c.ev) - 1; i >= 0; i-- {
				if c.ev[i] == fmt.Sprintf("shuffle-deck player=%d", s) {
					return i
				}
			}
			return -1
		}
		catchUp(func() bool { return shuffled() >= 0 })
		at := shuffled()
		if at < 0 {
			return nil, false
		}
		want, ok := deckAfterShuffle(c.ev[at+1:], int(s), yCodes(c.st.P[s].Deck))
		if !ok || !sameCodes(want, codes) {
			return nil, false
		}
		x.autoNotes["shuffle-order (Duelist's shuffle takes the order of ygopro's shuffle in the same answer)"]++
		c.trace = append(c.trace, fmt.Sprintf("# auto: %s's Deck shuffled in ygopro's order", s))
		return want, true
	})
	defer d.RefcoreSetShuffle(nil)
	// Face-down monsters shuffled among their zones (Magical Hats) take ygopro's arrangement: its
	// zone prompts of the same answer are answered first (with Duelist's zones, which are then
	// the cards' zones before the shuffle), then each zone takes the card ygopro shows there.
	d.RefcoreSetShuffleSet(func(s engine.Seat, ids []engine.CardID) ([]engine.CardID, bool) {
		catchUp(func() bool { return c.sel == nil || c.sel.Type != msgSelectPlace })
		y := c.st.P[s].M
		used := make([]bool, len(ids))
		var out []engine.CardID
		for _, id := range ids {
			seq := d.Card(id).Place.Seq
			if seq >= len(y) || len(y[seq]) == 0 {
				return nil, false
			}
			found := false
			for j, other := range ids {
				if !used[j] && int(d.Card(other).Data.Passcode) == y[seq][0] {
					used[j], found = true, true
					out = append(out, other)
					break
				}
			}
			if !found {
				return nil, false
			}
		}
		x.autoNotes["shuffle-set (face-down cards Duelist shuffles among their zones take ygopro's arrangement of the same answer)"]++
		return out, true
	})
	defer d.RefcoreSetShuffleSet(nil)
	d.RefcoreSetRandom(func(r engine.RandomDraw) (int, bool) {
		if r.All {
			// Duelist takes every card without drawing (the last card of a hand discarded at
			// random); ygopro reports a pick of each: taken off the queue when it names one
			// of them (a stale pick left there broke the next one: MRD seeds 54, 94).
			for range r.Cards {
				if len(c.randoms) == 0 || c.randoms[0].Kind != engine.RandomPick {
					break
				}
				found := false
				for _, id := range r.Cards {
					found = found || dKey(d, id) == c.randoms[0].Key
				}
				if !found {
					break
				}
				c.randoms = c.randoms[1:]
			}
			return 0, false
		}
		// Duelist resolved in one answer a chain that ygopro still holds at empty chain
		// windows (windows Duelist does not open: nobody could respond): pass them until ygopro
		// draws the outcome too (Robbin' Goblin's discard, Barrel Dragon's coins after a
		// target's window). Only empty windows: one that offers something stops here, and the
		// run reports the difference.
		// ygopro's zone prompt for the card Duelist just activated stands there too (Delinquent
		// Duo's random discard resolves in the answer that activates it from the hand): answered
		// with the zone Duelist used, as autoAnswer does. The same for the select that follows a
		// yes/no Duelist asked as one prompt (the target after "attack directly? no": Duelist's
		// answer ran the whole battle, MRD seed 5) and a chain window of one forced trigger,
		// which Duelist chained in that answer (Robbin' Goblin's discard).
		catchUp(func() bool { return len(c.randoms) > 0 || unsynced != "" })
		if len(c.randoms) == 0 || c.randoms[0].Kind != r.Kind {
			if unsynced == "" {
				unsynced = fmt.Sprintf("Duelist draws a %v (%d outcomes) that ygopro has not drawn (queue %v)", r.Kind, r.N, c.randoms)
			}
			return 0, false
		}
		o := c.randoms[0]
		c.randoms = c.randoms[1:]
		if r.Kind == engine.RandomPick {
			for i, id := range r.Cards {
				if dKey(d, id) == o.Key {
					return i, true
				}
			}
			if unsynced == "" {
				var keys []string
				for _, id := range r.Cards {
					keys = append(keys, dKey(d, id))
				}
				unsynced = fmt.Sprintf("ygopro picked %s at random, not among Duelist's %d cards %v", o.Key, len(r.Cards), keys)
			}
			return 0, false
		}
		return o.Value, true
	})
	defer d.RefcoreSetRandom(nil)
	var moves []move
	res := result{}
	fail := func(class, detail string) result {
		res.class, res.detail = class, detail
		res.turns = d.Turn()
		res.trace = append([]string(nil), c.trace...)
		res.duelFile = duelFile(seed, fmt.Sprintf("ygodiff seed %d: %s", seed, class), hands, dks, extras, moves, detail)
		return res
	}
	// answer gives Duelist an answer that ygopro has no prompt for (or already got).
	answer := func(p *engine.Prompt, o engine.Option) error {
		moves = append(moves, move{p.Seat, d.OptionText(o)})
		if err := d.Answer(o); err != nil {
			return err
		}
		x.trackShuffles(d)
		res.answers++
		return nil
	}
	lpZeroDone := false // the states were compared when Duelist's duel ended at LP 0 (lpzero.go)
	if err := c.send(fmt.Sprintf("start %d", seed), true); err != nil {
		return fail("core", err.Error())
	}
	for {
		if unsynced != "" {
			return fail("random-unsynced", unsynced)
		}
		// Duelist-only prompts with one option that ygopro does not ask: the attack target
		// "direct" when the opponent has no monster (ygopro declares the direct attack at once).
		// Answered before ygopro's prompts are looked at, so that ygopro's windows after the
		// attack declaration meet Duelist's, not the "direct" prompt.
		if p := d.Prompt(); p != nil && p.Kind == engine.PromptTarget && (c.sel == nil || c.sel.Type != msgSelectCard) && len(p.Options()) == 1 && p.Options()[0].Kind == engine.OptDirect {
			if err := answer(p, p.Options()[0]); err != nil {
				return fail("duelist-answer", err.Error())
			}
			continue
		}
		if !lpZeroDone && x.opt.lenient && x.lpZeroAtOnce(d) {
			// Duelist's duel ended at LP 0, ygopro's goes on to its next check (lpzero.go):
			// the states now, then ygopro to its end; the winners are compared below.
			if diffs := x.compareState(d); len(diffs) > 0 {
				return fail("state-at-end", strings.Join(diffs, "\n"))
			}
			lpZeroDone = true
			x.autoNotes["lp-zero-at-once (Duelist's duel ends as the LP reach 0, RULES.md; ygopro-core's after the action in progress: its prompts answered to its end)"]++
			if err := x.finishAfterLPZero(d); err != nil {
				return fail("end", err.Error())
			}
			continue
		}
		if r, stop := x.autoAnswer(d); stop {
			return fail(r.class, r.detail)
		}
		if done, class, detail := x.phaseTrigger(d, answer); class != "" {
			return fail(class, detail)
		} else if done {
			continue
		}
		p := d.Prompt()
		if p == nil || c.sel == nil {
			if d.Err() != nil {
				return fail("duelist-error", d.Err().Error())
			}
			if p == nil && c.end != nil {
				if diffs := x.compareState(d); len(diffs) > 0 && !lpZeroDone {
					// ygopro's moves after the LP reached 0 in the last answer, taken back
					// (lpzero.go): the state when Duelist's duel ended (RULES.md, at once)
					undone, ok := x.undoAfterLPZero(d)
					if !ok || !x.opt.lenient {
						return fail("state-at-end", strings.Join(diffs, "\n"))
					}
					kept := c.st
					c.st = undone
					again := x.compareState(d)
					c.st = kept
					if len(again) > 0 {
						return fail("state-at-end", strings.Join(diffs, "\n"))
					}
					x.autoNotes["lp-zero-undone (ygopro's moves after the LP reached 0 in its last answer, a Tribute Summon's tributes after Chain Energy's cost, taken back: RULES.md's loss at once)"]++
				}
				w, ok, dr := d.Result()
				yw := c.end.Winner
				dw := -1
				if ok {
					dw = int(w)
				} else if dr {
					dw = 2
				}
				if dw != yw {
					return fail("winner", fmt.Sprintf("duelist winner=%d (%s) ygopro winner=%d reason=%d", dw, d.Reason(), yw, c.end.Reason))
				}
				res.ok = true
				res.turns = d.Turn()
				return res
			}
			if p == nil {
				return fail("end", fmt.Sprintf("Duelist's duel ended (%s) but ygopro asks %+v", d.Reason(), c.sel.Type))
			}
			dk, da := dNorm(d, p)
			return fail("end", fmt.Sprintf("ygopro's duel ended (winner %d reason %d %s) but Duelist asks %s %s %v", c.end.Winner, c.end.Reason, c.end.Error, p.Seat, dk, da))
		}
		// -always-ask: a Duelist chain window of an earlier turn or phase than ygopro's prompt is
		// Duelist-only: passed (below) without comparing the states, which are at different moments.
		dEarlier := x.opt.alwaysAsk && p.Kind == engine.PromptChain && d.Turn()*16+int(p.Phase) < c.turn*16+int(yPhase(c.phase))
		// Duelist's End Phase window after the hand-size discard, which ygopro-core does not open
		// (its End Phase window comes before the discard, none after it; docs/notation.md
		// "Windows": Duelist follows RULES.md here): ygopro is in the next turn already, so the
		// window is Duelist-only and the states are at different moments.
		if x.opt.lenient && p.Kind == engine.PromptChain && p.Phase == engine.End && d.Turn() < c.turn {
			dEarlier = true
		}
		if diffs := x.compareState(d); len(diffs) > 0 && !(dEarlier && x.opt.lenient) {
			dk, da := dNorm(d, p)
			yk, ya := yNorm(c, c.sel)
			return fail("state", strings.Join(diffs, "\n")+fmt.Sprintf("\nat duelist %s %s %v / ygopro %s %v", p.Seat, dk, da, yk, ya))
		}
		// lenient: a chain window only Duelist opens: pass it (checked before the seats are
		// compared, so that a Duelist-only window of the other seat is passed too).
		if x.opt.lenient && p.Kind == engine.PromptChain && (c.sel.Type != msgSelectChain || c.sel.Player != int(p.Seat) || dEarlier) {
			_, da := dNorm(d, p)
			who := "non-turn player"
			if p.Seat == d.TurnPlayer() {
				who = "turn player"
			}
			yk, _ := yNorm(c, c.sel)
			empty := ""
			if len(p.Options()) == 1 {
				empty = "empty "
			}
			x.note(fmt.Sprintf("duelist-only %schain window for the %s in %s %s (ygopro at player %d's %s)", empty, who, p.Phase, p.Timing, c.sel.Player, yk), fmt.Sprint(da))
			var pass engine.Option
			for _, o := range p.Options() {
				if o.Kind == engine.OptPass {
					pass = o
				}
			}
			c.trace = append(c.trace, "# lenient: pass Duelist-only window")
			if err := answer(p, pass); err != nil {
				return fail("duelist-answer", err.Error())
			}
			continue
		}
		if int(p.Seat) != c.sel.Player {
			dk, _ := dNorm(d, p)
			yk, _ := yNorm(c, c.sel)
			return fail("prompt-seat", fmt.Sprintf("duelist asks %s %s, ygopro asks player %d %s", p.Seat, dk, c.sel.Player, yk))
		}
		if isLongSelect(p, c.sel) {
			if class, detail := x.longSelect(d, answer); class != "" {
				return fail(class, detail)
			}
			continue
		}
		m := x.mapPrompt(d, p)
		if yp := yPhase(c.phase); yp != p.Phase && !(x.opt.lenient && p.Kind != engine.PromptIdle && p.Kind != engine.PromptBattle && m.dk == m.yk && fmt.Sprint(m.da) == fmt.Sprint(m.ya)) {
			return fail("phase", fmt.Sprintf("duelist %s %s in %s: %v\nygopro player %d %s in %s (%#x): %v", p.Seat, m.dk, p.Phase, m.da, c.sel.Player, m.yk, yp, c.phase, m.ya))
		}
		if yp := yPhase(c.phase); yp != p.Phase {
			if p.Kind == engine.PromptChain {
				x.note(fmt.Sprintf("same chain window, phase differs: duelist %s %s, ygopro %s", p.Phase, p.Timing, yp), fmt.Sprint(m.da))
			} else {
				x.note(fmt.Sprintf("same %s prompt, phase differs (in a chain begun in such a window): duelist %s, ygopro %s", p.Kind, p.Phase, yp), fmt.Sprint(m.da))
			}
		}
		if m.dk != m.yk {
			return fail("prompt-kind", fmt.Sprintf("duelist %s %s: %v\nygopro %s: %v", p.Seat, m.dk, m.da, m.yk, m.ya))
		}
		if m.da != nil && m.ya != nil && fmt.Sprint(m.da) != fmt.Sprint(m.ya) {
			return fail("options", fmt.Sprintf("%s %s prompt (turn %d %s):\n  duelist only: %v\n  ygopro only:  %v", p.Seat, m.dk, d.Turn(), d.Phase(), minus(m.da, m.ya), minus(m.ya, m.da)))
		}
		if res.answers >= x.opt.maxAnswers {
			return fail("limit", "answer limit reached")
		}
		opts := p.Options()
		o := opts[x.rng.IntN(len(opts))]
		cmd, err := x.command(d, p, o, m)
		if err != nil {
			return fail("translate", err.Error())
		}
		c.trace = append(c.trace, fmt.Sprintf("# %s: %s   [duelist turn %d %s %s]", p.Seat, d.OptionText(o), d.Turn(), p.Phase, p.Timing))
		c.lastPass = -1
		if c.sel.Type == msgSelectChain && cmd == "ri -1" {
			c.lastPass, c.lastPassChain, c.lastPassHint = c.sel.Player, chainKey(c.sel), hints(c.sel)
		}
		// ygopro first: the coin tosses and die rolls its answer brings are then known when
		// Duelist's answer draws them.
		if err := c.send(cmd, true); err != nil {
			return fail("core", err.Error())
		}
		if err := answer(p, o); err != nil {
			return fail("duelist-answer", err.Error())
		}
	}
}

// trackShuffles notes the seats whose Deck Duelist shuffled (EvShuffle) in the last answer, and
// keeps that answer's events (differ.lastEvents).
func (x *differ) trackShuffles(d *engine.Duel) {
	evs := d.TakeEvents()
	x.lastEvents = append(x.lastEvents[:0], evs...)
	for _, e := range evs {
		if e.Kind == engine.EvShuffle && (e.Seat == engine.A || e.Seat == engine.B) {
			x.c.shuffled[e.Seat] = true
		}
	}
}

// sortStrings sorts a list of strings in place.
func sortStrings(a []string) { sort.Strings(a) }

// deckAfterShuffle rebuilds player s's Deck (bottom first) as it was before the events evs, from
// the Deck now: the cards drawn go back on top, a card that left it from a place goes back to
// that place (the events undone from the last). It reports false when the Deck changed in a way
// it cannot undo (a card put into it, another shuffle of it).
func deckAfterShuffle(evs []string, s int, now []int) ([]card.Passcode, bool) {
	deck := make([]card.Passcode, 0, len(now)+8)
	for _, code := range now {
		deck = append(deck, card.Passcode(code))
	}
	from := fmt.Sprintf("from=%d/0x1/", s)
	for i := len(evs) - 1; i >= 0; i-- {
		f := strings.Fields(evs[i])
		switch {
		case len(f) >= 2 && f[0] == "draw" && f[1] == fmt.Sprintf("player=%d", s):
			for j := len(f) - 1; j >= 2; j-- {
				n, _ := strconv.Atoi(f[j])
				deck = append(deck, card.Passcode(n))
			}
		case evs[i] == fmt.Sprintf("shuffle-deck player=%d", s),
			strings.Contains(evs[i], fmt.Sprintf("to=%d/0x1/", s)) && !strings.Contains(evs[i], from):
			return nil, false
		case len(f) >= 3 && f[0] == "move" && strings.HasPrefix(f[2], from):
			code, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, false
			}
			parts := strings.Split(f[2], "/")
			seq, err := strconv.Atoi(parts[2])
			if err != nil || seq < 0 || seq > len(deck) {
				return nil, false
			}
			deck = slices.Insert(deck, seq, card.Passcode(code))
		}
	}
	return deck, true
}

// sameCodes reports whether two lists hold the same passcodes, in any order.
func sameCodes(a, b []card.Passcode) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
