package agent

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/duelistgame/duelist/engine"
)

// Playout makes the agent that plays every seat of a search's playouts, from a seed. The search
// makes one per seat for each decision and reuses it for every playout of that decision.
type Playout func(seed uint64) Agent

// DefaultPlayout is the playout policy of the search agents: the Easy policy.
func DefaultPlayout(seed uint64) Agent { return NewEasy(seed) }

// GreedyPlayout is the greedy agent as a playout policy (the search's first playouts).
func GreedyPlayout(seed uint64) Agent { return NewGreedy(seed) }

// Search is a determinized Monte Carlo agent. At every prompt with more than one option it
// samples possible worlds of what its seat cannot see (engine.Duel.Determinize: the hidden cards
// re-dealt consistently with what the seat sees and knows; away from an open state the last open
// state re-dealt and the answers since replayed), tries the options in them by playouts to the
// end of the duel (or to a turn limit, scored by an evaluation), choosing which option to try
// next by UCB1, and answers the option with the best mean score.
//
// It reads the real duel only through Determinize, which keeps only what the seat may know: two
// duels that differ only in cards hidden from the seat give the same answer for the same seed.
// With a budget in playouts (Time zero) its answers depend only on the seed, the number of
// decisions it made before and the duel: a decision can be reproduced. Time bounds a decision's
// wall-clock time for live play (the answers then depend on the machine's speed).
type Search struct {
	// Playouts is the most playouts a decision may use (at least one per option).
	Playouts int
	// Worlds is how many determinized worlds a decision samples; the playouts go round them.
	Worlds int
	// Time, when not zero, stops a decision after this long (live play).
	Time time.Duration
	// Turns, when not zero, ends a playout after this many turns past the decision's and scores
	// it by an evaluation of the position (Life Points and the field) instead of the result.
	Turns int
	// Policy plays the playouts (DefaultPlayout when nil).
	Policy Playout
	// Margin, when not zero, keeps the policy's own answer unless another option's mean score
	// (between 0 and 1) beats it by more than this: the search overrides its policy only where
	// its playouts say clearly that another answer is better.
	Margin float64

	seed      uint64
	decisions uint64
	fallback  Agent
	stats     SearchStats
	last      []ArmStat
}

// ArmStat is one option's record in a search decision: the option, the playouts that tried it,
// their mean score (0 to 1) and whether it was the policy's own answer.
type ArmStat struct {
	Option engine.Option
	N      int
	Mean   float64
	Own    bool
}

// LastDecision returns the options' records of the agent's last searched decision (nil when it
// was answered without search); the slice is the agent's, valid until its next decision.
func (s *Search) LastDecision() []ArmStat { return s.last }

// SearchStats counts a search agent's work since it was made.
type SearchStats struct {
	Decisions int // prompts answered by search (more than one option)
	Playouts  int // playouts played
	Fallbacks int // decisions answered by the playout policy because no world could be sampled
}

// NewSearch returns a search agent with a seed and a budget of playouts per decision.
func NewSearch(seed uint64, playouts int) *Search {
	return &Search{Playouts: playouts, Worlds: 16, Turns: 6, seed: seed}
}

// Stats returns the work the agent did since it was made.
func (s *Search) Stats() SearchStats { return s.stats }

// Choose answers a prompt of the agent's seat. A prompt with one option is answered at once.
func (s *Search) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	opts := p.Options()
	s.last = s.last[:0]
	if len(opts) == 1 {
		return opts[0]
	}
	// Away from open states the search samples worlds from the last open state: keep it from now
	// on (a duel that does not keep them costs this decision its search).
	d.KeepOpenStates()
	s.decisions++
	policy := s.Policy
	if policy == nil {
		policy = DefaultPlayout
	}
	if i, ok := s.search(d, p, policy); ok {
		s.stats.Decisions++
		return opts[i]
	}
	s.stats.Fallbacks++
	if s.fallback == nil {
		s.fallback = policy(s.seed ^ 0x5bd1e995)
	}
	return s.fallback.Choose(d, p)
}

// arm is one option's record in a decision.
type arm struct {
	n     int
	score float64
}

