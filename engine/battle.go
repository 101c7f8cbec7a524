package engine

// battlePhase runs the Battle Phase: the Start Step, then the Battle Step's prompt again and again
// (each one an open game state), each attack with its Damage Step, and the End Step. A ruleset's
// procedures run their own attacks (Procedures.Attack); with NoPhaseWindows there are no Start and
// End Step windows.
func (g *game) battlePhase() {
	if !g.phaseBegun {
		g.markAction()
		g.enterPhase(Battle)
		g.battleTurn = g.turn
		if g.secondBattle != g.turn {
			g.armBattlePhaseTwice()
		}
		if !g.rules.NoPhaseWindows {
			g.setTiming(StartStep)
			g.phaseWindow()
		}
	}
	for {
		g.setTiming(BattleStep)
		g.adjust()
		if g.over {
			return
		}
		if !g.inDuel(g.turnPlayer) { // it left a tag duel: its turn ends
			g.expireNow(EndOfBattlePhase)
			g.nextPhase(End)
			return
		}
		if g.battleEnded {
			// A card ended the Battle Phase (Wall of Wind): on to Main Phase 2.
			g.battleEnded = false
			g.expireNow(EndOfBattlePhase)
			g.nextPhase(Main2)
			return
		}
		g.battlePrompt()
		o := g.ask()
		switch o.Kind {
		case OptAttack:
			g.procs().Attack(g.kernel(), o.Card)
		case OptActivate:
			g.commandActivate(o)
		case OptMain2, OptEnd:
			if g.closingWindow() {
				continue // a chain resolved in the Battle Step: the turn player acts again
			}
			if g.over {
				return
			}
			// ygopro-core looks for the second Battle Phase as the Battle Step ends, before
			// the End Step (a mark made from here on waits for the next Battle Phase anyway).
			twice := g.secondBattle != g.turn && g.battlePhaseTwiceArmed()
			if !g.rules.NoPhaseWindows {
				g.markAction()
				g.setTiming(EndStep)
				g.phaseWindow()
			}
			g.expireNow(EndOfBattlePhase)
			switch {
			case twice && !g.over:
				g.startSecondBattle()
			case o.Kind == OptMain2:
				g.nextPhase(Main2)
			case g.rules.NoPhaseWindows || !g.passMain2():
				g.nextPhase(End)
			}
			return
		}
	}
}

// armBattlePhaseTwice arms the turn player's PFBattlePhaseTwice marks as its (first) Battle Phase
// starts: each now lasts until the end of this Battle Phase, which it doubles. A mark made later in
// the phase stays as it was made, for the next Battle Phase.
func (g *game) armBattlePhaseTwice() {
	for i := range g.pmods {
		if m := &g.pmods[i]; m.seat == g.turnPlayer && m.flags == PFBattlePhaseTwice {
			m.expiry = EndOfBattlePhase
		}
	}
}

// battlePhaseTwiceArmed reports whether the turn player holds an armed PFBattlePhaseTwice mark.
func (g *game) battlePhaseTwiceArmed() bool {
	for _, m := range g.pmods {
		if m.seat == g.turnPlayer && m.flags == PFBattlePhaseTwice && m.expiry == EndOfBattlePhase {
			return true
		}
	}
	return false
}

// startSecondBattle leaves the first Battle Phase of a turn for a second one (PFBattlePhaseTwice):
// the attacks declared in the first are forgotten, for the monsters of both sides (ygopro-core
// clears every monster's attack counts), so each may attack again; having attacked this turn, a
// monster still may not change its battle position.
func (g *game) startSecondBattle() {
	g.secondBattle = g.turn
	for _, s := range g.seats() {
		for _, id := range g.pl(s).mzone {
			if id != NoCard {
				g.c(id).attacks = 0
			}
		}
	}
	g.nextPhase(Battle)
}

// passMain2 takes the turn player who ended the Battle Phase with "end" through Main Phase 2's
// window on its way to the End Phase (RULES.md "Settled against the reference engine"): the phase
// begins (its waiting triggers get their window), and the turn player's "end" is its pass in the
// window that closes it. It reports whether a chain resolved there, in which case the turn player
// is at its idle prompt in Main Phase 2 (the phase has begun: the duel's loop goes on there).
func (g *game) passMain2() bool {
	g.nextPhase(Main2)
	g.markAction()
	g.enterPhase(Main2)
	if len(g.pending) > 0 {
		g.window()
	}
	if g.over || !g.inDuel(g.turnPlayer) {
		return false
	}
	return g.closingWindow()
}

// setTiming moves to a step or Damage Step timing and records it.
func (g *game) setTiming(t Timing) {
	if g.timing == t {
		return
	}
	g.timing = t
	g.emit(Event{Kind: EvStep, Seat: g.turnPlayer, Timing: t, Card: NoCard, Target: NoCard})
}

