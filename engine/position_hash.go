package engine

import (
	"hash/fnv"
	"reflect"
)

// PositionHash returns a hash of the duel's position: of what Duel.Position exports (the zones
// and piles, each card's state and the cards it names by place, the seats' facts, the turn, the
// phase and the generator's state), not of the machinery that runs it (card IDs, the sequence
// numbers that order events and effects, turn stamps of past turns, caches). A duel loaded from
// a position therefore has the PositionHash of the duel it was exported from, which Hash, a hash
// of the whole state, does not give (the loader numbers the cards its own way). Two duels with
// the same PositionHash stand in the same position. It fails where Position does (an open state
// only).
func (d *Duel) PositionHash() (uint64, error) {
	pos, err := d.Position()
	if err != nil {
		return 0, err
	}
	return pos.Hash(), nil
}

// positionKey is what a Position's Hash covers: all of it but the card database and behaviours
// (fixed data) and KeepOpenStates (an option of the duel run from it).
type positionKey struct {
	Rules           Rules
	Seed            uint64
	RNG             *[2]uint64
	Turn            int
	Player          Seat
	Phase           Phase
	Step            Timing
	Idle, AlwaysAsk bool
	Tag             bool
	First           *Seat
	Seats           [MaxSeats]SeatSetup
}

// Hash returns a hash of the position (Duel.PositionHash).
func (p Position) Hash() uint64 {
	k := positionKey{Rules: p.Rules, Seed: p.Seed, RNG: p.RNG, Turn: p.Turn, Player: p.Player, Phase: p.Phase,
		Step: p.Step, Idle: p.Idle, AlwaysAsk: p.AlwaysAsk, Tag: p.Tag, First: p.First, Seats: p.Seats}
	w := hashWriter{out: make([]byte, 0, 4<<10), fields: map[reflect.Type][]int{}}
	w.value(reflect.ValueOf(k))
	h := fnv.New64a()
	h.Write(w.out)
	return h.Sum64()
}
