package engine

import "slices"

// Group selections: a select whose answer must be a group that a rule accepts (Fusion Materials,
// Ritual tributes, Synchro and Xyz materials, a Tribute Summon that must free a zone or take Soul
// Exchange's monster, Ctx.SelectGroup). There is no limit on the number of candidates:
//
//   - When the candidates fit in an option's bit set (maxSelBits) and their sub-sets of the allowed
//     sizes, copies that are the same reference counted once, number at most maxListedGroups, the
//     prompt lists every valid group as an option, by size, then by bit pattern (the order of the
//     listing before this file, which stopped at the first 20 candidates).
//   - Otherwise the group is picked one card at a time (notation.md "Group selections"): a select
//     of 1 among the cards that belong to some valid group with those already picked, offering an
//     empty select to stop once the cards picked are a valid group, until the maximum is picked.

// maxListedGroups is the most sub-sets of its candidates a group select examines to list its valid
// groups as the options of one prompt: 2^20, every sub-set of 20 candidates.
const maxListedGroups = 1 << 20

// groupSearchBudget bounds the groups one search for a completion examines (a pick's check that a
// card belongs to some valid group, groupExists); a search that reaches it answers yes.
const groupSearchBudget = 1 << 14

// askWhere asks the select prompt newPrompt and its caller have filled (Candidates, Min, Max,
// Purpose ...) for a group of cards that valid accepts, and appends the chosen cards, in candidate
// order, to dst. ok is false, and nothing is asked, when no group is valid. dead, when not nil,
// reports cards that no valid group holds together (a Ritual tribute that more tributes leave
// unneeded): it lets the search for a pick's completions stop early.
func (g *game) askWhere(dst []CardID, valid, dead func([]CardID) bool) ([]CardID, bool) {
	p := &g.prompt
	n := len(p.Candidates)
	var cb [maxSelBits]int
	if n > maxSelBits {
		return g.pickGroup(dst, valid, dead)
	}
	if cls := g.refClasses(cb[:0], p.Candidates); g.groupCount(p, cls) <= maxListedGroups {
		g.listGroups(p, cls, valid)
		if len(p.opts) == 0 {
			return dst, false
		}
		return g.appendSelected(dst, g.ask()), true
	}
	return g.pickGroup(dst, valid, dead)
}

// refClasses appends to dst, for each candidate, the index of the first candidate with the same
// notation reference (copies in one pile are one choice).
func (g *game) refClasses(dst []int, cands []CardID) []int {
	for i, id := range cands {
		c := i
		for j := 0; j < i; j++ {
			if dst[j] == j && g.sameRef(cands[j], id) {
				c = j
				break
			}
		}
		dst = append(dst, c)
	}
	return dst
}

// groupCount is the number of canonical sub-sets (copies of a reference counted once) of the
// prompt's candidates with a size from Min to Max, or more than maxListedGroups.
func (g *game) groupCount(p *Prompt, cls []int) int {
	n := len(cls)
	var cb [maxSelBits + 1]int
	coef := cb[: 1 : n+1] // coef[k]: the canonical sub-sets of k cards of the classes so far
	coef[0] = 1
	for i, c := range cls {
		if c != i {
			continue
		}
		m := 0 // the copies of this class
		for _, d := range cls {
			if d == c {
				m++
			}
		}
		top := len(coef) - 1
		for range m {
			coef = append(coef, 0)
		}
		// Multiply by 1 + x + ... + x^m, from the top degree down.
		for k := top + m; k >= 0; k-- {
			sum := 0
			for j := 0; j <= m && j <= k; j++ {
				if k-j <= top {
					sum = min(sum+coef[k-j], maxListedGroups+1)
				}
			}
			coef[k] = sum
		}
	}
	total := 0
	for k := max(p.Min, 0); k <= p.Max && k < len(coef); k++ {
		total = min(total+coef[k], maxListedGroups+1)
	}
	return total
}

// listGroups fills the prompt's options with its valid canonical sub-sets of sizes Min..Max: by
// size, then by bit pattern.
func (g *game) listGroups(p *Prompt, cls []int, valid func([]CardID) bool) {
	// Each sub-set in the duel's scratch (valid is a function, so a buffer handed to it would not
	// stay on the stack); one that runs inside valid makes its own.
	ids := g.subsetBuf
	g.subsetBuf = nil
	if ids == nil {
		ids = make([]CardID, 0, 20)
	}
	for k := max(p.Min, 0); k <= p.Max && k <= len(cls); k++ {
		from := len(p.opts)
		ids = g.listGroupsOf(p, cls, 0, k, 0, ids, valid)
		slices.SortFunc(p.opts[from:], func(a, b Option) int {
			switch {
			case a.Sel < b.Sel:
				return -1
			case a.Sel > b.Sel:
				return 1
			}
			return 0
		})
	}
	g.subsetBuf = ids[:0]
}

