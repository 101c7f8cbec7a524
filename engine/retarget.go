package engine

import "slices"

// Changing a chain link's target (Fairy's Hand Mirror): the link's targets, whether a card would
// be a legal target of the link's effect, and the change.

// LinkTargets returns chain link n's targets (n = 0: the last link) that are still where they
// were targeted.
func (c *Ctx) LinkTargets(n int) []CardID {
	g := c.g
	if n == 0 {
		n = len(g.chain)
	}
	if n < 1 || n > len(g.chain) {
		return nil
	}
	l := &g.chain[n-1]
	var out []CardID
	for i, id := range l.targets {
		if int(g.c(id).gen) == l.targetMoves[i] {
			out = append(out, id)
		}
	}
	return out
}

// CouldTarget reports whether card id would be a legal target of chain link n's effect (n = 0:
// the last link), as its activation chose its targets: id is among the candidates the effect's
// Target function offers to its first SelectTargets, asked in a dry run that prompts nothing
// and changes nothing (ygopro-core's CheckChainTarget).
func (c *Ctx) CouldTarget(n int, id CardID) bool {
	g := c.g
	if n == 0 {
		n = len(g.chain)
	}
	if n < 1 || n > len(g.chain) {
		return false
	}
	l := &g.chain[n-1]
	if l.eff.Target == nil {
		return false
	}
	var ev *Event
	if l.hasEv {
		ev = &l.ev
	}
	var cands []CardID
	dry := g.ctx(l.card, l.eff, l.seat, ev, nil)
	dry.capture = &cands
	l.eff.Target(dry)
	g.release()
	for _, x := range cands {
		if x == id {
			return true
		}
	}
	return false
}

// ChangeTarget makes card id the only target of chain link n (n = 0: the last link).
func (c *Ctx) ChangeTarget(n int, id CardID) {
	g := c.g
	if n == 0 {
		n = len(g.chain)
	}
	if n < 1 || n > len(g.chain) || !c.Targetable(id) {
		return
	}
	l := &g.chain[n-1]
	l.targets = append(l.targets[:0], id)
	l.targetMoves = append(l.targetMoves[:0], int(g.c(id).gen))
	g.emitCard(EvTarget, id, NoCard)
}

// AttackableTargets returns the monsters the attack in progress could be aimed at now: the
// monsters of the attacker's opponents that it may attack (as its declaration offers them);
// none while no monster attacks.
func (c *Ctx) AttackableTargets() []CardID {
	g := c.g
	att := g.attacker
	if att == NoCard {
		return nil
	}
	var out []CardID
	for _, opp := range g.opponents(g.turnPlayer) {
		for _, id := range g.pl(opp).mzone {
			if id != NoCard && !g.hasFlag(id, FlagCannotBeAttackTarget) && g.attackTargetAllowed(att, id) {
				out = append(out, id)
			}
		}
	}
	return out
}

// ChangeAttackTarget makes monster id, one of AttackableTargets, the target of the attack in
// progress (Shift) and reports whether it did. The attack is then aimed at the opponent's
// monsters as they are now: it is replayed only if they change again (ygopro-core's
// ChangeAttackTarget takes a new snapshot of them).
func (c *Ctx) ChangeAttackTarget(id CardID) bool {
	g := c.g
	if g.attacker == NoCard || !slices.Contains(c.AttackableTargets(), id) {
		return false
	}
	c.step()
	g.target = id
	g.oppChanged = false
	g.emitCard(EvRetarget, g.attacker, id)
	return true
}
