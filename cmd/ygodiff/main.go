//go:build refcore

// Command ygodiff is the Duelist side of the lockstep differential test against ygopro-core: it
// plays the same duel in Duelist and in ygopro-core (a child process, ygodiff-core, speaking a
// line protocol), with the same deck order, the same first player and the same decisions, and
// reports the first point where the two engines disagree: the legal actions at a prompt, the kind
// of prompt, LP, or the cards per location.
//
// Duelist decides (a seeded uniformly random option at each of its prompts); each answer is
// translated into the equivalent ygopro response. Prompts that only ygopro asks and that carry no
// decision in Duelist's notation are answered from Duelist's state: chain windows with nothing to
// activate (pass), zone placement (the zone Duelist used).
//
// It builds only with -tags refcore (`go build -tags refcore ./cmd/ygodiff`): normal builds and CI
// need nothing of ygopro-core. The child process and ygopro-core are built outside this
// repository (../shared/tools/refcore/README.md); docs/testing.md "Lockstep" says how to run it.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// options are the comparison's switches.
type options struct {
	lenient       bool // pass chain windows that only one engine opens (notes) instead of stopping
	alwaysAsk     bool // Duelist offers every chain window (engine AlwaysAsk)
	compareEmpty  bool // compare ygopro's empty chain windows with Duelist's of the same seat and phase
	gyOrderStrict bool // a Graveyard with the same cards in another order is a difference
	maxAnswers    int  // answers per duel before giving up
}

// differ plays duels in both engines and keeps what it noticed.
type differ struct {
	opt       options
	c         *core
	rng       *rand.Rand // Duelist's decisions, seeded per duel
	seed      uint64     // the duel being played
	notes     map[string]*noteInfo
	autoNotes map[string]int
	lazyPos   bool // compareZone: a forced Defense Position may still be Attack in ygopro
	lazyStats bool // compareZone: ATK and DEF not compared (a summon's position prompt)
	// lastEvents are Duelist's events of its last answer (trackShuffles keeps them).
	lastEvents []engine.Event
}

type noteInfo struct {
	n       int
	seed    uint64
	example string
}

// note counts a difference that does not stop the duel (lenient), keeping the first example.
func (x *differ) note(k string, ex string) {
	if x.notes[k] == nil {
		x.notes[k] = &noteInfo{seed: x.seed, example: ex}
	}
	x.notes[k].n++
}

func main() {
	coreBin := flag.String("core", "", "the ygodiff-core binary")
	scripts := flag.String("scripts", "", "ygopro-scripts directory")
	cdb := flag.String("cdb", "", "cards.cdb")
	deckA := flag.String("deck", "", "seat A's deck: a preconstructed deck's name or a .ydk file (default normal-monsters)")
	deckB := flag.String("opp-deck", "", "seat B's deck (default: the same as A)")
	sets := flag.String("sets", "", "random decks: a new pair of 40-card decks each duel, drawn from these booster sets (LOB,MRD; lists in -sets-dir)")
	setsDir := flag.String("sets-dir", "../shared/cards/sets", "the folder of the booster sets' passcode lists (SET.txt)")
	probe := flag.String("probe", "", "probe decks built around these cards (passcodes or names, comma-separated), each played -games times")
	probeSet := flag.String("probe-set", "", "probe every card of these booster sets that needs behaviour, each -games times")
	seed := flag.Uint64("seed", 1, "first seed")
	games := flag.Int("games", 1, "number of duels (per probed card with -probe/-probe-set)")
	outDir := flag.String("out", "", "directory for the .duel reproductions and traces of failing duels")
	verbose := flag.Bool("v", false, "print the trace of each failing duel")
	x := &differ{notes: map[string]*noteInfo{}, autoNotes: map[string]int{}}
	flag.IntVar(&x.opt.maxAnswers, "max-answers", 5000, "answers per duel before giving up")
	flag.BoolVar(&x.opt.compareEmpty, "compare-empty", false, "experimental: compare ygopro's empty chain window with Duelist's chain window of the same seat and phase (default: passed; matches summon-negation windows wrongly)")
	flag.BoolVar(&x.opt.gyOrderStrict, "gy-order-strict", false, "stop on a Graveyard holding the same cards in another order (default: a note once a duel)")
	flag.BoolVar(&x.opt.alwaysAsk, "always-ask", false, "Duelist offers every chain window to both seats (engine.Config.AlwaysAsk, as the server's duels): ygopro's empty windows are then compared one to one")
	flag.BoolVar(&x.opt.lenient, "lenient", true, "pass chain windows that only one engine opens (counted as notes) instead of stopping")
	flag.Parse()
	src, err := newDeckSource(deckOptions{deckA: *deckA, deckB: *deckB, sets: *sets, setsDir: *setsDir,
		probe: *probe, probeSet: *probeSet})
	if err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
		os.Exit(2)
	}
	for _, l := range src.report() {
		fmt.Println(l)
	}
	refDB, err := refCDB(*cdb)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
		os.Exit(1)
	}
	tokens, err := tokenCodes(*cdb)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
		os.Remove(refDB)
		os.Exit(1)
	}
	defer os.Remove(refDB)
	c, err := startCore(*coreBin, *scripts, refDB)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
		os.Remove(refDB)
		os.Exit(1)
	}
	c.tokenCodes = tokens
	x.c = c
	tally := newTally()
	duels, err := src.duels(*seed, *games)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
		os.Remove(refDB)
		os.Exit(2)
	}
	for _, g := range duels {
		r := x.play(g.seed, g.decks)
		tally.add(g.group, r)
		if r.ok {
			continue
		}
		fmt.Printf("seed %d%s: %s after %d answers (turn %d)\n  %s\n", g.seed, g.label(), r.class, r.answers, r.turns, strings.ReplaceAll(r.detail, "\n", "\n  "))
		if *verbose {
			for _, l := range tail(r.trace, 60) {
				fmt.Println("    " + l)
			}
		}
		if *outDir != "" {
			if err := writeRepro(*outDir, g, r); err != nil {
				fmt.Fprintln(os.Stderr, "ygodiff:", err)
			}
		}
	}
	x.printNotes()
	tally.print(src.grouped())
	if err := c.send("quit", false); err != nil {
		fmt.Fprintln(os.Stderr, "ygodiff:", err)
	}
}

