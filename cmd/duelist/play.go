package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/scenario"
)

// duelFlags are the flags shared by play and sim that set up a duel.
type duelFlags struct {
	seed        uint64
	rulesetID   string
	deckA       string
	deckB       string
	first       string
	noFirstDraw bool
	alwaysAsk   bool
	tag         bool   // a tag duel (docs/tag.md)
	partnerA    string // A2's deck in a tag duel (empty: the same as deckA)
	partnerB    string // B2's deck in a tag duel (empty: the same as deckB)
	defA, defB  string // the decks' defaults (no deck given)
}

func (f *duelFlags) register(fs *flag.FlagSet, defaultSeed uint64, deckA, deckB string) {
	f.defA, f.defB = deckA, deckB
	fs.Uint64Var(&f.seed, "seed", defaultSeed, "seed of the duel's PRNG")
	fs.StringVar(&f.rulesetID, "ruleset", "ocg", "ruleset: "+strings.Join(ruleset.IDs(), ", "))
	fs.StringVar(&f.deckA, "deck", deckA, "seat A's deck: a .ydk file, a ydke:// URL or a preconstructed deck name ("+strings.Join(decks.Names(), ", ")+")")
	fs.StringVar(&f.deckB, "opp-deck", deckB, "seat B's deck (empty: the same as --deck)")
	fs.StringVar(&f.first, "first", "rps", "who goes first: rps, coin, A or B")
	fs.BoolVar(&f.noFirstDraw, "no-first-draw", false, "skip the first turn's draw (the modern rule)")
	fs.BoolVar(&f.alwaysAsk, "always-ask", false, "offer every chain window, even with nothing to activate (to bluff)")
	fs.BoolVar(&f.tag, "tag", false, "a tag duel, two teams of two: --deck is A1's, --opp-deck B1's")
	fs.StringVar(&f.partnerA, "partner-deck", "", "A2's deck in a tag duel (empty: the same as --deck)")
	fs.StringVar(&f.partnerB, "opp-partner-deck", "", "B2's deck in a tag duel (empty: the same as --opp-deck)")
}

// config builds the duel configuration; it reads the decks.
func (f *duelFlags) config() (engine.Config, *scenario.Recorder, error) {
	rs, err := ruleset.Get(f.rulesetID)
	if err != nil {
		return engine.Config{}, nil, err
	}
	if err := rs.Playable(); err != nil {
		return engine.Config{}, nil, err
	}
	first := map[string]engine.FirstMode{"rps": engine.FirstRPS, "coin": engine.FirstCoin,
		"A": engine.FirstA, "B": engine.FirstB}
	fm, ok := first[f.first]
	if !ok {
		return engine.Config{}, nil, fmt.Errorf("--first %q: want rps, coin, A or B", f.first)
	}
	if rs.Kouhu() && f.deckA == f.defA && f.deckB == f.defB {
		// No deck given: kouhu plays its own set's decks.
		f.deckA, f.deckB = kouhuDecks[0], kouhuDecks[1]
	}
	if f.deckB == "" {
		f.deckB = f.deckA
	}
	var decks, partners [2]engine.DeckList
	for i, spec := range []string{f.deckA, f.deckB} {
		if decks[i], err = loadDeck(spec, rs); err != nil {
			return engine.Config{}, nil, fmt.Errorf("seat %s deck: %w", engine.SeatName(engine.Seat(i), f.tag), err)
		}
	}
	if !f.tag && (f.partnerA != "" || f.partnerB != "") {
		return engine.Config{}, nil, fmt.Errorf("--partner-deck and --opp-partner-deck need --tag")
	}
	if f.tag {
		specs := [2]string{f.partnerA, f.partnerB}
		for i, own := range []string{f.deckA, f.deckB} {
			if specs[i] == "" {
				specs[i] = own
			}
			if partners[i], err = loadDeck(specs[i], rs); err != nil {
				return engine.Config{}, nil, fmt.Errorf("seat %s deck: %w", engine.Seat(i).Partner(), err)
			}
			// Limited cards count per team (seed 002).
			team := [2]deck.Deck{{Main: decks[i].Main, Extra: decks[i].Extra}, {Main: partners[i].Main, Extra: partners[i].Extra}}
			names := [2]string{engine.SeatName(engine.Seat(i), true), engine.Seat(i).Partner().String()}
			if vs := deck.ValidateTeam(team[0], team[1], names, card.Pool(), rs, nil); len(vs) > 0 {
				return engine.Config{}, nil, fmt.Errorf("team %s is not legal: %s", engine.Seat(i), vs[0])
			}
		}
	}
	rules := rs.Rules
	rules.NoFirstDraw = f.noFirstDraw
	cfg := engine.Config{Rules: rules, Seed: f.seed, Decks: decks, First: fm, Cards: all.Library(),
		AlwaysAsk: f.alwaysAsk, Tag: f.tag, Partners: partners}
	rec := &scenario.Recorder{RulesetID: rs.ID, Seed: f.seed, Decks: decks, First: fm,
		NoFirstDraw: f.noFirstDraw, AlwaysAsk: f.alwaysAsk, Tag: f.tag, Partners: partners}
	return cfg, rec, nil
}

