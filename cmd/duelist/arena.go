package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/agent/mistakes"
	"github.com/duelistgame/duelist/engine"
)

// cmdArena plays a tournament between two agents: each seed is played twice with the same decks
// and deal, the agents swapping seats (and so decks), and the report gives X's score with a 95 %
// confidence interval, the per-seat and first-player splits, each agent's decision times and its
// mistakes per duel (package agent/mistakes).
func cmdArena(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kinds := agentKinds()
	var df duelFlags
	df.register(fs, 1, "yugi", "kaiba")
	x := fs.String("x", "easy", "agent X: "+agentNames(kinds)+"; or a search level with its budget changed, normal:playouts=600,worlds=16,turns=4,margin=0.1")
	y := fs.String("y", "greedy", "agent Y: "+agentNames(kinds))
	games := fs.Int("games", 100, "number of seeds; each is played twice, the agents swapping seats and decks")
	maxAnswers := fs.Int("max-answers", 20000, "a duel still going after this many answers counts as a draw")
	quiet := fs.Bool("quiet", false, "no progress bar")
	logDir := fs.String("log", "", "write a log of each duel X lost into this directory (the decisions with more than one option, the search's playouts per option)")
	budget := fs.Duration("for", 0, "start no new seed after this wall time (0: play every seed; the first seed is always played); the report counts the seeds played")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *games < 1 || *maxAnswers < 1 {
		fmt.Fprintln(stderr, "duelist arena: --games and --max-answers must be at least 1")
		return 2
	}
	var makers [2]agentMaker
	for i, name := range []string{*x, *y} {
		m, ok := kinds[name]
		if v, isVariant, err := searchVariant(name); err != nil {
			fmt.Fprintf(stderr, "duelist arena: --%s: %v\n", []string{"x", "y"}[i], err)
			return 2
		} else if isVariant {
			m, ok = v, true
		}
		if !ok {
			fmt.Fprintf(stderr, "duelist arena: --%s %q: want one of %s\n", []string{"x", "y"}[i], name, agentNames(kinds))
			return 2
		}
		makers[i] = m
	}
	cfg, _, err := df.config()
	if err != nil {
		fmt.Fprintf(stderr, "duelist arena: %v\n", err)
		return 2
	}
	a := arena{cfg: cfg, makers: makers, maxAnswers: *maxAnswers, seed0: df.seed, logDir: *logDir}
	if *logDir != "" {
		if err := os.MkdirAll(*logDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "duelist arena: %v\n", err)
			return 1
		}
	}
	progress := !*quiet && isTerminal(os.Stderr)
	start := time.Now()
	for i := 0; i < *games; i++ {
		if i > 0 && *budget > 0 && time.Since(start) >= *budget {
			break
		}
		seed := df.seed + uint64(i)
		for _, xTeam := range []engine.Seat{engine.A, engine.B} {
			if err := a.duel(seed, xTeam); err != nil {
				fmt.Fprintf(stderr, "duelist arena: seed %d, X as %s: %v\n", seed, xTeam, err)
				return 1
			}
		}
		if progress && (i%8 == 0 || i == *games-1) {
			drawProgress(stderr, i+1, *games, time.Since(start))
		}
	}
	if progress {
		fmt.Fprintln(stderr)
	}
	a.report(stdout, [2]string{*x, *y}, [2]string{df.deckA, df.deckB}, time.Since(start))
	return 0
}

// arena plays the duels of a tournament and keeps what the report needs.
type arena struct {
	cfg        engine.Config
	makers     [2]agentMaker
	maxAnswers int
	seed0      uint64 // the first seed
	logDir     string // where the duels X lost are logged ("" for none)

	results []duelResult
	tally   [2]mistakes.Tally
	times   [2][]time.Duration // every decision's time, per agent (X, Y)
}

// duelResult is one duel of the tournament as X sees it.
type duelResult struct {
	xTeam  engine.Seat // the team (seat A or B, and its partner) X played
	xFirst bool        // X's team went first
	score  float64     // X's score: 1 a win, 0.5 a draw (or an unfinished duel), 0 a loss
	turns  int
	ended  bool
}