// listGroupsOf adds the valid canonical selections of k more candidates from index i on, given
// the bits chosen so far (enumSel's walk, each group checked). It returns the scratch buffer.
func (g *game) listGroupsOf(p *Prompt, cls []int, i, k int, chosen uint64, ids []CardID, valid func([]CardID) bool) []CardID {
	if k == 0 {
		ids = ids[:0]
		for j, id := range p.Candidates {
			if chosen&(1<<j) != 0 {
				ids = append(ids, id)
			}
		}
		if valid(ids) {
			p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard, Sel: chosen})
		}
		return ids
	}
	if len(cls)-i < k {
		return ids
	}
	if canTake(cls, i, chosen) {
		ids = g.listGroupsOf(p, cls, i+1, k-1, chosen|1<<i, ids, valid)
	}
	return g.listGroupsOf(p, cls, i+1, k, chosen, ids, valid)
}

// pickGroup asks the group of the prompt its caller has filled one card at a time (askWhere).
func (g *game) pickGroup(dst []CardID, valid, dead func([]CardID) bool) ([]CardID, bool) {
	p := &g.prompt
	s, lo, hi := p.Seat, max(p.Min, 0), p.Max
	why, subject, cat, look := p.Purpose, p.Subject, p.Category, p.Look
	all := slices.Clone(p.Candidates)
	cls := g.refClasses(make([]int, 0, len(all)), all)
	in := make([]bool, len(all))
	picked := 0
	var offer []CardID
	for picked < hi {
		// The cards not picked yet that some valid group holds with the cards picked, one per
		// reference.
		offer = offer[:0]
		for i, id := range all {
			if in[i] || slices.ContainsFunc(offer, func(o CardID) bool { return g.sameRef(o, id) }) {
				continue
			}
			in[i] = true
			budget := groupSearchBudget
			if g.completes(all, cls, in, picked+1, 0, lo, hi, &budget, valid, dead) {
				offer = append(offer, id)
			}
			in[i] = false
		}
		done := picked >= lo && valid(g.members(all, in))
		if len(offer) == 0 {
			if done {
				break
			}
			if picked == 0 {
				return dst, false
			}
			// A dead end the bounded search let through: start again.
			clear(in)
			picked = 0
			continue
		}
		q := g.newPrompt(PromptSelect, s)
		q.Candidates = append(q.Candidates, offer...)
		q.Min, q.Max = 1, 1
		if done {
			q.Min = 0
		}
		q.Purpose, q.Subject, q.Category, q.Look = why, subject, cat, look
		g.selectOptions(q)
		var one [1]CardID
		got := g.appendSelected(one[:0], g.ask())
		if len(got) == 0 {
			break
		}
		in[slices.Index(all, got[0])] = true
		picked++
	}
	for i, id := range all {
		if in[i] {
			dst = append(dst, id)
		}
	}
	return dst, true
}

// members returns the candidates marked in, in candidate order, in the duel's scratch.
func (g *game) members(all []CardID, in []bool) []CardID {
	ids := g.subsetBuf[:0]
	for i, id := range all {
		if in[i] {
			ids = append(ids, id)
		}
	}
	g.subsetBuf = ids[:0]
	return ids
}

// completes reports whether the candidates marked in (size of them), with some of the unmarked
// ones from index from on, make a group of lo to hi cards that valid accepts; copies of a
// reference are added in candidate order. It spends one of *budget per group checked and answers
// yes when the budget is spent; a group dead rejects is not grown.
func (g *game) completes(all []CardID, cls []int, in []bool, size, from, lo, hi int, budget *int, valid, dead func([]CardID) bool) bool {
	if *budget <= 0 {
		return true
	}
	if dead != nil && size > 0 && dead(g.members(all, in)) {
		return false
	}
	if size >= lo {
		*budget--
		if valid(g.members(all, in)) {
			return true
		}
	}
	if size == hi {
		return false
	}
	for j := from; j < len(all); j++ {
		if in[j] {
			continue
		}
		// One copy of a reference at each depth: a later unmarked copy is the same group.
		if earlierFree(cls, in, from, j) {
			continue
		}
		in[j] = true
		ok := g.completes(all, cls, in, size+1, j+1, lo, hi, budget, valid, dead)
		in[j] = false
		if ok {
			return true
		}
	}
	return false
}

// earlierFree reports whether an unmarked candidate of j's class stands in [from, j).
func earlierFree(cls []int, in []bool, from, j int) bool {
	for k := from; k < j; k++ {
		if cls[k] == cls[j] && !in[k] {
			return true
		}
	}
	return false
}

// groupExists reports whether some group of lo to hi of the candidates is one valid accepts
// (a bounded search: yes when its budget is spent; dead as for askWhere).
func (g *game) groupExists(cands []CardID, lo, hi int, valid, dead func([]CardID) bool) bool {
	cls := g.refClasses(make([]int, 0, len(cands)), cands)
	budget := groupSearchBudget
	return g.completes(cands, cls, make([]bool, len(cands)), 0, 0, lo, hi, &budget, valid, dead)
}
