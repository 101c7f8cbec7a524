//go:build refcore

package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
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
	// directAsk: a monster that may attack directly while the opponent has monsters; ygopro
	// asks yes/no 31 ("attack directly?"), then the target after "no"; Duelist lists `direct`
	// beside the targets.
	directAsk bool
	// declare: Duelist's declare prompt is ygopro's ANNOUNCE_NUMBER, _ATTRIB, _RACE or _CARD.
	declare bool
	// sequential: Duelist selects a group at once (materials, tributes of a procedure, "one of
	// each") where ygopro asks one card at a time (SELECT_CARD of max 1 again and again, or
	// SELECT_UNSELECT_CARD until the group is complete); compared: the cards that belong to
	// some valid group against ygopro's first list.
	sequential bool
	// sort: Duelist's order of cards (Ctx.OrderCards) is ygopro's SORT_CARD, answered with each
	// listed card's new place (0 first).
	sort bool
	// coinCall: Duelist's call of a coin toss is ygopro's SELECT_OPTION of 60 (heads) and 61
	// (tails).
	coinCall bool
	// mustTribute: Duelist's one select of a Tribute Summon's tributes, every option of which
	// holds the opponent's monsters it must tribute (Soul Exchange), is ygopro's select of those
	// monsters (EFFECT_EXTRA_RELEASE: a SELECT_CARD of all of them, hint 500), then its tribute
	// select of the rest.
	mustTribute bool
	// controlOrder: Duelist's End Phase choice between a control that returns (option 1) and
	// the turn player's mandatory triggers (option 2) is ygopro's forced chain window that lists
	// the control's reset (edesc 2, EDESC_RESET) beside the triggers.
	controlOrder bool
}

// withoutIgnitions leaves out of ygopro's chain window options ("act KEY") the Ignition effects
// of the turn player's monsters, when Duelist's prompt is that player's chain window in a Main
// Phase with an empty chain (the window after a summon): ygopro-core lists there every effect
// its player could activate with the chain empty, Ignition effects too; Duelist offers them at
// the idle prompt that follows (MRL probe Karate Man seed 19).
func withoutIgnitions(d *engine.Duel, p *engine.Prompt, ya []string) []string {
	if p == nil || p.Kind != engine.PromptChain || p.Seat != d.TurnPlayer() ||
		(p.Phase != engine.Main1 && p.Phase != engine.Main2) {
		return ya
	}
	if top, _ := d.ChainTop(); top != engine.NoCard {
		return ya
	}
	ignition := map[string]bool{}
	for i := range d.NumCards() {
		id := engine.CardID(i)
		ci := d.Card(id)
		if ci.Place.Loc != engine.MZone || ci.Controller != p.Seat {
			continue
		}
		sc := cards.Script(ci.Data.Passcode)
		if sc == nil {
			continue
		}
		ign, other := false, false // an Ignition effect, and none a chain window may offer
		for _, e := range sc.Effects {
			ign = ign || e.Kind == engine.Ignition
			other = other || e.Kind == engine.Quick || e.Kind == engine.Activate
		}
		if ign && !other {
			ignition["act "+dKey(d, id)] = true
		}
	}
	if len(ignition) == 0 {
		return ya
	}
	return slices.DeleteFunc(slices.Clone(ya), func(a string) bool { return ignition[a] })
}

