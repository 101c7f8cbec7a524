package main

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/engine"
)

// namer gives the name a card is shown with (English, Chinese, or from a card database); nil
// shows the English name.
type namer func(code card.Passcode, english string) string

func (n namer) name(code card.Passcode, english string) string {
	if n == nil || code == 0 {
		return english
	}
	return n(code, english)
}

// cardLabel writes a card of a view: its name and, for monsters, stats.
func cardLabel(c engine.CardView, nm namer) string {
	if c.Empty {
		return "·"
	}
	if c.Hidden() {
		if c.Place.Loc == engine.MZone {
			return "[face-down]"
		}
		return "[set]"
	}
	s := nm.name(c.Code, c.Name)
	if c.Place.Loc == engine.MZone || c.Place.Loc == engine.Hand || c.Place.Loc == engine.Extra {
		switch {
		case c.Level > 0 && c.Kind&card.Monster != 0:
			s += fmt.Sprintf(" Lv%d %d/%d", c.Level, c.ATK, c.DEF)
		case c.Rank > 0:
			s += fmt.Sprintf(" Rank%d %d/%d", c.Rank, c.ATK, c.DEF)
		case c.Kind&card.Monster != 0 && c.Place.Loc == engine.MZone:
			s += fmt.Sprintf(" %d/%d", c.ATK, c.DEF)
		case c.Level > 0:
			s += fmt.Sprintf(" Lv%d", c.Level) // a kouhu Spell, Trap or artifact: its Level is its cost
		}
	}
	if n := len(c.Materials); n > 0 {
		s += fmt.Sprintf(" [%d material(s)]", n)
	}
	if c.Tapped {
		s += " (tapped)"
	}
	if c.Place.Loc == engine.MZone && c.Kind&card.Monster != 0 {
		switch c.Pos {
		case engine.FaceUpAtk:
			s += " ATK"
		case engine.FaceUpDef:
			s += " DEF"
		case engine.FaceDownDef:
			s += " SET"
		}
	}
	if c.Place.Loc == engine.SZone && !c.Pos.IsFaceUp() {
		s += " (set)"
	}
	return s
}

// pileText lists a pile (a Graveyard, the banished cards), the card on top last.
func pileText(cs []engine.CardView, nm namer) string {
	if len(cs) == 0 {
		return "·"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = "[face-down]"
		if !c.Hidden() {
			parts[i] = nm.name(c.Code, c.Name)
		}
	}
	return strings.Join(parts, "; ")
}

// renderBoard draws the duel as seat me sees it, the opponent on top (in a tag duel both
// opponents, then the partner, then me).
func renderBoard(v engine.View, me engine.Seat, nm namer) string {
	var b strings.Builder
	line := strings.Repeat("─", 72)
	timing := ""
	if v.Timing != engine.NoTiming {
		timing = " · " + v.Timing.String()
	}
	fmt.Fprintf(&b, "%s\nTurn %d · %s's %s%s\n", line, v.Turn, engine.SeatName(v.TurnPlayer, v.Tag), v.Phase, timing)
	side := func(s engine.Seat, top bool) {
		sv := v.Seats[s]
		who := "You"
		switch {
		case s.Team() != me.Team():
			who = "Opponent"
		case s != me:
			who = "Partner"
		}
		header := fmt.Sprintf("%s (%s)  LP %d  Deck %d  Hand %d  GY %d  Banished %d  Extra %d",
			who, engine.SeatName(s, v.Tag), sv.LP, sv.Deck, len(sv.Hand), len(sv.GY), len(sv.Banished), sv.Extra)
		if sv.Out {
			header += "  (out of the duel)"
		}
		if n := len(sv.Resources); n > 0 {
			untapped := 0
			for _, r := range sv.Resources {
				if !r.Tapped {
					untapped++
				}
			}
			header += fmt.Sprintf("  Resources %d (%d untapped)", n, untapped)
		}
		zones := func(label string, cs []engine.CardView) {
			parts := make([]string, len(cs))
			for i, c := range cs {
				parts[i] = fmt.Sprintf("%d:%s", i+1, cardLabel(c, nm))
			}
			fmt.Fprintf(&b, "  %s %s\n", label, strings.Join(parts, " | "))
		}
		field := "·"
		if sv.Field != nil {
			field = cardLabel(*sv.Field, nm)
		}
		piles := func() {
			fmt.Fprintf(&b, "  Field %s\n", field)
			fmt.Fprintf(&b, "  GY %s\n", pileText(sv.GY, nm))
			if len(sv.Banished) > 0 {
				fmt.Fprintf(&b, "  Banished %s\n", pileText(sv.Banished, nm))
			}
		}
		if top {
			fmt.Fprintln(&b, header)
			zones("S/T", sv.Spells)
			zones("MON", sv.Monsters)
			piles()
		} else {
			piles()
			zones("MON", sv.Monsters)
			zones("S/T", sv.Spells)
			fmt.Fprintln(&b, header)
			var hand []string
			for _, c := range sv.Hand {
				hand = append(hand, cardLabel(c, nm))
			}
			fmt.Fprintf(&b, "  Hand: %s\n", strings.Join(hand, "; "))
		}
	}
	side(me.Other(), true)
	if v.Tag {
		side(me.Other().Partner(), true)
		fmt.Fprintln(&b, "  "+strings.Repeat("- ", 35))
		side(me.Partner(), true)
	}
	fmt.Fprintln(&b, "  "+strings.Repeat("- ", 35))
	side(me, false)
	return b.String()
}

// makeNamer returns the namer for a language (en, zh-CN, zh-TW) and, optionally, the names and texts of
// a YGOPro card database (any language), whose names take precedence.
func makeNamer(lang, cdbPath string) (namer, cdb.Texts, error) {
	var texts cdb.Texts
	if cdbPath != "" {
		t, err := cdb.LoadTexts(cdbPath)
		if err != nil {
			return nil, nil, err
		}
		texts = t
	}
	if _, err := lookupLang(lang); err != nil {
		return nil, nil, err
	}
	if texts == nil {
		return langNamer(lang), nil, nil
	}
	return func(code card.Passcode, english string) string { return texts.Name(code, english) }, texts, nil
}
