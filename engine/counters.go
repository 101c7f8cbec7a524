package engine

import "slices"

// A card's counters (cardExt.counters): a short list of names and numbers, kept sorted by name
// and without zeros, so that two cards with the same counters hold the same list (Hash) and a
// card's first counter costs no map. Cards hold one or two names at most; the lists are carved
// from a pool of the duel (counterPool) like the modifiers' (modPool).

// counter is a number of counters of one name on a card.
type counter struct {
	name string
	n    int
}

// counterList is a card's counters, sorted by name, none at 0.
type counterList []counter

// get returns the number of counters of a name.
func (l counterList) get(name string) int {
	for _, c := range l {
		if c.name == name {
			return c.n
		}
	}
	return 0
}

// asMap returns the counters as a map (nil when there are none), for the API and exports.
func (l counterList) asMap() map[string]int {
	if len(l) == 0 {
		return nil
	}
	m := make(map[string]int, len(l))
	for _, c := range l {
		m[c.name] = c.n
	}
	return m
}

// counterRoom is the number of counter names a card's list has room for when it gets its first.
const counterRoom = 2

// setCounter sets the number of counters of a name on a card (0 removes the name).
func (g *game) setCounter(c *cardState, name string, n int) {
	l := c.counters()
	i, found := slices.BinarySearchFunc(l, name, func(c counter, name string) int {
		switch {
		case c.name < name:
			return -1
		case c.name > name:
			return 1
		}
		return 0
	})
	switch {
	case found && n != 0:
		l[i].n = n
	case found:
		c.ext.counters = slices.Delete(l, i, i+1)
	case n != 0:
		if len(l) == cap(l) {
			l = g.counterList(l, max(counterRoom, 2*len(l)))
		}
		g.ext(c).counters = slices.Insert(l, i, counter{name, n})
	}
}

// counterList returns a copy of l with room for n counters, carved from the duel's pool.
func (g *game) counterList(l counterList, n int) counterList {
	if len(g.counterPool) < n {
		g.counterPool = make([]counter, max(n, 8*counterRoom))
	}
	out := g.counterPool[:len(l):n]
	copy(out, l)
	g.counterPool = g.counterPool[n:]
	return out
}
