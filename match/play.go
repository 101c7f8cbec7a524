package match

import (
	"fmt"

	"github.com/duelistgame/duelist/agent"
)

// AutoAnswer answers a pending match prompt the way the project's agents do: a chooser goes
// first (as agent.Greedy does after rock-paper-scissors), and a deck is kept as it is.
func AutoAnswer(m *Match) error {
	p := m.Prompt()
	if p == nil {
		return ErrMatchOver
	}
	switch p.Kind {
	case PromptFirst:
		return m.ChooseFirst(true)
	case PromptSide:
		return m.AnswerSide(nil)
	}
	return fmt.Errorf("%w: AutoAnswer answers match prompts, and seat %s's prompt is a duel's", ErrWrongPrompt, p.Seat)
}

// Play runs the match to its end: agents[s] answers seat s's duel prompts, AutoAnswer the match
// prompts. A duel still going after maxAnswers answers (0 = no limit) is ended in a draw by
// DrawDuel("answer limit"), the stand-in of a time limit. It returns the number of answers given.
func Play(m *Match, agents [2]agent.Agent, maxAnswers int) (int, error) {
	n, inDuel := 0, 0
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		if p.Kind != PromptDuel {
			inDuel = 0
			if err := AutoAnswer(m); err != nil {
				return n, err
			}
			n++
			continue
		}
		if maxAnswers > 0 && inDuel >= maxAnswers {
			if err := m.DrawDuel("answer limit"); err != nil {
				return n, err
			}
			inDuel = 0
			continue
		}
		number := m.Number()
		m.Duel().TakeEvents()
		if err := m.Answer(agents[p.Seat].Choose(m.Duel(), p.Duel)); err != nil {
			return n, err
		}
		n++
		if inDuel++; m.Number() != number {
			inDuel = 0
		}
	}
	return n, m.Err()
}
