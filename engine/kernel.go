package engine

import (
	"slices"

	"github.com/duelistgame/duelist/card"
)

// Kernel is the handle a ruleset's Procedures receive: the duel's state and the kernel's building
// blocks (phases, prompts, moves, summons, battle, the chain, cost cards). It is the duel itself,
// seen from a ruleset; it is valid only during the hook (or the Ctx) that handed it out. Slices it
// returns are the kernel's own: read them, never change them.
type Kernel game

func (k *Kernel) g() *game { return (*game)(k) }

// Kernel returns the duel's kernel, for a ruleset's own card operations (package kouhu/rules).
func (c *Ctx) Kernel() *Kernel { return c.g.kernel() }

// RuleData returns the ruleset's data for a card (Procedures.CardData), or nil.
func (c *Ctx) RuleData(id CardID) any { return c.g.ruleDataOf(id) }

// Step starts a new step of the effect that is resolving: what it does next happens after what
// it did so far (Ctx operations start one themselves).
func (c *Ctx) Step() { c.step() }

// Rules returns the duel's rules.
func (k *Kernel) Rules() *Rules { return &k.rules }

// DB returns the duel's card database.
func (k *Kernel) DB() *card.DB { return k.db }

// Turn returns the turn number (from 1), TurnPlayer the seat whose turn it is, Phase its phase.
func (k *Kernel) Turn() int { return k.turn }

// TurnPlayer returns the seat whose turn it is.
func (k *Kernel) TurnPlayer() Seat { return k.turnPlayer }

// Phase returns the current phase.
func (k *Kernel) Phase() Phase { return k.phase }

// Zone returns a seat's cards at a location: a pile (the Deck's top card last) or the zones of a
// zoned location (NoCard for an empty zone). The Monster Zones, which the procedures read most,
// are answered where it is called (inlined); the rest by zoneOf.
func (k *Kernel) Zone(s Seat, l Loc) []CardID {
	if l == MZone {
		return k.players[s].mzone
	}
	return zoneOf(&k.players[s], l)
}

// zoneOf is Zone at a location other than the Monster Zones (not inlined, so that Zone is).
//
//go:noinline
func zoneOf(pl *player, l Loc) []CardID {
	switch l {
	case MZone:
		return pl.mzone
	case SZone:
		return pl.szone
	case FZone:
		if pl.fzone == NoCard {
			return nil
		}
		return []CardID{pl.fzone}
	}
	return *pl.pile(l)
}

// RuleData returns the ruleset's data for a card (Procedures.CardData), or nil.
func (k *Kernel) RuleData(id CardID) any { return k.g().ruleDataOf(id) }

// Data returns a card's printed data.
func (k *Kernel) Data(id CardID) *card.Data { return k.g().c(id).data }

// Place returns where a card is, Pos its position, Controller and Owner its seats.
func (k *Kernel) Place(id CardID) Place { return k.g().c(id).place }

// Pos returns a card's position.
func (k *Kernel) Pos(id CardID) Pos { return k.g().c(id).pos }

// Controller returns the seat that controls a card.
func (k *Kernel) Controller(id CardID) Seat { return k.g().c(id).ctrl }

// Owner returns the seat that owns a card.
func (k *Kernel) Owner(id CardID) Seat { return k.g().c(id).owner }

// ArrivedTurn returns the turn a card last came to the field; SetTurn the turn a Spell or Trap
// was Set.
func (k *Kernel) ArrivedTurn(id CardID) int { return int(k.g().c(id).arrivedTurn) }

// SetTurn returns the turn a Spell or Trap was Set.
func (k *Kernel) SetTurn(id CardID) int { return int(k.g().c(id).setTurn) }

// Counter returns how many counters of a kind a card has.
func (k *Kernel) Counter(id CardID, name string) int { return k.g().c(id).counters().get(name) }

// CannotActivate reports whether a card's script says the card is never activated.
func (k *Kernel) CannotActivate(id CardID) bool { return k.g().c(id).script.CannotActivate }

