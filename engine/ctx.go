package engine

import (
	"fmt"
	"math"

	"github.com/duelistgame/duelist/card"
)

// Ctx is what card code sees of the duel while one of its effects is checked, paid, targeted or
// resolved: the effect, its card, its controller, the event it answers, and the operations of the
// rules (select, destroy, draw, summon ...). Card code reads the duel only through a Ctx.
//
// The card lists a Ctx returns live until the card code's run ends (the call the engine made into
// it returns), in the duel's scratch space (lists.go): card code may count them, look through
// them, filter them and hand them to the Ctx's operations while it runs, never keep them for a
// later run.
type Ctx struct {
	g      *game
	eff    *Effect
	card   CardID
	player Seat
	ev     *Event
	evv    Event      // the event, when the Ctx keeps its own copy
	link   *chainLink // the chain link being paid, targeted or resolved (nil for checks)
	// capture, when set, makes the Ctx a dry run of a Target function (CouldTarget): choices
	// prompt nothing, and the candidates of its first SelectTargets are kept here.
	capture *[]CardID
	group   []CardID // an Automatic effect's Group (a chain link keeps its own)
}

// Self returns the card whose effect this is.
func (c *Ctx) Self() CardID { return c.card }

// You returns the effect's controller; Opp the other seat.
func (c *Ctx) You() Seat { return c.player }

// Opp returns the seat opposing the effect's controller; in a tag duel the opponent across the
// table. A card's "your opponent" is Opponents (in a tag duel, both opponents).
func (c *Ctx) Opp() Seat { return c.player.Other() }

// Event returns the event a Trigger or event-bound effect answers, or nil.
func (c *Ctx) Event() *Event { return c.ev }

// Group returns, for an Effect.OncePerAction effect, the cards of the events of one action that
// set it off (the cards of one discard, of one sending to the Graveyard), the kept event's card
// first; nil for other effects. The slice must not be changed.
func (c *Ctx) Group() []CardID {
	if c.link != nil {
		return c.link.group
	}
	return c.group
}

// TurnPlayer returns the seat whose turn it is.
func (c *Ctx) TurnPlayer() Seat { return c.g.turnPlayer }

// Phase returns the current phase.
func (c *Ctx) Phase() Phase { return c.g.phase }

// Turn is the number of the current turn (1 = the duel's first): a mark that lasts to the end of
// the turn it was made in compares it.
func (c *Ctx) Turn() int { return c.g.turn }

// ConductedBattlePhase reports whether a seat has entered its Battle Phase this turn.
func (c *Ctx) ConductedBattlePhase(s Seat) bool {
	return c.g.battleTurn == c.g.turn && c.g.turnPlayer == s
}

// BattlePhaseAhead reports whether this turn is in its Battle Phase, or a Battle Phase can still
// come: the phase is before it and the turn player may enter one (RULES.md "Settled against the
// reference engine": Waboku is offered only then).
func (c *Ctx) BattlePhaseAhead() bool {
	g := c.g
	switch g.phase {
	case Battle:
		return true
	case Draw, Standby, Main1:
		return g.mayEnterBattle()
	}
	return false
}

// Timing returns the Battle Phase step or Damage Step timing.
func (c *Ctx) Timing() Timing { return c.g.timing }

// Data returns a card's static data.
func (c *Ctx) Data(id CardID) *card.Data { return c.g.c(id).data }

// Name returns a card's name.
func (c *Ctx) Name(id CardID) string { return c.g.c(id).data.Name }

// BaseATK is a monster's ATK before the additions of effects: its original ATK, or what an
// effect set it to (Shield & Sword switches these).
func (c *Ctx) BaseATK(id CardID) int { return c.g.baseStat(id, false) }

// BaseDEF is BaseATK for DEF.
func (c *Ctx) BaseDEF(id CardID) int { return c.g.baseStat(id, true) }

// ATK returns a monster's current ATK; DEF its current DEF; Level its current Level.
func (c *Ctx) ATK(id CardID) int { return c.g.atk(id) }

// DEF returns a monster's current DEF.
func (c *Ctx) DEF(id CardID) int { return c.g.def(id) }

// Level returns a monster's current Level: 0 for one that has none (an Xyz Monster). A "Level N
// or lower" filter must refuse 0 (cards.LevelAtMost does); an Xyz Monster's Rank is Data(id).Rank.
func (c *Ctx) Level(id CardID) int { return c.g.level(id) }

// Place returns where a card is.
func (c *Ctx) Place(id CardID) Place { return c.g.c(id).place }

// Pos returns a card's position.
func (c *Ctx) Pos(id CardID) Pos { return c.g.c(id).pos }

// FaceUp reports whether a card is face-up.
func (c *Ctx) FaceUp(id CardID) bool { return c.g.c(id).pos.IsFaceUp() }

// Controller returns a card's controller; Owner its owner.
func (c *Ctx) Controller(id CardID) Seat { return c.g.c(id).ctrl }

// Owner returns a card's owner.
func (c *Ctx) Owner(id CardID) Seat { return c.g.c(id).owner }

// LP returns a seat's Life Points.
func (c *Ctx) LP(s Seat) int { return c.g.pl(s).lp }

