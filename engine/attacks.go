package engine

// Attack abilities a monster may have from its card or from an effect (flags): piercing damage,
// attacking directly while the opponent has monsters, never attacking directly, and attacking
// more than once in a Battle Phase. The battle procedure (battle.go) asks these.

// attackLeft reports whether a monster still has an attack this Battle Phase: none declared yet
// this turn, or since a second Battle Phase began (startSecondBattle), or fewer than
// FlagExtraAttack allows (a second attack).
func (g *game) attackLeft(c *cardState, id CardID) bool {
	if int(c.attackTurn) != g.turn || c.attacks == 0 {
		return true
	}
	return c.attacks < 2 && g.hasFlag(id, FlagExtraAttack)
}

// countAttack records an attack declaration of a monster this turn.
func (g *game) countAttack(c *cardState) {
	if int(c.attackTurn) == g.turn {
		c.attacks++
	} else {
		c.attacks = 1
	}
	c.attackTurn = int32(g.turn)
}

// mayAttackDirectly reports whether a monster may declare a direct attack while the opponent
// controls monsters (FlagDirectAttack).
func (g *game) mayAttackDirectly(id CardID) bool { return g.hasFlag(id, FlagDirectAttack) }

// directBarred reports whether a monster may never attack directly (FlagNoDirectAttack).
func (g *game) directBarred(id CardID) bool { return g.hasFlag(id, FlagNoDirectAttack) }

// hasTargetFor reports whether a monster has something to attack: a monster of the opponent that
// may be attacked, or the opponent directly (when it has no monster, or the monster may attack
// directly anyway), unless the monster may never attack directly.
func (g *game) hasTargetFor(id CardID) bool {
	if g.oppTargetCount(g.turnPlayer) == 0 {
		return !g.directBarred(id)
	}
	if g.mayAttackDirectly(id) && !g.directBarred(id) {
		return true
	}
	for _, opp := range g.opponents(g.turnPlayer) {
		for _, t := range g.pl(opp).mzone {
			if t != NoCard && !g.hasFlag(t, FlagCannotBeAttackTarget|FlagIgnoredAsAttackTarget) && g.attackTargetAllowed(id, t) {
				return true
			}
		}
	}
	return false
}

// attackTargetAllowed reports whether no Continuous effect's AttackTarget forbids the attacker
// to attack the monster target.
func (g *game) attackTargetAllowed(att, target CardID) bool {
	if g.contOn[contAttack] == 0 {
		return true
	}
	ok := true
	s := g.c(att).ctrl
	g.activeContinuous(contAttack, func(src CardID, e *Effect) bool {
		if e.AttackTarget == nil || e.Affects == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, s, nil, nil)
		if e.Affects(ctx, att) && !e.AttackTarget(ctx, att, target) {
			ok = false
		}
		g.release()
		return ok
	})
	return ok
}

// attackCostsPayable reports whether every attack cost on a monster can be paid (AttackCost).
func (g *game) attackCostsPayable(id CardID) bool {
	if g.contOn[contAttack] == 0 {
		return true
	}
	ok := true
	s := g.c(id).ctrl
	g.activeContinuous(contAttack, func(src CardID, e *Effect) bool {
		if e.AttackCost == nil || e.Affects == nil || g.negated(src) {
			return true
		}
		ctx := g.ctx(src, e, s, nil, nil)
		if e.Affects(ctx, id) && e.AttackCost.CanPay != nil && !e.AttackCost.CanPay(ctx, id) {
			ok = false
		}
		g.release()
		return ok
	})
	return ok
}

// payAttackCosts pays the attack costs on a monster whose attack is being declared.
func (g *game) payAttackCosts(id CardID) {
	if g.contOn[contAttack] == 0 {
		return
	}
	s := g.c(id).ctrl
	var buf [8]*Effect
	var srcs [8]CardID
	costs, from := buf[:0], srcs[:0]
	g.activeContinuous(contAttack, func(src CardID, e *Effect) bool {
		if e.AttackCost != nil && e.AttackCost.Pay != nil && e.Affects != nil && !g.negated(src) {
			ctx := g.ctx(src, e, s, nil, nil)
			if e.Affects(ctx, id) {
				costs, from = append(costs, e), append(from, src)
			}
			g.release()
		}
		return true
	})
	for i, e := range costs { // paid after the walk: a payment may change the field
		ctx := g.ctx(from[i], e, s, nil, nil)
		e.AttackCost.Pay(ctx, id)
		g.release()
	}
}
