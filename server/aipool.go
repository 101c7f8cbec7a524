package server

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/engine"
)

// aiPool runs the decisions of the searching AI levels (agent.Search: up to 0.3 s or 2 s each)
// off the rooms' actors, at most as many at once as the machine has cores: a room whose AI is
// thinking still answers its players' chat, joins and clock, and a room's AI never delays
// another room's answers by more than its share of the cores. The quick agents (greedy, easy)
// answer on the room's actor, as before.
type aiPool struct {
	slots chan struct{} // one token per core; a decision holds one while it thinks
	hold  chan struct{} // tests: when not nil, a decision waits for a value before it thinks
}

func newAIPool() *aiPool {
	return &aiPool{slots: make(chan struct{}, aiWorkers(runtime.GOMAXPROCS(0)))}
}

// aiWorkers is how many decisions think at once on a machine of procs cores: all but one, so
// that one core stays free for the rooms' actors and the connections (the humans' answers), and
// at least one.
func aiWorkers(procs int) int { return max(1, procs-1) }

// think has the AI choose an answer to the prompt of d (a copy of a room's duel, the decision's
// alone) on a goroutine of its own once a core's slot is free, and hands the answer, or the
// error of an AI that failed, to done. The submitter never waits. A decision whose room has
// closed (gone closed) by the time a slot is free is dropped unthought.
func (p *aiPool) think(d *engine.Duel, ai agent.Agent, gone <-chan struct{}, done func(engine.Option, error)) {
	go func() {
		select {
		case p.slots <- struct{}{}:
		case <-gone:
			d.Close()
			return
		}
		defer func() { <-p.slots }()
		if p.hold != nil {
			<-p.hold
		}
		lowPriority() // this goroutine's thread is its own from here, and ends with it
		o, err := decide(d, ai)
		// d's coroutine was made on the room's actor, with no OS thread locked: the runtime lets
		// only a goroutine with none end it (the copies the AI made here are its own, and gone).
		go d.Close()
		done(o, err)
	}()
}

// busy returns how many decisions are thinking now.
func (p *aiPool) busy() int { return len(p.slots) }

// decide asks the AI, turning a panic into an error.
func decide(d *engine.Duel, ai agent.Agent) (o engine.Option, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the AI failed: %v", p)
		}
	}()
	return ai.Choose(d, d.Prompt()), nil
}

// aiAnswered is a decision of the pool for a room's AI (gen: the room's aiGen when it was asked).
type aiAnswered struct {
	gen int
	o   engine.Option
	err error
}

// aiLevelOf checks the AI level a create or queue message asks for: "" for the greedy agent
// (asked as "" or "greedy"), else a name of agent.Levels.
func aiLevelOf(name string) (string, *protoError) {
	if name == "" || name == "greedy" {
		return "", nil
	}
	if _, err := agent.NewLevel(name, 0, true); err != nil {
		return "", perr(ErrBadRequest, `aiLevel is "greedy", %q, not %q`, agent.Levels, name)
	}
	return name, nil
}

// thinksLong reports whether an agent's decisions go to the pool.
func thinksLong(ai agent.Agent) bool {
	_, ok := ai.(*agent.Search)
	return ok
}

// newAI makes the room's AI for a duel: the level the room was created with (roomConfig.aiLevel,
// agent.Levels, with its time limit), or the greedy agent.
func (r *Room) newAI(seed uint64) agent.Agent {
	if lvl := r.cfg.aiLevel; lvl != "" && lvl != "greedy" {
		if a, err := agent.NewLevel(lvl, seed, true); err == nil {
			return a
		}
	}
	return agent.NewGreedy(seed)
}

// askAI sends the pending prompt of the AI's seat to the pool with a copy of the duel; false
// when the duel cannot be copied here (a prompt before the first open state of a duel rebuilt
// from its log), for the caller to answer on the actor.
func (r *Room) askAI(ai agent.Agent) bool {
	c, err := r.duel.Clone()
	if err != nil {
		return false
	}
	r.aiGen++
	r.aiBusy = true
	gen := r.aiGen
	r.hub.ai.think(c, ai, r.done, func(o engine.Option, err error) { r.post(aiAnswered{gen: gen, o: o, err: err}) })
	return true
}

// aiDecided takes a decision of the pool: the AI's answer to the prompt it was asked, given if
// the duel still waits for it, then the AI's next prompts and the new state sent.
func (r *Room) aiDecided(m aiAnswered) {
	if m.gen != r.aiGen {
		return // asked for a duel or a prompt that has passed
	}
	r.aiBusy = false
	if r.status != "dueling" || r.duel == nil {
		return
	}
	p := r.duel.Prompt()
	if p == nil || r.seats[p.Seat].ai == nil {
		return
	}
	if m.err != nil {
		r.hub.logf("room %s: duel %d: %v", r.code, r.duelNo, m.err)
		r.seats[p.Seat].ai = agent.NewGreedy(r.seed + uint64(p.Seat) + 1) // plays on without search
		m.o = r.seats[p.Seat].ai.Choose(r.duel, p)
	}
	i, seat := slices.Index(p.Options(), m.o), int(p.Seat)
	if i < 0 || r.duel.AnswerIndex(i) != nil {
		panic("server: the AI chose an option that is not listed")
	}
	r.recordAnswer(seat, i)
	r.runAI()
	r.advanced()
}

// resumeAI has the AI answer its pending prompt in a room rebuilt from its log: the server may
// have stopped while its decision was in the pool, and nothing else would ask it again.
func (r *Room) resumeAI() {
	if r.status != "dueling" || r.duel == nil || r.aiBusy {
		return
	}
	if p := r.duel.Prompt(); p != nil && r.seats[p.Seat].ai != nil {
		r.runAI()
		r.advanced()
	}
}
