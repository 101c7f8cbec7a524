package engine

import "strings"

// The seats of a duel: two, or four in a tag duel (RULES.md "Tag duel"). Turn order, chain
// priority and "the opponent" go through these helpers, so the procedures read the same for both.

var (
	seats2 = []Seat{A, B}
	seats4 = []Seat{A, B, A2, B2}
)

// seats returns every seat of the duel, A first.
func (g *game) seats() []Seat {
	if g.tag {
		return seats4
	}
	return seats2
}

// inDuel reports whether a seat still plays: it exists and has not left a tag duel.
func (g *game) inDuel(s Seat) bool { return int(s) < g.seatCount() && !g.players[s].out }

// rotation returns the seat at position i of the turn rotation that starts with the first player:
// first, its opponent, first's partner, the opponent's partner (A1 → B1 → A2 → B2 when A1 goes
// first).
func (g *game) rotation(i int) Seat {
	return g.first ^ Seat(i%g.seatCount())
}

// rotIndex returns a seat's index in the rotation.
func (g *game) rotIndex(s Seat) int { return int(s ^ g.first) }

// next returns the seat after s in turn order that is still in the duel (s itself when no other
// is). In a duel of two it is s's opponent.
func (g *game) next(s Seat) Seat {
	if !g.tag {
		return s ^ 1 // nobody leaves a duel of two before it ends
	}
	i := g.rotIndex(s)
	for k := 1; k <= g.seatCount(); k++ {
		if n := g.rotation(i + k); g.inDuel(n) {
			return n
		}
	}
	return s
}

// active returns how many seats are still in the duel.
func (g *game) active() int {
	if !g.tag {
		return 2
	}
	n := 0
	for _, s := range g.seats() {
		if g.inDuel(s) {
			n++
		}
	}
	return n
}

// isOpp reports whether b is an opponent of a (of the other team).
func isOpp(a, b Seat) bool { return a.Team() != b.Team() }

// oppsTag holds, per seat and per which of its two opponents are still in the duel (bit 0: the one
// across the table, bit 1: that one's partner), the list opponents returns.
var oppsTag = func() (t [MaxSeats][4][]Seat) {
	for s := A; s <= B2; s++ {
		o, p := s.Other(), s.Other().Partner()
		t[s] = [4][]Seat{{}, {o}, {p}, {o, p}}
	}
	return t
}()

// opponents returns the seats of the other team that are still in the duel, the one across the
// table first. The slice is shared: do not modify it.
func (g *game) opponents(s Seat) []Seat {
	o := s.Other()
	if !g.tag {
		return seats2[o : o+1]
	}
	m := 0
	if g.inDuel(o) {
		m |= 1
	}
	if g.inDuel(o.Partner()) {
		m |= 2
	}
	return oppsTag[s][m]
}

// allies returns the seat and, in a tag duel, its partner while the partner is in the duel.
func (g *game) allies(s Seat) []Seat {
	if !g.tag || !g.inDuel(s.Partner()) {
		return seats4[s : s+1]
	}
	return alliesTag[s]
}

var alliesTag = [MaxSeats][]Seat{{A, A2}, {B, B2}, {A2, A}, {B2, B}}

// setTag makes the duel a tag duel of four seats.
func (g *game) setTag() { g.tag = true }

// seatCount returns how many seats the duel has: 2, or 4 in a tag duel.
func (g *game) seatCount() int {
	if g.tag {
		return MaxSeats
	}
	return 2
}

// checkTeams is checkState for a tag duel: a team whose members have both lost loses (both teams
// at once: a draw); otherwise each seat that lost leaves the duel.
func (g *game) checkTeams() {
	var teamLost [2]bool
	for t := A; t <= B; t++ {
		teamLost[t] = (!g.inDuel(t) || g.lost(t)) && (!g.inDuel(t.Partner()) || g.lost(t.Partner()))
	}
	if teamLost[A] || teamLost[B] {
		for _, s := range g.seats() {
			if g.lost(s) {
				g.pl(s).out = true // the duel ends: its field stays as it was
			}
		}
	}
	switch {
	case teamLost[A] && teamLost[B]:
		g.endDuel(2, "both teams lost at once")
	case teamLost[A]:
		g.endDuel(int(B), "team A lost: "+g.teamReason(A))
	case teamLost[B]:
		g.endDuel(int(A), "team B lost: "+g.teamReason(B))
	default:
		for _, s := range g.seats() {
			if g.inDuel(s) && g.lost(s) {
				g.leaveDuel(s)
			}
		}
		return
	}
	panic(stopSignal{})
}

// teamReason says why the members of a team lost.
func (g *game) teamReason(t Seat) string {
	var parts []string
	for _, s := range []Seat{t, t.Partner()} {
		if g.lost(s) {
			parts = append(parts, g.lossReason(s))
		}
	}
	return strings.Join(parts, ", ")
}

// leaveDuel takes a seat out of a tag duel (RULES.md "Tag duel": its turns are skipped). The cards
// it controls on the field go to their owners' Graveyards by rule; its hand and piles stay where
// they are, out of play.
func (g *game) leaveDuel(s Seat) {
	pl := g.pl(s)
	pl.out = true
	g.emit(Event{Kind: EvOut, Seat: s, Card: NoCard, Target: NoCard})
	var ids []CardID
	for _, z := range [][]CardID{pl.mzone, pl.szone, {pl.fzone}} {
		for _, id := range z {
			if id != NoCard {
				ids = append(ids, id)
			}
		}
	}
	for _, id := range ids {
		if c := g.c(id); c.place.Loc.OnField() && c.place.Seat == s {
			g.move(id, Place{Seat: c.owner, Loc: GY}, FaceUp, EvOut)
		}
	}
}

// otherField returns a Field Spell in another seat's Field Zone, or NoCard.
func (g *game) otherField(s Seat) CardID {
	for _, o := range g.seats() {
		if o != s && g.pl(o).fzone != NoCard {
			return g.pl(o).fzone
		}
	}
	return NoCard
}

// noBattleTurns returns how many turns from the duel's start have no Battle Phase: the first
// turn, or in a tag duel the first turn of each team (RULES.md "Tag duel").
func (g *game) noBattleTurns() int {
	if g.tag {
		return 2
	}
	return 1
}