// mapPrompt normalises Duelist's pending prompt and ygopro's select and says how they map.
func (x *differ) mapPrompt(d *engine.Duel, p *engine.Prompt) mapping {
	c := x.c
	s := c.sel
	m := mapping{}
	m.dk, m.da = dNorm(d, p)
	m.yk, m.ya = yNorm(c, s)
	if s.Type == msgSelectChain {
		m.ya = c.withoutDeclined(d, m.ya)
		m.ya = withoutIgnitions(d, p, m.ya)
	}
	m.ordering = p.Kind == engine.PromptOrder && s.Type == msgSelectChain && (allForced(s) || orderWindow(d, p, s))
	if m.ordering {
		var dc []string
		for _, id := range p.Candidates {
			dc = append(dc, dKey(d, id))
		}
		sort.Strings(dc)
		m.dk, m.yk, m.da, m.ya = "order", "order", dc, forcedKeys(s)
	}
	m.summonOrSet = p.Kind == engine.PromptChoice && s.Type == msgSelectPosition && s.Pos == 9 && len(p.Options()) == 2
	m.youCan = p.Kind == engine.PromptSelect && p.Min == 0 && (s.Type == msgSelectEffectYN || s.Type == msgSelectYesNo)
	m.replay = p.Kind == engine.PromptTarget && s.Type == msgSelectYesNo && s.Desc == 30
	m.directAsk = p.Kind == engine.PromptTarget && s.Type == msgSelectYesNo && s.Desc == 31
	m.declare = p.Kind == engine.PromptDeclare && declareKind(s) == p.Declare
	m.sequential = p.Kind == engine.PromptSelect && (s.Type == msgSelectUnselect ||
		s.Type == msgSelectCard && s.Max < max(p.Min, 1) && p.Min > 1)
	m.sort = p.Kind == engine.PromptOrder && s.Type == msgSortCard
	m.coinCall = p.Kind == engine.PromptCoin && s.Type == msgSelectOption && fmt.Sprint(s.Opts) == "[60 61]"
	m.controlOrder = p.Kind == engine.PromptChoice && p.Phase == engine.End && len(p.Options()) == 2 &&
		s.Type == msgSelectChain && allForced(s) && resetEntry(s, true) >= 0 && resetEntry(s, false) >= 0
	m.mustTribute = p.Kind == engine.PromptSelect && p.Purpose == engine.ForTribute && s.Type == msgSelectCard &&
		s.Hint == 500 && s.Min == s.Max && s.Min == len(s.Cards) && s.Min < p.Min
	if m.mustTribute {
		m.sequential = false // the must-tributes first, then ygopro's tribute select of the rest
	}
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
	case m.directAsk:
		c.followCands = cands()
		m.dk, m.yk, m.da, m.ya = "direct-or-target", "direct-or-target", nil, nil
	case m.summonOrSet:
		m.dk, m.yk, m.da, m.ya = "summon-or-set", "summon-or-set", nil, nil
	case m.youCan:
		c.followCands = cands()
		m.dk, m.yk, m.da, m.ya = "you-can", "you-can", nil, nil
	case m.coinCall:
		m.dk, m.yk, m.da, m.ya = "coin-call", "coin-call", nil, nil
	case m.controlOrder:
		m.dk, m.yk, m.da, m.ya = "control-order", "control-order", nil, nil
	case m.mustTribute:
		// Compared: the cards every Duelist option tributes, and ygopro's must-tributes.
		must := mustKeys(d, p)
		var yc []string
		for _, e := range s.Cards {
			yc = append(yc, "cand "+yKey(e[0], e[1], e[2], e[3]))
		}
		sort.Strings(yc)
		m.dk, m.yk, m.da, m.ya = "must-tribute", "must-tribute", must, yc
	case m.declare:
		m.dk, m.yk = "declare", "declare"
		m.da, m.ya = declareNorm(p, s)
	case m.sort:
		m.dk, m.yk, m.da, m.ya = "sort", "sort", nil, nil
		for _, id := range p.Candidates {
			m.da = append(m.da, dKey(d, id))
		}
		for _, e := range sortCards(s) {
			m.ya = append(m.ya, yKey(e[0], e[1], e[2], e[3]))
		}
		m.da, m.ya = dedupeSorted(m.da), dedupeSorted(m.ya)
	case m.sequential:
		m.dk, m.yk = "group", "group"
		m.da, m.ya = groupCards(d, p), nil
		if p.Purpose == engine.ForMaterial && p.Subject != engine.NoCard && d.Card(p.Subject).Data.Kind.Has(card.Synchro) {
			// ygopro's Synchro procedure asks the Tuner first, then the non-Tuners (fed one at a
			// time from Duelist's group, nextSeq): its first select is compared with the Tuners
			// of Duelist's valid groups.
			m.da = synchroTuners(d, p)
		}
		for _, e := range s.Cards {
			m.ya = append(m.ya, "cand "+yKey(e[0], e[1], e[2], e[3]))
		}
		m.ya = dedupe(m.ya)
		if zoneFirstTribute(d, p, s) {
			// A Tribute Summon with the summoner's Monster Zones full and a monster it must
			// tribute (Soul Exchange's): ygopro first asks one of the summoner's own monsters,
			// which frees a zone, then the must-tributes (select_tribute_cards: no free zone).
			must := map[string]bool{}
			for _, k := range mustKeys(d, p) {
				must[k] = true
			}
			var own []string
			for _, k := range m.da {
				if !must[k] {
					own = append(own, k)
				}
			}
			m.da = own
		}
	}
	return m
}

// resetEntry returns the index of the first entry of a chain window that is (reset) or is not a
// reset (ygopro's EDESC_RESET, 2: an effect that ends, such as a control that returns); -1 if none.
func resetEntry(s *coreSel, reset bool) int {
	for i, e := range s.Chains {
		if len(e) > 7 && (e[7] == 2) == reset {
			return i
		}
	}
	return -1
}

