package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Verify checks the duel's internal consistency: every card is in exactly one place and knows it,
// zone counts hold, LP are not negative, monsters are in monster positions, cards off the field
// belong to their owner, and the chain holds only cards that exist. Tests and fuzzers call it
// after every answer.
func (d *Duel) Verify() error {
	g := d.g
	seen := make([]int, len(g.cards))
	for s := range g.players {
		p := &g.players[s]
		if p.lp < 0 {
			return fmt.Errorf("seat %s has LP %d", Seat(s), p.lp)
		}
		if !g.rules.UnlimitedZones && (len(p.mzone) != g.rules.MonsterZones || len(p.szone) != g.rules.SpellZones) {
			return fmt.Errorf("seat %s has %d/%d zones", Seat(s), len(p.mzone), len(p.szone))
		}
		var err error
		check := func(id CardID, want Place) {
			if id == NoCard || err != nil {
				return
			}
			if id < 0 || int(id) >= len(g.cards) {
				err = fmt.Errorf("no card %d at %v", id, want)
				return
			}
			seen[id]++
			if got := g.cards[id].place; got != want {
				err = fmt.Errorf("%s is at %v but records %v", g.cards[id].data.Name, want, got)
			}
		}
		for _, l := range []Loc{Deck, Hand, GY, Banished, Extra, Resource} {
			for i, id := range *p.pile(l) {
				check(id, Place{Seat: Seat(s), Loc: l, Seq: i})
				if id != NoCard && g.cards[id].token {
					return fmt.Errorf("token %s in a pile (%v)", g.cards[id].data.Name, l)
				}
			}
		}
		for _, l := range []Loc{MZone, SZone} {
			for i, id := range p.zones(l) {
				check(id, Place{Seat: Seat(s), Loc: l, Seq: i})
				if l == MZone && id != NoCard {
					for j, m := range g.cards[id].materials() {
						check(m, Place{Seat: Seat(s), Loc: Overlay, Seq: i*16 + j})
						if g.cards[m].token {
							return fmt.Errorf("token %s is an Xyz material", g.cards[m].data.Name)
						}
					}
				}
			}
		}
		check(p.fzone, Place{Seat: Seat(s), Loc: FZone})
		if err != nil {
			return err
		}
		if (p.out && !g.over) || s >= g.seatCount() {
			for _, l := range []Loc{MZone, SZone} {
				for _, id := range p.zones(l) {
					if id != NoCard {
						return fmt.Errorf("seat %s is out of the duel but holds %s on the field", Seat(s), g.cards[id].data.Name)
					}
				}
			}
			if p.fzone != NoCard {
				return fmt.Errorf("seat %s is out of the duel but holds a Field Spell", Seat(s))
			}
		}
	}
	for i, n := range seen {
		c := &g.cards[i]
		if c.token && c.place == nowhere {
			if n != 0 {
				return fmt.Errorf("a token that left the field is still in a zone")
			}
			continue
		}
		if n != 1 {
			return fmt.Errorf("%s (card %d) is in %d places", c.data.Name, i, n)
		}
		if c.asMonster && c.place.Loc != MZone {
			return fmt.Errorf("%s is treated as a monster in %v", c.data.Name, c.place.Loc)
		}
		switch c.place.Loc {
		case MZone:
			if g.procs().NonMonster(g.kernel(), CardID(i)) {
				if c.pos != FaceUp && c.pos != FaceUpAtk {
					return fmt.Errorf("artifact %s has position %v", c.data.Name, c.pos)
				}
				continue
			}
			if !c.data.IsMonster() {
				return fmt.Errorf("%s is in a Monster Zone", c.data.Name)
			}
			if c.pos != FaceUpAtk && c.pos != FaceUpDef && c.pos != FaceDownDef {
				return fmt.Errorf("monster %s has position %v", c.data.Name, c.pos)
			}
		case SZone, FZone:
			if c.pos != FaceUp && c.pos != FaceDown {
				return fmt.Errorf("%s in a Spell & Trap Zone has position %v", c.data.Name, c.pos)
			}
		case Overlay:
		case Resource:
			if c.pos != FaceDown || c.ctrl != c.owner || c.place.Seat != c.owner {
				return fmt.Errorf("cost card %s is face-up or not its owner's", c.data.Name)
			}
		default:
			if c.ctrl != c.owner {
				return fmt.Errorf("%s off the field is controlled by its non-owner", c.data.Name)
			}
			if c.place.Seat != c.owner {
				return fmt.Errorf("%s is in its non-owner's %v", c.data.Name, c.place.Loc)
			}
		}
	}
	if err := g.verifyCands(); err != nil {
		return err
	}
	if err := g.verifyRes(); err != nil {
		return err
	}
	if err := g.verifyCont(); err != nil {
		return err
	}
	if !g.modsHeld {
		for i := range g.cards {
			if len(g.cards[i].mods()) > 0 {
				return fmt.Errorf("%s holds a modifier while the duel says none does", g.cards[i].data.Name)
			}
		}
	}
	var kinds EventMask
	for i := range g.fresh {
		kinds |= eventKinds(&g.fresh[i])
	}
	if kinds != g.freshKinds {
		return fmt.Errorf("the kinds of the last action's events: kept %#x, counted %#x", g.freshKinds, kinds)
	}
	if g.countTrigBy() != g.trigBy {
		return fmt.Errorf("the triggers by kind of event differ from a recount of trigCards")
	}
	if err := g.verifyModSources(); err != nil {
		return err
	}
	for i, l := range g.chain {
		if l.card < 0 || int(l.card) >= len(g.cards) || l.eff == nil {
			return fmt.Errorf("chain link %d is broken", i+1)
		}
	}
	return nil
}

