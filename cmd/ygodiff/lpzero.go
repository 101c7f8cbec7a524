//go:build refcore

package main

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// lpZeroAtOnce reports whether Duelist's duel has ended because a player's LP reached 0 while
// ygopro-core, the same player's LP at 0 or below, still asks: RULES.md ("A player whose LP
// reaches 0 loses at once, even in the middle of a chain") ends Duelist's duel at once, where
// ygopro-core ends it at its next check, after the action in progress (a Normal Summon, a Set or
// an activation whose cost, Chain Energy's 500 LP, took the last LP: MRL seeds 5, 9, 18).
func (x *differ) lpZeroAtOnce(d *engine.Duel) bool {
	c := x.c
	if d.Prompt() != nil || c.end != nil || c.sel == nil {
		return false
	}
	w, ok, _ := d.Result()
	if !ok || !strings.Contains(d.Reason(), "LP") {
		return false
	}
	loser := 1 - int(w)
	return d.LP(engine.Seat(loser)) == 0 && c.st.LP[loser] <= 0
}

// finishAfterLPZero answers ygopro-core's prompts after the LP reached 0 with the least answer
// each (pass a chain window, the first zone, the first cards, no, the first position or option)
// until its duel ends. The states were compared at the moment Duelist's duel ended; what ygopro
// does after it (the summon completed, the activation's cost selected) is not compared.
func (x *differ) finishAfterLPZero(d *engine.Duel) error {
	c := x.c
	for guard := 0; c.end == nil; guard++ {
		s := c.sel
		if s == nil || guard > 64 {
			return fmt.Errorf("ygopro does not end its duel after the LP reached 0")
		}
		cmd := ""
		switch s.Type {
		case msgSelectChain:
			cmd = "ri -1"
		case msgSelectPlace, msgSelectDisfield:
			cmd = placeAnswer(d, c, s)
		case msgSelectCard, msgSelectTribute:
			n := max(s.Min, 1)
			idx := make([]string, n)
			for i := range idx {
				idx[i] = fmt.Sprint(i)
			}
			cmd = fmt.Sprintf("rb %d %s", n, strings.Join(idx, " "))
		case msgSelectEffectYN, msgSelectYesNo, msgSelectOption:
			cmd = "ri 0"
		case msgSelectPosition:
			for _, pos := range []int{1, 2, 4, 8} {
				if s.Pos&pos != 0 {
					cmd = fmt.Sprintf("ri %d", pos)
					break
				}
			}
		}
		if cmd == "" {
			return fmt.Errorf("ygopro asks %d after the LP reached 0, with no least answer", s.Type)
		}
		c.trace = append(c.trace, "# auto: ygopro's prompt after the LP reached 0 (RULES.md: the duel ended at once in Duelist)")
		if err := c.send(cmd, true); err != nil {
			return err
		}
	}
	return nil
}
