package main

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
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
		gyTop := "·"
		if n := len(sv.GY); n > 0 {
			gyTop = nm.name(sv.GY[n-1].Code, sv.GY[n-1].Name)
		}
		if top {
			fmt.Fprintln(&b, header)
			zones("S/T", sv.Spells)
			zones("MON", sv.Monsters)
			fmt.Fprintf(&b, "  Field %s   GY top %s\n", field, gyTop)
		} else {
			fmt.Fprintf(&b, "  Field %s   GY top %s\n", field, gyTop)
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

// renderEvent writes one event as a seat sees it, or "" for events not worth a line.
func renderEvent(e engine.EventView, nm namer, tag bool) string {
	sn := func(s engine.Seat) string { return engine.SeatName(s, tag) }
	name := "a card"
	if e.Code != 0 {
		name = fmt.Sprintf("%q", nm.name(e.Code, e.Name))
	}
	switch e.Kind {
	case engine.EvStart:
		return fmt.Sprintf("The duel starts: %s goes first.", sn(e.Seat))
	case engine.EvRPS:
		hands := []string{"rock", "paper", "scissors"}
		return fmt.Sprintf("Rock-paper-scissors: A %s, B %s.", hands[e.Amount/3], hands[e.Amount%3])
	case engine.EvCoin:
		if e.Amount == 1 {
			return "The coin shows heads."
		}
		return "The coin shows tails."
	case engine.EvFirst:
		if e.Amount == 1 {
			return fmt.Sprintf("%s chooses to go first.", sn(e.Seat))
		}
		return fmt.Sprintf("%s chooses to go second.", sn(e.Seat))
	case engine.EvTurn:
		return fmt.Sprintf("== Turn %d: %s ==", e.Amount, sn(e.Seat))
	case engine.EvPhase:
		return fmt.Sprintf("-- %s --", e.Phase)
	case engine.EvDraw:
		return fmt.Sprintf("%s draws %s.", sn(e.Seat), name)
	case engine.EvSummon:
		return fmt.Sprintf("%s Normal Summons %s to %s.", sn(e.Seat), name, e.To.Text(tag))
	case engine.EvSet:
		return fmt.Sprintf("%s Sets %s to %s.", sn(e.Seat), name, e.To.Text(tag))
	case engine.EvFlipSummon:
		return fmt.Sprintf("%s Flip Summons %s at %s.", sn(e.Seat), name, e.To.Text(tag))
	case engine.EvPosition:
		return fmt.Sprintf("%s changes %s to %s position.", sn(e.Seat), name, e.Pos)
	case engine.EvTribute:
		return fmt.Sprintf("%s tributes %s.", sn(e.Seat), name)
	case engine.EvAttack:
		if e.HasTarget {
			return fmt.Sprintf("%s's %s attacks the monster at %s.", sn(e.Seat), name, e.Target.Text(tag))
		}
		return fmt.Sprintf("%s's %s attacks directly.", sn(e.Seat), name)
	case engine.EvReplay:
		return fmt.Sprintf("Replay: %s's %s may choose a new target.", sn(e.Seat), name)
	case engine.EvAttackEnd:
		return fmt.Sprintf("The attack of %s ends.", name)
	case engine.EvFlip:
		return fmt.Sprintf("%s at %s is flipped face-up.", name, e.To.Text(tag))
	case engine.EvDamage:
		kind := "effect"
		if e.Battle {
			kind = "battle"
		}
		return fmt.Sprintf("%s takes %d %s damage.", sn(e.Seat), e.Amount, kind)
	case engine.EvDestroy:
		how := ""
		if e.Battle {
			how = " by battle"
		}
		return fmt.Sprintf("%s is destroyed%s.", name, how)
	case engine.EvDiscard:
		return fmt.Sprintf("%s discards %s.", sn(e.Seat), name)
	case engine.EvMove:
		return fmt.Sprintf("%s moves from %s to %s.", name, e.From.Text(tag), e.To.Text(tag))
	case engine.EvOut:
		if e.From != e.To { // a card that leaves the field with its player
			return fmt.Sprintf("%s leaves %s with its player for %s.", name, e.From.Text(tag), e.To.Text(tag))
		}
		return fmt.Sprintf("%s is out of the duel; their turns are skipped.", sn(e.Seat))
	case engine.EvWin:
		if e.Amount == 1 {
			return "The duel is a draw."
		}
		if tag {
			return fmt.Sprintf("Team %s wins the duel.", e.Seat)
		}
		return fmt.Sprintf("%s wins the duel.", sn(e.Seat))
	}
	return ""
}

// cardInfo describes a card for the terminal: its data and the project's description of what it
// does.
func cardInfo(name string) string { return cardInfoTexts(name, nil) }

// cardInfoTexts is cardInfo with the text a user's card database gives the card, if any.
func cardInfoTexts(name string, texts cdb.Texts) string {
	d, err := card.Pool().Lookup(name)
	if err != nil {
		return err.Error()
	}
	s := fmt.Sprintf("%s (%s) — %s", d.Name, d.NameZH, d.Kind)
	if d.IsMonster() {
		s += fmt.Sprintf(", Level %d %s %s, %d/%d", d.Level, d.Attribute, d.Race, d.ATK, d.DEF)
	}
	if sc := cards.Script(d.Passcode); sc != nil && sc.Desc != "" {
		s += "\n  " + sc.Desc
	} else if d.IsNormalMonster() {
		s += "\n  A Normal Monster: no effect."
	}
	if desc, ok := texts.Desc(d.Passcode); ok && desc != "" {
		s += "\n  " + texts.Name(d.Passcode, d.Name) + ": " + strings.ReplaceAll(desc, "\r\n", " ")
	}
	return s
}

// makeNamer returns the namer for a language (en, zh-CN) and, optionally, the names and texts of
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
	switch lang {
	case "en", "":
	case "zh-CN":
	default:
		return nil, nil, fmt.Errorf("--lang %q: want en or zh-CN", lang)
	}
	if texts == nil && lang != "zh-CN" {
		return nil, nil, nil
	}
	return func(code card.Passcode, english string) string {
		if texts != nil {
			return texts.Name(code, english)
		}
		if d, ok := card.Pool().ByPasscode(code); ok && d.NameZH != "" {
			return d.NameZH
		}
		return english
	}, texts, nil
}