// knownTo is the rule of what a seat may know of a card at a place, written apart from the
// views' own code so that each checks the other.
func (g *game) knownTo(s Seat, p Place, faceUp bool, ctrl Seat) bool {
	hidden := g.rules.HiddenGraveyards
	switch p.Loc {
	case Deck, nLoc:
		return false
	case Hand, Extra:
		return p.Seat == s
	case GY:
		return !hidden || p.Seat == s
	case Overlay:
		return true
	case Banished:
		return faceUp && !hidden || p.Seat == s
	}
	return faceUp || ctrl == s
}

// knownRevealed is handRevealed written apart from the views' own code: a face-up card on the
// field whose Continuous effect gives the seat PFRevealedHand, not negated.
func (g *game) knownRevealed(s Seat) bool {
	for i := range g.cards {
		c := &g.cards[i]
		if c.script == nil || !g.applies(c) || g.negated(CardID(i)) || CardID(i) == g.summoning {
			continue
		}
		for _, e := range c.script.Effects {
			if e.Kind == Continuous && e.PlayerFlags&PFRevealedHand != 0 && e.AffectsPlayer != nil &&
				defaultRange(e, c.data).Has(c.place.Loc) {
				ctx := g.ctx(CardID(i), e, c.ctrl, nil, nil)
				ok := e.AffectsPlayer(ctx, s)
				g.release()
				if ok {
					return true
				}
			}
		}
	}
	return false
}

