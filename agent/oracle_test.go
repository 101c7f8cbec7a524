package agent_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/engine"
)

// TestOracleGain (skipped unless DUELIST_ORACLE names a number of duels) measures what search
// variants gain over their policy decision by decision, with less noise than an arena: in duels
// of Easy against Easy, at each of seat A's prompts with several options, each variant answers;
// where one answers otherwise than Easy, an oracle plays every such answer and Easy's in the same
// DUELIST_ORACLE_WORLDS re-dealt worlds (seat A's view), to the end of the duel with Easy on every
// seat and the same playout seeds for every answer, and the variant's gain is the difference of
// the answers' mean results (in wins). Summed over a duel, a variant's gain is about what its
// changes to Easy's answers are worth a duel (against Easy, by Easy's own playouts).
func TestOracleGain(t *testing.T) {
	duels, _ := strconv.Atoi(os.Getenv("DUELIST_ORACLE"))
	if duels <= 0 {
		t.Skip("DUELIST_ORACLE not set")
	}
	worlds := 200
	if n, err := strconv.Atoi(os.Getenv("DUELIST_ORACLE_WORLDS")); err == nil && n > 0 {
		worlds = n
	}
	seed0 := uint64(1)
	if n, err := strconv.ParseUint(os.Getenv("DUELIST_ORACLE_SEED"), 10, 64); err == nil {
		seed0 = n
	}
	type variant struct {
		name string
		make func(seed uint64) *agent.Search
	}
	level := func(playouts int, margin float64, more ...int) func(uint64) *agent.Search {
		return func(seed uint64) *agent.Search {
			s := agent.NewNormal(seed)
			s.Time, s.Playouts, s.Margin = 0, playouts, margin
			if len(more) == 2 {
				if more[0] > 0 {
					s.Turns = more[0]
				}
				if more[1] > 0 {
					s.Worlds = more[1]
				}
			}
			return s
		}
	}
	vs := []variant{
		{"150,0.1", level(150, 0.1)},
		{"600,0.1", level(600, 0.1)},
		{"600,0.05", level(600, 0.05)},
	}
	// DUELIST_ORACLE_VARIANTS="600,0.1 1500,0.05,t=8,w=24": each variant's playouts and margin,
	// and optionally its turns and worlds.
	if spec := os.Getenv("DUELIST_ORACLE_VARIANTS"); spec != "" {
		vs = nil
		for _, f := range strings.Fields(spec) {
			parts := strings.Split(f, ",")
			n, _ := strconv.Atoi(parts[0])
			m, _ := strconv.ParseFloat(parts[1], 64)
			turns, worlds := 0, 0
			for _, x := range parts[2:] {
				switch {
				case strings.HasPrefix(x, "t="):
					turns, _ = strconv.Atoi(x[2:])
				case strings.HasPrefix(x, "w="):
					worlds, _ = strconv.Atoi(x[2:])
				}
			}
			vs = append(vs, variant{f, level(n, m, turns, worlds)})
		}
	}
	type tally struct {
		differs      int
		gain, varSum float64
	}
	tallies := make([]tally, len(vs))
	decisions := 0
	for seed := seed0; seed < seed0+uint64(duels); seed++ {
		d := easyDuel(t, "ocg", seed)
		easy := [2]agent.Agent{agent.NewEasy(seed), agent.NewEasy(seed + 1000)}
		ag := make([]*agent.Search, len(vs))
		for i, v := range vs {
			ag[i] = v.make(seed*7 + uint64(i))
		}
		for n := 0; n < 3000 && d.Prompt() != nil; n++ {
			p := d.Prompt()
			o := easy[p.Seat].Choose(d, p)
			if p.Seat == engine.A && len(p.Options()) > 1 {
				decisions++
				answers := make([]engine.Option, len(vs))
				cands := []engine.Option{o}
				for i, a := range ag {
					answers[i] = a.Choose(d, p)
					if !slices.Contains(cands, answers[i]) {
						cands = append(cands, answers[i])
					}
				}
				if len(cands) > 1 {
					diffs := oracle(t, d, p, cands, worlds, seed*1000003+uint64(n))
					line := fmt.Sprintf("seed %d T%d %v %v: Easy %s", seed, d.Turn(), d.Phase(), p.Kind, d.OptionText(o))
					for i, a := range answers {
						k := slices.Index(cands, a)
						if k == 0 || len(diffs[k]) < 2 {
							continue
						}
						tallies[i].differs++
						m, v := meanVar(diffs[k])
						tallies[i].gain += m
						tallies[i].varSum += v / float64(len(diffs[k]))
						line += fmt.Sprintf("; %s %s %+.3f", vs[i].name, d.OptionText(a), m)
					}
					t.Log(line)
				}
			}
			if err := d.Answer(o); err != nil {
				t.Fatal(err)
			}
		}
		d.Close()
		played := int(seed - seed0 + 1)
		for i, v := range vs {
			tl := tallies[i]
			t.Logf("after %d duels: %-16s differs from Easy at %4d of %d decisions; oracle gain %+.3f ± %.3f wins (%+.4f a duel)",
				played, v.name, tl.differs, decisions, tl.gain, 1.96*math.Sqrt(tl.varSum), tl.gain/float64(played))
		}
	}
}

// oracle plays each candidate answer at prompt p in the same re-dealt worlds, to the end with
// Easy on every seat and the same seeds, and returns for each candidate its results minus the
// first candidate's, world by world.
func oracle(t *testing.T, d *engine.Duel, p *engine.Prompt, cands []engine.Option, worlds int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 0x51ed))
	opts := p.Options()
	diffs := make([][]float64, len(cands))
	scratch := new(engine.Duel)
	defer scratch.Close()
	for w := 0; w < worlds; w++ {
		world, err := d.Determinize(p.Seat, rng)
		if err != nil {
			continue
		}
		if wp := world.Prompt(); wp == nil || wp.Seat != p.Seat || !slices.Equal(wp.Options(), opts) {
			world.Close()
			continue
		}
		ps := rng.Uint64()
		res := make([]float64, len(cands))
		for k, c := range cands {
			if err := world.CloneInto(scratch); err != nil {
				t.Fatal(err)
			}
			scratch.DropOpenStates()
			if err := scratch.Answer(c); err != nil {
				t.Fatal(err)
			}
			res[k] = playToEnd(scratch, p.Seat, ps)
		}
		world.Close()
		for k := range cands {
			diffs[k] = append(diffs[k], res[k]-res[0])
		}
	}
	return diffs
}

// playToEnd plays a duel to its end with Easy on every seat and returns me's team's result.
func playToEnd(w *engine.Duel, me engine.Seat, seed uint64) float64 {
	agents := make([]agent.Agent, len(w.Seats()))
	for i := range agents {
		agents[i] = agent.NewEasy(seed + uint64(i))
	}
	for n := 0; n < 5000; n++ {
		p := w.Prompt()
		if p == nil {
			break
		}
		w.TakeEvents()
		if err := w.Answer(agents[p.Seat].Choose(w, p)); err != nil {
			return 0.5
		}
	}
	if winner, ok, _ := w.Result(); ok {
		if winner == me.Team() {
			return 1
		}
		return 0
	}
	return 0.5
}

func meanVar(xs []float64) (m, v float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	if len(xs) > 1 {
		v /= float64(len(xs) - 1)
	}
	return m, v
}