// ATK and DEF return a monster's current stats.
func (k *Kernel) ATK(id CardID) int { return k.g().atk(id) }

// DEF returns a monster's current DEF.
func (k *Kernel) DEF(id CardID) int { return k.g().def(id) }

// HasFlag reports whether a card is under a flag; PlayerHas whether a seat is under a rule change.
func (k *Kernel) HasFlag(id CardID, f Flag) bool { return k.g().hasFlag(id, f) }

// PlayerHas reports whether a seat is under a rule change.
func (k *Kernel) PlayerHas(s Seat, f PlayerFlag) bool { return k.g().playerHas(s, f) }

// Speed returns an effect's Spell Speed; DefaultRange where it works when its Range is 0.
func (k *Kernel) Speed(id CardID, e *Effect) int { return speedOf(e, k.g().c(id).data) }

// DefaultRange returns where an effect of a card works when its Range is 0.
func (k *Kernel) DefaultRange(id CardID, e *Effect) LocMask { return defaultRange(e, k.g().c(id).data) }

// ChainLen returns the number of links on the chain; Link the card, seat and speed of link i
// (from 0, the first); LinkTargets the cards link i targets.
func (k *Kernel) ChainLen() int { return len(k.chain) }

// Link returns the card, the seat and the speed of chain link i (from 0).
func (k *Kernel) Link(i int) (CardID, Seat, int) {
	l := &k.chain[i]
	return l.card, l.seat, l.speed
}

// LinkTargets returns the cards chain link i (from 0) targets.
func (k *Kernel) LinkTargets(i int) []CardID { return k.chain[i].targets }

// NegateResolving negates the effect of the link that is resolving and returns its card; false
// when no link resolves.
func (k *Kernel) NegateResolving() (CardID, bool) {
	l := k.resolving
	if l == nil {
		return NoCard, false
	}
	l.negEff = true
	return l.card, true
}

// MarkAction starts a new action: what happens next is not simultaneous with what came before.
func (k *Kernel) MarkAction() { k.g().markAction() }

// AfterAction ends an action: its triggers go on a chain and the seats may answer.
func (k *Kernel) AfterAction() { k.g().afterAction() }

// Window opens a window in which the seats may answer what just happened.
func (k *Kernel) Window() { k.g().window() }

// CheckState applies the state-based rules (a seat at 0 LP or that drew from an empty Deck loses).
func (k *Kernel) CheckState() { k.g().checkState() }

// BeginPhase starts an action that enters a phase (its event).
func (k *Kernel) BeginPhase(p Phase) {
	k.g().markAction()
	k.g().enterPhase(p)
}

// NextPhase leaves the current phase for p, which runs next.
func (k *Kernel) NextPhase(p Phase) { k.g().nextPhase(p) }

// MainPhase runs a Main Phase: the idle prompt (Procedures.IdlePrompt) again and again.
func (k *Kernel) MainPhase() { k.g().mainPhase() }

// BattlePhase runs the Battle Phase: the Battle Step's prompt (Procedures.CanAttack) again and
// again, each attack by Procedures.Attack.
func (k *Kernel) BattlePhase() { k.g().battlePhase() }

// EndTurn ends the turn: control taken until the End Phase returns, the effects of the turn
// expire, and the next seat's turn begins.
func (k *Kernel) EndTurn() {
	g := k.g()
	g.returnControl()
	g.expireAtEndOfTurn()
	g.beginTurn(g.next(g.turnPlayer))
}

// Draw draws a card for a seat.
func (k *Kernel) Draw(s Seat) { k.g().draw(s) }

// Shuffle shuffles a seat's Deck.
func (k *Kernel) Shuffle(s Seat) { k.g().shuffle(s) }

// Move moves a card; the event is of kind ev.
func (k *Kernel) Move(id CardID, to Place, pos Pos, ev EventKind) { k.g().move(id, to, pos, ev) }

