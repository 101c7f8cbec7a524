package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// PromptKind is the kind of a decision. The set is closed; a switch over it lists them all.
type PromptKind uint8

// The kinds of prompt (notation.md "Options by prompt").
const (
	PromptIdle     PromptKind = iota // Main Phase: summon, set, flip, position, activate, battle, main2, end
	PromptBattle                     // Battle Step: attack, activate, main2, end
	PromptChain                      // a chain window: activate or pass
	PromptSelect                     // select cards (tributes, targets, discards ...)
	PromptTarget                     // the attack target: select CARD or direct (cancel after a replay)
	PromptYesNo                      // yes / no
	PromptChoice                     // option N of several texts
	PromptPosition                   // atk / def (/ set) for a monster being placed
	PromptOrder                      // order simultaneous effects
	PromptDeclare                    // declare a number, attribute, type or card
	PromptRPS                        // rock-paper-scissors
	PromptCoin                       // call a coin toss
	PromptFirst                      // go first or second
	PromptBlock                      // kouhu: the defender blocks an attacker (block CARD ... / no block)
)

var promptNames = [...]string{"idle", "battle", "chain", "select", "target", "yesno", "choice",
	"position", "order", "declare", "rps", "coin", "first", "block"}

// String names the prompt kind.
func (k PromptKind) String() string {
	if int(k) < len(promptNames) {
		return promptNames[k]
	}
	return fmt.Sprintf("PromptKind(%d)", k)
}

// Purpose says what a select prompt chooses for, so that a client can word it.
type Purpose uint8

// The purposes of a selection.
const (
	ForNothing Purpose = iota
	ForTribute
	ForDiscard
	ForTarget
	ForMaterial
	ForCost
)

var purposeNames = [...]string{"", "tribute", "discard", "target", "material", "cost"}

// String names the purpose.
func (p Purpose) String() string {
	if int(p) < len(purposeNames) {
		return purposeNames[p]
	}
	return fmt.Sprintf("Purpose(%d)", p)
}

// OptionKind is the kind of an answer. The set is closed.
type OptionKind uint8

// The kinds of option, one per verb of the notation.
const (
	OptSummon OptionKind = iota
	OptSet
	OptFlip
	OptPosition
	OptActivate
	OptSpecial
	OptBattle
	OptMain2
	OptEnd
	OptAttack
	OptPass
	OptSelect
	OptDirect
	OptCancel
	OptYes
	OptNo
	OptChoice
	OptAtk
	OptDef
	OptSetPos
	OptOrder
	OptDeclare
	OptHeads
	OptTails
	OptRock
	OptPaper
	OptScissors
	OptFirst
	OptSecond
	// kouhu (RULES.md "kouhu"): put a card from the hand into the resource zone; an Advanced
	// Summon, face-up or in ambush; place an artifact; block an attacker with creatures in
	// order (Sel = the blockers, N = the order's rank); let the attack through.
	OptResource
	OptAdvance
	OptAdvanceSet
	OptPlace
	OptBlock
	OptNoBlock
	nOptionKind
)

// verbs are the notation's words for each option kind.
var verbs = [nOptionKind]string{"summon", "set", "flip", "position", "activate", "special",
	"battle", "main2", "end", "attack", "pass", "select", "direct", "cancel", "yes", "no", "option",
	"atk", "def", "set", "order", "declare", "heads", "tails", "rock", "paper", "scissors", "first",
	"second", "resource", "advance", "advance-set", "place", "block", "no block"}

// String returns the option kind's verb.
func (k OptionKind) String() string {
	if k < nOptionKind {
		return verbs[k]
	}
	return fmt.Sprintf("OptionKind(%d)", k)
}

// hasCard reports whether options of this kind name one card.
func (k OptionKind) hasCard() bool {
	switch k {
	case OptSummon, OptSet, OptFlip, OptPosition, OptActivate, OptSpecial, OptAttack,
		OptResource, OptAdvance, OptAdvanceSet, OptPlace:
		return true
	}
	return false
}

