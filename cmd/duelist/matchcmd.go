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
	lang := ui.log.lang.id
	fmt.Fprintln(stdout, msg(lang, "m-intro", aiName, df.seed, rs.ID))
	fmt.Fprintln(stdout, msg(lang, "m-how"))
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
		fmt.Fprintln(stdout, msg(lang, "m-replay", replayPath))
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
	return t.readLine()
}

// readLine reads a line; false at the end of the input.
func (t *matchTerminal) readLine() (string, bool) {
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
		res := t.msg("a-draw")
		if s, ok := o.Winner(); ok {
			res = map[bool]string{true: t.msg("you-won"), false: t.msg("you-lost")}[s == t.me]
		}
		wins, draws := t.m.Score()
		fmt.Fprintln(t.out, t.msg("m-result", t.shown+1, res, reasonIn(t.ui.log.lang.id, reason), wins[t.me], wins[t.me.Other()], draws))
		if !t.m.Over() && len(t.m.Deck(t.me).Side) == 0 {
			fmt.Fprintln(t.out, t.msg("side-empty"))
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
				fmt.Fprintln(t.out, t.msg("agent-first", p.N))
			} else {
				fmt.Fprintln(t.out, t.msg("agent-keeps"))
			}
		case p.Kind == match.PromptFirst:
			t.firstPrompt(p)
		default:
			t.sidePrompt(p)
		}
	}
	if err := t.m.Err(); err != nil {
		fmt.Fprintln(t.out, t.msg("internal", err))
		return
	}
	fmt.Fprintln(t.out, t.msg("m-over", reasonIn(t.ui.log.lang.id, t.m.Reason())))
}

// confirm asks a yes/no question before giving up; true = yes. An input that has ended says yes
// (nothing more can be read).
func (t *matchTerminal) confirm(question string) bool {
	fmt.Fprint(t.out, question)
	if !t.in.Scan() {
		fmt.Fprintln(t.out)
		return true
	}
	switch strings.ToLower(strings.TrimSpace(t.in.Text())) {
	case "y", "yes":
		return true
	}
	fmt.Fprintln(t.out, t.msg("goes-on"))
	return false
}

// msg is one of the terminal's sentences in the player's language.
func (t *matchTerminal) msg(key string, args ...any) string {
	return msg(t.ui.log.lang.id, key, args...)
}

// resign concedes the match for the human.
func (t *matchTerminal) resign() {
	d := t.m.Duel()
	fmt.Fprintln(t.out, t.msg("concede-match"))
	_ = t.m.ConcedeMatch(t.me)
	t.events(d)
}

// duelPrompt asks the human for an answer to a duel prompt.
func (t *matchTerminal) duelPrompt(p *engine.Prompt) {
	d := t.m.Duel()
	switch ok, err := t.ui.autoPass(d, p, t.m.Answer); {
	case err != nil:
		fmt.Fprintf(t.out, "auto-pass failed: %v\n", err) // the human answers instead
	case ok:
		t.events(d)
		return
	}
	t.ui.show(d, p, t.out)
	for {
		fmt.Fprintln(t.out, t.msg("m-duel", t.m.Number())+t.ui.title(d, p))
		for i, o := range p.Options() {
			fmt.Fprintf(t.out, "  %2d) %s\n", i+1, t.ui.optionText(d, p, o))
		}
		fmt.Fprint(t.out, "> ")
		line, ok := t.ui.nextPending(p, t.out)
		if !ok {
			line, ok = t.readLine()
		}
		if ok && p.Kind == engine.PromptChain && isSkip(line) {
			if o, has := passOption(p); has && t.m.Answer(o) == nil {
				t.ui.skipping = true
				fmt.Fprintln(t.out, t.ui.log.lang.word("skip"))
				t.events(d)
				return
			}
		}
		switch {
		case !ok:
			t.resign() // nothing more can be read
			return
		case line == "resign":
			if t.confirm(t.msg("resign?")) {
				t.resign()
				return
			}
			continue
		case line == "":
			continue
		case line == "concede" || line == "quit" || line == "q":
			if !t.confirm(t.msg("concede-duel?")) {
				continue
			}
			fmt.Fprintln(t.out, t.msg("concede-duel"))
			_ = t.m.Concede(t.me)
			t.events(d)
			return
		case line == "board":
			fmt.Fprint(t.out, renderBoardIn(d.View(t.me), t.me, t.names, t.ui.log.lang.id))
			continue
		case line == "help" || line == "?":
			fmt.Fprintln(t.out, t.msg("help")+" "+t.msg("m-help"))
			continue
		}
		if name, ok := strings.CutPrefix(line, "info "); ok {
			fmt.Fprintln(t.out, t.ui.cardInfo(name, nil))
			continue
		}
		o, err := humanAnswerIn(d, p, t.me, line, t.ui.log.lang.id)
		if err != nil && t.ui.keepForDecision(p, line, t.out) {
			o, _ = passOption(p)
			err = nil
		}
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
		fmt.Fprintln(t.out, t.msg("first?", p.N))
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
		fmt.Fprintln(t.out, t.msg("first-help"))
	}
}

// sidePrompt is the side-decking step: the deck and the Side Deck are listed with numbers, `swap N
// M` exchanges deck card N with side card M, `done` plays the deck as shown.
func (t *matchTerminal) sidePrompt(p *match.Prompt) {
	start := t.m.Deck(t.me)
	work := start.Clone()
	var swaps []match.Swap
	fmt.Fprintln(t.out, t.msg("side-intro", p.N))
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
				fmt.Fprintf(t.out, "%v\n%s\n", err, t.msg("side-again"))
				work, swaps = start.Clone(), nil
				t.showDeck(work)
				continue
			}
			fmt.Fprintln(t.out, t.msg("side-play", p.N, len(swaps)))
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
			fmt.Fprintln(t.out, t.msg("side-help"))
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
	fmt.Fprintln(t.out, t.msg("your-deck", len(d.Main), len(d.Extra)))
	for i, p := range append(append([]card.Passcode(nil), d.Main...), d.Extra...) {
		extra := ""
		if i >= len(d.Main) {
			extra = " (Extra)"
		}
		fmt.Fprintf(t.out, "  %2d) %s%s\n", i+1, label(p), extra)
	}
	fmt.Fprintln(t.out, t.msg("side-deck", len(d.Side)))
	for i, p := range d.Side {
		fmt.Fprintf(t.out, "  %2d) %s\n", i+1, label(p))
	}
}
