// Package mistakes judges an agent's answers against the classes of foolish play issue 30 names,
// from what the deciding seat can see only, so that a policy's progress can be counted over a
// tournament (duelist arena). Each answer is judged before it is given: Judge(d, p, o) with the
// duel standing at prompt p, or Tally.Observe, which also remembers the turn. Under kouhu, whose
// creatures block and attack the player and have no battle positions, only SkipMain2,
// SelfRemoval and KouhuOnlyCreature are judged.
package mistakes

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// Class is a kind of mistake.
type Class uint8

// The classes. NoSet and SummonIntoStronger overlap on purpose: NoSet counts the Normal Summons a
// Set would have answered, SummonIntoStronger every face-up summon into a stronger monster,
// Tribute and Special Summons included.
const (
	// NoSet: a monster Normal Summoned face-up where it could have been Set, though it would lose
	// a battle to a face-up Attack Position monster an opponent shows.
	NoSet Class = iota
	// NoPositionChange: the turn ended (End at a Main Phase prompt, or for Tally straight from
	// the Battle Phase) with a monster in Attack Position that would lose a battle to an
	// opponent's face-up Attack Position monster, while its battle position could be changed.
	NoPositionChange
	// SkipMain2: the Battle Phase went straight to the End Phase, Main Phase 2 offered, while the
	// seat held a Spell or Trap it could Set.
	SkipMain2
	// SummonIntoStronger: a monster summoned face-up in Attack Position (Normal, Tribute, Special
	// or kouhu's Advanced Summon) while an opponent shows a face-up monster with more ATK.
	SummonIntoStronger
	// AttackIntoDeath: an attack on a face-up Attack Position monster with more ATK than the
	// attacker, which destroys the attacker (in a tag duel either opponent's monster).
	AttackIntoDeath
	// SelfRemoval: a removal effect (destroy, banish, return to the hand, send to the Graveyard,
	// take control) aimed at a card of the seat's own team on the field while an opponent has a
	// card on the field: Judge counts the choice when another answer hit fewer of our cards, and
	// Tally the effect that hit only our cards.
	SelfRemoval
	// KouhuOnlyCreature: under kouhu, the only creature in hand that the seat could summon soon
	// (its Level at most the cost cards plus one) put into the resource zone.
	KouhuOnlyCreature
	// NClasses is the number of classes.
	NClasses
)

var classNames = [NClasses]string{"no-set", "no-position-change", "skip-main2", "summon-into-stronger",
	"attack-into-death", "self-removal", "kouhu-only-creature"}