// Option is one answer to a prompt. Options are small comparable values; two options are the same
// answer when they are equal.
type Option struct {
	Kind OptionKind
	// Effect is, for "activate CARD N", the effect's number N in its card's script, from 1 (0 = the
	// card's only activatable effect, written without a number).
	Effect uint8
	// Direct is, for "direct SEAT" in a tag duel, the seat attacked directly plus 1 (0 = "direct"
	// alone: the only opponent).
	Direct uint8
	// Choice is, for "option N" (OptChoice), the number N chosen, from 1.
	Choice uint8
	// Card is the card the option names (summon, set, flip, position, activate, special, attack).
	Card CardID
	// Rank is, for "order" and "block", the rank of the chosen permutation (nthPermutation); for
	// "declare", the value declared (a number, a card.Attribute, a card.Race or a passcode, as
	// the prompt's Declare says).
	Rank int32
	// Pick is, for a "select" of one among more than 64 candidates, the candidate's index plus 1
	// (Sel cannot hold it); 0 otherwise.
	Pick int32
	// Sel is, for "select", the chosen candidates of the prompt as a bit set (bit i = candidate i).
	Sel uint64
}

// Prompt is a decision a seat must make: its kind, where the duel stands, and the options. A
// Prompt returned by a Duel stays valid until the next answer.
type Prompt struct {
	Kind   PromptKind
	Seat   Seat
	Phase  Phase
	Timing Timing
	// For PromptSelect and PromptTarget: the cards to choose from, and how many.
	Candidates []CardID
	Min, Max   int
	Purpose    Purpose
	// Subject is the card the decision is about (the monster being Tribute Summoned, the attacker),
	// or NoCard.
	Subject CardID
	// Category is what the effect asking the question does (for agents and clients), or 0.
	Category Category
	// Look is set when the effect lets the chooser look at the candidates it chooses among (a
	// search of its own Deck: Ctx.SearchCards). Otherwise a candidate is shown to the chooser only
	// as that seat may see it, and a hidden one is chosen by its place (`select ?@B:H3`).
	Look bool
	// Declare is, for PromptDeclare, what is declared (each option's Rank is a value of it).
	Declare DeclareKind

	opts []Option
}

// Options returns the legal answers in their deterministic order. The slice is owned by the duel
// and valid until the next answer.
func (p *Prompt) Options() []Option { return p.opts }

// IsChainWindow reports whether the prompt is a chain window (its options include pass).
func (p *Prompt) IsChainWindow() bool { return p.Kind == PromptChain }

// find returns the index of an option, or -1.
func (p *Prompt) find(o Option) int {
	for i, x := range p.opts {
		if x == o {
			return i
		}
	}
	return -1
}

// Errors returned by the engine.
var (
	// ErrIllegalAnswer is wrapped by every refused answer; the message says why.
	ErrIllegalAnswer = errors.New("engine: illegal answer")
	// ErrAmbiguous is wrapped when an answer text matches more than one option.
	ErrAmbiguous = errors.New("engine: ambiguous answer")
	// ErrDuelOver is returned for answers given after the end of the duel.
	ErrDuelOver = errors.New("engine: the duel is over")
	// ErrBadPosition is wrapped by errors in a position given to NewFromPosition.
	ErrBadPosition = errors.New("engine: bad position")
	// ErrCardPanic is wrapped when card or rule code panicked; the duel is then over.
	ErrCardPanic = errors.New("engine: internal error")
)

// reset empties the prompt for a new decision.
func (g *game) newPrompt(k PromptKind, s Seat) *Prompt {
	g.settleAutomatic() // what the last action set off applies before anyone is asked
	p := &g.prompt
	p.Kind, p.Seat, p.Phase, p.Timing = k, s, g.phase, g.timing
	p.Candidates = p.Candidates[:0]
	p.Min, p.Max, p.Purpose, p.Subject, p.Category = 0, 0, ForNothing, NoCard, 0
	p.Declare, p.Look = 0, false
	p.opts = p.opts[:0]
	return p
}

func (p *Prompt) add(k OptionKind, id CardID) {
	p.opts = append(p.opts, Option{Kind: k, Card: id})
}

// addCard adds a card option unless an equal one is listed already: two copies of a card in the
// same pile (hand, Graveyard ...) are the same answer.
func (g *game) addCard(p *Prompt, k OptionKind, id CardID) {
	for _, o := range p.opts {
		if o.Kind == k && o.Card != NoCard && g.sameRef(o.Card, id) {
			return
		}
	}
	p.add(k, id)
}