// MovePublic moves a card and shows it to both seats.
func (k *Kernel) MovePublic(id CardID, to Place, pos Pos, ev EventKind) {
	k.g().moveEv(id, to, pos, ev, false, true)
}

// ToGY sends a card to its owner's Graveyard face-up; the event is of kind ev.
func (k *Kernel) ToGY(id CardID, ev EventKind) {
	k.g().move(id, Place{Seat: k.g().c(id).owner, Loc: GY}, FaceUp, ev)
}

// FreeZone returns the lowest empty zone of a seat's zoned location (a new one when zones are
// unlimited), or -1.
func (k *Kernel) FreeZone(s Seat, l Loc) int { return k.g().freeZone(s, l) }

// Emit records an event of a card (and a second card, or NoCard).
func (k *Kernel) Emit(ev EventKind, id, target CardID) { k.g().emitCard(ev, id, target) }

// Invalidate tells the kernel that what continuous effects read has changed.
func (k *Kernel) Invalidate() { k.changeSeq++ }

// Modify puts modifiers on a card on the field and records the change (one event).
func (k *Kernel) Modify(id CardID, mods ...Modifier) {
	if len(mods) == 0 {
		return
	}
	c := k.g().c(id)
	k.g().appendMods(c, mods...)
	k.changeSeq++
	k.g().emitCard(EvModified, id, NoCard)
}

// TurnFaceUp turns a card on the field face-up in place, at pos (no event: the caller records
// the flip).
func (k *Kernel) TurnFaceUp(id CardID, pos Pos) {
	c := k.g().c(id)
	c.pos = pos
	k.stampSeq++
	c.stamp = int32(k.stampSeq)
}

// SetActive marks a face-up card whose continuous effects apply (an activated Spell or Trap, a
// placed artifact).
func (k *Kernel) SetActive(id CardID, active bool) { k.g().c(id).active = active }

// Equip attaches a card on the field to a monster (an equip event).
func (k *Kernel) Equip(equip, target CardID) {
	g := k.g()
	g.c(equip).equipTarget = target
	g.c(equip).equipGen = g.c(target).gen
	g.equips = append(g.equips, equip)
	g.emitCard(EvEquip, equip, target)
}

// SetSpell Sets a Spell or Trap from the turn player's hand.
func (k *Kernel) SetSpell(id CardID) { k.g().setSpell(id) }

// PlaceMonster puts a monster face-up or face-down in the lowest free Monster Zone of seat s as
// summon type st (the event is of kind ev; the summon is not complete: see SummonWindow).
func (k *Kernel) PlaceMonster(id CardID, s Seat, pos Pos, ev EventKind, st SummonType) {
	k.g().placeMonsterAs(id, s, pos, ev, st)
}

// SummonWindow opens the window in which a summon (or a card placed like one) may be negated;
// it reports whether the summon stands.
func (k *Kernel) SummonWindow(id CardID) bool { return k.g().summonWindow(id) }

// Summoned completes a summon: the monster was properly summoned, and seat s summoned this turn.
func (k *Kernel) Summoned(id CardID, s Seat) {
	k.g().c(id).proper = true
	k.g().pl(s).summonTurn = k.turn
}

// SetSick gives a monster summoning sickness until the end of the turn; Sick reports it.
func (k *Kernel) SetSick(id CardID) { k.g().c(id).sickTurn = int32(k.turn) }

// Sick reports whether a monster has summoning sickness (SetSick this turn).
func (k *Kernel) Sick(id CardID) bool { return int(k.g().c(id).sickTurn) == k.turn }

// Destroy destroys a card on the field (by battle or not) by reason of a card (or NoCard).
func (k *Kernel) Destroy(id, reason CardID, byBattle bool) { k.g().destroyBy(id, reason, byBattle) }

// Damage deals damage to a seat's LP (battle damage or not).
func (k *Kernel) Damage(s Seat, n int, battle bool) { k.g().damage(s, n, battle) }

// Attacker returns the attacking monster, or NoCard.
func (k *Kernel) Attacker() CardID { return k.attacker }

