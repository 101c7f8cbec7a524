package engine

import "github.com/duelistgame/duelist/card"

// A monster's Type: its own (card.Data.Race), unless a Continuous effect with Static.Race gives
// it another while it is face-up in a Monster Zone (DNA Surgery: every face-up monster becomes the
// declared Type). Of several such effects, the one of the card that came face-up last applies.
// Whatever asks a monster's Type on the field asks Ctx.Race (cards.HasRace).

// race returns a card's Type now.
func (g *game) race(id CardID) card.Race {
	c := g.c(id)
	r := c.data.Race
	if g.contOn[contRace] == 0 || c.place.Loc != MZone || !c.pos.IsFaceUp() || g.arriving(id) {
		return r // before making the closure (contcount.go); as continuousStat
	}
	var stamp int32
	found := false
	g.activeContinuous(contRace, func(src CardID, e *Effect) bool {
		if e.Race == nil || e.Affects == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, g.c(src).ctrl, nil, nil)
		if e.Affects(ctx, id) && (!found || g.c(src).stamp >= stamp) {
			if v := e.Race(ctx, id); v != card.NoRace {
				r, found, stamp = v, true, g.c(src).stamp
			}
		}
		g.release()
		return true
	})
	return r
}

// Race returns a monster's Type: its own, or the one a Continuous effect gives it while it is
// face-up on the field (Static.Race).
func (c *Ctx) Race(id CardID) card.Race { return c.g.race(id) }