// sameRef reports whether two cards have the same notation reference: the same card name in the
// same pile of the same seat (for zones, the zone tells them apart).
func (g *game) sameRef(a, b CardID) bool {
	if a == b {
		return true
	}
	ca, cb := g.c(a), g.c(b)
	return ca.data == cb.data && ca.place.Seat == cb.place.Seat && ca.place.Loc == cb.place.Loc &&
		!ca.place.Loc.zoned() && ca.place.Loc != FZone
}

// selectOptions fills a select prompt's options: every sub-multiset of the candidates whose size is
// in [min, max], copies that are the same reference counted once. Options are listed by size, then
// earliest candidates first. A selection of several among more than 64 candidates is not listed
// here: askSelected asks it one card at a time.
func (g *game) selectOptions(p *Prompt) {
	n := len(p.Candidates)
	if n > 64 && p.Max <= 1 {
		// A long list (the Graveyards of a tag duel) for one pick: copies with the same reference
		// are the same choice, so one of each is enough; each pick is then an index (Picks).
		kept := p.Candidates[:0]
		for _, id := range p.Candidates {
			dup := false
			for _, k := range kept {
				if g.sameRef(k, id) {
					dup = true
					break
				}
			}
			if !dup {
				kept = append(kept, id)
			}
		}
		p.Candidates = kept
		n = len(kept)
	}
	if n > 64 && p.Max <= 1 {
		if p.Min == 0 {
			p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard})
		}
		for i := range p.Candidates {
			p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard, Pick: int32(i + 1)})
		}
		return
	}
	if n > 64 {
		panic(fmt.Sprintf("engine: a selection of %d candidates of up to %d exceeds %d (askSelected asks it one card at a time)", n, p.Max, maxSelBits))
	}
	// class[i] = first candidate with the same reference as candidate i.
	cls := g.selScratch[:0]
	for i, id := range p.Candidates {
		c := i
		for j := 0; j < i; j++ {
			if cls[j] == j && g.sameRef(p.Candidates[j], id) {
				c = j
				break
			}
		}
		cls = append(cls, c)
	}
	g.selScratch = cls
	for k := p.Min; k <= p.Max && k <= n; k++ {
		g.enumSel(p, cls, 0, k, 0)
	}
}

// enumSel adds every canonical selection of k more candidates from index i on, given the bits
// chosen so far. A candidate may be chosen only if every earlier candidate of its class is.
func (g *game) enumSel(p *Prompt, cls []int, i, k int, chosen uint64) {
	if k == 0 {
		p.opts = append(p.opts, Option{Kind: OptSelect, Card: NoCard, Sel: chosen})
		return
	}
	if len(cls)-i < k {
		return
	}
	if canTake(cls, i, chosen) {
		g.enumSel(p, cls, i+1, k-1, chosen|1<<i)
	}
	g.enumSel(p, cls, i+1, k, chosen)
}

// canTake reports whether candidate i may be chosen canonically: every earlier candidate of its
// class is chosen.
func canTake(cls []int, i int, chosen uint64) bool {
	for j := cls[i]; j < i; j++ {
		if cls[j] == cls[i] && chosen&(1<<j) == 0 {
			return false
		}
	}
	return true
}

// canonicalSel maps a selection to the listed one with the same count of each reference.
func (g *game) canonicalSel(p *Prompt, sel uint64) uint64 {
	if bits.Len64(sel) > len(p.Candidates) {
		return sel
	}
	var out uint64
	for i := range p.Candidates {
		if sel&(1<<i) == 0 {
			continue
		}
		for j := 0; j <= i; j++ {
			if out&(1<<j) == 0 && g.sameRef(p.Candidates[j], p.Candidates[i]) {
				out |= 1 << j
				break
			}
		}
	}
	return out
}

// Picks reports whether a select option chooses candidate i. A selection is a bit set of the
// candidates, except for one pick among more than 64 candidates: Pick is then the candidate's
// index plus 1.
func (o Option) Picks(i int) bool {
	if o.Kind == OptSelect && o.Pick > 0 {
		return int(o.Pick-1) == i
	}
	return i < 64 && o.Sel&(1<<i) != 0
}

// Selected returns the candidates chosen by a select option, in candidate order.
func (p *Prompt) Selected(o Option) []CardID {
	var out []CardID
	for i, id := range p.Candidates {
		if o.Picks(i) {
			out = append(out, id)
		}
	}
	return out
}
