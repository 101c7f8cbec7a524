package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

// A finished duel whose move log was pruned (duels.Log.Prune, docs/durability.md "Retention")
// keeps its replay, which holds every answer in the notation: the replay viewer derives the
// moves from it. The time banks after each move are not in the replay: the viewer shows the
// seats' full banks for a pruned duel.

// movesOf is mr.Moves, or for a pruned duel the moves its replay gives.
func (s *Server) movesOf(ctx context.Context, mr MoveReader, id int64) (duels.Header, []duels.Entry, error) {
	h, es, err := mr.Moves(ctx, id)
	if !errors.Is(err, duels.ErrPruned) {
		return h, es, err
	}
	sum, replay, err := s.hub.opts.Log.Replay(ctx, id)
	if err != nil {
		return h, nil, err
	}
	es, err = movesFromReplay(h, replay)
	if err != nil {
		return h, nil, fmt.Errorf("duel %d's moves from its replay: %w", id, err)
	}
	if n := len(es); n > 0 && es[n-1].Kind == duels.EntryConcede {
		es[n-1].Reason = sum.Reason // conceded, left, time or disconnected: the duel's end
	}
	return h, es, nil
}

// movesFromReplay replays a duel's replay text from its header and returns its moves as the log
// held them: the index of each answer among its prompt's options, and each concession.
func movesFromReplay(h duels.Header, replay []byte) ([]duels.Entry, error) {
	f, err := scenario.Parse(replay)
	if err != nil {
		return nil, err
	}
	cfg, err := engineConfig(h)
	if err != nil {
		return nil, err
	}
	d, err := engine.New(cfg)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	es := make([]duels.Entry, 0, len(f.Moves))
	for _, m := range f.Moves {
		full := h.TimeLimit.Milliseconds()
		e := duels.Entry{Seq: len(es), Seat: int(m.Seat), BankA: full, BankB: full}
		if d.Tag() {
			e.Partners = &[2]int64{full, full}
		}
		switch {
		case m.Kind != scenario.MoveAnswer:
			return nil, fmt.Errorf("line %d of its moves is not an answer", m.Line)
		case m.Text == "concede":
			e.Kind = duels.EntryConcede
			err = d.Concede(m.Seat)
		default:
			err = answerText(d, m.Seat, m.Text, &e)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d of its moves (%s: %s): %w", m.Line, m.Seat, m.Text, err)
		}
		es = append(es, e)
	}
	return es, nil
}

// answerText answers the pending prompt of seat with the option text names and records the
// option's index in e.
func answerText(d *engine.Duel, seat engine.Seat, text string, e *duels.Entry) error {
	p := d.Prompt()
	if p == nil || p.Seat != seat {
		return errors.New("not the seat's prompt")
	}
	o, err := d.ParseOption(text)
	if err != nil {
		return err
	}
	e.Option = -1
	for i, po := range p.Options() {
		if po == o {
			e.Option = i
			break
		}
	}
	if e.Option < 0 {
		return errors.New("not an option of the prompt")
	}
	return d.Answer(o)
}