// VerifyViews checks that no view of either seat, and no view of the pending events, reveals a
// card the seat may not know, and that every card a view shows is the true one.
func (d *Duel) VerifyViews() error {
	g := d.g
	for _, e := range g.events {
		for _, s := range g.seats() {
			v := d.EventView(e, s)
			if v.Code == 0 || e.Public || e.Kind == EvConfirm && e.Seat == s {
				continue
			}
			if !g.knownTo(s, e.From, e.FromUp, e.FromCtrl) && !g.knownTo(s, e.To, e.ToUp, e.ToCtrl) {
				return fmt.Errorf("event %s shows %s to %s, who cannot see it (%v -> %v)", e.Kind, v.Name, s, e.From, e.To)
			}
			if (e.Kind == EvDraw || e.Kind == EvSet) && e.Seat != s {
				return fmt.Errorf("event %s of %s shows %s to %s", e.Kind, e.Seat, v.Name, s)
			}
		}
	}
	for _, s := range g.seats() {
		v := d.View(s)
		for _, o := range g.seats() {
			sv := v.Seats[o]
			for _, cv := range sv.cards() {
				if cv.Empty {
					continue
				}
				if err := d.checkCardView(s.String(), func(c *cardState) bool {
					return g.knownTo(s, c.place, c.pos.IsFaceUp(), c.ctrl) || c.place.Loc == Hand && g.knownRevealed(c.place.Seat)
				}, cv); err != nil {
					return err
				}
			}
			if o != s && len(sv.ExtraOwn) > 0 {
				return fmt.Errorf("view of %s shows the opponent's Extra Deck", s)
			}
			if sv.Deck != len(g.pl(o).deck) {
				return fmt.Errorf("view of %s counts %d cards in %s's deck, not %d", s, sv.Deck, o, len(g.pl(o).deck))
			}
		}
	}
	pub := d.PublicView()
	for _, o := range g.seats() {
		for _, cv := range pub.Seats[o].cards() {
			if cv.Empty {
				continue
			}
			if err := d.checkCardView("a spectator", func(c *cardState) bool {
				return g.publicVisible(c.place, c.pos.IsFaceUp()) || c.place.Loc == Hand && g.knownRevealed(c.place.Seat)
			}, cv); err != nil {
				return err
			}
		}
	}
	return d.verifyPromptView()
}

// cards lists every card of a seat's side of a view: hand, zones, piles, resources.
func (sv SeatView) cards() []CardView {
	var all []CardView
	all = append(all, sv.Hand...)
	all = append(all, sv.Monsters...)
	all = append(all, sv.Spells...)
	all = append(all, sv.GY...)
	all = append(all, sv.Banished...)
	all = append(all, sv.ExtraOwn...)
	all = append(all, sv.Resources...)
	if sv.Field != nil {
		all = append(all, *sv.Field)
	}
	return all
}

// checkCardView checks one card of a viewer's view (s names it) against the duel: a card at its
// place, shown only when the viewer may know it (knows), and then truly (code, materials, public
// counters, the monster an equip card is attached to); a hidden card shows none of its counters
// or equip link.
func (d *Duel) checkCardView(s string, knows func(*cardState) bool, cv CardView) error {
	g := d.g
	id := d.At(cv.Place)
	if id == NoCard {
		return fmt.Errorf("view of %s shows a card at empty %v", s, cv.Place)
	}
	c := g.c(id)
	known := knows(c)
	if cv.Code != 0 && (!known || cv.Code != c.data.Passcode) {
		return fmt.Errorf("view of %s reveals %s at %v", s, c.data.Name, cv.Place)
	}
	if cv.Code == 0 && known {
		return fmt.Errorf("view of %s hides its own knowable %s at %v", s, c.data.Name, cv.Place)
	}
	if len(cv.Materials) != len(c.materials()) {
		return fmt.Errorf("view of %s shows %d materials under %s, not %d", s, len(cv.Materials), c.data.Name, len(c.materials()))
	}
	want := map[string]int{}
	if known {
		want = publicCounters(c.counters())
	}
	if len(cv.Counters) != len(want) {
		return fmt.Errorf("view of %s shows counters %v on %s at %v, not %v", s, cv.Counters, c.data.Name, cv.Place, want)
	}
	for name, n := range want {
		if cv.Counters[name] != n {
			return fmt.Errorf("view of %s shows counters %v on %s at %v, not %v", s, cv.Counters, c.data.Name, cv.Place, want)
		}
	}
	t := NoCard
	if known && c.pos.IsFaceUp() {
		t = g.equipTargetOf(id)
	}
	switch {
	case cv.EquipTo != nil && t == NoCard:
		return fmt.Errorf("view of %s shows %s at %v equipped to %v, which it may not know or is not", s, c.data.Name, cv.Place, *cv.EquipTo)
	case cv.EquipTo == nil && t != NoCard:
		return fmt.Errorf("view of %s does not show %s at %v equipped to %v", s, c.data.Name, cv.Place, g.c(t).place)
	case t != NoCard && *cv.EquipTo != g.c(t).place:
		return fmt.Errorf("view of %s shows %s equipped to %v, not %v", s, c.data.Name, *cv.EquipTo, g.c(t).place)
	}
	return nil
}

