//go:build refcore

package main

import (
	"fmt"
	"sort"

	"github.com/duelistgame/duelist/engine"
)

// Keys: a card as "seat:code@place" in both engines, and each prompt normalised to a kind and a
// sorted list of action strings, so that the two engines' prompts compare as strings.

var locLetter = map[int]string{1: "D", 2: "H", 4: "M", 8: "S", 0x10: "GY", 0x20: "BN", 0x40: "X", 0x80: "OV"}

// yKey is the key of ygopro's card at (con, loc, seq).
func yKey(code, con, loc, seq int) string {
	l := locLetter[loc]
	if loc == 8 && seq == 5 {
		return fmt.Sprintf("%c:%d@F", "AB"[con], code)
	}
	if loc == 4 || loc == 8 {
		return fmt.Sprintf("%c:%d@%s%d", "AB"[con], code, l, seq+1)
	}
	return fmt.Sprintf("%c:%d@%s", "AB"[con], code, l)
}

// dKey is the key of Duelist's card.
func dKey(d *engine.Duel, id engine.CardID) string {
	ci := d.Card(id)
	p := ci.Place
	code := int(ci.Data.Passcode)
	switch p.Loc {
	case engine.MZone, engine.SZone:
		return fmt.Sprintf("%s:%d@%s%d", p.Seat, code, p.Loc, p.Seq+1)
	case engine.FZone:
		return fmt.Sprintf("%s:%d@F", p.Seat, code)
	}
	return fmt.Sprintf("%s:%d@%s", p.Seat, code, p.Loc)
}

// dNorm returns Duelist's prompt as a kind and a sorted list of action strings.
func dNorm(d *engine.Duel, p *engine.Prompt) (string, []string) {
	var acts []string
	switch p.Kind {
	case engine.PromptIdle, engine.PromptBattle, engine.PromptChain:
		for _, o := range p.Options() {
			acts = append(acts, dAction(d, o))
		}
	case engine.PromptSelect, engine.PromptTarget:
		for _, id := range p.Candidates {
			acts = append(acts, "cand "+dKey(d, id))
		}
		// The attack target: ygopro's target select is always cancelable (a client's "cancel
		// the attack declaration"); Duelist offers cancel only after a replay. Not compared.
		if p.Kind == engine.PromptSelect {
			acts = append(acts, fmt.Sprintf("min %d max %d", p.Min, p.Max))
		}
		for _, o := range p.Options() {
			if o.Kind != engine.OptSelect && !(p.Kind == engine.PromptTarget && o.Kind == engine.OptCancel) {
				acts = append(acts, o.Kind.String())
			}
		}
	default:
		for _, o := range p.Options() {
			acts = append(acts, d.OptionText(o))
		}
	}
	return p.Kind.String(), dedupe(acts)
}

// dAction is an option of an idle, battle or chain prompt as an action string.
func dAction(d *engine.Duel, o engine.Option) string {
	switch o.Kind {
	case engine.OptSummon:
		return "summon " + dKey(d, o.Card)
	case engine.OptSet:
		if d.Card(o.Card).Data.IsMonster() {
			return "mset " + dKey(d, o.Card)
		}
		return "sset " + dKey(d, o.Card)
	case engine.OptFlip:
		return "flip " + dKey(d, o.Card)
	case engine.OptPosition:
		return "repos " + dKey(d, o.Card)
	case engine.OptActivate:
		return "act " + dKey(d, o.Card)
	case engine.OptSpecial:
		return "spsummon " + dKey(d, o.Card)
	case engine.OptAttack:
		return "attack " + dKey(d, o.Card)
	case engine.OptBattle:
		return "bp"
	case engine.OptMain2:
		return "m2"
	case engine.OptEnd:
		return "ep"
	case engine.OptPass:
		return "pass"
	}
	return o.Kind.String()
}

func dedupe(a []string) []string {
	sort.Strings(a)
	out := a[:0]
	for i, s := range a {
		if i == 0 || s != a[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// yPos returns the position of the ygopro card at (con, loc, seq) from the state, or 0.
func (c *core) yPos(con, loc, seq int) int {
	var z [][]int
	switch loc {
	case 4:
		z = c.st.P[con].M
	case 8:
		z = c.st.P[con].S
	default:
		return 0
	}
	if seq < len(z) && z[seq] != nil {
		return z[seq][1]
	}
	return 0
}

// yNorm returns ygopro's prompt as a kind and a sorted list of action strings.
func yNorm(c *core, s *coreSel) (string, []string) {
	var acts []string
	add := func(verb string, l [][]int) {
		for _, e := range l {
			acts = append(acts, verb+" "+yKey(e[0], e[1], e[2], e[3]))
		}
	}
	switch s.Type {
	case msgSelectIdle:
		add("summon", s.Summon)
		add("spsummon", s.Spsummon)
		for _, e := range s.Repos {
			verb := "repos"
			if c.yPos(e[1], e[2], e[3])&0xa != 0 {
				verb = "flip"
			}
			acts = append(acts, verb+" "+yKey(e[0], e[1], e[2], e[3]))
		}
		add("mset", s.Mset)
		add("sset", s.Sset)
		add("act", s.Act)
		if s.Bp != 0 {
			acts = append(acts, "bp")
		}
		if s.Ep != 0 {
			acts = append(acts, "ep")
		}
		return "idle", dedupe(acts)
	case msgSelectBattle:
		add("act", s.Act)
		add("attack", s.Attack)
		if s.M2 != 0 {
			acts = append(acts, "m2")
		}
		if s.Ep != 0 {
			acts = append(acts, "ep")
		}
		return "battle", dedupe(acts)
	case msgSelectChain:
		forced := false
		for _, e := range s.Chains {
			acts = append(acts, "act "+yKey(e[0], e[1], e[2], e[3]))
			if e[6] != 0 {
				forced = true
			}
		}
		if !forced {
			acts = append(acts, "pass")
		}
		return "chain", dedupe(acts)
	case msgSelectCard, msgSelectTribute:
		for _, e := range s.Cards {
			acts = append(acts, "cand "+yKey(e[0], e[1], e[2], e[3]))
		}
		mn, mx := s.Min, min(s.Max, len(s.Cards))
		kind := "select"
		if s.Type == msgSelectCard && s.Hint == 549 {
			kind = "target"
		} else {
			acts = append(acts, fmt.Sprintf("min %d max %d", mn, mx))
		}
		// ygopro's tribute select is cancelable (backing out of the summon declaration, a client
		// affordance); Duelist's is not. Not compared; nor is the cancel of the selection of the
		// cost of a monster's own Special Summon procedure (Soul of Purity and Light's banished
		// LIGHT monsters), the same back-out.
		if s.Cancel != 0 && kind != "target" && s.Type != msgSelectTribute && !c.procSelect {
			acts = append(acts, "cancel")
		}
		return kind, dedupe(acts)
	case msgSelectEffectYN, msgSelectYesNo:
		return "yesno", []string{"no", "yes"}
	case msgSelectOption:
		return "choice", nil
	case msgSelectPosition:
		return "position", nil
	}
	return fmt.Sprintf("ygopro-msg-%d", s.Type), nil
}

func minus(a, b []string) []string {
	m := map[string]bool{}
	for _, x := range b {
		m[x] = true
	}
	var out []string
	for _, x := range a {
		if !m[x] {
			out = append(out, x)
		}
	}
	return out
}
