package engine

import "github.com/duelistgame/duelist/card"

// visibleTo reports whether seat s may know which card id is (RULES.md ocg: public information is
// LP, hand size, Graveyards, face-up cards, face-up banished cards and deck sizes).
func (g *game) visibleTo(id CardID, s Seat) bool {
	c := g.c(id)
	return g.placeVisible(c.place, c.pos.IsFaceUp(), c.ctrl, s)
}

// shownTo reports whether seat s's view shows card id: visibleTo, or a card of a hand revealed to
// every player (handRevealed). Events keep visibleTo's rule (a card drawn under Ceremonial Bell is
// shown by the views, not by its draw's event), so that an event shows what it showed when it
// happened.
func (g *game) shownTo(id CardID, s Seat) bool {
	return g.visibleTo(id, s) || g.revealedInHand(id)
}

// revealedInHand reports whether card id is in a hand revealed to every player.
func (g *game) revealedInHand(id CardID) bool {
	c := g.c(id)
	return c.place.Loc == Hand && g.handRevealed(c.place.Seat)
}

// handRevealed reports whether a seat's hand is revealed to every player and the spectators: a
// Continuous effect on the field gives the seat PFRevealedHand (Ceremonial Bell).
func (g *game) handRevealed(s Seat) bool {
	return g.contOn[contPlayer] > 0 && g.continuousPlayerFlags(s)&PFRevealedHand != 0
}

// placeVisible reports whether a card at a place, face-up or not, controlled by ctrl, is known to s.
func (g *game) placeVisible(p Place, faceUp bool, ctrl Seat, s Seat) bool {
	switch p.Loc {
	case Deck:
		return false
	case Hand, Extra:
		return p.Seat == s
	case GY:
		return !g.rules.HiddenGraveyards || p.Seat == s
	case Overlay:
		return true
	case Banished:
		return (faceUp && !g.rules.HiddenGraveyards) || p.Seat == s
	}
	return faceUp || ctrl == s
}

// CardView is a card as one seat sees it. Code is 0 for a card the seat cannot see.
type CardView struct {
	Code     card.Passcode
	Name     string
	Place    Place
	Pos      Pos
	ATK, DEF int       // current values; for face-up or own monsters only
	Level    int       // current Level; 0 for a card with none (an Xyz Monster)
	Rank     int       // an Xyz Monster's Rank
	Empty    bool      // an empty zone
	Tapped   bool      // kouhu: a tapped creature or cost card
	Kind     card.Kind // the card's kind (0 when hidden)
	// Materials are the Xyz Materials under a monster (public: they are face-up).
	Materials []CardView
	// Counters are the counters on a card the seat can see, by kind ("spell", kouhu's "growth");
	// nil when there are none or the card is hidden. Bookkeeping counters cards keep for
	// themselves (names starting with "_", see PublicCounter) are not shown.
	Counters map[string]int
	// EquipTo is the place of the monster a face-up equip card (or kouhu artifact) is attached to;
	// nil when it is attached to none or the card is face-down.
	EquipTo *Place
}

// PublicCounter reports whether a counter of a name is a game counter shown in views; a card
// that remembers something in a counter for its own use names it with a leading "_".
func PublicCounter(name string) bool { return name != "" && name[0] != '_' }

// Hidden reports whether the seat cannot see which card this is.
func (v CardView) Hidden() bool { return v.Code == 0 }

// SeatView is one seat's side of the field as a viewer sees it.
type SeatView struct {
	LP       int
	Deck     int        // number of cards in the Deck
	Hand     []CardView // in hand order; hidden cards for the opponent's hand
	Monsters []CardView // one entry per Monster Zone (Empty for an empty zone)
	Spells   []CardView // one entry per Spell & Trap Zone
	Field    *CardView  // the Field Zone card, or nil
	GY       []CardView // bottom first
	Banished []CardView
	Extra    int        // number of cards in the Extra Deck
	ExtraOwn []CardView // the viewer's own Extra Deck (empty for the opponent's)
	Out      bool       // the seat has left a tag duel
	// Resources is the kouhu resource zone: cost cards, face-down (hidden from the opponent),
	// each Tapped or not.
	Resources []CardView
}

// View is the duel as one seat sees it: nothing in it reveals a card the seat may not know.
type View struct {
	Viewer     Seat
	Turn       int
	TurnPlayer Seat
	Phase      Phase
	Timing     Timing
	Seats      []SeatView // indexed by Seat: A and B, and A2 and B2 in a tag duel
	Tag        bool       // a tag duel: seats are written A1, B1, A2, B2
	Over       bool
	Winner     int // 0 = A, 1 = B (in a tag duel the team), 2 = draw, -1 = none
}

