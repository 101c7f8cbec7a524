package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/engine"
)

// chainMode is the terminal's chain setting, as YGOPro players know it (--chain).
type chainMode int

// The chain settings.
const (
	// chainRespond asks at a chain window only when the player has something to activate there
	// (the default): windows with nothing are passed for them.
	chainRespond chainMode = iota
	// chainAlways asks at every chain window, even with nothing to activate (to bluff); the
	// engine then offers every window (engine.Config.AlwaysAsk).
	chainAlways
	// chainNever passes every chain window for the player: they act only at their own Main and
	// Battle Phase decisions.
	chainNever
)

// chainFlag registers play's --chain flag.
func chainFlag(fs *flag.FlagSet) *string {
	return fs.String("chain", "respond", "chain windows: always (ask at every window), respond (ask only when you can activate something) or never (pass them all)")
}

// parseChain reads --chain.
func parseChain(s string) (chainMode, error) {
	switch s {
	case "respond", "":
		return chainRespond, nil
	case "always":
		return chainAlways, nil
	case "never":
		return chainNever, nil
	}
	return 0, fmt.Errorf("--chain %q: want always, respond or never", s)
}

// termUI is what the terminal client adds around the engine's prompts: the log in the player's
// language, the board at every decision that needs it, the chain setting and the input that was
// typed before a prompt appeared.
type termUI struct {
	log   termLog
	chain chainMode
	me    engine.Seat
	// flush drops input typed before a prompt appeared; it returns how many bytes it dropped
	// (0 when the input is not a terminal).
	flush func() int
	prev  *engine.View // the view before the events not printed yet
	last  string       // the last card play in the log: what a chain window answers
	shown string       // the board last shown
	fresh bool         // events have been printed since the board was last shown
	kouhu bool         // a kouhu duel: `info` looks in kouhu's set first
}

// newTermUI makes the terminal's additions for seat me, in language lang, reading stdin.
func newTermUI(lang string, names namer, chain chainMode, me engine.Seat, rules engine.Rules, stdin io.Reader) (*termUI, error) {
	l, err := lookupLang(lang)
	if err != nil {
		return nil, err
	}
	return &termUI{log: termLog{lang: l, names: names}, chain: chain, me: me, flush: ttyFlusher(stdin),
		kouhu: rules.Name == "kouhu"}, nil
}

// cardInfo is `info NAME`: the card, found forgivingly (in kouhu's set first in a kouhu duel).
func (u *termUI) cardInfo(name string, texts cdb.Texts) string {
	return cardInfoIn(strings.Trim(strings.TrimSpace(name), `"`), texts, u.kouhu)
}

// events prints the duel's new events in words.
func (u *termUI) events(d *engine.Duel, out io.Writer) {
	u.log.tag = d.Tag()
	cur := d.View(u.me)
	for _, e := range d.TakeEvents() {
		ev := d.EventView(e, u.me)
		s := u.log.text(ev, u.prev, &cur)
		fmt.Fprintln(out, s)
		u.fresh = true
		if isPlay(ev.Kind) {
			u.last = s
		}
		if ev.Kind == engine.EvTurn || ev.Kind == engine.EvPhase || ev.Kind == engine.EvStep {
			u.last = ""
		}
	}
	u.prev = &cur
}

// autoPass answers a chain window for the player when the chain setting says so: true = answered.
func (u *termUI) autoPass(p *engine.Prompt, answer func(engine.Option) error) (bool, error) {
	if p.Kind != engine.PromptChain || u.chain == chainAlways {
		return false, nil
	}
	pass, can := -1, false
	for i, o := range p.Options() {
		switch o.Kind {
		case engine.OptPass:
			pass = i
		case engine.OptActivate:
			can = true
		}
	}
	if pass < 0 || can && u.chain == chainRespond {
		return false, nil
	}
	return true, answer(p.Options()[pass])
}

// needsBoard reports whether a decision is made on the board (not rock-paper-scissors, a coin
// or going first).
func needsBoard(k engine.PromptKind) bool {
	switch k {
	case engine.PromptRPS, engine.PromptCoin, engine.PromptFirst:
		return false
	}
	return true
}

// show prints what the player needs before a decision: the board when it changed since it was
// last shown (or always at the Main and Battle Phase decisions), the Graveyards with it, and
// what a chain window responds to. It then drops typed-ahead input, so that a line typed for an
// earlier prompt is not taken as the answer to this one.
func (u *termUI) show(d *engine.Duel, p *engine.Prompt, out io.Writer) {
	if needsBoard(p.Kind) {
		b := renderBoard(d.View(u.me), u.me, u.log.names)
		if b != u.shown || u.fresh || p.Kind == engine.PromptIdle || p.Kind == engine.PromptBattle {
			fmt.Fprint(out, b)
			u.shown, u.fresh = b, false
		}
	}
	if p.Kind == engine.PromptChain {
		fmt.Fprintln(out, u.respondTo(d, p))
	}
	if n := u.flush(); n > 0 {
		fmt.Fprintf(out, "(a new prompt appeared: %d typed-ahead character(s) dropped)\n", n)
	}
}

// respondTo words what a chain window answers: the chain's last link, or the last card play, or
// the timing the window opened at.
func (u *termUI) respondTo(d *engine.Duel, p *engine.Prompt) string {
	lg := u.log.lang
	if links := d.ChainView(); len(links) > 0 {
		l := links[len(links)-1]
		what := engine.SeatName(l.Seat, d.Tag()) + ": " + u.log.quote(u.log.names.name(l.Code, l.Name))
		return lg.word("respond", lg.word("link", fmt.Sprint(l.Link), what))
	}
	if u.last != "" {
		return lg.word("respond", strings.TrimRight(u.last, ".。"))
	}
	if p.Timing != engine.NoTiming {
		return lg.word("respond", lg.word("window", lg.timing[p.Timing.String()]))
	}
	return lg.word("respond", lg.word("phase-window", lg.phase[p.Phase.String()]))
}
