package engine

import "github.com/duelistgame/duelist/card"

// This file gives clients what they need beyond View and EventView: the pending prompt as the
// seat that must answer sees it (each option with the places of the cards it names, so that a
// client can show a card's actions when the card is clicked), the chain as links, and the public
// view of spectators. Nothing here carries a CardID.

// OptionView is one option of a prompt as the answering seat sees it.
type OptionView struct {
	// Index is the option's index in the prompt's deterministic order (AnswerIndex takes it).
	Index int
	Kind  OptionKind
	// Text is the option's notation text as the seat may see it (OptionTextFor).
	Text string
	// N is the number the option carries, whichever its kind: Option's Effect (activate), Choice
	// (option), Direct (direct), Rank (order, block) or Pick (select); 0 for the others.
	N int
	// Cards are the cards the option names, as the seat sees them: the one card of summon, set,
	// flip, position, activate, special and attack; the chosen candidates of a select; the
	// candidates of an order in chain link order.
	Cards []CardView
	// Sel is, for select and order options, the indices into the prompt's Candidates: the chosen
	// ones (select) or the chain link order (order).
	Sel []int
	// Effect is the project's wording of the effect an activate option would activate, or "".
	Effect string
}

// PromptView is the pending prompt as the seat that must answer it sees it. It never names a
// card the seat may not know: cards are CardViews, hidden ones with Code 0; the cards of its own
// Deck that an effect lets the seat look through (Prompt.Look) are shown to it, as OptionTextFor
// writes them, and a Deck card's place never tells where in the Deck it lies.
type PromptView struct {
	Kind     PromptKind
	Seat     Seat
	Phase    Phase
	Timing   Timing
	Min, Max int
	Purpose  Purpose
	Category Category
	// Subject is the card the decision is about (the monster being summoned, the attacker, the
	// card whose effect asks), or nil.
	Subject *CardView
	// Candidates are the cards to choose from (select, target, order), in the prompt's order.
	Candidates []CardView
	Options    []OptionView
}

// PromptView returns the pending prompt as seat s sees it, or nil when the duel is over or the
// prompt is the other seat's.
func (d *Duel) PromptView(s Seat) *PromptView {
	p := d.Prompt()
	if p == nil || p.Seat != s {
		return nil
	}
	g := d.g
	pv := &PromptView{Kind: p.Kind, Seat: p.Seat, Phase: p.Phase, Timing: p.Timing, Min: p.Min,
		Max: p.Max, Purpose: p.Purpose, Category: p.Category}
	if p.Subject != NoCard {
		cv := g.promptCardView(p.Subject, s, false)
		pv.Subject = &cv
	}
	for _, id := range p.Candidates {
		pv.Candidates = append(pv.Candidates, g.promptCardView(id, s, (p.Kind == PromptSelect || p.Kind == PromptOrder) && p.Look))
	}
	for i, o := range p.opts {
		ov := OptionView{Index: i, Kind: o.Kind, Text: d.OptionTextFor(s, o), N: o.number()}
		switch {
		case o.Kind == OptSelect:
			for j := range p.Candidates {
				if o.Picks(j) {
					ov.Sel = append(ov.Sel, j)
					ov.Cards = append(ov.Cards, pv.Candidates[j])
				}
			}
		case o.Kind == OptOrder:
			for _, j := range nthPermutation(len(p.Candidates), int(o.Rank)) {
				ov.Sel = append(ov.Sel, j)
				ov.Cards = append(ov.Cards, pv.Candidates[j])
			}
		case o.Kind.hasCard() && o.Card != NoCard:
			ov.Cards = []CardView{g.promptCardView(o.Card, s, false)}
			if o.Kind == OptActivate && g.c(o.Card).script != nil {
				if e := g.effectOf(o); e != nil {
					ov.Effect = e.Desc
				}
			}
		}
		pv.Options = append(pv.Options, ov)
	}
	return pv
}

// promptCardView shows a card of a prompt to the answering seat. A chooser the effect lets look at
// its candidates (Prompt.Look, a search of its Deck) sees them, as OptionTextFor names them; every
// other card is shown as the seat may see it. A Deck card's index is dropped, since the order of a
// Deck is hidden even from its owner.
func (g *game) promptCardView(id CardID, s Seat, look bool) CardView {
	cv := g.cardView(id, s)
	if cv.Code == 0 && look {
		cv = g.shownCardView(id)
	}
	if cv.Place.Loc == Deck {
		cv.Place.Seq = 0
	}
	return cv
}

// shownCardView is a card with its face shown.
func (g *game) shownCardView(id CardID) CardView {
	c := g.c(id)
	cv := CardView{Place: c.place, Pos: c.pos, Code: c.data.Passcode, Name: c.data.Name,
		Level: c.data.Level, Rank: c.data.Rank}
	if c.data.IsMonster() {
		cv.ATK, cv.DEF = c.data.ATK, c.data.DEF
		if c.place.Loc == MZone {
			cv.ATK, cv.DEF, cv.Level = g.atk(id), g.def(id), g.level(id)
		}
	}
	for _, m := range c.materials() {
		cv.Materials = append(cv.Materials, g.shownCardView(m)) // Xyz Materials are public
	}
	return cv
}