// duel plays one duel of a seed with agent X on team xTeam.
func (a *arena) duel(seed uint64, xTeam engine.Seat) error {
	cfg := a.cfg
	cfg.Seed = seed
	cfg.KeepOpenStates = true // agents may copy the duel at any prompt (a search does)
	d, err := engine.New(cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	seats := d.Seats()
	agents := make([]agent.Agent, len(seats))
	who := make([]int, len(seats)) // the agent (0 = X, 1 = Y) of each seat
	for _, s := range seats {
		if s.Team() != xTeam {
			who[s] = 1
		}
		agents[s] = a.makers[who[s]](seed*uint64(len(seats)) + uint64(s) + 1)
	}
	n := 0
	var log *bytes.Buffer
	if a.logDir != "" {
		log = new(bytes.Buffer)
	}
	lastTurn := 0
	for p := d.Prompt(); p != nil && n < a.maxAnswers; p = d.Prompt() {
		d.TakeEvents()
		k := who[p.Seat]
		if log != nil && d.Turn() != lastTurn {
			lastTurn = d.Turn()
			logField(log, d, who)
		}
		t0 := time.Now()
		o := agents[p.Seat].Choose(d, p)
		a.times[k] = append(a.times[k], time.Since(t0))
		if log != nil && len(p.Options()) > 1 {
			logDecision(log, d, p, o, []string{"X", "Y"}[k], agents[p.Seat])
		}
		a.tally[k].Observe(d, p, o)
		if err := d.Answer(o); err != nil {
			return fmt.Errorf("answer %d (%s at a %v prompt): %w", n+1, d.OptionText(o), p.Kind, err)
		}
		n++
	}
	a.tally[0].Finish()
	a.tally[1].Finish()
	if err := d.Err(); err != nil {
		return err
	}
	r := duelResult{xTeam: xTeam, xFirst: d.First().Team() == xTeam, score: 0.5, turns: d.Turn()}
	if w, ok, _ := d.Result(); ok {
		r.ended = true
		if w.Team() == xTeam {
			r.score = 1
		} else {
			r.score = 0
		}
	} else if d.Over() {
		r.ended = true // a draw
	}
	a.results = append(a.results, r)
	if log != nil && r.ended && r.score == 0 {
		name := filepath.Join(a.logDir, fmt.Sprintf("seed%d-x%s.txt", seed, xTeam))
		fmt.Fprintf(log, "X lost (X played %s, first %v) at turn %d\n", xTeam, r.xFirst, r.turns)
		if err := os.WriteFile(name, log.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// logField writes the turn's start: each seat's LP, hand size and field (omniscient: a log is
// read after the duel).
func logField(w *bytes.Buffer, d *engine.Duel, who []int) {
	fmt.Fprintf(w, "\n== turn %d\n", d.Turn())
	for _, s := range d.Seats() {
		fmt.Fprintf(w, "  %s (%s) LP %d, hand %d:", s, []string{"X", "Y"}[who[s]], d.LP(s), len(d.Pile(s, engine.Hand)))
		for _, id := range d.Pile(s, engine.Hand) {
			fmt.Fprintf(w, " %s;", d.Card(id).Data.Name)
		}
		fmt.Fprintf(w, " | field:")
		for _, l := range []engine.Loc{engine.MZone, engine.SZone} {
			for _, id := range d.Pile(s, l) {
				if id != engine.NoCard {
					c := d.Card(id)
					fmt.Fprintf(w, " %s %d/%d %v;", c.Data.Name, c.ATK, c.DEF, c.Pos)
				}
			}
		}
		fmt.Fprintln(w)
	}
}

// logDecision writes one answer at a prompt with several options, with a search agent's record
// of each option.
func logDecision(w *bytes.Buffer, d *engine.Duel, p *engine.Prompt, o engine.Option, who string, ag agent.Agent) {
	fmt.Fprintf(w, "  %s %s %v %v: %s\n", who, p.Seat, d.Phase(), p.Kind, d.OptionText(o))
	s, ok := ag.(*agent.Search)
	if !ok {
		return
	}
	for _, st := range s.LastDecision() {
		mark := " "
		if st.Option == o {
			mark = "*"
		}
		own := ""
		if st.Own {
			own = " (policy)"
		}
		fmt.Fprintf(w, "      %s %.3f n=%-4d %s%s\n", mark, st.Mean, st.N, d.OptionText(st.Option), own)
	}
}

// meanCI returns the mean of the scores and the half-width of its 95 % confidence interval
// (normal approximation).
func meanCI(scores []float64) (mean, half float64) {
	n := float64(len(scores))
	if n == 0 {
		return 0, 0
	}
	var sum, sq float64
	for _, s := range scores {
		sum += s
		sq += s * s
	}
	mean = sum / n
	if n > 1 {
		v := (sq - n*mean*mean) / (n - 1)
		half = 1.96 * math.Sqrt(math.Max(v, 0)/n)
	}
	return mean, half
}

// scoresWhere returns X's scores in the duels that keep holds for.
func (a *arena) scoresWhere(keep func(duelResult) bool) []float64 {
	var out []float64
	for _, r := range a.results {
		if keep(r) {
			out = append(out, r.score)
		}
	}
	return out
}

// percentile returns the p-th percentile (0-100) of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func (a *arena) report(w io.Writer, names, deckNames [2]string, el time.Duration) {
	n := len(a.results)
	mode := a.cfg.Rules.Name
	if a.cfg.Tag {
		mode += " tag"
	}
	fmt.Fprintf(w, "arena: X %s vs Y %s, %s, decks %s (seat A) and %s (seat B): %d duels (%d seeds, %d-%d, seats swapped) in %.1fs\n",
		names[0], names[1], mode, deckNames[0], deckNames[1], n, n/2, a.seed0, a.seed0+uint64(max(n/2, 1))-1, el.Seconds())
	var won, lost, draws, turns, unfinished int
	for _, r := range a.results {
		switch {
		case !r.ended:
			unfinished++
		case r.score == 1:
			won++
		case r.score == 0:
			lost++
		default:
			draws++
		}
		turns += r.turns
	}
	m, h := meanCI(a.scoresWhere(func(duelResult) bool { return true }))
	fmt.Fprintf(w, "score of X: %.1f%% ± %.1f%% (95%% CI); X won %d, Y won %d, draws %d, unfinished %d (counted as draws); %.1f turns a duel\n",
		100*m, 100*h, won, lost, draws, unfinished, float64(turns)/float64(max(n, 1)))
	split := func(label string, keep func(duelResult) bool) string {
		s := a.scoresWhere(keep)
		m, h := meanCI(s)
		return fmt.Sprintf("%s %.1f%% ± %.1f%% of %d", label, 100*m, 100*h, len(s))
	}
	fmt.Fprintf(w, "X by seat: %s; %s\n", split("as A", func(r duelResult) bool { return r.xTeam == engine.A }),
		split("as B", func(r duelResult) bool { return r.xTeam == engine.B }))
	fmt.Fprintf(w, "X by turn order: %s; %s\n", split("first", func(r duelResult) bool { return r.xFirst }),
		split("second", func(r duelResult) bool { return !r.xFirst }))
	fmt.Fprintf(w, "decision time:      %10s %10s %10s %10s %10s %12s\n", "p50", "p90", "p99", "p99.9", "max", "decisions")
	for k := range 2 {
		ts := slices.Clone(a.times[k])
		slices.Sort(ts)
		fmt.Fprintf(w, "  %-16s %10v %10v %10v %10v %10v %12d\n", []string{"X ", "Y "}[k]+names[k],
			percentile(ts, 50), percentile(ts, 90), percentile(ts, 99), percentile(ts, 99.9), percentile(ts, 100), len(ts))
	}
	fmt.Fprintf(w, "mistakes per duel:  %12s %12s\n", "X "+names[0], "Y "+names[1])
	per := func(c int) string { return fmt.Sprintf("%.3f", float64(c)/float64(max(n, 1))) }
	for c := mistakes.Class(0); c < mistakes.NClasses; c++ {
		fmt.Fprintf(w, "  %-22s %12s %12s\n", c, per(a.tally[0].Mistakes[c]), per(a.tally[1].Mistakes[c]))
	}
	chain := func(t mistakes.Tally) string {
		if t.ChainOffered == 0 {
			return "none offered"
		}
		return fmt.Sprintf("%.1f%% of %d", pct(t.ChainTaken, t.ChainOffered), t.ChainOffered)
	}
	fmt.Fprintf(w, "  %-22s %12s %12s\n", "chain windows taken", chain(a.tally[0]), chain(a.tally[1]))
}
