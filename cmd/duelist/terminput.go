package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// The terminal reads what a human types forgivingly: an option's number; its notation as the
// engine writes it; or the same without quotes, capitals or place qualifiers, with any word cut
// to a prefix ("sum celtic" for `summon "Celtic Guardian"@A:H`), the verb left out when the card
// is enough ("dark mag" at a selection), and card names in English, Simplified or Traditional
// Chinese. An answer that fits several options lists them by number.

// qualifier is a notation place qualifier: @A:H, @B:M2, @A:GY/3.
var qualifier = regexp.MustCompile(`@[A-Za-z0-9:/]+`)

// normalize lowers a text, drops its quotes and collapses its spaces.
func normalize(s string) string {
	s = strings.ToLower(strings.NewReplacer(`"`, " ", "“", " ", "”", " ", "「", " ", "」", " ").Replace(s))
	return strings.Join(strings.Fields(s), " ")
}

// wordsPrefix reports whether every typed word is a prefix of the option's word at its place.
func wordsPrefix(typed, opt []string) bool {
	if len(typed) == 0 || len(typed) > len(opt) {
		return false
	}
	for i, w := range typed {
		if !strings.HasPrefix(opt[i], w) {
			return false
		}
	}
	return true
}

// wordsWithin reports whether the typed words are prefixes of consecutive words of the option,
// anywhere in it ("elf" in "summon mystical elf").
func wordsWithin(typed, opt []string) bool {
	for i := range opt {
		if wordsPrefix(typed, opt[i:]) {
			return true
		}
	}
	return false
}

// wordsInOrder reports whether every typed word is a prefix of a word of the option, the typed
// words in the option's order but not necessarily next to each other ("sum elf" for `summon
// "Mystical Elf"`, "attack skull" for `attack "Summoned Skull"`).
func wordsInOrder(typed, opt []string) bool {
	if len(typed) == 0 {
		return false
	}
	j := 0
	for _, w := range typed {
		for j < len(opt) && !strings.HasPrefix(opt[j], w) {
			j++
		}
		if j == len(opt) {
			return false
		}
		j++
	}
	return true
}

// optionForms are the ways an option may be written: its notation, without qualifiers, with the
// cards' Chinese names.
func optionForms(text string, cs []engine.CardView) []string {
	forms := []string{text}
	for _, nm := range []namer{langNamer("zh-CN"), langNamer("zh-TW")} {
		t := text
		for _, c := range cs {
			if c.Code != 0 && c.Name != "" {
				t = strings.ReplaceAll(t, `"`+c.Name+`"`, `"`+nm.name(c.Code, c.Name)+`"`)
			}
		}
		if t != text {
			forms = append(forms, t)
		}
	}
	for _, f := range forms[:len(forms):len(forms)] {
		forms = append(forms, qualifier.ReplaceAllString(f, ""))
	}
	for i := range forms {
		forms[i] = normalize(forms[i])
	}
	return forms
}

// errNoOption is an answer that fits no option.
var errNoOption = errors.New("matches none of the options")

// forgivingAnswer finds the option a human's line names (its errors in English).
func forgivingAnswer(d *engine.Duel, p *engine.Prompt, me engine.Seat, line string) (engine.Option, error) {
	return forgivingAnswerIn(d, p, me, line, "en")
}

