package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/engine"
)

func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var df duelFlags
	df.register(fs, 1, defaultDeck, "")
	games := fs.Int("games", 1000, "number of duels")
	agentName := fs.String("agent", "random", "agents for both seats: random (uniform over the options), random-kind (uniform over the kinds of answer, then within the kind, as ygopro-core's random drivers) or greedy")
	replayDir := fs.String("replay-dir", "", "write each duel's replay into this directory")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *games < 1 {
		fmt.Fprintln(stderr, "duelist sim: --games must be at least 1")
		return 2
	}
	if *agentName != "random" && *agentName != "random-kind" && *agentName != "greedy" {
		fmt.Fprintf(stderr, "duelist sim: --agent %q: want random, random-kind or greedy\n", *agentName)
		return 2
	}
	if *replayDir != "" {
		if err := os.MkdirAll(*replayDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "duelist sim: %v\n", err)
			return 2
		}
	}
	baseSeed := df.seed
	cfg, _, err := df.config()
	if err != nil {
		fmt.Fprintf(stderr, "duelist sim: %v\n", err)
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "duelist sim: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "duelist sim: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	progress := !*quiet && isTerminal(os.Stderr)
	var wins [3]int
	var ends endings
	answers, turns := 0, 0
	start := time.Now()
	for i := 0; i < *games; i++ {
		seed := baseSeed + uint64(i)
		cfg.Seed = seed
		df.seed = seed
		d, err := engine.New(cfg)
		if err != nil {
			fmt.Fprintf(stderr, "duelist sim: %v\n", err)
			return 1
		}
		agents := makeAgents(*agentName, seed, len(d.Seats()))
		var n int
		if *replayDir != "" {
			_, rec, _ := df.config()
			n, err = playRecorded(d, agents, rec)
			if err == nil {
				err = writeReplay(filepath.Join(*replayDir, fmt.Sprintf("duel-%d.duel", seed)), rec, d)
			}
		} else {
			n, err = agent.Play(d, agents, 0)
		}
		if err != nil {
			fmt.Fprintf(stderr, "duelist sim: duel with seed %d: %v\n", seed, err)
			return 1
		}
		answers += n
		turns += d.Turn()
		if w, ok, _ := d.Result(); ok {
			wins[w]++
			ends.add(d.Reason(), int(w))
		} else {
			wins[2]++
			ends.add(d.Reason(), 2)
		}
		d.Close()
		if progress && (i%64 == 0 || i == *games-1) {
			drawProgress(stderr, i+1, *games, time.Since(start))
		}
	}
	el := time.Since(start)
	if progress {
		fmt.Fprintln(stderr)
	}
	secs := el.Seconds()
	fmt.Fprintf(stdout, "%d duels in %.2fs: %.0f duels/s, %.0f answers/s, %.0f ns/answer\n",
		*games, secs, float64(*games)/secs, float64(answers)/secs, float64(el.Nanoseconds())/float64(answers))
	who := [2]string{"A", "B"}
	if cfg.Tag {
		who = [2]string{"team A", "team B"}
	}
	fmt.Fprintf(stdout, "outcomes: %s won %d (%.1f%%), %s won %d (%.1f%%), draws %d; %.1f answers and %.1f turns per duel\n",
		who[0], wins[0], pct(wins[0], *games), who[1], wins[1], pct(wins[1], *games), wins[2],
		float64(answers)/float64(*games), float64(turns)/float64(*games))
	fmt.Fprintf(stdout, "endings: %s\n", ends.format(who, *games))
	return 0
}

// endings counts how the duels ended: by reason, and for each reason by winner (A, B, or a draw).
type endings struct {
	reasons []string
	counts  [][3]int
}

// add counts one duel. The engine's reasons name the loser ("B's LP reached 0", "A had to draw
// from an empty deck"); they are counted as "LP 0" and "deck out", the winner telling whose.
func (e *endings) add(reason string, winner int) {
	switch {
	case reason == "":
		reason = "unfinished"
	case strings.HasSuffix(reason, "LP reached 0"):
		reason = "LP 0"
	case strings.HasSuffix(reason, "had to draw from an empty deck"):
		reason = "deck out"
	}
	for i, r := range e.reasons {
		if r == reason {
			e.counts[i][winner]++
			return
		}
	}
	e.reasons = append(e.reasons, reason)
	e.counts = append(e.counts, [3]int{})
	e.counts[len(e.counts)-1][winner]++
}

// format writes the reasons most frequent first, each with the share each side won by it:
// "deck out 73.7% (A won 39.8%, B won 33.9%), LP 0 26.3% (A won 10.1%, B won 16.2%)".
func (e *endings) format(who [2]string, games int) string {
	idx := make([]int, len(e.reasons))
	for i := range idx {
		idx[i] = i
	}
	total := func(i int) int { return e.counts[i][0] + e.counts[i][1] + e.counts[i][2] }
	sort.SliceStable(idx, func(a, b int) bool { return total(idx[a]) > total(idx[b]) })
	parts := make([]string, 0, len(idx))
	for _, i := range idx {
		c := e.counts[i]
		s := fmt.Sprintf("%s %.1f%% (%s won %.1f%%, %s won %.1f%%", e.reasons[i], pct(total(i), games),
			who[0], pct(c[0], games), who[1], pct(c[1], games))
		if c[2] > 0 {
			s += fmt.Sprintf(", draws %.1f%%", pct(c[2], games))
		}
		parts = append(parts, s+")")
	}
	return strings.Join(parts, ", ")
}

func pct(n, total int) float64 { return 100 * float64(n) / float64(total) }

// makeAgents makes one agent per seat: two, or four for a tag duel.
func makeAgents(name string, seed uint64, seats int) []agent.Agent {
	out := make([]agent.Agent, seats)
	for i := range out {
		s := seed*uint64(seats) + uint64(i) + 1
		switch name {
		case "greedy":
			out[i] = agent.NewGreedy(s)
		case "random-kind":
			out[i] = agent.NewRandomKind(s)
		default:
			out[i] = agent.NewRandom(s)
		}
	}
	return out
}

// playRecorded plays a duel to its end, recording every answer.
func playRecorded(d *engine.Duel, agents []agent.Agent, rec interface {
	Answer(*engine.Duel, engine.Option) error
}) (int, error) {
	n := 0
	for p := d.Prompt(); p != nil; p = d.Prompt() {
		if err := rec.Answer(d, agents[p.Seat].Choose(d, p)); err != nil {
			return n, err
		}
		n++
	}
	return n, d.Err()
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func drawProgress(w io.Writer, done, total int, el time.Duration) {
	const width = 40
	filled := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d %.1fs", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
		done, total, el.Seconds())
}