// View returns the duel as seat s sees it.
func (d *Duel) View(s Seat) View {
	g := d.g
	v := View{Viewer: s, Turn: g.turn, TurnPlayer: g.turnPlayer, Phase: g.phase, Timing: g.timing,
		Over: g.over, Winner: g.winner, Tag: g.tag, Seats: make([]SeatView, g.seatCount())}
	for _, o := range g.seats() {
		pl := g.pl(o)
		sv := SeatView{LP: pl.lp, Deck: len(pl.deck), Extra: len(pl.extra), Out: pl.out}
		// One backing array for the seat's lists, each list cut to its own length (the views are
		// made for every seat at every step: growing seven lists by appending was most of their
		// allocation). An empty list stays nil.
		extra := 0
		if o == s {
			extra = len(pl.extra)
		}
		cards := make([]CardView, 0, len(pl.hand)+len(pl.mzone)+len(pl.szone)+len(pl.gy)+len(pl.banished)+len(pl.res)+extra)
		take := func(n int) []CardView {
			if n == 0 {
				return nil
			}
			out := cards[len(cards) : len(cards) : len(cards)+n]
			cards = cards[:len(cards)+n]
			return out
		}
		sv.Hand, sv.Monsters, sv.Spells = take(len(pl.hand)), take(len(pl.mzone)), take(len(pl.szone))
		sv.GY, sv.Banished, sv.Resources = take(len(pl.gy)), take(len(pl.banished)), take(len(pl.res))
		sv.ExtraOwn = take(extra)
		for _, id := range pl.hand {
			sv.Hand = append(sv.Hand, g.cardView(id, s))
		}
		for i, id := range pl.mzone {
			if id == NoCard {
				sv.Monsters = append(sv.Monsters, CardView{Place: Place{Seat: o, Loc: MZone, Seq: i}, Empty: true})
				continue
			}
			sv.Monsters = append(sv.Monsters, g.cardView(id, s))
		}
		for i, id := range pl.szone {
			if id == NoCard {
				sv.Spells = append(sv.Spells, CardView{Place: Place{Seat: o, Loc: SZone, Seq: i}, Empty: true})
				continue
			}
			sv.Spells = append(sv.Spells, g.cardView(id, s))
		}
		if pl.fzone != NoCard {
			cv := g.cardView(pl.fzone, s)
			sv.Field = &cv
		}
		for _, id := range pl.gy {
			sv.GY = append(sv.GY, g.cardView(id, s))
		}
		for _, id := range pl.banished {
			sv.Banished = append(sv.Banished, g.cardView(id, s))
		}
		for _, id := range pl.res {
			sv.Resources = append(sv.Resources, g.cardView(id, s))
		}
		if o == s {
			for _, id := range pl.extra {
				sv.ExtraOwn = append(sv.ExtraOwn, g.cardView(id, s))
			}
		}
		v.Seats[o] = sv
	}
	return v
}

// cardView shows a card to a seat, hiding it when the seat may not know it.
func (g *game) cardView(id CardID, s Seat) CardView {
	c := g.c(id)
	cv := CardView{Place: c.place, Pos: c.pos, Tapped: c.tapped}
	if !g.shownTo(id, s) {
		return cv
	}
	cv.Code, cv.Name, cv.Level, cv.Rank, cv.Kind = c.data.Passcode, c.data.Name, c.data.Level, c.data.Rank, c.data.Kind
	if c.data.IsMonster() {
		cv.ATK, cv.DEF = c.data.ATK, c.data.DEF
		if c.place.Loc == MZone {
			cv.ATK, cv.DEF, cv.Level = g.atk(id), g.def(id), g.level(id)
		}
	}
	for _, m := range c.materials() {
		cv.Materials = append(cv.Materials, g.cardView(m, s))
	}
	g.addMarks(id, &cv)
	return cv
}

// addMarks adds to the view of a card its viewer can see what lies on it: its public counters
// and, face-up, the monster it is equipped to.
func (g *game) addMarks(id CardID, cv *CardView) {
	c := g.c(id)
	cv.Counters = publicCounters(c.counters())
	if c.pos.IsFaceUp() {
		if t := g.equipTargetOf(id); t != NoCard {
			p := g.c(t).place
			cv.EquipTo = &p
		}
	}
}

// publicCounters returns a copy of the counters views show, or nil when there are none.
func publicCounters(cs counterList) map[string]int {
	var out map[string]int
	for _, c := range cs {
		if PublicCounter(c.name) && c.n != 0 {
			if out == nil {
				out = map[string]int{}
			}
			out[c.name] = c.n
		}
	}
	return out
}