// verifyPromptView checks that the pending prompt, as its seat sees it, names no card that seat may
// not know: its subject, candidates and option cards, and its option texts. The one exception is a
// candidate of the seat's own Deck that the effect lets it look at (Prompt.Look, a search).
func (d *Duel) verifyPromptView() error {
	g := d.g
	p := d.Prompt()
	if p == nil {
		return nil
	}
	s := p.Seat
	pv := d.PromptView(s)
	if pv == nil {
		return fmt.Errorf("no prompt view for %s, who must answer", s)
	}
	for _, o := range g.seats() {
		if o != s && d.PromptView(o) != nil {
			return fmt.Errorf("%s is shown the prompt of %s", o, s)
		}
	}
	allowed := func(id CardID, cand bool) bool {
		c := g.c(id)
		return g.knownTo(s, c.place, c.pos.IsFaceUp(), c.ctrl) ||
			cand && p.Look && (p.Kind == PromptSelect || p.Kind == PromptOrder) && c.place.Loc == Deck && c.place.Seat == s
	}
	shows := func(cv CardView, id CardID, cand bool, what string) error {
		c := g.c(id)
		if cv.Code == 0 {
			return nil
		}
		if cv.Code != c.data.Passcode {
			return fmt.Errorf("prompt of %s shows %s as %s: %v, not the card's %d", s, what, cv.Name, cv.Code, c.data.Passcode)
		}
		if !allowed(id, cand) {
			return fmt.Errorf("prompt of %s reveals %s at %v as its %s", s, c.data.Name, c.place, what)
		}
		return nil
	}
	if p.Subject != NoCard && pv.Subject != nil {
		if err := shows(*pv.Subject, p.Subject, false, "subject"); err != nil {
			return err
		}
	}
	if len(pv.Candidates) != len(p.Candidates) || len(pv.Options) != len(p.opts) {
		return fmt.Errorf("prompt view of %s has %d candidates and %d options, not %d and %d", s,
			len(pv.Candidates), len(pv.Options), len(p.Candidates), len(p.opts))
	}
	for i, id := range p.Candidates {
		if err := shows(pv.Candidates[i], id, true, "candidate"); err != nil {
			return err
		}
	}
	for i, o := range p.opts {
		ov := pv.Options[i]
		var ids []CardID
		cand := true
		switch {
		case o.Kind == OptSelect || o.Kind == OptOrder:
			for _, j := range ov.Sel {
				ids = append(ids, p.Candidates[j])
			}
		case o.Kind.hasCard() && o.Card != NoCard:
			ids, cand = []CardID{o.Card}, false
		}
		if len(ids) != len(ov.Cards) {
			return fmt.Errorf("option %q of %s shows %d cards, not %d", ov.Text, s, len(ov.Cards), len(ids))
		}
		for k, id := range ids {
			if err := shows(ov.Cards[k], id, cand && (o.Kind == OptSelect || o.Kind == OptOrder), "option card"); err != nil {
				return err
			}
		}
		named := append([]CardID(nil), p.Candidates...)
		if !cand {
			named = append(named, ids...)
		}
		for k, id := range named {
			c := g.c(id)
			if !allowed(id, k < len(p.Candidates)) && strings.Contains(ov.Text, strconv.Quote(c.data.Name)+"@"+c.place.Text(g.tag)) {
				return fmt.Errorf("option text %q of %s names %s, hidden from it", ov.Text, s, c.data.Name)
			}
		}
	}
	return nil
}
