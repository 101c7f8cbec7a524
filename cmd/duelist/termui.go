package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
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
	// chainAuto is "pass until something happens" (YGOPro's and Master Duel's auto setting): a
	// chain window is asked only when the player can activate something and something that
	// concerns them happened since their last chain window (a summon, activation, attack or
	// change of control of the other team's, or a chain whose last link is theirs); windows
	// after the player's own summons, Sets and activations, bare phase windows and the Damage
	// Step's are passed.
	chainAuto
)

// chainFlag registers play's --chain flag.
func chainFlag(fs *flag.FlagSet) *string {
	return fs.String("chain", "auto", "chain windows: auto (ask only when you can activate something and your opponent did something), respond (ask whenever you can activate something), always (ask at every window) or never (pass them all)")
}

// parseChain reads --chain.
func parseChain(s string) (chainMode, error) {
	switch s {
	case "auto", "":
		return chainAuto, nil
	case "respond":
		return chainRespond, nil
	case "always":
		return chainAlways, nil
	case "never":
		return chainNever, nil
	}
	return 0, fmt.Errorf("--chain %q: want auto, respond, always or never", s)
}

// termUI is what the terminal client adds around the engine's prompts: the log in the player's
// language, the board at every decision that needs it, the chain setting and the input that was
// typed before a prompt appeared.
type termUI struct {
	log   termLog
	chain chainMode
	me    engine.Seat
	// typed takes the lines typed before a prompt appeared ("" when the input is not a terminal).
	typed func() string
	// pending are lines typed for a Main or Battle Phase decision that a chain window (or another
	// prompt) met first: they are the answers of the player's next such decision, in order.
	pending []string
	// skipping: the player typed `skip` at a chain window: windows are passed until something
	// concerns them (as chainAuto) or their next Main or Battle Phase decision.
	skipping bool
	// concern: something that concerns the player happened since their last chain window.
	concern bool
	prev    *engine.View // the view before the events not printed yet
	last    string       // the last card play in the log: what a chain window answers
	shown   string       // the board last shown
	fresh   bool         // events have been printed since the board was last shown
	kouhu   bool         // a kouhu duel: `info` looks in kouhu's set first
}

// newTermUI makes the terminal's additions for seat me, in language lang, reading stdin.
func newTermUI(lang string, names namer, chain chainMode, me engine.Seat, rules engine.Rules, stdin io.Reader) (*termUI, error) {
	l, err := lookupLang(lang)
	if err != nil {
		return nil, err
	}
	return &termUI{log: termLog{lang: l, names: names}, chain: chain, me: me, typed: ttyTypedAhead(stdin),
		kouhu: rules.Name == "kouhu"}, nil
}

// cardInfo is `info NAME`: the card, found forgivingly (in kouhu's set first in a kouhu duel).
func (u *termUI) cardInfo(name string, texts cdb.Texts) string {
	return cardInfoLang(strings.Trim(strings.TrimSpace(name), `"`), texts, u.kouhu, u.log.lang.id)
}

// events prints the duel's new events in words.
func (u *termUI) events(d *engine.Duel, out io.Writer) {
	u.log.tag = d.Tag()
	u.log.kouhu = u.kouhu
	u.log.atk, u.log.changed = nil, nil
	cur := d.View(u.me)
	for _, e := range d.TakeEvents() {
		ev := d.EventView(e, u.me)
		s := u.log.text(ev, u.prev, &cur)
		fmt.Fprintln(out, s)
		u.fresh = true
		if concerns(ev) && ev.Seat.Team() != u.me.Team() {
			u.concern = true
		}
		if isPlay(ev.Kind) {
			u.last = s
		}
		if ev.Kind == engine.EvTurn || ev.Kind == engine.EvPhase || ev.Kind == engine.EvStep {
			u.last = ""
		}
	}
	u.prev = &cur
}

// concerns reports whether an event of the other team's is one a player may want to answer at
// the chain window after it (chainAuto, `skip`): a summon, an activation, an attack, a change of
// control.
func concerns(ev engine.EventView) bool {
	switch ev.Kind {
	case engine.EvSummoning, engine.EvSummon, engine.EvSpecialSummon, engine.EvFlipSummon, engine.EvActivate,
		engine.EvAttack, engine.EvControl:
		return true
	}
	return false
}