// EventView is an event as one seat sees it: Code is 0 when the seat may not know the card.
type EventView struct {
	Kind     EventKind
	Seat     Seat
	Code     card.Passcode
	Name     string
	From, To Place
	// Target is the attack target's place, when HasTarget; for a direct attack in a tag duel
	// (EvAttack, EvBattle), Target.Seat is the opponent it hits.
	Target    Place
	HasTarget bool
	Pos       Pos
	Phase     Phase
	Timing    Timing
	// The event's own fields, as Event has them: SummonType (EvSpecialSummon), Link (EvActivate,
	// EvResolve), Amount (LP: EvDamage, EvRecover, EvPayLP, EvLP; a die's face: EvDice; a
	// number, Attribute or Type declared: EvDeclare), Declared (EvDeclare), Heads (EvCoin), GoFirst
	// (EvFirst), Draw (EvWin), Tapped (EvTap), Hands (EvRPS).
	SummonType SummonType
	Link       int32
	Amount     int
	Declared   DeclareKind
	Heads      bool
	GoFirst    bool
	Draw       bool
	Tapped     bool
	Hands      [2]uint8
	Battle     bool
	Turn       int
}

// EventView returns an event as seat s may see it. A card's identity is shown when s could see it
// where it came from or where it went.
func (d *Duel) EventView(e Event, s Seat) EventView {
	g := d.g
	v := EventView{Kind: e.Kind, Seat: e.Seat, From: e.From, To: e.To, Pos: e.Pos, Phase: e.Phase,
		Timing: e.Timing, SummonType: e.SummonType, Link: e.Link, Amount: e.Amount, Heads: e.Heads,
		GoFirst: e.GoFirst, Draw: e.Draw, Tapped: e.Tapped, Hands: e.Hands, Battle: e.Battle, Turn: e.Turn,
		Declared: e.Declared}
	g.declaredName(e, &v)
	if e.Card != NoCard && (e.Public || e.Kind == EvConfirm && e.Seat == s ||
		g.placeVisible(e.From, e.FromUp, e.FromCtrl, s) || g.placeVisible(e.To, e.ToUp, e.ToCtrl, s)) {
		v.Code = e.Code
		v.Name = g.c(e.Card).data.Name
	}
	if e.Target != NoCard {
		v.Target, v.HasTarget = e.TargetAt, true
	} else if e.Kind == EvAttack || e.Kind == EvBattle {
		v.Target = Place{Seat: e.TargetAt.Seat} // a tag duel's direct attack: the opponent it hits
	}
	return v
}

// CardInfo is everything about one card of the duel, hidden or not. It is for trusted drivers
// (tests, the scenario runner, in-process agents); clients get views.
type CardInfo struct {
	Data       *card.Data
	Owner      Seat
	Controller Seat
	Place      Place
	Pos        Pos
	ATK, DEF   int
	Level      int  // current Level; 0 for a card with none (an Xyz Monster has a Rank: Data.Rank)
	Tapped     bool // kouhu
}

// Card returns the state of a card by its id.
func (d *Duel) Card(id CardID) CardInfo {
	g := d.g
	c := g.c(id)
	return CardInfo{Data: c.data, Owner: c.owner, Controller: c.ctrl, Place: c.place, Pos: c.pos,
		ATK: g.atk(id), DEF: g.def(id), Level: g.level(id), Tapped: c.tapped}
}

// Visible reports whether seat s may know which card id is.
func (d *Duel) Visible(id CardID, s Seat) bool { return d.g.visibleTo(id, s) }

// NumCards returns how many cards the duel has; CardIDs run from 0 to NumCards()-1.
func (d *Duel) NumCards() int { return len(d.g.cards) }

// At returns the card at a place, or NoCard.
func (d *Duel) At(p Place) CardID { return d.g.at(p) }

// Pile returns the cards of a seat's pile location (Deck: bottom first; Hand; GY: bottom first;
// Banished; Extra) or zoned location (NoCard for empty zones). The slice must not be modified.
func (d *Duel) Pile(s Seat, l Loc) []CardID {
	pl := d.g.pl(s)
	switch l {
	case MZone, SZone:
		return pl.zones(l)
	case FZone:
		if pl.fzone == NoCard {
			return nil
		}
		return []CardID{pl.fzone}
	}
	return *pl.pile(l)
}

// LP returns a seat's Life Points.
func (d *Duel) LP(s Seat) int { return d.g.pl(s).lp }
