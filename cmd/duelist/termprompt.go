package main

import (
	"fmt"

	"github.com/duelistgame/duelist/engine"
)

// promptTitles are the prompt titles of the Chinese languages, by prompt kind; {subject} is the
// card the decision is about, {n} how many cards to select, {purpose} what for. English keeps
// promptTitle's wording.
var promptTitles = map[string]map[engine.PromptKind]string{
	"zh-CN": {
		engine.PromptIdle: "你的{phase}阶段", engine.PromptBattle: "战斗步骤", engine.PromptTarget: "攻击对象{subject}",
		engine.PromptSelect: "选择 {n} 张卡（{purpose}）{subject}", engine.PromptChain: "连锁窗口（{phase}{timing}）",
		engine.PromptRPS: "猜拳", engine.PromptCoin: "猜硬币", engine.PromptFirst: "你赢了：先攻还是后攻？",
		engine.PromptBlock:    "阻挡攻击{subject}（阻挡者按参与顺序）",
		engine.PromptPosition: "{card}的表示形式", engine.PromptYesNo: "{card}：是否？",
		engine.PromptChoice: "为{card}选择", engine.PromptOrder: "排列顺序{subject}", engine.PromptDeclare: "宣言{card}",
	},
	"zh-TW": {
		engine.PromptIdle: "你的{phase}階段", engine.PromptBattle: "戰鬥步驟", engine.PromptTarget: "攻擊對象{subject}",
		engine.PromptSelect: "選擇 {n} 張卡（{purpose}）{subject}", engine.PromptChain: "連鎖窗口（{phase}{timing}）",
		engine.PromptRPS: "猜拳", engine.PromptCoin: "猜硬幣", engine.PromptFirst: "你贏了：先攻還是後攻？",
		engine.PromptBlock:    "阻擋攻擊{subject}（阻擋者按參與順序）",
		engine.PromptPosition: "{card}的表示形式", engine.PromptYesNo: "{card}：是否？",
		engine.PromptChoice: "為{card}選擇", engine.PromptOrder: "排列順序{subject}", engine.PromptDeclare: "宣言{card}",
	},
}

// purposeWords word what a selection is for, by language and Purpose name.
var purposeWords = map[string]map[string]string{
	"zh-CN": {"": "", "tribute": "解放", "discard": "丢弃", "target": "对象", "material": "素材", "cost": "代价"},
	"zh-TW": {"": "", "tribute": "解放", "discard": "丟棄", "target": "對象", "material": "素材", "cost": "代價"},
}

// chooseWord ends a prompt's title line.
var chooseWord = map[string]string{"en": " — choose:", "zh-CN": " — 请选择：", "zh-TW": " — 請選擇："}

// title words a prompt in the player's language, ending in the word that asks to choose.
func (u *termUI) title(d *engine.Duel, p *engine.Prompt) string {
	lg := u.log.lang
	tmpl, ok := promptTitles[lg.id][p.Kind]
	if !ok {
		return promptTitle(d, p) + chooseWord["en"]
	}
	subject, card := "", ""
	if p.Subject != engine.NoCard {
		c := d.Card(p.Subject).Data
		card = u.log.quote(u.log.names.name(c.Passcode, c.Name))
		subject = "：" + card
	}
	n := fmt.Sprint(p.Min)
	if p.Max != p.Min {
		n = fmt.Sprintf("%d-%d", p.Min, p.Max)
	}
	timing := ""
	if p.Timing != engine.NoTiming {
		timing = " " + lg.timing[p.Timing.String()]
	}
	purpose, ok := purposeWords[lg.id][p.Purpose.String()]
	if !ok {
		purpose = p.Purpose.String()
	}
	return fill(tmpl, map[string]string{"phase": lg.phase[p.Phase.String()], "timing": timing,
		"subject": subject, "card": card, "n": n, "purpose": purpose}) + chooseWord[lg.id]
}