// zoneFirstTribute reports whether ygopro's select s is the first of a Tribute Summon's
// tributes that must free a Monster Zone: the summoner's zones are all taken, Duelist's
// tributes include opponent's monsters every group must hold (Soul Exchange), and ygopro lists
// only the summoner's own monsters, one to pick.
func zoneFirstTribute(d *engine.Duel, p *engine.Prompt, s *coreSel) bool {
	if p.Purpose != engine.ForTribute || s.Type != msgSelectCard || s.Max != 1 || len(mustKeys(d, p)) == 0 {
		return false
	}
	for _, id := range d.Pile(p.Seat, engine.MZone) {
		if id == engine.NoCard {
			return false
		}
	}
	for _, e := range s.Cards {
		if e[1] != int(p.Seat) {
			return false
		}
	}
	return true
}

// mustKeys returns, as "cand KEY" strings, the opponent's cards that every option of a select
// holds (a seat's own card in every option is there only because no other is left).
func mustKeys(d *engine.Duel, p *engine.Prompt) []string {
	count := map[engine.CardID]int{}
	for _, o := range p.Options() {
		for _, id := range p.Selected(o) {
			count[id]++
		}
	}
	var out []string
	for _, id := range p.Candidates {
		if count[id] == len(p.Options()) && d.Card(id).Controller != p.Seat {
			out = append(out, "cand "+dKey(d, id))
		}
	}
	sort.Strings(out)
	return out
}