// battlePrompt lists the Battle Step options: attack with each monster that may, main2, end.
func (g *game) battlePrompt() *Prompt {
	tp := g.turnPlayer
	p := g.newPrompt(PromptBattle, tp)
	procs := g.procs()
	for _, id := range g.pl(tp).mzone {
		if id != NoCard && procs.CanAttack(g.kernel(), id) {
			p.add(OptAttack, id)
		}
	}
	g.freeActs = true // the turn player's priority in the Battle Step: Effect.NoChain effects too
	g.addActivations(p, tp, false)
	g.freeActs = false
	p.add(OptMain2, NoCard)
	p.add(OptEnd, NoCard)
	return p
}

// canAttack: a face-up attack-position monster of the turn player that has not attacked this turn.
func (g *game) canAttack(id CardID) bool {
	c := g.c(id)
	return c.pos == FaceUpAtk && c.ctrl == g.turnPlayer && g.attackLeft(c, id) &&
		!g.playerHas(c.ctrl, PFCannotAttack) && !g.hasFlag(id, FlagCannotAttack) && g.hasTargetFor(id) &&
		g.attackCostsPayable(id) && !g.forbidden(id)
}

// oppMonsterCount counts the monsters of a seat's opponents (in a tag duel, of both).
func (g *game) oppMonsterCount(s Seat) int {
	n := 0
	for _, opp := range g.opponents(s) {
		n += g.monsterCount(opp)
	}
	return n
}

// oppTargetCount counts the monsters of a seat's opponents that its attacks take into account:
// a monster ignored as an attack target (FlagIgnoredAsAttackTarget) is not counted, so that a
// direct attack is possible when it is alone (ygopro-core's EFFECT_IGNORE_BATTLE_TARGET).
func (g *game) oppTargetCount(s Seat) int {
	n := g.oppMonsterCount(s)
	if n == 0 {
		return 0
	}
	for _, opp := range g.opponents(s) {
		for _, id := range g.pl(opp).mzone {
			if id != NoCard && g.hasFlag(id, FlagIgnoredAsAttackTarget) {
				n--
			}
		}
	}
	return n
}

// chooseTarget asks the attack target: one of the opponent's monsters, or a direct attack when the
// opponent has none; after a replay the attack may also be stopped (ok = false). In a tag duel the
// monsters of both opponents may be attacked, and a direct attack, when neither has a monster,
// names the opponent it hits ("direct B2").
func (g *game) chooseTarget(att CardID, replay bool) (target CardID, ok bool) {
	tp := g.turnPlayer
	p := g.newPrompt(PromptTarget, tp)
	p.Subject = att
	all := g.oppTargetCount(tp)
	for _, opp := range g.opponents(tp) {
		for _, id := range g.pl(opp).mzone {
			if id != NoCard && !g.hasFlag(id, FlagCannotBeAttackTarget|FlagIgnoredAsAttackTarget) && g.attackTargetAllowed(att, id) {
				p.Candidates = append(p.Candidates, id)
			}
		}
	}
	p.Min, p.Max, p.Purpose = 1, 1, ForTarget
	for i := range p.Candidates {
		p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard, Sel: 1 << i})
	}
	if (all == 0 || g.mayAttackDirectly(att)) && !g.directBarred(att) {
		if g.tag {
			for _, opp := range g.opponents(tp) {
				p.opts = append(p.opts, Option{Kind: OptDirect, Card: NoCard, Direct: uint8(opp) + 1})
			}
		} else {
			p.add(OptDirect, NoCard)
		}
	}
	if replay {
		p.add(OptCancel, NoCard)
	}
	o := g.ask()
	switch o.Kind {
	case OptDirect:
		g.directSeat = tp.Other()
		if o.Direct > 0 {
			g.directSeat = Seat(o.Direct - 1)
		}
		return NoCard, true
	case OptCancel:
		return NoCard, false
	}
	for i, id := range g.prompt.Candidates {
		if o.Picks(i) {
			return id, true // the one pick, without making the list
		}
	}
	return NoCard, false
}