// DeclareAttack declares an attack of a monster (a direct one until a target is given), records
// it and opens a window; it reports whether the attack goes on (not negated, the duel and the
// Battle Phase not over). EndAttack must follow.
func (k *Kernel) DeclareAttack(att CardID) bool {
	g := k.g()
	c := g.c(att)
	c.attackTurn, c.attacks = int32(g.turn), 1
	g.attacker, g.target, g.attackNegated = att, NoCard, false
	g.emitCard(EvAttack, att, NoCard)
	g.window()
	return !g.over && !g.attackNegated && !g.battleEnded
}

// EndAttack ends the attack in progress.
func (k *Kernel) EndAttack() { k.attacker, k.target = NoCard, NoCard }

// NewPrompt starts a prompt for a seat; the hook fills it and Ask (or the kernel) asks it.
func (k *Kernel) NewPrompt(kind PromptKind, s Seat) *Prompt { return k.g().newPrompt(kind, s) }

// AddCard adds a card option to a prompt unless an equal one is listed (two copies of a card in
// the same pile are one answer).
func (k *Kernel) AddCard(p *Prompt, kind OptionKind, id CardID) { k.g().addCard(p, kind, id) }

// AddActivations adds the effects seat s may activate now (Procedures.CanActivate).
func (k *Kernel) AddActivations(p *Prompt, s Seat, idle bool) { k.g().addActivations(p, s, idle) }

// AddSelections adds the options of a PromptSelect: every canonical choice of Min to Max of its
// Candidates.
func (k *Kernel) AddSelections(p *Prompt) { k.g().selectOptions(p) }

// Canonical returns the canonical form of a selection of a prompt's candidates (copies in the
// same pile are one answer), equal to sel when sel is canonical.
func (k *Kernel) Canonical(p *Prompt, sel uint64) uint64 { return k.g().canonicalSel(p, sel) }

// Ask asks the prompt made last and returns the answer.
func (k *Kernel) Ask() Option { return k.g().ask() }

// Selected returns the cards of a select answer.
func (k *Kernel) Selected(o Option) []CardID { return k.g().selectedCards(o) }

// Add adds an option of a card (or NoCard) to a prompt that a hook makes.
func (p *Prompt) Add(kind OptionKind, id CardID) { p.add(kind, id) }

// AddOption adds an option to a prompt that a hook makes.
func (p *Prompt) AddOption(o Option) { p.opts = append(p.opts, o) }

// GrowOptions makes room for n more options in a prompt that a hook makes (one allocation for a
// long list of options instead of one per doubling).
func (p *Prompt) GrowOptions(n int) { p.opts = slices.Grow(p.opts, n) }

// PlaceSetupMonster puts a Position's monster entry in its zone at pos with what the entry says
// (owner, summon, arrival, attack, counters).
func (k *Kernel) PlaceSetupMonster(s Seat, m MonsterSetup, pos Pos) (CardID, error) {
	return k.g().placeSetupMonster(s, m, pos)
}

// SetupEquips puts a Position's equip cards in seat s's zones at loc, attached to monster id;
// each must fit (what names them in the error).
func (k *Kernel) SetupEquips(s Seat, id CardID, codes []card.Passcode, loc Loc, fits func(*card.Data) bool, what string) error {
	return k.g().setupEquips(s, id, codes, loc, fits, what)
}

// Factorial returns n!: how many orders n cards have (the options of a PromptBlock give each
// choice of blockers its N-th order, Prompt.BlockOrder).
func Factorial(n int) int { return factorial(n) }

// BlockOrder returns the blockers of an OptBlock answer of a PromptBlock in the order they engage:
// the candidates its Sel chooses, in the Rank-th of their orders (numbered as the kernel numbers the orders of PromptOrder).
func (p *Prompt) BlockOrder(o Option) []CardID {
	var buf [scratchIDs]CardID
	return exactIDs(p.AppendBlockOrder(buf[:0], o))
}