// forgivingAnswerIn is forgivingAnswer with its errors in a language of the terminal.
func forgivingAnswerIn(d *engine.Duel, p *engine.Prompt, me engine.Seat, line, lang string) (engine.Option, error) {
	opts := p.Options()
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(opts) {
			return engine.Option{}, errors.New(msg(lang, "no-option", n, len(opts)))
		}
		return opts[n-1], nil
	}
	if o, err := d.ParseOptionFor(me, line); err == nil {
		return o, nil
	}
	pv := d.PromptView(me)
	if pv == nil || len(pv.Options) != len(opts) {
		return engine.Option{}, fmt.Errorf("%q %w", line, errNoOption)
	}
	typed := normalize(line)
	tw := strings.Fields(typed)
	// exact, then every word a prefix with as many words, then prefixes of words anywhere (next
	// to each other, or the verb and words of the name in their order).
	var exact, whole, prefix []int
	for i, ov := range pv.Options {
		rank := 4
		for _, form := range optionForms(ov.Text, ov.Cards) {
			fw := strings.Fields(form)
			for _, w := range [][]string{fw, fw[min(1, len(fw)):]} { // with its verb or without
				switch {
				case len(w) == 0:
				case strings.Join(w, " ") == typed:
					rank = min(rank, 0)
				case len(w) == len(tw) && wordsPrefix(tw, w):
					rank = min(rank, 1)
				case wordsWithin(tw, w):
					rank = min(rank, 2)
				case wordsInOrder(tw, w) && strings.HasPrefix(w[0], tw[0]):
					rank = min(rank, 3) // the first word typed starts the option (its verb, or the name)
				}
			}
			if len(fw) > 1 && len(tw) > 1 && strings.HasPrefix(fw[0], tw[0]) && wordsInOrder(tw[1:], fw[1:]) {
				rank = min(rank, 3) // the verb, then words of the name: "sum elf", "attack skull"
			}
		}
		switch rank {
		case 0:
			exact = append(exact, i)
		case 1:
			whole = append(whole, i)
		case 2, 3:
			prefix = append(prefix, i)
		}
	}
	var found []int
	for _, set := range [][]int{exact, whole, prefix} {
		if len(set) > 0 {
			found = set
			break
		}
	}
	switch {
	case len(found) == 0:
		return engine.Option{}, errors.New(msg(lang, "none", line, len(opts)))
	case len(found) == 1 || sameTexts(pv, found):
		return opts[found[0]], nil
	}
	var list []string
	for i, k := range found {
		if i == 6 {
			list = append(list, msg(lang, "more", len(found)-6))
			break
		}
		list = append(list, fmt.Sprintf("%d) %s", k+1, pv.Options[k].Text))
	}
	return engine.Option{}, errors.New(msg(lang, "which", line, len(found), strings.Join(list, ", ")))
}

// sameTexts reports whether the options are written alike (identical cards of the hand): any of
// them is the answer.
func sameTexts(pv *engine.PromptView, idx []int) bool {
	for _, k := range idx[1:] {
		if pv.Options[k].Text != pv.Options[idx[0]].Text {
			return false
		}
	}
	return true
}

// cardDBs are the card sets `info` looks in, the duel's own first: the engine's pool and kouhu's
// set (some of whose cards share their names with the pool's).
func cardDBs(kouhuFirst bool) []*card.DB {
	if kouhuFirst {
		return []*card.DB{kouhu.CardDB(), card.Pool()}
	}
	return []*card.DB{card.Pool(), kouhu.CardDB()}
}

// findCard finds a card by any of its names, forgivingly: an exact English, Simplified or
// Traditional Chinese name or passcode (#N), any case, quotes or not; else the one card whose
// name starts with the words typed, or contains the text. It looks in the sets in order; a name
// in two sets is the first set's card.
func findCard(query string, dbs []*card.DB) (*card.Data, error) { return findCardIn(query, dbs, "en") }

// findCardIn is findCard with its errors in a language of the terminal.
func findCardIn(query string, dbs []*card.DB, lang string) (*card.Data, error) {
	q := normalize(strings.TrimSpace(query))
	if q == "" {
		return nil, errors.New(msg(lang, "info-which"))
	}
	if strings.HasPrefix(q, "#") {
		n, err := strconv.ParseUint(q[1:], 10, 32)
		for _, db := range dbs {
			if d, ok := db.ByPasscode(card.Passcode(n)); err == nil && ok {
				return d, nil
			}
		}
		return nil, errors.New(msg(lang, "no-passcode", q[1:]))
	}
	// exact, then every word a prefix with as many words, then a prefix, then within a name.
	var exact, whole, prefix, within []*card.Data
	seen := map[string]bool{} // a name printed on several cards (alternate passcodes) counts once
	qw := strings.Fields(q)
	for _, db := range dbs {
		for _, d := range db.All() {
			if seen[d.Name] {
				continue
			}
			seen[d.Name] = true
			names := []string{normalize(d.Name), normalize(d.NameZH), normalize(d.NameTW)}
			isExact, isWhole, isPrefix, isWithin := false, false, false, false
			for _, n := range names {
				if n == "" {
					continue
				}
				nw := strings.Fields(n)
				isExact = isExact || n == q
				isWhole = isWhole || len(nw) == len(qw) && wordsPrefix(qw, nw)
				isPrefix = isPrefix || wordsWithin(qw, nw) || strings.HasPrefix(n, q)
				isWithin = isWithin || strings.Contains(n, q)
			}
			switch {
			case isExact:
				exact = append(exact, d)
			case isWhole:
				whole = append(whole, d)
			case isPrefix:
				prefix = append(prefix, d)
			case isWithin:
				within = append(within, d)
			}
		}
	}
	for _, set := range [][]*card.Data{exact, whole, prefix, within} {
		switch {
		case len(set) == 1:
			return set[0], nil
		case len(set) > 1:
			var names []string
			for i, d := range set {
				if i == 5 {
					names = append(names, msg(lang, "more", len(set)-5))
					break
				}
				names = append(names, d.Name)
			}
			return nil, errors.New(msg(lang, "fits-cards", query, len(set), strings.Join(names, ", ")))
		}
	}
	return nil, errors.New(msg(lang, "no-card", query))
}