// attack runs one attack: declaration, the replay check, the Damage Step.
func (g *game) attack(att CardID) {
	g.payAttackCosts(att) // as the attacker is chosen, before its target (ygopro's order)
	tgt, _ := g.chooseTarget(att, false)
	c := g.c(att)
	g.countAttack(c)
	g.attacker, g.target = att, tgt
	g.attackNegated = false
	g.oppChanged = false
	g.markAction()
	g.emitCard(EvAttack, att, tgt)
	g.attackWindow()
	for {
		if g.attackNegated {
			g.attacker, g.target = NoCard, NoCard
			return
		}
		if !g.attackerCanBattle() {
			g.endAttack()
			return
		}
		if !g.needsReplay() {
			break
		}
		// RULES.md ocg and "Settled against the reference engine": the set of the opponent's
		// monsters changed between the declaration and the Damage Step: choose a new target or
		// stop; stopping uses the attack.
		g.emitCard(EvReplay, att, g.target)
		t, ok := g.chooseTarget(att, true)
		if !ok {
			g.endAttack()
			return
		}
		g.target = t
		g.oppChanged = false
		g.markAction()
		g.emitCard(EvRetarget, att, t)
		g.attackWindow()
	}
	g.damageStep()
	g.endOfBattle()
	g.attacker, g.target = NoCard, NoCard
	// What the Damage Step made happen was answerable in its windows only: the Battle Step's
	// prompt that follows offers no answer to it (ygopro-core; a Michizure passed at the end of
	// the Damage Step, lockstep PSV seeds 14, 24, 26, 27).
	g.fresh, g.freshKinds = g.fresh[:0], 0
}

// attackWindow is the window after an attack declaration; Effect.NoChain effects may be used in it
// (ygopro-core's free continuous effects after the declaration's chain windows).
func (g *game) attackWindow() {
	prev := g.freeActs
	g.freeActs = true
	g.window()
	g.freeActs = prev
}

// endOfBattle ends the changes that last for one battle (Kuriboh's).
func (g *game) endOfBattle() {
	g.expireNow(EndOfDamageCalc) // a battle stopped before damage calculation
	g.expireNow(EndOfBattle)
}

// expireNow removes the lasting changes, on cards and players, with the given expiry.
func (g *game) expireNow(e Expiry) {
	kept := g.pmods[:0]
	for _, m := range g.pmods {
		if m.expiry != e {
			kept = append(kept, m)
		}
	}
	g.pmods = kept
	g.sweepMods(func(m *Modifier) bool { return m.Expiry == e })
}

// endAttack ends an attack that does not reach the Damage Step.
func (g *game) endAttack() {
	if g.attacker != NoCard && g.c(g.attacker).place.Loc == MZone {
		g.emitCard(EvAttackEnd, g.attacker, g.target)
	}
	g.attacker, g.target = NoCard, NoCard
}

// attackerCanBattle: the attacker is still a face-up attack-position monster of the turn player.
func (g *game) attackerCanBattle() bool {
	c := g.c(g.attacker)
	return c.place.Loc == MZone && c.ctrl == g.turnPlayer && c.pos == FaceUpAtk
}

// targetOnField: the attack target is still a monster of the opponent.
func (g *game) targetOnField() bool {
	if g.target == NoCard {
		return true
	}
	c := g.c(g.target)
	return c.place.Loc == MZone && isOpp(c.ctrl, g.turnPlayer)
}

// needsReplay: the set of the opponent's monsters changed since the declaration (a monster came or
// went, even if the set is the same again now: ygopro-core's check after every action sticks), or
// the target is gone.
func (g *game) needsReplay() bool {
	return g.oppChanged || !g.targetOnField()
}

// noteOppMonsters records that a card arrives at or leaves place p: a Monster Zone of the turn
// player's opponent while an attack is declared and before its Damage Step changes the set of the
// monsters it could attack (needsReplay).
func (g *game) noteOppMonsters(p Place) {
	if g.attacker != NoCard && p.Loc == MZone && g.timing == BattleStep && isOpp(p.Seat, g.turnPlayer) {
		g.oppChanged = true
	}
}

// damageStep runs the Damage Step's timings (RULES.md ocg "Battle"). Each timing is a real point
// where chain windows open; if the attacker or the target leaves, the battle stops there.
func (g *game) damageStep() {
	att, tgt := g.attacker, g.target
	g.markAction()
	g.held = true
	defer func() { g.held = false }()
	g.setTiming(DamageStart)
	g.window()
	if !g.battleGoesOn() {
		return
	}
	// A direct attack has no "before damage calculation" timing: damage calculation follows the
	// start of the Damage Step (RULES.md "Settled against the reference engine").
	if tgt != NoCard {
		g.markAction()
		g.setTiming(BeforeCalc)
		if t := g.c(tgt); t.pos == FaceDownDef {
			t.pos = FaceUpDef
			g.emitCard(EvFlip, tgt, NoCard)
		}
		g.window()
		if !g.battleGoesOn() {
			return
		}
	}
	g.markAction()
	g.setTiming(DuringCalc)
	g.window()
	if !g.battleGoesOn() {
		return
	}
	g.markAction()
	g.damageCalculation(att, tgt)
	g.expireNow(EndOfDamageCalc)
	g.checkState()
	g.held = false
	g.setTiming(AfterCalc)
	g.window()
	g.markAction()
	g.setTiming(DamageEnd)
	for _, id := range [2]CardID{att, tgt} {
		if id != NoCard && g.c(id).destroyed && g.c(id).place.Loc == MZone {
			if sub := g.substitute(id); sub != NoCard {
				g.c(id).destroyed = false
				g.destroyBy(sub, NoCard, false) // the equip card instead (a Union monster)
				continue
			}
			if sub := g.battleSubstitute(id); sub != NoCard {
				g.c(id).destroyed = false
				g.destroyBy(sub, NoCard, false) // the monster it absorbed instead (Relinquished)
				continue
			}
			g.destroy(id, true)
		}
	}
	g.window()
}

