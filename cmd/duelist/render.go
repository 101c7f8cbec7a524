package main

import (
	"fmt"
	"sort"
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

// cardLabel writes a card of a view: its name and, for monsters, stats; with its counters, and
// for an equip card (or a kouhu artifact) the monster it is bound to. v, when not nil, is the
// view the card is in (to name that monster).
func cardLabel(c engine.CardView, nm namer) string { return cardLabelIn(c, nm, nil, "en") }

// boardWords are the board's labels by language (English when a language lacks one).
var boardWords = map[string]map[string]string{
	"en": {"face-down": "[face-down]", "set": "[set]", "materials": " [%d material(s)]", "tapped": " (tapped)",
		"counters": " [counters: %s]", "equips": " (+%d equip(s))", "ATK": " ATK", "DEF": " DEF", "SET": " SET",
		"set-spell": " (set)", "turn": "Turn %d · %s's %s Phase%s", "You": "You", "Opponent": "Opponent", "Partner": "Partner",
		"header": "%s (%s)  LP %d  Deck %d  Hand %d  GY %d  Banished %d  Extra %d", "out": "  (out of the duel)",
		"resources": "  Resources %d (%d untapped)", "S/T": "S/T", "MON": "MON", "Field": "Field", "GY": "GY",
		"Banished": "Banished", "Hand": "Hand:"},
	"zh-CN": {"face-down": "[里侧]", "set": "[盖放]", "materials": " [%d 个素材]", "tapped": " (横置)",
		"counters": " [指示物: %s]", "equips": " (+%d 张装备)", "ATK": " 攻", "DEF": " 守", "SET": " 里侧",
		"set-spell": " (盖放)", "turn": "第 %d 回合 · %s 的%s阶段%s", "You": "你", "Opponent": "对手", "Partner": "队友",
		"header": "%s (%s)  基本分 %d  卡组 %d  手牌 %d  墓地 %d  除外 %d  额外 %d", "out": "  (已退出决斗)",
		"resources": "  资源 %d (%d 张未横置)", "S/T": "魔陷", "MON": "怪兽", "Field": "场地", "GY": "墓地",
		"Banished": "除外", "Hand": "手牌："},
	"zh-TW": {"face-down": "[裡側]", "set": "[覆蓋]", "materials": " [%d 個素材]", "tapped": " (橫置)",
		"counters": " [指示物: %s]", "equips": " (+%d 張裝備)", "ATK": " 攻", "DEF": " 守", "SET": " 裡側",
		"set-spell": " (覆蓋)", "turn": "第 %d 回合 · %s 的%s階段%s", "You": "你", "Opponent": "對手", "Partner": "隊友",
		"header": "%s (%s)  基本分 %d  牌組 %d  手牌 %d  墓地 %d  除外 %d  額外 %d", "out": "  (已退出決鬥)",
		"resources": "  資源 %d (%d 張未橫置)", "S/T": "魔陷", "MON": "怪物", "Field": "場地", "GY": "墓地",
		"Banished": "除外", "Hand": "手牌："},
}

// bw is a board label in a language.
func bw(lang, key string) string {
	if w, ok := boardWords[lang][key]; ok {
		return w
	}
	return boardWords["en"][key]
}

// cardLabelIn is cardLabel with the view the card is in and the board's language.
func cardLabelIn(c engine.CardView, nm namer, v *engine.View, lang string) string {
	if c.Empty {
		return "·"
	}
	if c.Hidden() {
		if c.Place.Loc == engine.MZone {
			return bw(lang, "face-down")
		}
		return bw(lang, "set")
	}
	s := nm.name(c.Code, c.Name)
	if c.Place.Loc == engine.MZone || c.Place.Loc == engine.Hand || c.Place.Loc == engine.Extra {
		switch {
		case c.Kind.Has(card.Xyz) && c.Kind&card.Monster != 0:
			r := c.Rank
			if r == 0 {
				r = c.Level
			}
			s += fmt.Sprintf(" Rank%d %d/%d", r, c.ATK, c.DEF)
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
		s += fmt.Sprintf(bw(lang, "materials"), n)
	}
	if c.Tapped {
		s += bw(lang, "tapped")
	}
	if len(c.Counters) > 0 {
		var cs []string
		for k, n := range c.Counters {
			cs = append(cs, fmt.Sprintf("%s×%d", k, n))
		}
		sort.Strings(cs)
		s += fmt.Sprintf(bw(lang, "counters"), strings.Join(cs, ", "))
	}
	if c.EquipTo != nil {
		to := c.EquipTo.Text(v != nil && v.Tag)
		if m := cardAt(v, *c.EquipTo); m != nil && !m.Hidden() {
			to += " " + nm.name(m.Code, m.Name)
		}
		s += " → " + to
	}
	if n := equipsOn(c, v); n > 0 {
		s += fmt.Sprintf(bw(lang, "equips"), n)
	}
	if c.Place.Loc == engine.MZone && c.Kind&card.Monster != 0 {
		switch c.Pos {
		case engine.FaceUpAtk:
			s += bw(lang, "ATK")
		case engine.FaceUpDef:
			s += bw(lang, "DEF")
		case engine.FaceDownDef:
			s += bw(lang, "SET")
		}
	}
	if c.Place.Loc == engine.SZone && !c.Pos.IsFaceUp() {
		s += bw(lang, "set-spell")
	}
	return s
}

// equipsOn counts the face-up cards of a view equipped (or bound) to a monster.
func equipsOn(c engine.CardView, v *engine.View) int {
	if v == nil || c.Empty || c.Place.Loc != engine.MZone {
		return 0
	}
	n := 0
	for _, sv := range v.Seats {
		for _, pile := range [][]engine.CardView{sv.Spells, sv.Monsters} {
			for _, e := range pile {
				if e.EquipTo != nil && *e.EquipTo == c.Place {
					n++
				}
			}
		}
		if sv.Field != nil && sv.Field.EquipTo != nil && *sv.Field.EquipTo == c.Place {
			n++
		}
	}
	return n
}

// pileText lists a pile (a Graveyard, the banished cards), the card on top last.
func pileText(cs []engine.CardView, nm namer, lang string) string {
	if len(cs) == 0 {
		return "·"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = bw(lang, "face-down")
		if !c.Hidden() {
			parts[i] = nm.name(c.Code, c.Name)
		}
	}
	return strings.Join(parts, "; ")
}

// renderBoard draws the duel as seat me sees it, the opponent on top (in a tag duel both
// opponents, then the partner, then me).
func renderBoard(v engine.View, me engine.Seat, nm namer) string {
	return renderBoardIn(v, me, nm, "en")
}

// renderBoardIn is renderBoard in a language of the terminal (its labels, phases and steps).
func renderBoardIn(v engine.View, me engine.Seat, nm namer, lang string) string {
	lg, err := lookupLang(lang)
	if err != nil {
		lg = langEN
	}
	var b strings.Builder
	line := strings.Repeat("─", 72)
	timing := ""
	if v.Timing != engine.NoTiming {
		timing = " · " + lg.timing[v.Timing.String()]
	}
	phase := lg.phase[v.Phase.String()]
	if phase == "" {
		phase = v.Phase.String()
	}
	fmt.Fprintf(&b, "%s\n%s\n", line, fmt.Sprintf(bw(lang, "turn"), v.Turn, engine.SeatName(v.TurnPlayer, v.Tag), phase, timing))
	side := func(s engine.Seat, top bool) {
		sv := v.Seats[s]
		who := bw(lang, "You")
		switch {
		case s.Team() != me.Team():
			who = bw(lang, "Opponent")
		case s != me:
			who = bw(lang, "Partner")
		}
		header := fmt.Sprintf(bw(lang, "header"),
			who, engine.SeatName(s, v.Tag), sv.LP, sv.Deck, len(sv.Hand), len(sv.GY), len(sv.Banished), sv.Extra)
		if sv.Out {
			header += bw(lang, "out")
		}
		if n := len(sv.Resources); n > 0 {
			untapped := 0
			for _, r := range sv.Resources {
				if !r.Tapped {
					untapped++
				}
			}
			header += fmt.Sprintf(bw(lang, "resources"), n, untapped)
		}
		zones := func(label string, cs []engine.CardView) {
			parts := make([]string, len(cs))
			for i, c := range cs {
				parts[i] = fmt.Sprintf("%d:%s", i+1, cardLabelIn(c, nm, &v, lang))
			}
			fmt.Fprintf(&b, "  %s %s\n", bw(lang, label), strings.Join(parts, " | "))
		}
		field := "·"
		if sv.Field != nil {
			field = cardLabelIn(*sv.Field, nm, &v, lang)
		}
		piles := func() {
			fmt.Fprintf(&b, "  %s %s\n", bw(lang, "Field"), field)
			fmt.Fprintf(&b, "  %s %s\n", bw(lang, "GY"), pileText(sv.GY, nm, lang))
			if len(sv.Banished) > 0 {
				fmt.Fprintf(&b, "  %s %s\n", bw(lang, "Banished"), pileText(sv.Banished, nm, lang))
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
				hand = append(hand, cardLabelIn(c, nm, &v, lang))
			}
			fmt.Fprintf(&b, "  %s %s\n", bw(lang, "Hand"), strings.Join(hand, "; "))
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