// ChainLinkView is one link of the current chain. Activations are public, so every viewer may see
// them.
type ChainLinkView struct {
	Link  int // chain link number, from 1
	Seat  Seat
	Code  card.Passcode
	Name  string
	Place Place // where the card is now
}

// ChainView returns the links of the chain that have not finished resolving, chain link 1 first.
func (d *Duel) ChainView() []ChainLinkView {
	var out []ChainLinkView
	for i, l := range d.g.chain {
		c := d.g.c(l.card)
		out = append(out, ChainLinkView{Link: i + 1, Seat: l.seat, Code: c.data.Passcode,
			Name: c.data.Name, Place: c.place})
	}
	return out
}

// publicVisible reports whether a card at a place is known to everyone, the spectators included:
// the rule of placeVisible for a viewer who is neither seat.
func (g *game) publicVisible(p Place, faceUp bool) bool {
	switch p.Loc {
	case Deck, Hand, Extra:
		return false
	case GY:
		return !g.rules.HiddenGraveyards
	case Overlay:
		return true
	case Banished:
		return faceUp && !g.rules.HiddenGraveyards
	}
	return faceUp
}

// publicCardView shows a card to a spectator.
func (g *game) publicCardView(id CardID) CardView {
	c := g.c(id)
	if !g.publicVisible(c.place, c.pos.IsFaceUp()) && !g.revealedInHand(id) {
		return CardView{Place: c.place, Pos: c.pos, Tapped: c.tapped}
	}
	cv := g.shownCardView(id)
	cv.Tapped = c.tapped
	g.addMarks(id, &cv)
	return cv
}

// PublicView returns the duel as a spectator sees it: neither hand, no face-down card, no Extra
// Deck, only what both seats know. Its Viewer is A and means nothing.
func (d *Duel) PublicView() View {
	g := d.g
	v := View{Viewer: A, Turn: g.turn, TurnPlayer: g.turnPlayer, Phase: g.phase, Timing: g.timing,
		Over: g.over, Winner: g.winner, Tag: g.tag, Seats: make([]SeatView, g.seatCount())}
	for _, o := range g.seats() {
		pl := g.pl(o)
		sv := SeatView{LP: pl.lp, Deck: len(pl.deck), Extra: len(pl.extra), Out: pl.out}
		for _, id := range pl.hand {
			sv.Hand = append(sv.Hand, g.publicCardView(id))
		}
		for i, id := range pl.mzone {
			if id == NoCard {
				sv.Monsters = append(sv.Monsters, CardView{Place: Place{Seat: o, Loc: MZone, Seq: i}, Empty: true})
				continue
			}
			sv.Monsters = append(sv.Monsters, g.publicCardView(id))
		}
		for i, id := range pl.szone {
			if id == NoCard {
				sv.Spells = append(sv.Spells, CardView{Place: Place{Seat: o, Loc: SZone, Seq: i}, Empty: true})
				continue
			}
			sv.Spells = append(sv.Spells, g.publicCardView(id))
		}
		if pl.fzone != NoCard {
			cv := g.publicCardView(pl.fzone)
			sv.Field = &cv
		}
		for _, id := range pl.gy {
			sv.GY = append(sv.GY, g.publicCardView(id))
		}
		for _, id := range pl.banished {
			sv.Banished = append(sv.Banished, g.publicCardView(id))
		}
		for _, id := range pl.res {
			sv.Resources = append(sv.Resources, g.publicCardView(id))
		}
		v.Seats[o] = sv
	}
	return v
}

// PublicEventView returns an event as a spectator may see it: the card is named only when the
// event shows it to both seats or it came from or went to a place everyone sees.
func (d *Duel) PublicEventView(e Event) EventView {
	g := d.g
	v := EventView{Kind: e.Kind, Seat: e.Seat, From: e.From, To: e.To, Pos: e.Pos, Phase: e.Phase,
		Timing: e.Timing, SummonType: e.SummonType, Link: e.Link, Amount: e.Amount, Heads: e.Heads,
		GoFirst: e.GoFirst, Draw: e.Draw, Tapped: e.Tapped, Hands: e.Hands, Battle: e.Battle, Turn: e.Turn,
		Declared: e.Declared}
	g.declaredName(e, &v)
	if e.Card != NoCard && e.Kind != EvConfirm && (e.Public || g.publicVisible(e.From, e.FromUp) ||
		g.publicVisible(e.To, e.ToUp)) {
		v.Code = e.Code
		v.Name = g.c(e.Card).data.Name
	}
	if e.Target != NoCard {
		v.Target, v.HasTarget = e.TargetAt, true
	}
	return v
}

// number is the number an option of its kind carries (OptionView.N).
func (o Option) number() int {
	switch o.Kind {
	case OptActivate:
		return int(o.Effect)
	case OptDirect:
		return int(o.Direct)
	case OptChoice:
		return int(o.Choice)
	case OptOrder, OptBlock, OptDeclare:
		return int(o.Rank)
	case OptSelect:
		return int(o.Pick)
	}
	return 0
}