// autoPass answers a chain window for the player when the chain setting (or `skip`) says so:
// true = answered.
func (u *termUI) autoPass(d *engine.Duel, p *engine.Prompt, answer func(engine.Option) error) (bool, error) {
	if p.Kind != engine.PromptChain {
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
	if links := d.ChainView(); len(links) > 0 && links[len(links)-1].Seat.Team() != u.me.Team() {
		u.concern = true
	}
	concern := u.concern
	u.concern = false
	switch {
	case pass < 0:
		return false, nil
	case u.chain == chainNever:
	case u.skipping && !concern:
	case u.chain == chainAlways:
		u.skipping = false
		return false, nil
	case !can:
	case u.chain == chainAuto && !concern:
	default:
		u.skipping = false
		return false, nil
	}
	return true, answer(p.Options()[pass])
}

// decision reports whether a prompt is a Main or Battle Phase decision (where pending lines go).
func decision(p *engine.Prompt) bool {
	return p.Kind == engine.PromptIdle || p.Kind == engine.PromptBattle
}

// commandVerbs are the verbs of Main and Battle Phase decisions: a line that starts with one of
// them and fits no option of a chain window was typed for the next decision.
var commandVerbs = []string{"summon", "set", "flip", "position", "activate", "special", "battle", "main2",
	"end", "attack", "direct", "resource", "advance", "advance-set", "place"}

// isCommand reports whether a line starts with (a prefix of at least two letters of) a verb of a
// Main or Battle Phase decision.
func isCommand(line string) bool {
	w := strings.Fields(strings.ToLower(line))
	if len(w) == 0 || len(w[0]) < 2 && w[0] != "end" {
		return false
	}
	for _, v := range commandVerbs {
		if strings.HasPrefix(v, w[0]) {
			return true
		}
	}
	return false
}

// keepForDecision, at a chain window, keeps a line that fits none of its options but is a Main
// or Battle Phase command for the player's next decision (the window is then passed): true when
// it did. A command is never swallowed by a window that opened before it.
func (u *termUI) keepForDecision(p *engine.Prompt, line string, out io.Writer) bool {
	if p.Kind != engine.PromptChain || !isCommand(line) {
		return false
	}
	u.pending = append(u.pending, line)
	fmt.Fprintln(out, u.log.lang.word("kept", line))
	return true
}

// nextPending returns the next line kept for a Main or Battle Phase decision when p is one,
// echoing it as if typed.
func (u *termUI) nextPending(p *engine.Prompt, out io.Writer) (string, bool) {
	if !decision(p) || len(u.pending) == 0 {
		return "", false
	}
	line := u.pending[0]
	u.pending = u.pending[1:]
	fmt.Fprintln(out, line)
	return line, true
}

// passOption returns a chain window's pass option.
func passOption(p *engine.Prompt) (engine.Option, bool) {
	for _, o := range p.Options() {
		if o.Kind == engine.OptPass {
			return o, true
		}
	}
	return engine.Option{}, false
}

// isSkip reports whether a line is the `skip` command: pass chain windows until something
// happens that concerns the player.
func isSkip(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "skip", "pass all", "pass until":
		return true
	}
	return false
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
		b := renderBoardIn(d.View(u.me), u.me, u.log.names, u.log.lang.id)
		if b != u.shown || u.fresh || p.Kind == engine.PromptIdle || p.Kind == engine.PromptBattle {
			fmt.Fprint(out, b)
			u.shown, u.fresh = b, false
		}
	}
	if p.Kind == engine.PromptChain {
		fmt.Fprintln(out, u.respondTo(d, p))
	}
	if decision(p) {
		u.skipping = false
	}
	// Lines typed before the prompt appeared are never its answer: commands are kept for the
	// next Main or Battle Phase decision (this one, when it is one); bare numbers, which meant an
	// option of a prompt no longer shown, are dropped.
	for _, line := range strings.Split(u.typed(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if _, err := strconv.Atoi(line); err == nil || !isCommand(line) {
			fmt.Fprintln(out, u.log.lang.word("dropped", line))
			continue
		}
		u.pending = append(u.pending, line)
		if !decision(p) {
			fmt.Fprintln(out, u.log.lang.word("held", line))
		}
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

// blockText words a kouhu block before it is answered (the engine has no event for it): who
// blocks the attacker with which creatures, in the order they engage, or lets it through; ""
// for any other answer.
func (u *termUI) blockText(d *engine.Duel, p *engine.Prompt, o engine.Option) string {
	if p.Kind != engine.PromptBlock || p.Subject == engine.NoCard {
		return ""
	}
	lg, nm := u.log.lang, u.log.names
	att := d.Card(p.Subject).Data
	f := map[string]string{"seat": engine.SeatName(p.Seat, d.Tag()), "card": u.log.quote(nm.name(att.Passcode, att.Name))}
	if o.Kind != engine.OptBlock {
		u.log.blocked = false
		return fill(lg.ev["no-block"], f)
	}
	var names []string
	for _, id := range p.BlockOrder(o) {
		c := d.Card(id).Data
		names = append(names, u.log.quote(nm.name(c.Passcode, c.Name)))
	}
	f["target"] = strings.Join(names, lg.words["sep"])
	u.log.blocked = true
	return fill(lg.ev["block"], f)
}