// Attacker returns the attacking monster of the battle in progress, or NoCard; Target the attack
// target (NoCard for a direct attack).
func (c *Ctx) Attacker() CardID { return c.g.attacker }

// Attacking reports whether id is "the attacking monster" of an effect that resolves: the monster
// whose attack is in progress, that attack not negated, the monster still in face-up Attack
// Position under the turn player's control. Sakuretsu Armor chained to by Scrap-Iron Scarecrow
// destroys nothing: the attack was negated first (ygopro-core's STATUS_ATTACK_CANCELED, which a
// negation, a change to Defense Position or of control sets; lockstep 5ds seeds 3, 10, 11, 17, 20).
func (c *Ctx) Attacking(id CardID) bool {
	g := c.g
	return id != NoCard && id == g.attacker && !g.attackNegated && g.attackerCanBattle()
}

// AttackTarget returns the attack target of the battle in progress, or NoCard.
func (c *Ctx) AttackTarget() CardID { return c.g.target }

// BattleDamage returns the battle damage seat s would take from the attack in progress if damage
// calculation happened now (0 outside a battle, or when a rule prevents it): Kuriboh's "if you
// would take battle damage".
func (c *Ctx) BattleDamage(s Seat) int { return c.g.battleDamageTo(s) }

// Monsters returns the monsters a seat controls, in zone order.
func (c *Ctx) Monsters(s Seat) []CardID {
	var buf [scratchIDs]CardID
	return c.g.outIDs(c.g.monsters(buf[:0], s))
}

// AllMonsters returns every monster on the field, the effect's controller's first.
func (c *Ctx) AllMonsters() []CardID {
	var buf [scratchIDs]CardID
	return c.g.outIDs(c.AppendAllMonsters(buf[:0]))
}

// AppendAllMonsters appends AllMonsters to dst and returns it: with dst a buffer of the caller's
// (`var buf [10]engine.CardID; c.AppendAllMonsters(buf[:0])`), a check that runs after every
// action lists the monsters without allocating.
func (c *Ctx) AppendAllMonsters(dst []CardID) []CardID {
	for k := 0; k < c.g.seatCount(); k++ {
		dst = c.g.monsters(dst, c.player^Seat(k))
	}
	return dst
}

// SpellTraps returns the cards in a seat's Spell & Trap Zones and Field Zone.
func (c *Ctx) SpellTraps(s Seat) []CardID {
	var buf [scratchIDs]CardID
	return c.g.outIDs(c.g.spellTraps(buf[:0], s))
}

// spellTraps appends the cards in a seat's Spell & Trap Zones and Field Zone to dst.
func (g *game) spellTraps(dst []CardID, s Seat) []CardID {
	pl := g.pl(s)
	for _, id := range pl.szone {
		if id != NoCard {
			dst = append(dst, id)
		}
	}
	if pl.fzone != NoCard {
		dst = append(dst, pl.fzone)
	}
	return dst
}

// AllSpellTraps returns every card in every seat's Spell & Trap and Field Zones, the effect's
// controller's first.
func (c *Ctx) AllSpellTraps() []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for k := 0; k < c.g.seatCount(); k++ {
		out = c.g.spellTraps(out, c.player^Seat(k))
	}
	return c.g.outIDs(out)
}

// scratchIDs is the size of the stack buffers the card lists are gathered in before exactIDs
// copies them out (a longer list spills to the heap by itself).
const scratchIDs = 32

// exactIDs returns a copy of ids in an array of its own of exactly their length (one allocation
// instead of a slice grown card by card), or nil when there are none.
func exactIDs(ids []CardID) []CardID {
	if len(ids) == 0 {
		return nil
	}
	out := make([]CardID, len(ids))
	copy(out, ids)
	return out
}

// Pile returns a copy of a seat's pile (Hand, Deck top last, GY, Banished, Extra).
func (c *Ctx) Pile(s Seat, l Loc) []CardID {
	return c.g.outIDs(*c.g.pl(s).pile(l))
}

// FilterPile returns the cards of a seat's pile (as Pile orders them) that satisfy f: Filter of
// Pile without copying the pile first. f must not move cards.
func (c *Ctx) FilterPile(s Seat, l Loc, f func(CardID) bool) []CardID {
	return c.Filter(*c.g.pl(s).pile(l), f)
}

// Filter keeps the cards that satisfy f.
func Filter(ids []CardID, f func(CardID) bool) []CardID {
	var buf [scratchIDs]CardID
	out := buf[:0]
	for _, id := range ids {
		if f(id) {
			out = append(out, id)
		}
	}
	return exactIDs(out)
}

// Negated reports whether a card's effects are negated.
func (c *Ctx) Negated(id CardID) bool { return c.g.negated(id) }

// Targetable reports whether a card may be targeted by this effect.
func (c *Ctx) Targetable(id CardID) bool {
	cs := c.g.c(id)
	if cs.destroyed && cs.place.Loc == MZone {
		return false // destroyed by battle, waiting to leave (seed 002: not a legal target)
	}
	return !cs.place.Loc.OnField() || !c.g.hasFlag(id, FlagUntargetable) // the cheap test first
}

