package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/match"
	"github.com/duelistgame/duelist/ruleset"
)

// matchFlag registers play's --match flag.
func matchFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("match", false, "play a best-of-3 match against the AI (--ai), with side decking between duels (docs/match.md)")
}

// cmdPlayMatch is `duelist play --match`: a match in the terminal, seat A against the AI named
// aiName (play's --ai: the greedy agent or a level), which bot plays in every duel. The decks'
// Side Decks come from their .ydk files (!side) or ydke:// URLs. cfg is the duel configuration
// play has checked (ruleset, --first, decks).
func cmdPlayMatch(df *duelFlags, cfg engine.Config, replayPath string, ui *termUI, aiName string, bot agent.Agent,
	stdin io.Reader, stdout, stderr io.Writer) int {
	rs, err := ruleset.Get(df.rulesetID)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	var ds [2]deck.Deck
	for i, spec := range []string{df.deckA, df.deckB} {
		if isPrecon(spec) {
			ds[i], err = decks.Get(spec)
		} else {
			ds[i], err = deck.Load(spec, card.Pool())
		}
		if err != nil {
			fmt.Fprintf(stderr, "duelist play: seat %s deck: %v\n", engine.Seat(i), err)
			return 2
		}
	}
	m, err := match.New(match.Config{Cards: all.Library(), Ruleset: rs, Decks: ds, Seed: df.seed, First: cfg.First,
		NoFirstDraw: df.noFirstDraw, AlwaysAsk: df.alwaysAsk})
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	defer m.Close()
	fmt.Fprintf(stdout, "Duelist — a best-of-3 match: you are seat A against the %s agent (seed %d, ruleset %s).\n",
		aiName, df.seed, rs.ID)
	fmt.Fprintln(stdout, "Type an option's number or its notation; 'board' redraws, 'help' explains, 'concede' concedes the duel, 'resign' the match.")
	t := &matchTerminal{m: m, me: engine.A, bot: bot, in: bufio.NewScanner(stdin),
		out: stdout, names: ui.log.names, ui: ui}
	t.loop()
	if replayPath != "" {
		f, err := os.Create(replayPath)
		if err == nil {
			err = m.WriteReplay(f, "duelist play --match")
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "duelist play: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "Match replay written to %s.\n", replayPath)
	}
	return 0
}

// verifyMatchReplay verifies the file when it is a match replay; handled is false otherwise.
func verifyMatchReplay(path string) (handled bool, summary string, err error) {
	b, rerr := os.ReadFile(path)
	if rerr != nil || !match.IsReplay(b) {
		return false, "", nil
	}
	m, err := match.Verify(b, all.Library())
	if err != nil {
		return true, "", err
	}
	defer m.Close()
	return true, fmt.Sprintf("match of %d duels: %s", m.Number(), m.Reason()), nil
}

// matchTerminal is the human's side of a terminal match.
type matchTerminal struct {
	m     *match.Match
	me    engine.Seat
	bot   agent.Agent
	in    *bufio.Scanner
	out   io.Writer
	names namer
	ui    *termUI // the log, the board at every decision, the chain setting (termui.go)
	shown int     // the duels whose result has been shown
}

func (t *matchTerminal) events(d *engine.Duel) {
	t.ui.events(d, t.out)
}

// read prompts for a line; false at the end of the input.
func (t *matchTerminal) read() (string, bool) {
	fmt.Fprint(t.out, "> ")
	if !t.in.Scan() {
		return "", false
	}
	return strings.TrimSpace(t.in.Text()), true
}

// report shows the result of every duel that ended since the last call, with the score.
func (t *matchTerminal) report() {
	for ; t.shown < t.m.Number(); t.shown++ {
		o, reason := t.m.DuelOutcome(t.shown + 1)
		if o == match.Pending {
			return
		}
		res := "a draw"
		if s, ok := o.Winner(); ok {
			res = map[bool]string{true: "you won", false: "you lost"}[s == t.me]
		}
		wins, draws := t.m.Score()
		fmt.Fprintf(t.out, "Duel %d: %s (%s). Score: you %d – %d the agent, %d draw(s).\n", t.shown+1, res, reason,
			wins[t.me], wins[t.me.Other()], draws)
		if !t.m.Over() && len(t.m.Deck(t.me).Side) == 0 {
			fmt.Fprintln(t.out, "Your Side Deck is empty: no side decking for you.")
		}
	}
}

func (t *matchTerminal) loop() {
	for {
		t.events(t.m.Duel())
		t.report()
		p := t.m.Prompt()
		if p == nil {
			break
		}
		switch {
		case p.Kind == match.PromptDuel && p.Seat != t.me:
			d := t.m.Duel()
			if err := t.m.Answer(t.bot.Choose(d, p.Duel)); err != nil {
				fmt.Fprintf(t.out, "the agent failed: %v\n", err)
				return
			}
			t.events(d)
		case p.Kind == match.PromptDuel:
			t.duelPrompt(p.Duel)
		case p.Seat != t.me:
			if err := match.AutoAnswer(t.m); err != nil {
				fmt.Fprintf(t.out, "the agent failed: %v\n", err)
				return
			}
			if p.Kind == match.PromptFirst {
				fmt.Fprintf(t.out, "The agent chooses to go first in duel %d.\n", p.N)
			} else {
				fmt.Fprintln(t.out, "The agent keeps its deck.")
			}
		case p.Kind == match.PromptFirst:
			t.firstPrompt(p)
		default:
			t.sidePrompt(p)
		}
	}
	if err := t.m.Err(); err != nil {
		fmt.Fprintf(t.out, "The match stopped on an internal error: %v\n", err)
		return
	}
	fmt.Fprintf(t.out, "Match over: %s.\n", t.m.Reason())
}

// resign concedes the match for the human.
func (t *matchTerminal) resign() {
	d := t.m.Duel()
	fmt.Fprintln(t.out, "You concede the match.")
	_ = t.m.ConcedeMatch(t.me)
	t.events(d)
}

// duelPrompt asks the human for an answer to a duel prompt.
func (t *matchTerminal) duelPrompt(p *engine.Prompt) {
	d := t.m.Duel()
	switch ok, err := t.ui.autoPass(p, t.m.Answer); {
	case err != nil:
		fmt.Fprintf(t.out, "auto-pass failed: %v\n", err) // the human answers instead
	case ok:
		t.events(d)
		return
	}
	t.ui.show(d, p, t.out)
	for {
		fmt.Fprintf(t.out, "Duel %d · %s\n", t.m.Number(), t.ui.title(d, p))
		for i, o := range p.Options() {
			fmt.Fprintf(t.out, "  %2d) %s\n", i+1, d.OptionTextFor(t.me, o))
		}
		line, ok := t.read()
		switch {
		case !ok || line == "resign":
			t.resign()
			return
		case line == "":
			continue
		case line == "concede" || line == "quit" || line == "q":
			fmt.Fprintln(t.out, "You concede the duel.")
			_ = t.m.Concede(t.me)
			t.events(d)
			return
		case line == "board":
			fmt.Fprint(t.out, renderBoard(d.View(t.me), t.me, t.names))
			continue
		case line == "help" || line == "?":
			fmt.Fprintln(t.out, "Type the number of an option, or its text: e.g. summon \"Celtic Guardian\", attack \"Dark Magician\", end. 'info NAME' describes a card; 'concede' gives up this duel, 'resign' the match.")
			continue
		}
		if name, ok := strings.CutPrefix(line, "info "); ok {
			fmt.Fprintln(t.out, t.ui.cardInfo(name, nil))
			continue
		}
		o, err := humanAnswer(d, p, t.me, line)
		if err != nil {
			fmt.Fprintf(t.out, "%v\n", err)
			continue
		}
		if err := t.m.Answer(o); err != nil {
			fmt.Fprintf(t.out, "%v\n", err)
			continue
		}
		t.events(d)
		return
	}
}

// firstPrompt asks the human, who lost the last duel (or chose before a draw), to go first or second.
func (t *matchTerminal) firstPrompt(p *match.Prompt) {
	for {
		fmt.Fprintf(t.out, "Duel %d: you choose — go first or second? (first/second)\n", p.N)
		line, ok := t.read()
		switch line {
		case "first", "1", "second", "2":
			_ = t.m.ChooseFirst(line == "first" || line == "1")
			return
		case "resign":
			ok = false
		}
		if !ok {
			t.resign()
			return
		}
		fmt.Fprintln(t.out, "Type first or second ('resign' concedes the match).")
	}
}

// sidePrompt is the side-decking step: the deck and the Side Deck are listed with numbers, `swap N
// M` exchanges deck card N with side card M, `done` plays the deck as shown.
func (t *matchTerminal) sidePrompt(p *match.Prompt) {
	start := t.m.Deck(t.me)
	work := start.Clone()
	var swaps []match.Swap
	fmt.Fprintf(t.out, "Side decking before duel %d: 'swap N M' exchanges card N of your deck with card M of your Side Deck; 'done' plays the deck as shown; 'reset' starts over; 'resign' concedes the match.\n", p.N)
	t.showDeck(work)
	for {
		line, ok := t.read()
		f := strings.Fields(line)
		switch {
		case !ok || line == "resign":
			t.resign()
			return
		case line == "done" || line == "keep":
			if err := t.m.AnswerSide(swaps); err != nil {
				fmt.Fprintf(t.out, "%v\nYour deck is as it was; side deck again.\n", err)
				work, swaps = start.Clone(), nil
				t.showDeck(work)
				continue
			}
			fmt.Fprintf(t.out, "You play duel %d with %d swap(s).\n", p.N, len(swaps))
			return
		case line == "reset":
			work, swaps = start.Clone(), nil
			t.showDeck(work)
		case line == "show" || line == "list":
			t.showDeck(work)
		case len(f) == 3 && f[0] == "swap":
			n, err1 := strconv.Atoi(f[1])
			k, err2 := strconv.Atoi(f[2])
			if err := t.swap(&work, n, k, err1 == nil && err2 == nil); err != nil {
				fmt.Fprintln(t.out, err)
				continue
			}
			swaps = append(swaps, match.Swap{Out: work.Side[k-1], In: t.deckCard(work, n)})
			t.showDeck(work)
		default:
			fmt.Fprintln(t.out, "Type 'swap N M', 'done', 'reset', 'show' or 'resign'.")
		}
	}
}

// deckCard returns card n (from 1) of the Main Deck followed by the Extra Deck.
func (t *matchTerminal) deckCard(d deck.Deck, n int) card.Passcode {
	if n <= len(d.Main) {
		return d.Main[n-1]
	}
	return d.Extra[n-1-len(d.Main)]
}

// swap exchanges deck card n with side card k in place, when both are of the same section.
func (t *matchTerminal) swap(d *deck.Deck, n, k int, numbers bool) error {
	if !numbers || n < 1 || n > len(d.Main)+len(d.Extra) || k < 1 || k > len(d.Side) {
		return fmt.Errorf("swap N M: N is 1-%d (your deck), M is 1-%d (your Side Deck)", len(d.Main)+len(d.Extra), len(d.Side))
	}
	rs := t.m.Ruleset()
	if toExtra := match.InExtraDeck(rs, t.m.DB(), d.Side[k-1]); toExtra != (n > len(d.Main)) {
		return fmt.Errorf("side card %d belongs in the %s and deck card %d does not: the sizes must stay", k,
			map[bool]string{true: "Extra Deck", false: "Main Deck"}[toExtra], n)
	}
	if n <= len(d.Main) {
		d.Main[n-1], d.Side[k-1] = d.Side[k-1], d.Main[n-1]
	} else {
		d.Extra[n-1-len(d.Main)], d.Side[k-1] = d.Side[k-1], d.Extra[n-1-len(d.Main)]
	}
	return nil
}

func (t *matchTerminal) showDeck(d deck.Deck) {
	label := func(p card.Passcode) string {
		c, ok := card.Pool().ByPasscode(p)
		if !ok {
			return fmt.Sprintf("#%d", p)
		}
		return t.names.name(p, c.Name)
	}
	fmt.Fprintf(t.out, "Your deck (Main %d, Extra %d):\n", len(d.Main), len(d.Extra))
	for i, p := range append(append([]card.Passcode(nil), d.Main...), d.Extra...) {
		extra := ""
		if i >= len(d.Main) {
			extra = " (Extra)"
		}
		fmt.Fprintf(t.out, "  %2d) %s%s\n", i+1, label(p), extra)
	}
	fmt.Fprintf(t.out, "Side Deck (%d):\n", len(d.Side))
	for i, p := range d.Side {
		fmt.Fprintf(t.out, "  %2d) %s\n", i+1, label(p))
	}
}
