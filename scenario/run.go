package scenario

import (
	"errors"
	"fmt"

	"github.com/duelistgame/duelist/engine"
)

// Version is the engine behaviour version written into replays (`engine:`). It changes when the
// rules the engine plays change, so that an old replay is reported, not silently misplayed.
const Version = "duelist-1"

// Start builds the duel a file describes: its position, or its decks and seed, with the card
// scripts of f.Cards.
func (f *File) Start() (*engine.Duel, error) {
	if f.Cards == nil {
		return nil, errors.New("scenario: no card library: set File.Cards (the drivers pass cards/all's Library)")
	}
	if f.HasDecks {
		rules := f.Ruleset.Rules
		rules.NoFirstDraw = f.NoFirstDraw
		return engine.New(engine.Config{Rules: rules, Seed: f.Seed, Decks: f.Decks, First: f.First,
			Cards: f.Cards, AlwaysAsk: f.AlwaysAsk, Tag: f.Tag, Partners: f.Partners})
	}
	pos := f.Position
	pos.Cards = f.Cards
	pos.AlwaysAsk = f.AlwaysAsk
	return engine.NewFromPosition(pos)
}

// Run plays a file's moves and checks its expectations. It returns the duel as it ended up and
// the first failure, or nil when everything holds.
func (f *File) Run() (*engine.Duel, error) { return f.run(nil) }

// run is Run that calls after, when not nil, once the duel has started (with line -1), after each
// line of the moves block (its index in f.Moves) and after the closing passes (len(f.Moves)).
func (f *File) run(after func(d *engine.Duel, line int)) (*engine.Duel, error) {
	if f.Engine != "" && f.Engine != Version {
		return nil, fmt.Errorf("recorded with engine %q; this engine is %q", f.Engine, Version)
	}
	d, err := f.Start()
	if err != nil {
		return nil, err
	}
	if after != nil {
		after(d, -1)
	}
	for i, m := range f.Moves {
		if err := step(d, m); err != nil {
			return d, fmt.Errorf("moves line %d: %w", m.Line, err)
		}
		if after != nil {
			after(d, i)
		}
	}
	// When the moves are done, both players wait: pass chain windows until a prompt that is not a
	// chain window, or the end of the duel.
	for p := d.Prompt(); p != nil && p.IsChainWindow(); p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			return d, err
		}
	}
	if after != nil {
		after(d, len(f.Moves))
	}
	for _, e := range f.Expect {
		if err := check(d, e); err != nil {
			return d, fmt.Errorf("expect %w", err)
		}
	}
	return d, nil
}

// step runs one line of the moves block.
func step(d *engine.Duel, m Move) error {
	switch m.Kind {
	case MoveCheck:
		return check(d, m.Expect)
	case MoveNot:
		p := d.Prompt()
		if err := checkNotHere(p, m); err != nil {
			return err
		}
		o, err := d.ParseOption(m.Text)
		if errors.Is(err, engine.ErrAmbiguous) {
			return fmt.Errorf("%s has options matching %q", m.Seat, m.Text)
		}
		if err == nil {
			return fmt.Errorf("%s has the option %s", m.Seat, d.OptionText(o))
		}
		return nil
	case MoveAt:
		return stepAt(d, m)
	}
	if m.Text == "concede" {
		// A project extension: `P: concede` records a concession in a replay.
		return d.Concede(m.Seat)
	}
	// P: TEXT — first pass the other seat's pending chain windows.
	for p := d.Prompt(); p != nil && p.IsChainWindow() && p.Seat != m.Seat; p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			return err
		}
	}
	p := d.Prompt()
	if p == nil {
		return fmt.Errorf("the duel is over (%s); %s cannot answer %q", d.Reason(), m.Seat, m.Text)
	}
	if p.Seat != m.Seat {
		return fmt.Errorf("the pending prompt (%s) is %s's, not %s's", p.Kind, p.Seat, m.Seat)
	}
	return d.AnswerText(m.Text)
}

// stepAt passes every pending chain window until the duel stands at the timing with a prompt of
// the seat that has a matching option, then answers it.
func stepAt(d *engine.Duel, m Move) error {
	wantPhase, phaseErr := engine.ParsePhase(m.Timing)
	wantTiming, _ := engine.ParseTiming(m.Timing)
	startTurn := d.Turn()
	reached := false
	for {
		p := d.Prompt()
		if p == nil {
			return fmt.Errorf("the duel ended (%s) before %s at %s", d.Reason(), m.Seat, m.Timing)
		}
		var at bool
		if phaseErr == nil {
			at = d.Phase() == wantPhase
		} else {
			at = d.Phase() == engine.Battle && p.Timing == wantTiming
		}
		if d.Turn() != startTurn {
			return fmt.Errorf("the turn moved on before %s could answer %q at %s", m.Seat, m.Text, m.Timing)
		}
		if at {
			reached = true
			if p.Seat == m.Seat {
				if o, err := d.ParseOption(m.Text); err == nil {
					return d.Answer(o)
				}
			}
		} else if reached {
			return fmt.Errorf("the duel passed %s without %s being able to answer %q", m.Timing, m.Seat, m.Text)
		}
		if !p.IsChainWindow() {
			return fmt.Errorf("waiting for %s, the duel stands at a %s prompt of %s, not a chain window",
				m.Timing, p.Kind, p.Seat)
		}
		if err := d.AnswerText("pass"); err != nil {
			return err
		}
	}
}
