package engine

// Kernel accessors that write into a buffer of the caller's instead of allocating a list: a
// ruleset's procedures run at every prompt, and their lists are scratch (see lists.go for card
// code's).

// AppendBlockOrder appends to dst the blockers of an OptBlock answer of a PromptBlock in the order
// they engage (BlockOrder) and returns it: with dst a buffer on the caller's stack, no allocation.
func (p *Prompt) AppendBlockOrder(dst []CardID, o Option) []CardID {
	var buf [64]CardID // a selection is a 64-bit mask
	sub := buf[:0]
	for i, id := range p.Candidates {
		if i < 64 && o.Sel&(1<<i) != 0 {
			sub = append(sub, id)
		}
	}
	// The Rank-th permutation of sub in lexicographic order, as nthPermutation numbers them.
	n, r := len(sub), int(o.Rank)
	fact := 1
	for i := 2; i < n; i++ {
		fact *= i
	}
	for i := n - 1; i >= 0; i-- {
		idx := 0
		if i > 0 {
			idx = r / fact
			r %= fact
			fact /= i
		}
		dst = append(dst, sub[idx])
		sub = append(sub[:idx], sub[idx+1:]...)
	}
	return dst
}

// Resources returns how many cost cards of a seat can pay now: CanPay(s, n) is n <= 0 or n <=
// Resources(s), for a procedure that asks it of many cards at one prompt.
func (k *Kernel) Resources(s Seat) int { return k.g().resources(s) }