// command returns ygopro's command for Duelist's answer o, under the prompts' mapping.
func (x *differ) command(d *engine.Duel, p *engine.Prompt, o engine.Option, m mapping) (string, error) {
	c := x.c
	if p.Kind == engine.PromptYesNo && o.Kind == engine.OptNo && c.sel.Type == msgSelectEffectYN &&
		(p.Phase == engine.Standby || p.Phase == engine.End) && p.Subject != engine.NoCard {
		// A phase's "you can" effect declined at ygopro's SELECT_EFFECTYN: ygopro asks it again
		// after the phase's windows (autoAnswer answers no, phasetrig.go).
		c.decline(d, p)
	}
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
	case m.controlOrder:
		if o.Choice == 1 {
			return fmt.Sprintf("ri %d", resetEntry(c.sel, true)), nil
		}
		c.resetLast = true
		return fmt.Sprintf("ri %d", resetEntry(c.sel, false)), nil
	case m.mustTribute:
		// ygopro's select of the must-tributes takes them all; the rest of Duelist's selection
		// answers its tribute select that follows.
		must := map[string]bool{}
		for _, k := range m.da {
			must[strings.TrimPrefix(k, "cand ")] = true
		}
		c.followKeys, c.followCands = c.followKeys[:0], nil
		for _, id := range p.Selected(o) {
			if k := dKey(d, id); !must[k] {
				c.followKeys = append(c.followKeys, k)
			}
		}
		for _, id := range p.Candidates {
			if k := dKey(d, id); !must[k] {
				c.followCands = append(c.followCands, "cand "+k)
			}
		}
		var idx []string
		for i := range c.sel.Cards {
			idx = append(idx, fmt.Sprint(i))
		}
		return fmt.Sprintf("rb %d %s", len(idx), strings.Join(idx, " ")), nil
	case m.directAsk:
		if o.Kind == engine.OptDirect {
			c.followCands = nil
			return "ri 1", nil
		}
		c.followKeys = c.followKeys[:0]
		for _, id := range p.Selected(o) {
			c.followKeys = append(c.followKeys, dKey(d, id))
		}
		return "ri 0", nil
	case m.declare:
		return declareAnswer(c.sel, o.Rank)
	case m.sort:
		var order []string
		for _, j := range nthPermutation(len(p.Candidates), int(o.Rank)) {
			order = append(order, dKey(d, p.Candidates[j]))
		}
		used := make([]bool, len(order))
		var out []string
		for _, e := range sortCards(c.sel) {
			k, at := yKey(e[0], e[1], e[2], e[3]), -1
			for i, key := range order {
				if !used[i] && key == k {
					at = i
					break
				}
			}
			if at < 0 {
				return "", fmt.Errorf("ygopro sorts %s, not in Duelist's order %v", k, order)
			}
			used[at] = true
			out = append(out, strconv.Itoa(at))
		}
		return "rb " + strings.Join(out, " "), nil
	case m.sequential && len(p.Selected(o)) == 0 && c.sel.Type == msgSelectUnselect && c.sel.Finish != 0:
		// Duelist's stop of a group picked one card at a time (engine/selectgroup.go): finish
		return "ri -1", nil
	case m.sequential:
		c.seqKeys = c.seqKeys[:0]
		for _, id := range p.Selected(o) {
			c.seqKeys = append(c.seqKeys, dKey(d, id))
		}
		cmd, ok := c.nextSeq()
		if !ok {
			return "", fmt.Errorf("none of Duelist's group %v is among ygopro's first cards", c.seqKeys)
		}
		return cmd, nil
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

// groupCards lists the candidates of a select that belong to at least one of its options.
func groupCards(d *engine.Duel, p *engine.Prompt) []string {
	var out []string
	for i, id := range p.Candidates {
		for _, o := range p.Options() {
			if o.Picks(i) {
				out = append(out, "cand "+dKey(d, id))
				break
			}
		}
	}
	return dedupe(out)
}

// synchroTuners lists the Tuners among the candidates of a Synchro Summon's material select that
// belong to at least one of its options.
func synchroTuners(d *engine.Duel, p *engine.Prompt) []string {
	var out []string
	for i, id := range p.Candidates {
		if !d.Card(id).Data.Kind.Has(card.Tuner) {
			continue
		}
		for _, o := range p.Options() {
			if o.Picks(i) {
				out = append(out, "cand "+dKey(d, id))
				break
			}
		}
	}
	return dedupe(out)
}

// nextSeq answers ygopro's one-card select with the next card of Duelist's group that it lists
// (any order: ygopro lists only the cards that can still complete a group), and takes it off.
func (c *core) nextSeq() (string, bool) {
	s := c.sel
	for k, key := range c.seqKeys {
		for i, e := range s.Cards {
			if yKey(e[0], e[1], e[2], e[3]) == key {
				c.seqKeys = append(c.seqKeys[:k], c.seqKeys[k+1:]...)
				c.seqDone = len(c.seqKeys) == 0
				return fmt.Sprintf("rb 1 %d", i), true
			}
		}
	}
	return "", false
}

// sumCards reads SELECT_SUM's cards from its raw bytes (type, mode, player, the sum (4), min, max,
// then the cards it must select and the cards it may select, each a count and per card its code
// (4), controller, location, sequence and sum parameter (4)).
func sumCards(s *coreSel) (must, may [][]int) {
	b := rawBytes(s)
	read := func(o int) ([][]int, int) {
		if o >= len(b) {
			return nil, o
		}
		var out [][]int
		n := int(b[o])
		o++
		for i := 0; i < n && o+11 <= len(b); i++ {
			code := int(b[o]) | int(b[o+1])<<8 | int(b[o+2])<<16 | int(b[o+3])<<24
			out = append(out, []int{code, int(b[o+4]), int(b[o+5]), int(b[o+6])})
			o += 11
		}
		return out, o
	}
	must, o := read(9)
	may, _ = read(o)
	return must, may
}

// sumAnswer answers ygopro's SELECT_SUM with the rest of Duelist's group (a Synchro Summon's
// non-Tuners after its Tuner): every key must be among the cards it must or may select; the answer
// counts the must-selects first (ygopro skips their bytes), then the indices of the others.
func (c *core) sumAnswer() (string, bool) {
	must, may := sumCards(c.sel)
	picked := map[string]bool{}
	for _, e := range must {
		picked[yKey(e[0], e[1], e[2], e[3])] = true
	}
	var idx []string
	for _, key := range c.seqKeys {
		if picked[key] {
			continue
		}
		found := false
		for i, e := range may {
			if yKey(e[0], e[1], e[2], e[3]) == key && !slices.Contains(idx, strconv.Itoa(i)) {
				idx = append(idx, strconv.Itoa(i))
				found = true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	out := []string{"rb", strconv.Itoa(len(must) + len(idx))}
	for range must {
		out = append(out, "0")
	}
	c.seqKeys, c.seqDone = nil, false
	return strings.Join(append(out, idx...), " "), true
}

// sortCards reads SORT_CARD's cards from its raw bytes: code, con, loc, seq each.
func sortCards(s *coreSel) [][]int {
	b := rawBytes(s)
	var out [][]int
	if len(b) < 3 {
		return nil
	}
	for i := 0; i < int(b[2]) && 3+7*i+7 <= len(b); i++ {
		o := 3 + 7*i
		code := int(b[o]) | int(b[o+1])<<8 | int(b[o+2])<<16 | int(b[o+3])<<24
		out = append(out, []int{code, int(b[o+4]), int(b[o+5]), int(b[o+6])})
	}
	return out
}

// dedupeSorted sorts a list, keeping repeats (two copies of a card are two cards to order).
func dedupeSorted(a []string) []string {
	sort.Strings(a)
	return a
}

// groupPickStop reports whether Duelist's prompt p is a pick of a group asked one card at a time
// that may stop (engine/selectgroup.go: a select of 0 to 1 cards, the empty select to stop).
func groupPickStop(p *engine.Prompt) bool {
	return p != nil && p.Kind == engine.PromptSelect && p.Min == 0 && p.Max == 1
}
