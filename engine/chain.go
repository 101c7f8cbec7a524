package engine

// window is a point where the rules let both seats respond: after an action, at the start of each
// phase and step, at each Damage Step timing. The turn player has priority first; when a seat passes
// the other may act; when both pass in a row the duel moves on. A seat with nothing it could
// activate is not asked (notation.md "Rules for engines"), unless the duel always asks.
//
// Activations, chain links and their resolution build on this function: an activation opens a
// chain, the other seat gets priority to respond, and the chain resolves last-in first-out when
// both pass in a row.
func (g *game) window() {
	if g.over {
		return
	}
	for i := 0; i < 2; i++ {
		s := g.turnPlayer
		if i == 1 {
			s = s.Other()
		}
		p := g.newPrompt(PromptChain, s)
		g.addActivations(p, s)
		if len(p.opts) == 0 && !g.alwaysAsk {
			continue
		}
		p.add(OptPass, NoCard)
		g.ask()
	}
}

// addActivations lists what a seat may activate at this point. With Normal Monsters only there is
// nothing yet; Spells, Traps and effects add their options here.
func (g *game) addActivations(p *Prompt, s Seat) {}

// ChainNames returns the names of the cards whose chain links have not finished resolving, chain
// link 1 first.
func (d *Duel) ChainNames() []string { return nil }

// Counters returns the counters on a card by counter name.
func (d *Duel) Counters(id CardID) map[string]int { return nil }