// glosses word what options mean where their notation alone does not say (`option 1`, `atk`):
// by language and key; {card} is the prompt's card, {seat} and {partner} the player and partner.
var glosses = map[string]map[string]string{
	"en": {"summon": "Normal Summon {card}", "set": "Set {card}", "control-first": "control of {card} returns first",
		"triggers-first": "the triggers are chained first", "own-field": "to your field ({seat})",
		"partner-field": "to your partner's field ({partner})", "atk": "Attack Position", "def": "Defense Position",
		"setpos": "face-down Defense Position", "yes": "yes, use the effect of {card}", "no": "no, do not use it",
		"no-block": "let {card} through", "block": "block {card} in this order"},
	"zh-CN": {"summon": "通常召唤 {card}", "set": "盖放 {card}", "control-first": "先归还 {card} 的控制权",
		"triggers-first": "先把诱发效果加入连锁", "own-field": "放到自己的场上（{seat}）",
		"partner-field": "放到队友的场上（{partner}）", "atk": "攻击表示", "def": "守备表示",
		"setpos": "里侧守备表示", "yes": "是，使用 {card} 的效果", "no": "否，不使用",
		"no-block": "不阻挡 {card}", "block": "按此顺序阻挡 {card}"},
	"zh-TW": {"summon": "通常召喚 {card}", "set": "覆蓋 {card}", "control-first": "先歸還 {card} 的控制權",
		"triggers-first": "先把誘發效果加入連鎖", "own-field": "放到自己的場上（{seat}）",
		"partner-field": "放到隊友的場上（{partner}）", "atk": "攻擊表示", "def": "守備表示",
		"setpos": "裡側守備表示", "yes": "是，使用 {card} 的效果", "no": "否，不使用",
		"no-block": "不阻擋 {card}", "block": "按此順序阻擋 {card}"},
}

// glossKey says what an option means where its notation does not: the key of glosses, or "".
// The engine's choices have no texts; they are told apart by their card: a monster in the hand
// (Ultimate Offering and the like: Normal Summon or Set), a monster on the field in the End Phase
// (whose control returns: that first, or the triggers), else in a tag duel the field a card goes
// to (yours or your partner's).
func glossKey(d *engine.Duel, p *engine.Prompt, o engine.Option) string {
	switch o.Kind {
	case engine.OptAtk:
		return "atk"
	case engine.OptDef:
		return "def"
	case engine.OptSetPos:
		if p.Kind == engine.PromptPosition {
			return "setpos"
		}
	case engine.OptYes:
		return "yes"
	case engine.OptNo:
		return "no"
	case engine.OptNoBlock:
		return "no-block"
	case engine.OptBlock:
		return "block"
	case engine.OptChoice:
		if p.Subject == engine.NoCard || o.Choice > 2 {
			return ""
		}
		c := d.Card(p.Subject)
		two := func(a, b string) string { return map[bool]string{true: a, false: b}[o.Choice == 1] }
		switch {
		case c.Data.IsMonster() && c.Place.Loc == engine.Hand:
			return two("summon", "set")
		case c.Data.IsMonster() && c.Place.Loc == engine.MZone && p.Phase == engine.End:
			return two("control-first", "triggers-first")
		case d.Tag():
			return two("own-field", "partner-field")
		}
	}
	return ""
}

// optionText writes an option for the player: its notation (what may be typed) and, where the
// notation does not say what it means, its meaning in words (`option 1 — Normal Summon "Cyber
// Jar"`).
func (u *termUI) optionText(d *engine.Duel, p *engine.Prompt, o engine.Option) string {
	text := d.OptionTextFor(u.me, o)
	key := glossKey(d, p, o)
	if key == "" {
		return text
	}
	card := ""
	if p.Subject != engine.NoCard {
		c := d.Card(p.Subject).Data
		card = u.log.quote(u.log.names.name(c.Passcode, c.Name))
	}
	g := fill(glosses[u.log.lang.id][key], map[string]string{"card": card,
		"seat": engine.SeatName(p.Seat, d.Tag()), "partner": engine.SeatName(p.Seat.Partner(), d.Tag())})
	return text + " — " + g
}