// search runs the playouts of one decision and returns the index of the chosen option; ok=false
// when no world could be sampled.
func (s *Search) search(d *engine.Duel, p *engine.Prompt, policy Playout) (int, bool) {
	me := p.Seat
	opts := slices.Clone(p.Options())
	rng := rand.New(rand.NewPCG(s.seed, s.decisions*0x9e3779b97f4a7c15))
	var deadline time.Time
	if s.Time > 0 {
		deadline = time.Now().Add(s.Time)
	}
	nw := max(s.Worlds, 1)
	worlds := make([]*engine.Duel, 0, nw)
	defer func() {
		for _, w := range worlds {
			w.Close()
		}
	}()
	seats := d.Seats()
	agents := make([]Agent, len(seats))
	for i := range agents {
		agents[i] = policy(rng.Uint64())
	}
	scratch := new(engine.Duel)
	defer scratch.Close()
	// A prompt with many options (a selection among many cards) is searched over some of them:
	// the policy's own answer and others drawn at random, so that each gets a few playouts.
	cand := make([]int, len(opts))
	for i := range cand {
		cand[i] = i
	}
	own := -1 // the policy's own answer, among the candidates
	if s.Margin > 0 || len(opts) > max(2, s.Playouts/4) {
		own = slices.Index(opts, policy(rng.Uint64()).Choose(d, p))
	}
	if limit := max(2, s.Playouts/4); len(opts) > limit {
		rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
		if k := slices.Index(cand, own); k > 0 {
			cand[0], cand[k] = cand[k], cand[0]
		}
		cand = cand[:limit]
	}
	arms := make([]arm, len(cand))
	budget := max(s.Playouts, len(cand))
	failures, noMore := 0, false
	turn := d.Turn()
	for it := 0; it < budget; it++ {
		if s.Time > 0 && it >= len(cand) && time.Now().After(deadline) {
			break
		}
		if len(worlds) < nw && !noMore && it%nw >= len(worlds) {
			w, err := s.world(d, me, opts, rng)
			if err != nil {
				// A world that cannot be sampled costs up to Determinize's tries: after two
				// failures, or one once there are worlds, the decision makes do with those.
				failures++
				if len(worlds) > 0 || failures >= 2 {
					noMore = true
				}
				if len(worlds) == 0 {
					if noMore {
						return 0, false
					}
					continue
				}
			} else {
				worlds = append(worlds, w)
			}
		}
		w := worlds[it%len(worlds)]
		i := pick(arms, it)
		if err := w.CloneInto(scratch); err != nil {
			continue
		}
		scratch.DropOpenStates() // a playout is never copied: its open states need not be kept
		if err := scratch.AnswerIndex(cand[i]); err != nil {
			continue
		}
		arms[i].n++
		arms[i].score += playout(scratch, agents, me, turn, s.Turns)
		runtime.Gosched() // a playout at a time: other goroutines (a server's rooms) run between them
		s.stats.Playouts++
	}
	if len(worlds) == 0 {
		return 0, false
	}
	best, bestMean := -1, -1.0
	for i, a := range arms {
		if a.n == 0 {
			continue
		}
		if m := a.score / float64(a.n); m > bestMean {
			best, bestMean = i, m
		}
	}
	if best < 0 {
		return 0, false
	}
	for i, a := range arms {
		st := ArmStat{Option: opts[cand[i]], N: a.n, Own: cand[i] == own}
		if a.n > 0 {
			st.Mean = a.score / float64(a.n)
		}
		s.last = append(s.last, st)
	}
	// The policy's answer stands unless another beat it by more than the margin.
	if k := slices.Index(cand, own); s.Margin > 0 && k >= 0 && arms[k].n > 0 && arms[k].score/float64(arms[k].n) >= bestMean-s.Margin {
		return own, true
	}
	return cand[best], true
}

// world samples a possible world for seat me in which the prompt is the one the seat sees.
func (s *Search) world(d *engine.Duel, me engine.Seat, opts []engine.Option, rng *rand.Rand) (*engine.Duel, error) {
	w, err := d.Determinize(me, rng)
	if err != nil {
		return nil, err
	}
	if wp := w.Prompt(); wp == nil || wp.Seat != me || !slices.Equal(wp.Options(), opts) {
		w.Close()
		return nil, errOtherPrompt
	}
	return w, nil
}

var errOtherPrompt = errors.New("agent: a sampled world asks another prompt")

// pick chooses the option to try next: each once, in turn, then by UCB1 (ties to the lower
// index, so that the choice depends only on the scores).
func pick(arms []arm, it int) int {
	for i, a := range arms {
		if a.n == 0 {
			return i
		}
	}
	logN := math.Log(float64(it))
	best, bestV := 0, math.Inf(-1)
	for i, a := range arms {
		v := a.score/float64(a.n) + 0.7*math.Sqrt(logN/float64(a.n))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// maxPlayoutAnswers bounds a playout whatever its turn limit (a duel that loops).
const maxPlayoutAnswers = 5000

// playout plays the duel w on with the policy's agents and returns its score for me's team: 1 for
// a win, 0 for a loss, 0.5 for a draw; a playout stopped at the turn limit is scored by evaluate.
func playout(w *engine.Duel, agents []Agent, me engine.Seat, turn, turns int) float64 {
	for n := 0; n < maxPlayoutAnswers; n++ {
		p := w.Prompt()
		if p == nil {
			break
		}
		if turns > 0 && w.Turn() > turn+turns {
			return evaluate(w, me)
		}
		w.TakeEvents()
		if err := w.Answer(agents[p.Seat].Choose(w, p)); err != nil {
			return 0.5
		}
	}
	winner, ok, _ := w.Result()
	switch {
	case ok && winner == me.Team():
		return 1
	case ok:
		return 0
	case w.Over():
		return 0.5
	}
	return evaluate(w, me)
}

// evaluate scores an unfinished duel for me's team between 0 and 1: the Life Points and the
// monsters' ATK on the field of each team, and the cards in hand, weighed together.
func evaluate(w *engine.Duel, me engine.Seat) float64 {
	var v [2]float64
	for _, s := range w.Seats() {
		if !w.InDuel(s) {
			continue
		}
		t := s.Team()
		v[t] += float64(w.LP(s))
		for _, id := range w.Pile(s, engine.MZone) {
			if id != engine.NoCard {
				v[t] += 400 + 0.5*float64(w.Card(id).ATK)
			}
		}
		for _, id := range w.Pile(s, engine.SZone) {
			if id != engine.NoCard {
				v[t] += 300
			}
		}
		v[t] += 300 * float64(len(w.Pile(s, engine.Hand)))
	}
	diff := v[me.Team()] - v[me.Team()^1]
	return 1 / (1 + math.Exp(-diff/2000))
}