// aiMaker returns the maker of play's AI seats by name: the greedy agent, or a level of
// agent.Levels (the search levels with their time limits: live play).
func aiMaker(name string) (func(seed uint64) agent.Agent, error) {
	if name == "greedy" {
		return func(seed uint64) agent.Agent { return agent.NewGreedy(seed) }, nil
	}
	if _, err := agent.NewLevel(name, 0, true); err != nil {
		return nil, err
	}
	return func(seed uint64) agent.Agent {
		a, _ := agent.NewLevel(name, seed, true)
		return a
	}, nil
}

func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var df duelFlags
	df.register(fs, uint64(time.Now().UnixNano()%1e9), "yugi-40", "kaiba-40")
	replayPath := fs.String("replay", "", "write the duel's replay to this .duel file")
	lang := fs.String("lang", "en", "the log's language and the cards' names: "+strings.Join(termLangs, ", "))
	cdbPath := fs.String("cdb", "", "take card names from this YGOPro card database (any language)")
	playMatch := matchFlag(fs)
	chain := chainFlag(fs)
	ai := fs.String("ai", "greedy", "the AI of the other seats: greedy, or a level: "+strings.Join(agent.Levels, ", "))
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	makeBot, err := aiMaker(*ai)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	mode, err := parseChain(*chain)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	df.alwaysAsk = df.alwaysAsk || mode == chainAlways
	cfg, rec, err := df.config()
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	names, texts, err := makeNamer(*lang, *cdbPath)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	ui, err := newTermUI(*lang, names, mode, engine.A, cfg.Rules, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	if *playMatch && cfg.Tag {
		fmt.Fprintln(stderr, "duelist play: --match plays a match of two players; a tag duel is a single duel (drop --match or --tag)")
		return 2
	}
	if *playMatch {
		return cmdPlayMatch(&df, cfg, *replayPath, ui, *ai, makeBot(df.seed+1), stdin, stdout, stderr)
	}
	d, err := engine.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "duelist play: %v\n", err)
		return 2
	}
	defer d.Close()
	if cfg.Tag {
		fmt.Fprintln(stdout, msg(*lang, "intro-tag", *ai, *ai, df.seed, cfg.Rules.Name))
	} else {
		fmt.Fprintln(stdout, msg(*lang, "intro", *ai, df.seed, cfg.Rules.Name))
	}
	fmt.Fprintln(stdout, msg(*lang, "how"))
	bots := make([]agent.Agent, len(d.Seats()))
	for i := range bots {
		bots[i] = makeBot(df.seed + uint64(i))
	}
	t := &terminal{d: d, rec: rec, me: engine.A, bots: bots,
		in: bufio.NewScanner(stdin), stdin: stdin, out: stdout, names: names, texts: texts, ui: ui}
	t.loop()
	if *replayPath != "" {
		if err := writeReplay(*replayPath, rec, d); err != nil {
			fmt.Fprintf(stderr, "duelist play: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, msg(*lang, "replay", *replayPath))
	}
	return 0
}

func writeReplay(path string, rec *scenario.Recorder, d *engine.Duel) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rec.Write(f, d); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// terminal is the human's side of a terminal duel.
type terminal struct {
	d     *engine.Duel
	rec   *scenario.Recorder
	me    engine.Seat
	bots  []agent.Agent // the agents of the other seats, indexed by seat
	in    *bufio.Scanner
	stdin io.Reader // the input under in: a terminal reads on after a Ctrl-D
	out   io.Writer
	names namer
	texts cdb.Texts // card names and texts of a user's database, or nil
	ui    *termUI   // the log, the board at every decision, the chain setting (termui.go)
}

func (t *terminal) printEvents() {
	t.ui.events(t.d, t.out)
}

// printLine prints a line of the client's own (a kouhu block, worded before it is answered).
func (t *terminal) printLine(s string) {
	if s != "" {
		fmt.Fprintln(t.out, s)
	}
}

func (t *terminal) loop() {
	for {
		t.printEvents()
		p := t.d.Prompt()
		if p == nil {
			break
		}
		if p.Seat != t.me {
			o := t.bots[p.Seat].Choose(t.d, p)
			t.printLine(t.ui.blockText(t.d, p, o))
			if err := t.rec.Answer(t.d, o); err != nil {
				fmt.Fprintf(t.out, "the agent failed: %v\n", err)
				return
			}
			continue
		}
		if ok, err := t.ui.autoPass(t.d, p, func(o engine.Option) error { return t.rec.Answer(t.d, o) }); ok {
			if err != nil {
				fmt.Fprintf(t.out, "auto-pass failed: %v\n", err)
				return
			}
			continue
		}
		t.ui.show(t.d, p, t.out)
		if !t.askHuman(p) {
			fmt.Fprintln(t.out, t.msg("you-concede"))
			_ = t.rec.Concede(t.d, t.me)
			t.printEvents()
			break
		}
	}
	if err := t.d.Err(); err != nil {
		fmt.Fprintln(t.out, t.msg("internal", err))
		return
	}
	fmt.Fprintln(t.out, t.msg("game-over", reasonIn(t.ui.log.lang.id, t.d.Reason()), t.d.Turn()))
}

// msg is one of the terminal's sentences in the player's language.
func (t *terminal) msg(key string, args ...any) string { return msg(t.ui.log.lang.id, key, args...) }

// askHuman shows the prompt's options and answers with the human's choice; false = concede.
func (t *terminal) askHuman(p *engine.Prompt) bool {
	for {
		fmt.Fprintln(t.out, t.ui.title(t.d, p))
		for i, o := range p.Options() {
			fmt.Fprintf(t.out, "  %2d) %s\n", i+1, t.ui.optionText(t.d, p, o))
		}
		fmt.Fprint(t.out, "> ")
		line, kept := t.ui.nextPending(p, t.out)
		if !kept {
			if !t.in.Scan() { // Ctrl-D
				fmt.Fprintln(t.out)
				t.in = bufio.NewScanner(t.stdin) // a terminal gives more lines after a Ctrl-D; a closed pipe does not
				if t.confirmConcede() {
					return false
				}
				continue
			}
			line = strings.TrimSpace(t.in.Text())
		}
		if p.Kind == engine.PromptChain && isSkip(line) {
			if o, ok := passOption(p); ok && t.rec.Answer(t.d, o) == nil {
				t.ui.skipping = true
				fmt.Fprintln(t.out, t.ui.log.lang.word("skip"))
				return true
			}
		}
		switch line {
		case "":
			continue
		case "quit", "concede", "q":
			if t.confirmConcede() {
				return false
			}
			continue
		case "board":
			fmt.Fprint(t.out, renderBoardIn(t.d.View(t.me), t.me, t.names, t.ui.log.lang.id))
			continue
		case "help", "?":
			fmt.Fprintln(t.out, t.msg("help"))
			continue
		}
		if name, ok := strings.CutPrefix(line, "info "); ok {
			fmt.Fprintln(t.out, t.ui.cardInfo(name, t.texts))
			continue
		}
		o, err := humanAnswerIn(t.d, p, t.me, line, t.ui.log.lang.id)
		if err != nil && t.ui.keepForDecision(p, line, t.out) {
			o, _ = passOption(p)
			err = nil
		}
		if err != nil {
			fmt.Fprintf(t.out, "%v\n", err)
			continue
		}
		t.printLine(t.ui.blockText(t.d, p, o))
		if err := t.rec.Answer(t.d, o); err != nil {
			fmt.Fprintf(t.out, "%v\n", err)
			continue
		}
		return true
	}
}

// confirmConcede asks before conceding (after quit or Ctrl-D); true = concede. An input that
// ends again (a closed pipe) concedes, since nothing more can be read.
func (t *terminal) confirmConcede() bool {
	fmt.Fprint(t.out, t.msg("concede?"))
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

// humanAnswerIn reads what a human typed for a prompt: an option's number (from 1) or its
// notation as the seat sees it, with its errors in a language of the terminal.
func humanAnswerIn(d *engine.Duel, p *engine.Prompt, me engine.Seat, line, lang string) (engine.Option, error) {
	return forgivingAnswerIn(d, p, me, line, lang) // terminput.go
}

// promptTitle words a prompt for the human.
func promptTitle(d *engine.Duel, p *engine.Prompt) string {
	subject := ""
	if p.Subject != engine.NoCard {
		subject = fmt.Sprintf(" for %q", d.Card(p.Subject).Data.Name)
	}
	switch p.Kind {
	case engine.PromptIdle:
		return fmt.Sprintf("Your %s Phase", langEN.phase[p.Phase.String()])
	case engine.PromptBattle:
		return "Battle Step"
	case engine.PromptTarget:
		return "Attack target" + subject
	case engine.PromptSelect:
		n := fmt.Sprintf("%d", p.Min)
		if p.Max != p.Min {
			n = fmt.Sprintf("%d to %d", p.Min, p.Max)
		}
		return fmt.Sprintf("Select %s card(s) (%s)%s", n, p.Purpose, subject)
	case engine.PromptChain:
		if p.Timing != engine.NoTiming {
			return fmt.Sprintf("Chain window (%s Phase, %s)", langEN.phase[p.Phase.String()], langEN.timing[p.Timing.String()])
		}
		return fmt.Sprintf("Chain window (%s Phase)", langEN.phase[p.Phase.String()])
	case engine.PromptRPS:
		return "Rock, paper, scissors"
	case engine.PromptCoin:
		return "Call the coin"
	case engine.PromptFirst:
		return "You won: go first or second?"
	case engine.PromptBlock:
		return "Block the attack" + subject + " (blockers in the order they engage)"
	case engine.PromptPosition:
		return "Battle position" + subject
	case engine.PromptYesNo:
		return "Yes or no" + subject
	case engine.PromptChoice:
		return "Choose" + subject
	case engine.PromptOrder:
		return "Order the effects" + subject
	case engine.PromptDeclare:
		return "Declare" + subject
	}
	return p.Kind.String()
}
