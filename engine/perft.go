package engine

import "fmt"

// PerftCount is what Perft counts at one depth: the answer sequences of that length from the
// position (Paths) and the distinct positions they reach (Positions: by Hash at open states;
// inside a procedure, by Hash and the way from the last open state, see perfter.key). A duel that
// ends before the depth counts at none of the depths after its end.
type PerftCount struct {
	Depth, Paths, Positions int
}

// Perft counts, for each depth from 0 to depth, the answer sequences of that length from the
// duel's prompt and the distinct positions (by Hash) they lead to, as chess engines count moves
// to check their rules (testdata/perft holds the counts of fixed positions). Each position is
// expanded once per depth (its counts are kept by hash), and every child is a copy (CloneInto)
// answered with one option: the duel must keep its open states (Config.KeepOpenStates,
// Position.KeepOpenStates) unless every prompt within the depth is an open state. The duel itself
// is not changed.
func Perft(d *Duel, depth int) ([]PerftCount, error) {
	if depth < 0 {
		return nil, fmt.Errorf("engine: perft: depth %d is negative", depth)
	}
	p := perfter{depth: depth, seen: make([]map[uint64][]int, depth+1), bases: map[*game]uint64{},
		scratch: make([]*Duel, depth+2)}
	defer func() {
		for _, c := range p.scratch {
			if c != nil {
				c.Close()
			}
		}
	}()
	for i := range p.seen {
		p.seen[i] = map[uint64][]int{}
	}
	paths, err := p.visit(d, 0, nil)
	if err != nil {
		return nil, err
	}
	out := make([]PerftCount, depth+1)
	for i := range out {
		out[i] = PerftCount{Depth: i, Paths: paths[i], Positions: len(p.seen[i])}
	}
	return out, nil
}

// perfter is the state of one Perft: per depth, the positions seen with their path counts.
type perfter struct {
	depth   int
	seen    []map[uint64][]int // seen[k][key][i]: answer sequences of length i from that position
	bases   map[*game]uint64   // the hashes of the open states the positions came from
	scratch []*Duel            // per depth, the duel the children are copied into
}

// key identifies a position for Perft. At an open state it is the Hash. Inside a procedure the
// procedure's place (kept on its coroutine's stack: whether the tribute being chosen is for a
// summon or a Set ...) is not in the state, so the key adds the last open state's hash and the
// answers given since: two such positions are merged only when they came the same way from the
// same open state.
func (p *perfter) key(d *Duel) (uint64, error) {
	h := d.Hash()
	if d.Open() {
		return h, nil
	}
	t := d.track
	if t == nil || t.base == nil {
		return 0, fmt.Errorf("%w: perft inside a procedure needs the duel's open states (KeepOpenStates)", ErrNotOpen)
	}
	bh, ok := p.bases[t.base]
	if !ok {
		bh = (&Duel{g: t.base, pending: true}).Hash()
		p.bases[t.base] = bh
	}
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	mix(bh)
	for _, o := range t.answers {
		mix(uint64(o.Kind))
		mix(uint64(uint32(o.Card)))
		mix(uint64(o.Effect) | uint64(o.Direct)<<8 | uint64(o.Choice)<<16)
		mix(uint64(uint32(o.Rank)) | uint64(uint32(o.Pick))<<32)
		mix(o.Sel)
	}
	return h, nil
}

// visit returns the path counts from a position at depth k (reached by the answers of path).
func (p *perfter) visit(d *Duel, k int, path []int) ([]int, error) {
	h, err := p.key(d)
	if err != nil {
		return nil, fmt.Errorf("engine: perft: after answers %v: %w", path, err)
	}
	if v, ok := p.seen[k][h]; ok {
		return v, nil
	}
	v := make([]int, p.depth-k+1)
	v[0] = 1
	if pr := d.Prompt(); k < p.depth && pr != nil {
		if p.scratch[k+1] == nil {
			p.scratch[k+1] = new(Duel)
		}
		c := p.scratch[k+1] // reused for every child at this depth (CloneInto)
		for i := range pr.Options() {
			if err := d.CloneInto(c); err != nil {
				return nil, fmt.Errorf("engine: perft: after answers %v: %w", path, err)
			}
			if err := c.AnswerIndex(i); err != nil {
				return nil, fmt.Errorf("engine: perft: after answers %v: option %d: %w", path, i, err)
			}
			if c.Err() != nil {
				return nil, fmt.Errorf("engine: perft: after answers %v: option %d: %w", path, i, c.Err())
			}
			c.TakeEvents()
			cv, err := p.visit(c, k+1, append(path[:len(path):len(path)], i))
			if err != nil {
				return nil, err
			}
			for j, n := range cv {
				v[j+1] += n
			}
		}
	}
	p.seen[k][h] = v
	return v, nil
}