// battleGoesOn: both monsters of the battle are still where the battle needs them.
func (g *game) battleGoesOn() bool {
	if !g.attackerCanBattle() || !g.targetOnField() {
		g.endAttack()
		return false
	}
	return true
}

// damageCalculation applies the damage table of RULES.md ocg "Battle".
func (g *game) damageCalculation(att, tgt CardID) {
	o := g.battleOutcome(att, tgt)
	g.emitCard(EvBattle, att, tgt)
	if o.destroyTgt {
		g.battleDestroy(tgt, att)
	}
	if o.destroyAtt {
		g.battleDestroy(att, tgt)
	}
	g.damage(g.defender(), o.toDefender, true)
	g.damage(g.turnPlayer, o.toAttacker, true)
}

// battleOutcome is what damage calculation does (RULES.md ocg "Battle"): the monsters it
// destroys by battle and the battle damage to each player, before any rule that prevents them.
type battleOutcome struct {
	destroyAtt, destroyTgt bool
	toAttacker, toDefender int // battle damage to the attacker's controller and to the defender
}

// battleOutcome computes the damage calculation of att attacking tgt (NoCard: directly) with
// their ATK and DEF now.
func (g *game) battleOutcome(att, tgt CardID) battleOutcome {
	var o battleOutcome
	a := g.atk(att)
	if tgt == NoCard {
		o.toDefender = a // a direct attack with 0 ATK is not a successful direct attack
		return o
	}
	if g.c(tgt).pos == FaceUpAtk {
		d := g.atk(tgt)
		switch {
		case a > d:
			o.destroyTgt, o.toDefender = true, a-d
		case a < d:
			o.destroyAtt, o.toAttacker = true, d-a
		case a > 0: // equal ATK destroys both; 0 vs 0 destroys nothing
			o.destroyTgt, o.destroyAtt = true, true
		}
		return o
	}
	d := g.def(tgt)
	switch {
	case a > d:
		o.destroyTgt = true
		if g.hasFlag(att, FlagPierce) {
			o.toDefender = a - d
		}
	case a < d:
		o.toAttacker = d - a
	}
	return o
}

// battleDamageTo returns the battle damage seat s would take from the attack in progress if
// damage calculation happened now (0 outside a battle, or when a rule prevents it).
func (g *game) battleDamageTo(s Seat) int {
	if g.attacker == NoCard || g.playerHas(s, PFNoDamage) || g.playerHas(s, PFNoBattleDamage) {
		return 0
	}
	o := g.battleOutcome(g.attacker, g.target)
	n := 0
	if s == g.defender() {
		n += o.toDefender
	}
	if s == g.turnPlayer {
		n += o.toAttacker
	}
	return n
}

// defender returns the seat the attack in progress is against: the target's controller, or the
// opponent a direct attack hits.
func (g *game) defender() Seat {
	if g.target != NoCard {
		return g.c(g.target).ctrl
	}
	if g.tag {
		return g.directSeat
	}
	return g.turnPlayer.Other()
}

// battleDestroy marks a monster destroyed by battle with another, unless a rule keeps it.
func (g *game) battleDestroy(id, by CardID) {
	c := g.c(id)
	if g.hasFlag(id, FlagIndestructibleBattle) || g.playerHas(c.ctrl, PFIndestructibleBattle) {
		return
	}
	c.destroyed = true
}

// destroy destroys a monster by battle or by the rules.
func (g *game) destroy(id CardID, byBattle bool) { g.destroyBy(id, NoCard, byBattle) }

// battleSubstitute returns the monster card equipped to monster id that is destroyed instead of
// it by battle (its script's BattleSubstitute), or NoCard.
func (g *game) battleSubstitute(id CardID) CardID {
	c := g.c(id)
	if c.script == nil || !c.script.BattleSubstitute || !c.pos.IsFaceUp() || g.negated(id) {
		return NoCard
	}
	for _, e := range g.equips {
		if g.equipTargetOf(e) == id && g.c(e).data.IsMonster() {
			return e
		}
	}
	return NoCard
}
