package main

import (
	"fmt"

	cardpkg "github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// termLog words the engine's events for the terminal, one sentence for every event kind, as one
// seat sees them. A target or an attacker is looked up in the view from before the events (it
// may be gone after them: a destroyed monster), then in the view after.
type termLog struct {
	lang  *termLang
	names namer
	tag   bool
	kouhu bool
	// blocked: the kouhu attack in progress was blocked (the client words the blocks, which have
	// no event: termUI.blockText); its battle is its engagements, not a direct attack.
	blocked bool
	// atk is, within one batch of events, the ATK and DEF a kouhu attacker has left after its
	// engagements so far (each takes away the DEF it met and the damage it took), by its place.
	atk map[engine.Place][2]int
	// changed are the places of the cards changed (EvModified) so far in one batch of events:
	// a battle after such a change shows the values after the events, not the stale ones before.
	changed map[engine.Place]bool
}

// battler finds a monster of a battle: as it was before the events, or, when it was changed
// earlier in this batch (an ATK boost answering the attack), as it is after them (the same card
// still there; not in kouhu, whose engagements change it after the battle).
func (l *termLog) battler(p engine.Place, prev, cur *engine.View) *engine.CardView {
	b := known(p, prev, cur)
	if l.changed[p] && !l.kouhu {
		if c := cardAt(cur, p); c != nil && !c.Hidden() && (b == nil || c.Code == b.Code) {
			return c
		}
	}
	return b
}

// cardAt finds the card at a place of a view, or nil.
func cardAt(v *engine.View, p engine.Place) *engine.CardView {
	if v == nil || int(p.Seat) >= len(v.Seats) {
		return nil
	}
	sv := &v.Seats[p.Seat]
	var pile []engine.CardView
	switch p.Loc {
	case engine.MZone:
		pile = sv.Monsters
	case engine.SZone:
		pile = sv.Spells
	case engine.FZone:
		return sv.Field
	case engine.Hand:
		pile = sv.Hand
	case engine.GY:
		pile = sv.GY
	case engine.Banished:
		pile = sv.Banished
	case engine.Resource:
		pile = sv.Resources
	default:
		return nil
	}
	for i := range pile {
		if pile[i].Place == p && !pile[i].Empty {
			return &pile[i]
		}
	}
	return nil
}

// known returns the first of the views' cards at a place that the viewer can see, or nil.
func known(p engine.Place, views ...*engine.View) *engine.CardView {
	for _, v := range views {
		if c := cardAt(v, p); c != nil && !c.Hidden() {
			return c
		}
	}
	return nil
}

// quote marks a card's name: "Dark Magician", 「黑魔术师」.
func (l *termLog) quote(name string) string {
	if l.lang.id == "en" {
		return `"` + name + `"`
	}
	return "「" + name + "」"
}

// text words one event; prev and cur are the viewer's views before and after the events.
func (l *termLog) text(e engine.EventView, prev, cur *engine.View) string {
	lg := l.lang
	sn := func(s engine.Seat) string { return engine.SeatName(s, l.tag) }
	other := e.Seat.Other()
	if l.tag && !e.HasTarget && (e.Kind == engine.EvAttack || e.Kind == engine.EvBattle) {
		other = e.Target.Seat // a direct attack hits the opponent it names, either of two
	}
	actor := e.Seat
	switch e.Kind {
	case engine.EvSummon, engine.EvSpecialSummon, engine.EvSet, engine.EvFlipSummon, engine.EvSummoning:
		// The engine's seat of a move is the card's owner; a summon is made by the player whose
		// field the monster goes to (a Monster Reborn of yours reviving your opponent's monster).
		if e.To.Loc == engine.MZone {
			actor = e.To.Seat
		}
	case engine.EvTribute:
		if e.From.Loc == engine.MZone {
			actor = e.From.Seat // who tributes a monster is its controller, not its owner
		}
	}
	f := map[string]string{"seat": sn(actor), "seat2": sn(other), "amount": fmt.Sprint(e.Amount),
		"turn": fmt.Sprint(e.Turn), "link": fmt.Sprint(e.Link),
		"from": lg.placeName(e.From, l.tag), "to": lg.placeName(e.To, l.tag),
		"phase": lg.phase[e.Phase.String()], "timing": lg.timing[e.Timing.String()], "stats": ""}
	switch {
	case e.Code != 0:
		f["card"] = l.quote(l.names.name(e.Code, e.Name))
	case e.To.Loc == engine.Resource:
		f["card"] = lg.words["cost-card"]
	case e.Kind == engine.EvSet || e.Kind == engine.EvSummoning:
		f["card"] = lg.words["a-monster"]
	default:
		f["card"] = lg.words["a-card"]
	}
	f["target"] = lg.words["a-card"]
	if e.HasTarget {
		f["target"] = lg.placeName(e.Target, l.tag)
		if c := known(e.Target, prev, cur); c != nil {
			f["target"] = l.quote(l.names.name(c.Code, c.Name))
		}
	}
	if p, ok := lg.pos[e.Pos.String()]; ok {
		f["pos"] = p
	}
	key := e.Kind.String()
	switch e.Kind {
	case engine.EvRPS:
		f["a"], f["b"] = sn(engine.A), sn(engine.B)
		f["ha"], f["hb"] = lg.hands[e.Hands[0]%3], lg.hands[e.Hands[1]%3]
	case engine.EvDeclare:
		f["value"] = declared(e, f["card"])
	case engine.EvCoin:
		f["side"] = lg.words["tails"]
		if e.Heads {
			f["side"] = lg.words["heads"]
		}
	case engine.EvFirst:
		key = "first-0"
		if e.GoFirst {
			key = "first-1"
		}
	case engine.EvAttack:
		if !e.HasTarget {
			key = "attack-direct"
		}
	case engine.EvBattle:
		// The battle's numbers: the attacker's ATK against the target's ATK or DEF, before it.
		a := l.battler(e.From, prev, cur)
		atk, def := 0, 0
		if a != nil {
			atk, def = a.ATK, a.DEF
			if n, ok := l.atk[e.From]; ok {
				atk, def = n[0], n[1]
			}
		}
		if !e.HasTarget {
			key = "battle-direct"
			if l.kouhu && l.blocked {
				key, l.blocked = "battle-blocked", false
			}
			if a != nil {
				f["stats"] = fmt.Sprintf(" (ATK %d)", atk)
			}
			break
		}
		if d := l.battler(e.Target, prev, cur); a != nil && d != nil {
			switch {
			case l.kouhu:
				// An engagement: ATK against DEF both ways; the attacker keeps ATK less the DEF it took away.
				f["stats"] = fmt.Sprintf(" (ATK/DEF %d/%d vs %d/%d)", atk, def, d.ATK, d.DEF)
				if l.atk == nil {
					l.atk = map[engine.Place][2]int{}
				}
				l.atk[e.From] = [2]int{atk - min(atk, d.DEF), def - min(d.ATK, def)}
			case d.Pos == engine.FaceUpAtk:
				f["stats"] = fmt.Sprintf(" (ATK %d vs ATK %d)", atk, d.ATK)
			default:
				f["stats"] = fmt.Sprintf(" (ATK %d vs DEF %d)", atk, d.DEF)
			}
		}
	case engine.EvDamage:
		if e.Battle {
			key = "damage-battle"
		}
	case engine.EvDestroy:
		if e.Battle {
			key = "destroy-battle"
		}
	case engine.EvWin:
		switch {
		case e.Draw:
			key = "win-draw"
		case l.tag:
			key, f["seat"] = "win-team", e.Seat.String()
		}
	case engine.EvTap:
		key = "tap-0"
		if e.Tapped {
			key = "tap-1"
		}
	case engine.EvOut:
		if e.From != e.To {
			key = "out-card"
		}
	case engine.EvMove:
		if e.To.Loc == engine.Resource && e.From.Loc == engine.Hand {
			key = "resource"
		}
	}
	if e.To.Loc > engine.Resource && e.From.Loc.OnField() {
		// A token that leaves the field goes nowhere: it ceases to exist.
		switch e.Kind {
		case engine.EvDestroy, engine.EvTribute:
		default:
			key = "token-gone"
		}
	}
	switch e.Kind {
	case engine.EvModified:
		if l.changed == nil {
			l.changed = map[engine.Place]bool{}
		}
		l.changed[e.To] = true
		if c := cardAt(cur, e.To); c != nil && !c.Hidden() && e.To.Loc == engine.MZone {
			f["stats"] = fmt.Sprintf(" (now %d/%d)", c.ATK, c.DEF)
		}
	case engine.EvStep:
		if e.Timing == engine.NoTiming {
			key, f["phase"] = "phase", lg.phase["battle"]
		}
	}
	tmpl, ok := lg.ev[key]
	if !ok {
		return key // a kind without words shows as itself (TestTermLogWordsEveryKind rules it out)
	}
	return fill(tmpl, f)
}

// isPlay reports whether an event is a card play a chain window may answer (it names what the
// window responds to).
func isPlay(k engine.EventKind) bool {
	switch k {
	case engine.EvSummon, engine.EvSpecialSummon, engine.EvFlipSummon, engine.EvSummoning,
		engine.EvAttack, engine.EvActivate, engine.EvSet, engine.EvSetSpell, engine.EvPosition,
		engine.EvDestroy, engine.EvDamage, engine.EvBattle, engine.EvEquip, engine.EvControl,
		engine.EvFlip, engine.EvRetarget, engine.EvResolve, engine.EvChainEnd:
		return true
	}
	return false
}

// declared words the value of a declaration: the card's quoted name (card), else the number,
// Attribute or Type.
func declared(e engine.EventView, card string) string {
	switch e.Declared {
	case engine.DeclareCard:
		return card
	case engine.DeclareAttribute:
		return cardpkg.Attribute(e.Amount).String()
	case engine.DeclareType:
		return cardpkg.Race(e.Amount).String()
	}
	return fmt.Sprint(e.Amount)
}
