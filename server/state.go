package server

import (
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// This file turns the engine's per-seat views, events and prompts into the protocol's JSON. It
// reads only engine views (View, PublicView, EventView, PublicEventView, PromptView, ChainView):
// never a CardID, never Duel.Card.

// stateMsg is the "state" message: everything a client shows, sent after every change.
type stateMsg struct {
	T      string      `json:"t"` // "state"
	Seq    int         `json:"seq"`
	Duel   int         `json:"duel"`
	You    string      `json:"you"` // "A", "B", or "" for a spectator
	View   viewJSON    `json:"view"`
	Chain  []chainJSON `json:"chain"`
	Events []eventJSON `json:"events"`
	// History: Events are every event of the duel so far (the state sent on joining, watching
	// or rejoining), not the ones since the last state: a client replaces its log with them.
	History bool        `json:"history,omitempty"`
	Prompt  *promptJSON `json:"prompt"`
	Waiting string      `json:"waiting"` // the seat that must answer, "" if none
	Clocks  clocksJSON  `json:"clocks"`
	Result  *resultJSON `json:"result,omitempty"`
	// Hash is the hash of the view and chain (protocol version 2: the board a delta builds on,
	// wire.go).
	Hash string `json:"hash,omitempty"`
}

type viewJSON struct {
	Turn       int        `json:"turn"`
	TurnPlayer string     `json:"turnPlayer"`
	Phase      string     `json:"phase"`
	Timing     string     `json:"timing,omitempty"`
	Seats      []seatJSON `json:"seats"`
}

type seatJSON struct {
	LP       int         `json:"lp"`
	Deck     int         `json:"deck"`
	Hand     []cardJSON  `json:"hand"`
	Monsters []*cardJSON `json:"monsters"` // null = an empty zone
	Spells   []*cardJSON `json:"spells"`
	Field    *cardJSON   `json:"field"`
	GY       []cardJSON  `json:"gy"`
	Banished []cardJSON  `json:"banished"`
	Extra    int         `json:"extra"`
	ExtraOwn []cardJSON  `json:"extraOwn,omitempty"`
	// Resources are the kouhu resource zone's cost cards (hidden from the opponent).
	Resources []cardJSON `json:"resources,omitempty"`
}

// cardJSON is a card as its viewer sees it; a hidden card has no code.
type cardJSON struct {
	Place string `json:"place,omitempty"` // always set, but in a delta where its list gives it (wire.go)
	Code  uint32 `json:"code,omitempty"`
	Pos   string `json:"pos,omitempty"`
	ATK   int    `json:"atk,omitempty"`
	DEF   int    `json:"def,omitempty"`
	Level int    `json:"level,omitempty"`
	// Tapped: a kouhu creature or cost card is tapped.
	Tapped bool `json:"tapped,omitempty"`
	// Materials are the Xyz Materials under a monster.
	Materials []cardJSON `json:"materials,omitempty"`
	// Counters are the card's counters by kind ("spell", kouhu's "growth"), for a card the
	// viewer can see.
	Counters map[string]int `json:"counters,omitempty"`
	// Equip is the place of the monster a face-up equip card (or kouhu artifact) is attached to.
	Equip string `json:"equip,omitempty"`
}

type chainJSON struct {
	Link  int    `json:"link"`
	Seat  string `json:"seat"`
	Code  uint32 `json:"code"`
	Place string `json:"place"`
}

type eventJSON struct {
	K      string `json:"k"`
	Seat   string `json:"seat"`
	Code   uint32 `json:"code,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Target string `json:"target,omitempty"`
	// Defender is the opponent a tag duel's direct attack hits (attack, battle with no target).
	Defender string `json:"defender,omitempty"`
	Pos      string `json:"pos,omitempty"`
	Phase    string `json:"phase,omitempty"`
	Timing   string `json:"timing,omitempty"`
	Amount   int    `json:"amount,omitempty"` // the event's number: see amountOf
	// Declare is, for a declaration, what was declared: "number:4", "attribute:DARK", "attributes:LIGHT EARTH",
	// "type:Spellcaster", or "card" (the card's code is code).
	Declare string `json:"declare,omitempty"`
	Battle  bool   `json:"battle,omitempty"`
	Turn    int    `json:"turn"`
}

type promptJSON struct {
	N          int          `json:"n"` // the prompt number an answer names
	Kind       string       `json:"kind"`
	Seat       string       `json:"seat"`
	Phase      string       `json:"phase"`
	Timing     string       `json:"timing,omitempty"`
	Min        int          `json:"min,omitempty"`
	Max        int          `json:"max,omitempty"`
	Purpose    string       `json:"purpose,omitempty"`
	Subject    *cardJSON    `json:"subject,omitempty"`
	Candidates []cardJSON   `json:"candidates,omitempty"`
	Options    []optionJSON `json:"options"`
}

type optionJSON struct {
	I      int        `json:"i"`
	Verb   string     `json:"verb"`
	Text   string     `json:"text"`
	N      int        `json:"n,omitempty"`
	Cards  []cardJSON `json:"cards,omitempty"`
	Sel    []int      `json:"sel,omitempty"`
	Effect string     `json:"effect,omitempty"`
}

type clocksJSON struct {
	A       int64  `json:"A"` // milliseconds left in seat A's time bank
	B       int64  `json:"B"`
	Running string `json:"running"`      // the seat whose bank drains now, "" if none
	Limit   int64  `json:"limit"`        // the bank's size, milliseconds
	A2      *int64 `json:"A2,omitempty"` // a tag duel's partners' banks
	B2      *int64 `json:"B2,omitempty"`
}

type resultJSON struct {
	Winner string `json:"winner"` // "A", "B" or "draw"
	Reason string `json:"reason"`
}

// placeString writes a place as the protocol does: the notation's zones ("A:M1", "B:S3", "A:F")
// and, for piles, the notation's pile with the card's index ("A:H/2", "B:GY/0"); a Deck card's
// index is never written, since the order of a Deck is hidden.
func placeString(p engine.Place) string {
	switch p.Loc {
	case engine.MZone, engine.SZone, engine.FZone, engine.Deck:
		return p.String()
	case engine.Overlay:
		return p.Seat.String() + ":OV/" + strconv.Itoa(p.Seq)
	}
	return p.String() + "/" + strconv.Itoa(p.Seq)
}

func cardOf(v engine.CardView) cardJSON {
	c := cardJSON{Place: placeString(v.Place), Pos: v.Pos.String(), Tapped: v.Tapped}
	if v.Hidden() {
		return c
	}
	c.Code = uint32(v.Code)
	c.ATK, c.DEF, c.Level = v.ATK, v.DEF, v.Level
	if v.Rank > 0 {
		c.Level = v.Rank // the client shows an Xyz Monster's "level" as its Rank
	}
	if len(v.Materials) > 0 {
		c.Materials = cardsOf(v.Materials)
	}
	c.Counters = v.Counters
	if v.EquipTo != nil {
		c.Equip = placeString(*v.EquipTo)
	}
	return c
}

func cardsOf(vs []engine.CardView) []cardJSON {
	out := make([]cardJSON, len(vs))
	for i, v := range vs {
		out[i] = cardOf(v)
	}
	return out
}

func zonesOf(vs []engine.CardView) []*cardJSON {
	out := make([]*cardJSON, len(vs))
	for i, v := range vs {
		if !v.Empty {
			c := cardOf(v)
			out[i] = &c
		}
	}
	return out
}

func viewOf(v engine.View) viewJSON {
	out := viewJSON{Turn: v.Turn, TurnPlayer: v.TurnPlayer.String(), Phase: v.Phase.String(),
		Timing: v.Timing.String(), Seats: make([]seatJSON, len(v.Seats))}
	for s, sv := range v.Seats {
		sj := seatJSON{LP: sv.LP, Deck: sv.Deck, Hand: cardsOf(sv.Hand), Monsters: zonesOf(sv.Monsters),
			Spells: zonesOf(sv.Spells), GY: cardsOf(sv.GY), Banished: cardsOf(sv.Banished),
			Extra: sv.Extra}
		if sv.Field != nil {
			c := cardOf(*sv.Field)
			sj.Field = &c
		}
		if len(sv.ExtraOwn) > 0 {
			sj.ExtraOwn = cardsOf(sv.ExtraOwn)
		}
		if len(sv.Resources) > 0 {
			sj.Resources = cardsOf(sv.Resources)
		}
		out.Seats[s] = sj
	}
	return out
}

func chainOf(links []engine.ChainLinkView) []chainJSON {
	out := make([]chainJSON, len(links))
	for i, l := range links {
		out[i] = chainJSON{Link: l.Link, Seat: l.Seat.String(), Code: uint32(l.Code), Place: placeString(l.Place)}
	}
	return out
}

// cardEvent reports whether events of a kind are about a card (and so have places).
func cardEvent(k engine.EventKind) bool {
	switch k {
	case engine.EvStart, engine.EvRPS, engine.EvCoin, engine.EvFirst, engine.EvShuffle,
		engine.EvTurn, engine.EvPhase, engine.EvStep, engine.EvDamage, engine.EvLP, engine.EvWin,
		engine.EvRecover, engine.EvPayLP, engine.EvChainEnd, engine.EvDice, engine.EvDeclare:
		return false
	}
	return true
}

// amountOf is the event's "amount" on the wire (docs/protocol.md): the one number of its kind —
// the LP of a damage, recovery, payment or LP event, the chain link of an activation or
// resolution, the turn number, the summon type of a Special Summon, 1 for heads, going first, a
// draw or a tapped card, and A's hand × 3 + B's hand (0 rock, 1 paper, 2 scissors) of a
// rock-paper-scissors round.
func amountOf(e engine.EventView) int {
	switch e.Kind {
	case engine.EvDamage, engine.EvRecover, engine.EvPayLP, engine.EvLP, engine.EvDice, engine.EvDeclare:
		return e.Amount
	case engine.EvActivate, engine.EvResolve:
		return int(e.Link)
	case engine.EvTurn:
		return e.Turn
	case engine.EvSpecialSummon:
		return int(e.SummonType)
	case engine.EvCoin:
		return b2i(e.Heads)
	case engine.EvFirst:
		return b2i(e.GoFirst)
	case engine.EvWin:
		return b2i(e.Draw)
	case engine.EvTap:
		return b2i(e.Tapped)
	case engine.EvRPS:
		return int(e.Hands[0])*3 + int(e.Hands[1])
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// eventOf is an event on the wire; tag: the duel is a tag duel (a direct attack names its
// defender).
func eventOf(e engine.EventView, tag bool) eventJSON {
	out := eventJSON{K: e.Kind.String(), Seat: e.Seat.String(), Code: uint32(e.Code),
		Amount: amountOf(e), Battle: e.Battle, Turn: e.Turn, Timing: e.Timing.String()}
	if e.Kind == engine.EvPhase {
		out.Phase = e.Phase.String()
	}
	if cardEvent(e.Kind) {
		out.From, out.To, out.Pos = placeString(e.From), placeString(e.To), e.Pos.String()
	}
	if e.HasTarget {
		out.Target = placeString(e.Target)
	} else if tag && (e.Kind == engine.EvAttack || e.Kind == engine.EvBattle) {
		out.Defender = e.Target.Seat.String()
	}
	if e.Kind == engine.EvDeclare {
		out.Declare = declareOf(e)
	}
	return out
}

// declareOf is a declaration on the wire (eventJSON.Declare).
func declareOf(e engine.EventView) string {
	switch e.Declared {
	case engine.DeclareAttribute:
		return "attribute:" + card.Attribute(e.Amount).String()
	case engine.DeclareAttributes:
		return "attributes:" + strings.Join(engine.AttributeNames(int32(e.Amount)), " ")
	case engine.DeclareType:
		return "type:" + card.Race(e.Amount).String()
	case engine.DeclareCard:
		return "card"
	}
	return "number:" + strconv.Itoa(e.Amount)
}

func promptOf(p *engine.PromptView, n int) *promptJSON {
	out := &promptJSON{N: n, Kind: p.Kind.String(), Seat: p.Seat.String(), Phase: p.Phase.String(),
		Timing: p.Timing.String(), Min: p.Min, Max: p.Max, Purpose: p.Purpose.String(),
		Candidates: cardsOf(p.Candidates), Options: make([]optionJSON, len(p.Options))}
	if p.Subject != nil {
		c := cardOf(*p.Subject)
		out.Subject = &c
	}
	for i, o := range p.Options {
		oj := optionJSON{I: o.Index, Verb: o.Kind.String(), Text: o.Text, N: o.N, Sel: o.Sel,
			Effect: o.Effect}
		if o.Kind != engine.OptSelect && o.Kind != engine.OptOrder {
			oj.Cards = cardsOf(o.Cards) // select and order options name candidates by "sel"
		}
		out.Options[i] = oj
	}
	return out
}
