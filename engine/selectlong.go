package engine

import "slices"

// maxSelBits is the most candidates a selection of several cards lists as one prompt: each option
// is a bit set of the candidates (Option.Sel).
const maxSelBits = 64

// askSelected asks the select prompt newPrompt and its caller have filled (Candidates, Min, Max,
// Purpose ...) and appends the chosen cards, in candidate order, to dst.
//
// A selection of several cards among more than maxSelBits candidates (Soul Release over two full
// Graveyards) cannot list its answers as bit sets, nor list them at all: 68 candidates of up to 5
// are ten million sub-sets. It is asked one card at a time instead (notation.md, "Long
// selections"): a select of 1 among the candidates not chosen yet, with an empty "select" to stop
// once Min cards are chosen, until Max are. Each of those prompts is an ordinary one-pick select,
// so answers keep their notation, .duel and protocol encodings.
func (g *game) askSelected(dst []CardID) []CardID {
	p := &g.prompt
	if len(p.Candidates) <= maxSelBits || p.Max <= 1 {
		g.selectOptions(p)
		return g.appendSelected(dst, g.ask())
	}
	s, lo, hi := p.Seat, p.Min, p.Max
	why, subject, cat, look := p.Purpose, p.Subject, p.Category, p.Look
	all := slices.Clone(p.Candidates)
	left := slices.Clone(all)
	taken := make([]bool, len(all))
	for n := 0; n < hi && len(left) > 0; n++ {
		q := g.newPrompt(PromptSelect, s)
		q.Candidates = append(q.Candidates, left...)
		q.Min, q.Max = 0, 1
		if n < lo {
			q.Min = 1
		}
		q.Purpose, q.Subject, q.Category, q.Look = why, subject, cat, look
		g.selectOptions(q)
		var one [1]CardID
		got := g.appendSelected(one[:0], g.ask())
		if len(got) == 0 {
			break
		}
		left = slices.DeleteFunc(left, func(id CardID) bool { return id == got[0] })
		taken[slices.Index(all, got[0])] = true
	}
	for i, id := range all {
		if taken[i] {
			dst = append(dst, id)
		}
	}
	return dst
}