// cardInfoIn describes a card for the terminal (`info NAME`): its names, kind and stats and the
// project's description of what it does (kouhu's own card text for kouhu's cards, which it finds
// first when kouhuFirst), and the text a user's card database gives it, if any.
func cardInfoIn(name string, texts cdb.Texts, kouhuFirst bool) string {
	return cardInfoLang(name, texts, kouhuFirst, "en")
}

// cardInfoLang is cardInfoIn in a language of the terminal: under Chinese, the card's Chinese
// name, kind, Attribute, Type and text come first.
func cardInfoLang(name string, texts cdb.Texts, kouhuFirst bool, lang string) string {
	d, err := findCardIn(name, cardDBs(kouhuFirst), lang)
	if err != nil {
		return err.Error()
	}
	zh := lang != "en"
	if kd, ok := kouhu.CardDB().ByPasscode(d.Passcode); ok && kd == d {
		if kc, ok := kouhu.Cards().ByID(kouhu.ID(d.Passcode)); ok {
			s := fmt.Sprintf("%s (%s) — kouhu %s", kc.Name, kc.NameZH, kc.Kind)
			if zh {
				s = fmt.Sprintf("%s (%s) — kouhu %s", kc.NameZH, kc.Name, kc.Kind)
			}
			if kc.Level > 0 {
				s += ", " + msg(lang, "level", kc.Level)
			}
			if kc.IsCreature() {
				s += fmt.Sprintf(" %s %s, %d/%d", kc.Attribute, kc.Type, kc.ATK, kc.DEF)
			}
			if zh {
				return s + "\n  " + kc.TextZH + "\n  " + kc.Text
			}
			return s + "\n  " + kc.Text + "\n  " + kc.TextZH
		}
	}
	s := fmt.Sprintf("%s (%s) — %s", d.Name, d.NameZH, d.Kind)
	if zh {
		s = fmt.Sprintf("%s (%s) — %s", langNamer(lang).name(d.Passcode, d.Name), d.Name, cardWord(lang, d.Kind.String()))
	}
	if d.IsMonster() {
		lv := msg(lang, "level", d.Level)
		if d.Kind.Has(card.Xyz) {
			lv = msg(lang, "rank", d.Rank)
		}
		s += fmt.Sprintf(", %s %s %s, %d/%d", lv, cardWord(lang, d.Attribute.String()), cardWord(lang, d.Race.String()), d.ATK, d.DEF)
	}
	switch {
	case zh && d.Text.ZHCN != "":
		s += "\n  " + d.Text.ZHCN
		if d.Text.EN != "" {
			s += "\n  " + d.Text.EN
		}
	case d.Text.EN != "":
		s += "\n  " + d.Text.EN
		if d.Text.ZHCN != "" {
			s += "\n  " + d.Text.ZHCN
		}
	case d.IsNormalMonster():
		s += "\n  " + msg(lang, "normal")
	}
	if desc, ok := texts.Desc(d.Passcode); ok && desc != "" {
		s += "\n  " + texts.Name(d.Passcode, d.Name) + ": " + strings.ReplaceAll(desc, "\r\n", " ")
	}
	return s
}