// String names the class as the arena reports it.
func (c Class) String() string {
	if c < NClasses {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", c)
}

// Set is a set of classes.
type Set uint16

// Has reports whether the set holds a class.
func (s Set) Has(c Class) bool { return s&(1<<c) != 0 }

// removal is the categories of an effect that harms the cards it chooses.
const removal = engine.CatDestroy | engine.CatRemove | engine.CatToHand | engine.CatControl | engine.CatToGrave

// Judge returns the mistakes answer o to prompt p makes, judged from what p.Seat may see. The
// duel must stand at p (o not yet given).
func Judge(d *engine.Duel, p *engine.Prompt, o engine.Option) Set {
	me := p.Seat
	var s Set
	add := func(c Class) { s |= 1 << c }
	if d != nil && d.Rules().Name == "kouhu" && p.Kind != engine.PromptIdle && p.Kind != engine.PromptBattle &&
		p.Kind != engine.PromptSelect {
		return 0 // kouhu has no battle positions, and its attacks go at the player
	}
	kouhu := d != nil && d.Rules().Name == "kouhu"
	switch p.Kind {
	case engine.PromptIdle:
		switch o.Kind {
		case engine.OptSummon, engine.OptAdvance:
			if kouhu {
				break // creatures block, and attacks go at the player: no battle to lose
			}
			c := d.Card(o.Card)
			strongest := strongestFaceUp(d, me, false)
			if c.Data.IsMonster() && strongest > c.ATK {
				add(SummonIntoStronger)
			}
			if o.Kind == engine.OptSummon && offered(p, engine.OptSet, o.Card) && strongestFaceUp(d, me, true) > c.ATK {
				add(NoSet)
			}
		case engine.OptEnd:
			attacker := strongestFaceUp(d, me, true)
			for _, x := range p.Options() {
				if x.Kind != engine.OptPosition {
					continue
				}
				if c := d.Card(x.Card); c.Pos == engine.FaceUpAtk && attacker > c.ATK {
					add(NoPositionChange)
					break
				}
			}
		case engine.OptResource:
			if kouhu && onlySummonableCreature(d, me, o.Card) {
				add(KouhuOnlyCreature)
			}
		}
	case engine.PromptBattle:
		if o.Kind == engine.OptEnd && offered(p, engine.OptMain2, engine.NoCard) && canSetBackrow(d, me) {
			add(SkipMain2)
		}
	case engine.PromptPosition:
		if o.Kind == engine.OptAtk && strongestFaceUp(d, me, false) > d.Card(p.Subject).ATK {
			add(SummonIntoStronger)
		}
	case engine.PromptTarget:
		if o.Kind == engine.OptSelect && p.Subject != engine.NoCard {
			t := p.Selected(o)[0]
			if d.Visible(t, me) {
				if c := d.Card(t); c.Pos == engine.FaceUpAtk && c.ATK > d.Card(p.Subject).ATK {
					add(AttackIntoDeath)
				}
			}
		}
	case engine.PromptSelect:
		if isRemovalSelect(p) && opponentsHaveCards(d, me) {
			// Avoidable: another answer hits fewer of our own cards.
			least := ownHits(d, p, p.Options()[0])
			for _, x := range p.Options()[1:] {
				least = min(least, ownHits(d, p, x))
			}
			if ownHits(d, p, o) > least {
				add(SelfRemoval)
			}
		}
	}
	return s
}

// isRemovalSelect reports whether a select prompt chooses the cards a removal effect hits.
func isRemovalSelect(p *engine.Prompt) bool {
	return p.Kind == engine.PromptSelect && (p.Purpose == engine.ForTarget || p.Purpose == engine.ForNothing) &&
		p.Category&removal != 0
}

// ownHits counts the cards of the seat's own team on the field that answer o selects.
func ownHits(d *engine.Duel, p *engine.Prompt, o engine.Option) int {
	n := 0
	for _, id := range p.Selected(o) {
		if c := d.Card(id); onField(c.Place.Loc) && c.Controller.Team() == p.Seat.Team() {
			n++
		}
	}
	return n
}

// opponentHits counts the opponents' cards on the field that answer o selects.
func opponentHits(d *engine.Duel, p *engine.Prompt, o engine.Option) int {
	n := 0
	for _, id := range p.Selected(o) {
		if c := d.Card(id); onField(c.Place.Loc) && c.Controller.Team() != p.Seat.Team() {
			n++
		}
	}
	return n
}

// offered reports whether the prompt offers an option of a kind (naming card id, if not NoCard).
func offered(p *engine.Prompt, k engine.OptionKind, id engine.CardID) bool {
	for _, o := range p.Options() {
		if o.Kind == k && (id == engine.NoCard || o.Card == id) {
			return true
		}
	}
	return false
}

func onField(l engine.Loc) bool { return l == engine.MZone || l == engine.SZone || l == engine.FZone }

// strongestFaceUp is the highest ATK among the face-up monsters of the seat's opponents (in
// Attack Position only, if attackOnly), 0 with none; it reads only cards the seat may see.
func strongestFaceUp(d *engine.Duel, me engine.Seat, attackOnly bool) int {
	best := 0
	for _, s := range d.Seats() {
		if s.Team() == me.Team() || !d.InDuel(s) {
			continue
		}
		for _, id := range d.Pile(s, engine.MZone) {
			if id == engine.NoCard || !d.Visible(id, me) {
				continue
			}
			c := d.Card(id)
			if !c.Data.IsMonster() || !c.Pos.IsFaceUp() || attackOnly && c.Pos != engine.FaceUpAtk {
				continue
			}
			best = max(best, c.ATK)
		}
	}
	return best
}

// opponentsHaveCards reports whether an opponent still in the duel has a card on the field.
func opponentsHaveCards(d *engine.Duel, me engine.Seat) bool {
	for _, s := range d.Seats() {
		if s.Team() == me.Team() || !d.InDuel(s) {
			continue
		}
		for _, l := range []engine.Loc{engine.MZone, engine.SZone, engine.FZone} {
			for _, id := range d.Pile(s, l) {
				if id != engine.NoCard {
					return true
				}
			}
		}
	}
	return false
}

// canSetBackrow reports whether the seat holds a Spell or Trap and has a free Spell & Trap Zone
// (kouhu's zones have no limit).
func canSetBackrow(d *engine.Duel, me engine.Seat) bool {
	holds := false
	for _, id := range d.Pile(me, engine.Hand) {
		if c := d.Card(id).Data; c.IsSpell() && !c.Kind.Has(card.Field) || c.IsTrap() {
			holds = true
			break
		}
	}
	if !holds {
		return false
	}
	if d.Rules().Name == "kouhu" {
		return true
	}
	for _, id := range d.Pile(me, engine.SZone) {
		if id == engine.NoCard {
			return true
		}
	}
	return false
}

// onlySummonableCreature reports whether card id, put into the resource zone, is the only
// creature in the seat's hand that it could summon soon.
func onlySummonableCreature(d *engine.Duel, me engine.Seat, id engine.CardID) bool {
	limit := len(d.Pile(me, engine.Resource)) + 1
	c := d.Card(id)
	if !c.Data.IsMonster() || c.Level > limit {
		return false
	}
	for _, h := range d.Pile(me, engine.Hand) {
		if h == id {
			continue
		}
		if x := d.Card(h); x.Data.IsMonster() && x.Level <= limit {
			return false
		}
	}
	return true
}
