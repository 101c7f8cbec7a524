//go:build refcore

package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// The prompts the two engines ask differently, mapped one to the other.

// mapping is a Duelist prompt and ygopro's, normalised for comparison, and how they map.
type mapping struct {
	dk, yk string   // the prompts' kinds
	da, ya []string // their actions (nil: not compared)
	// ordering: Duelist orders simultaneous triggers (PromptOrder) where ygopro asks a chain
	// window of forced triggers, one at a time.
	ordering bool
	// summonOrSet: Duelist's "Normal Summon or Set" choice (option 1 summon, 2 set:
	// Ctx.NormalSummonNow, Ultimate Offering) is ygopro's SELECT_POSITION with face-up attack
	// or face-down defense (pos 9).
	summonOrSet bool
	// youCan: Duelist's select with min 0 of a "you can" effect is ygopro's yes/no, then a
	// select of min 1 after "yes".
	youCan bool
	// replay: an attack replay; ygopro asks yes/no 30 ("attack again?"), then the target;
	// Duelist asks the target at once, with cancel.
	replay bool
	// coinCall: Duelist's call of a coin toss is ygopro's SELECT_OPTION of 60 (heads) and 61
	// (tails).
	coinCall bool
}

// mapPrompt normalises Duelist's pending prompt and ygopro's select and says how they map.
func (x *differ) mapPrompt(d *engine.Duel, p *engine.Prompt) mapping {
	c := x.c
	s := c.sel
	m := mapping{}
	m.dk, m.da = dNorm(d, p)
	m.yk, m.ya = yNorm(c, s)
	m.ordering = p.Kind == engine.PromptOrder && s.Type == msgSelectChain && allForced(s)
	if m.ordering {
		var dc, yc []string
		for _, id := range p.Candidates {
			dc = append(dc, dKey(d, id))
		}
		for _, e := range s.Chains {
			yc = append(yc, yKey(e[0], e[1], e[2], e[3]))
		}
		sort.Strings(dc)
		sort.Strings(yc)
		m.dk, m.yk, m.da, m.ya = "order", "order", dc, yc
	}
	m.summonOrSet = p.Kind == engine.PromptChoice && s.Type == msgSelectPosition && s.Pos == 9 && len(p.Options()) == 2
	m.youCan = p.Kind == engine.PromptSelect && p.Min == 0 && (s.Type == msgSelectEffectYN || s.Type == msgSelectYesNo)
	m.replay = p.Kind == engine.PromptTarget && s.Type == msgSelectYesNo && s.Desc == 30
	m.coinCall = p.Kind == engine.PromptCoin && s.Type == msgSelectOption && fmt.Sprint(s.Opts) == "[60 61]"
	cands := func() []string {
		var out []string
		for _, a := range m.da {
			if strings.HasPrefix(a, "cand ") {
				out = append(out, a)
			}
		}
		return out
	}
	switch {
	case m.replay:
		c.followCands = cands()
		m.dk, m.yk, m.da, m.ya = "replay", "replay", nil, nil
	case m.summonOrSet:
		m.dk, m.yk, m.da, m.ya = "summon-or-set", "summon-or-set", nil, nil
	case m.youCan:
		c.followCands = cands()
		m.dk, m.yk, m.da, m.ya = "you-can", "you-can", nil, nil
	case m.coinCall:
		m.dk, m.yk, m.da, m.ya = "coin-call", "coin-call", nil, nil
	}
	return m
}

// command returns ygopro's command for Duelist's answer o, under the prompts' mapping.
func (x *differ) command(d *engine.Duel, p *engine.Prompt, o engine.Option, m mapping) (string, error) {
	c := x.c
	switch {
	case m.ordering:
		var keys []string
		for _, j := range nthPermutation(len(p.Candidates), int(o.Rank)) {
			keys = append(keys, dKey(d, p.Candidates[j]))
		}
		i := findKey(c.sel.Chains, keys[0], 0)
		if i < 0 {
			return "", fmt.Errorf("no ygopro forced trigger for %s", keys[0])
		}
		c.orderKeys, c.orderSeat = keys[1:], int(p.Seat)
		if len(c.orderKeys) <= 1 {
			c.orderKeys = nil // ygopro adds the last one without asking
		}
		return fmt.Sprintf("ri %d", i), nil
	case m.summonOrSet:
		if o.Choice == 2 {
			return "ri 8", nil
		}
		return "ri 1", nil
	case m.replay:
		switch o.Kind {
		case engine.OptCancel:
			c.followCands = nil
			return "ri 0", nil
		case engine.OptDirect:
			c.followCands = nil
			return "ri 1", nil
		}
		c.followKeys = c.followKeys[:0]
		for _, id := range p.Selected(o) {
			c.followKeys = append(c.followKeys, dKey(d, id))
		}
		return "ri 1", nil
	case m.youCan:
		sel := p.Selected(o)
		if len(sel) == 0 {
			c.followCands = nil
			return "ri 0", nil
		}
		c.followKeys = c.followKeys[:0]
		for _, id := range sel {
			c.followKeys = append(c.followKeys, dKey(d, id))
		}
		return "ri 1", nil
	}
	return translate(d, p, o, c.sel)
}