// --- choices ---

// SelectCards asks a seat to choose between min and max of the candidates (a `select` prompt).
// It returns nil without asking when there is no candidate. The seat sees each candidate only as
// it may (a card of the opponent's hand is chosen blind, by its place).
func (c *Ctx) SelectCards(s Seat, cands []CardID, min, max int, why Purpose) []CardID {
	if c.capture != nil {
		return nil
	}
	return c.selectCards(s, cands, min, max, why, false)
}

// SearchCards is SelectCards for an effect that lets the seat look through its own Deck and
// choose among the candidates there ("add 1 monster from your Deck to your hand"): the chooser is
// shown the candidates' faces (never where in the Deck they lie).
func (c *Ctx) SearchCards(s Seat, cands []CardID, min, max int, why Purpose) []CardID {
	return c.selectCards(s, cands, min, max, why, true)
}

func (c *Ctx) selectCards(s Seat, cands []CardID, min, max int, why Purpose, look bool) []CardID {
	if len(cands) == 0 {
		return nil
	}
	if max > len(cands) {
		max = len(cands)
	}
	if min > max {
		min = max
	}
	p := c.g.newPrompt(PromptSelect, s)
	p.Candidates = append(p.Candidates, cands...)
	p.Min, p.Max, p.Purpose, p.Subject, p.Look = min, max, why, c.card, look
	if c.eff != nil {
		p.Category = c.eff.Category
	}
	var buf [scratchIDs]CardID
	return c.g.outIDs(c.g.askSelected(buf[:0]))
}

// SelectTargets asks the controller to choose targets among the candidates (only targetable ones
// are offered) and records them on the chain link.
func (c *Ctx) SelectTargets(cands []CardID, min, max int) []CardID {
	cands = c.Filter(cands, c.Targetable)
	if c.capture != nil {
		if *c.capture == nil {
			*c.capture = append([]CardID{}, cands...)
		}
		return nil
	}
	t := c.SelectCards(c.player, cands, min, max, ForTarget)
	c.SetTargets(t...)
	return t
}

// SetTargets records targets on the chain link without asking (a fixed target); a card that
// cannot be targeted is left out.
func (c *Ctx) SetTargets(ids ...CardID) {
	if c.link == nil {
		return
	}
	for _, id := range ids {
		if !c.Targetable(id) {
			continue
		}
		if c.link.targets == nil {
			c.link.targets, c.link.targetMoves = c.g.linkTargets()
		}
		c.link.targets = append(c.link.targets, id)
		c.link.targetMoves = append(c.link.targetMoves, int(c.g.c(id).gen))
		c.g.emitCard(EvTarget, id, NoCard)
	}
}

// Targets returns the link's targets that are still where they were targeted (re-checked on
// resolution).
func (c *Ctx) Targets() []CardID {
	if c.link == nil {
		return nil
	}
	var buf [scratchIDs]CardID
	out := buf[:0]
	for i, id := range c.link.targets {
		if int(c.g.c(id).gen) == c.link.targetMoves[i] {
			out = append(out, id)
		}
	}
	return c.g.outIDs(out)
}

// Target returns the first still-valid target, or NoCard.
func (c *Ctx) Target() CardID {
	if c.link == nil {
		return NoCard
	}
	for i, id := range c.link.targets { // the first of Targets, without making the list
		if int(c.g.c(id).gen) == c.link.targetMoves[i] {
			return id
		}
	}
	return NoCard
}

// ChooseOption asks a seat to pick one of n options (at most 255); it returns 1..n.
func (c *Ctx) ChooseOption(s Seat, n int) int {
	if n > math.MaxUint8 {
		panic(fmt.Sprintf("engine: a choice of %d options exceeds %d", n, math.MaxUint8))
	}
	p := c.g.newPrompt(PromptChoice, s)
	p.Subject = c.card
	for i := 1; i <= n; i++ {
		p.opts = append(p.opts, Option{Kind: OptChoice, Card: NoCard, Choice: uint8(i)})
	}
	return int(c.g.ask().Choice)
}

// CallCoin has a seat call a coin toss, tosses it with the duel's PRNG and reports whether the
// call was right.
func (c *Ctx) CallCoin(s Seat) bool {
	p := c.g.newPrompt(PromptCoin, s)
	p.Subject = c.card
	p.add(OptHeads, NoCard)
	p.add(OptTails, NoCard)
	call := c.g.ask()
	heads := c.g.random(RandomDraw{Kind: RandomCoin, N: 2, Seat: s}) == 0
	c.g.emit(Event{Kind: EvCoin, Seat: s, Heads: heads, Card: NoCard, Target: NoCard})
	return (call.Kind == OptHeads) == heads
}

// ChoosePosition asks for the battle position of a monster being placed: atk or def.
func (c *Ctx) ChoosePosition(s Seat, id CardID) Pos {
	p := c.g.newPrompt(PromptPosition, s)
	p.Subject = id
	p.add(OptAtk, NoCard)
	p.add(OptDef, NoCard)
	if c.g.ask().Kind == OptDef {
		return FaceUpDef
	}
	return FaceUpAtk
}
