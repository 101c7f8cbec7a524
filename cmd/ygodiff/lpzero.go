//go:build refcore

package main

import (
	"fmt"
	"slices"
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

// undoAfterLPZero is ygopro-core's last state with the moves it made after the loser's LP went
// to 0 in the last answer taken back (the tribute of a Tribute Summon whose cost, Chain Energy's,
// took the last LP: ygopro pays and tributes in one answer, then ends: LOB,MRD,MRL seeds 32, 72);
// ok false when the last answer has no such LP event followed by moves. A card put back in a
// zone takes its entry of the state before (its ATK and DEF).
func (x *differ) undoAfterLPZero(d *engine.Duel) (coreState, bool) {
	c := x.c
	w, ok, _ := d.Result()
	if !ok || !strings.Contains(d.Reason(), "LP") || c.st.LP[1-int(w)] > 0 {
		return coreState{}, false
	}
	loser := 1 - int(w)
	at := -1
	for i, ev := range c.ev {
		if strings.HasPrefix(ev, fmt.Sprintf("paylp player=%d ", loser)) || strings.HasPrefix(ev, fmt.Sprintf("damage player=%d ", loser)) {
			at = i
		}
	}
	if at < 0 {
		return coreState{}, false
	}
	st := c.st
	for i := range st.P {
		p := &st.P[i]
		p.Hand, p.M, p.S, p.GY, p.RM = slices.Clone(p.Hand), slices.Clone(p.M), slices.Clone(p.S), slices.Clone(p.GY), slices.Clone(p.RM)
	}
	pile := func(con, loc int) *[][]int {
		if con < 0 || con > 1 {
			return nil
		}
		p := &st.P[con]
		switch loc {
		case 0x2:
			return &p.Hand
		case 0x4:
			return &p.M
		case 0x8:
			return &p.S
		case 0x10:
			return &p.GY
		case 0x20:
			return &p.RM
		}
		return nil
	}
	moved := false
	for i := len(c.ev) - 1; i > at; i-- {
		f := strings.Fields(c.ev[i])
		if len(f) < 4 || f[0] != "move" {
			continue
		}
		var code, fc, fs, fp, tc, ts, tp int
		var fl, tl uint
		if n, _ := fmt.Sscanf(f[1], "%d", &code); n != 1 {
			return coreState{}, false
		}
		if n, _ := fmt.Sscanf(f[2], "from=%d/0x%x/%d/0x%x", &fc, &fl, &fs, &fp); n != 4 {
			return coreState{}, false
		}
		if n, _ := fmt.Sscanf(f[3], "to=%d/0x%x/%d/0x%x", &tc, &tl, &ts, &tp); n != 4 {
			return coreState{}, false
		}
		to, from := pile(tc, int(tl)), pile(fc, int(fl))
		if to == nil || from == nil {
			return coreState{}, false
		}
		if tl == 0x4 || tl == 0x8 {
			if ts >= len(*to) || (*to)[ts] == nil || (*to)[ts][0] != code {
				return coreState{}, false
			}
			(*to)[ts] = nil
		} else {
			j := -1
			for k := len(*to) - 1; k >= 0; k-- { // the last one of that code
				if (*to)[k] != nil && (*to)[k][0] == code {
					j = k
					break
				}
			}
			if j < 0 {
				return coreState{}, false
			}
			*to = slices.Delete(*to, j, j+1)
		}
		entry := []int{code, fp, 0, 0}
		if fl == 0x4 || fl == 0x8 {
			if pp := &c.prev.P[fc]; fl == 0x4 && fs < len(pp.M) && pp.M[fs] != nil && pp.M[fs][0] == code {
				entry = pp.M[fs]
			} else if fl == 0x8 && fs < len(pp.S) && pp.S[fs] != nil && pp.S[fs][0] == code {
				entry = pp.S[fs]
			}
			for len(*from) <= fs {
				*from = append(*from, nil)
			}
			(*from)[fs] = entry
		} else {
			*from = append(*from, entry)
		}
		moved = true
	}
	return st, moved
}