// writeRepro writes a failing duel's .duel reproduction and trace under dir.
func writeRepro(dir string, g duelSpec, r result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := fmt.Sprintf("%s/%sseed-%d", dir, g.filePrefix(), g.seed)
	if err := os.WriteFile(base+".duel", []byte(r.duelFile), 0o644); err != nil {
		return err
	}
	return os.WriteFile(base+".trace", []byte(strings.Join(r.trace, "\n")+"\n"), 0o644)
}

// printNotes prints the AUTO and NOTE lines.
func (x *differ) printNotes() {
	var ak []string
	for k := range x.autoNotes {
		ak = append(ak, k)
	}
	sort.Strings(ak)
	for _, k := range ak {
		fmt.Printf("AUTO %s %d\n", k, x.autoNotes[k])
	}
	var nk []string
	for k := range x.notes {
		nk = append(nk, k)
	}
	sort.Strings(nk)
	for _, k := range nk {
		n := x.notes[k]
		fmt.Printf("NOTE %dx %s (first: seed %d, %s)\n", n.n, k, n.seed, n.example)
	}
}

// tally counts the duels and their failures, in all and by group (a set, a probed card).
type tally struct {
	all    groupTally
	groups map[string]*groupTally
	order  []string
}

type groupTally struct {
	games, ok, answers, turns int
	classes                   map[string]int
}

func newTally() *tally {
	return &tally{all: groupTally{classes: map[string]int{}}, groups: map[string]*groupTally{}}
}

func (t *tally) add(group string, r result) {
	gs := []*groupTally{&t.all}
	if group != "" {
		g := t.groups[group]
		if g == nil {
			g = &groupTally{classes: map[string]int{}}
			t.groups[group] = g
			t.order = append(t.order, group)
		}
		gs = append(gs, g)
	}
	for _, g := range gs {
		g.games++
		g.answers += r.answers
		g.turns += r.turns
		if r.ok {
			g.ok++
		} else {
			g.classes[r.class]++
		}
	}
}

// print writes a GROUP line per group (when the source has groups), then the SUMMARY and CLASS
// lines of all the duels.
func (t *tally) print(grouped bool) {
	if grouped {
		for _, k := range t.order {
			g := t.groups[k]
			var cl []string
			for c, n := range g.classes {
				cl = append(cl, fmt.Sprintf("%s=%d", c, n))
			}
			sort.Strings(cl)
			fmt.Printf("GROUP %s games=%d lockstep_to_end=%d (%.1f%%) %s\n", k, g.games, g.ok, 100*float64(g.ok)/float64(max(g.games, 1)), strings.Join(cl, " "))
		}
	}
	fmt.Printf("SUMMARY games=%d lockstep_to_end=%d answers=%d turns=%d\n", t.all.games, t.all.ok, t.all.answers, t.all.turns)
	var ks []string
	for k := range t.all.classes {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("CLASS %s %d\n", k, t.all.classes[k])
	}
}

func tail(l []string, n int) []string {
	if len(l) > n {
		return l[len(l)-n:]
	}
	return l
}
