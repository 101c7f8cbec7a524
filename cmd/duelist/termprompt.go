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
		engine.PromptBlock: "阻挡攻击{subject}（阻挡者按参与顺序）",
	},
	"zh-TW": {
		engine.PromptIdle: "你的{phase}階段", engine.PromptBattle: "戰鬥步驟", engine.PromptTarget: "攻擊對象{subject}",
		engine.PromptSelect: "選擇 {n} 張卡（{purpose}）{subject}", engine.PromptChain: "連鎖窗口（{phase}{timing}）",
		engine.PromptRPS: "猜拳", engine.PromptCoin: "猜硬幣", engine.PromptFirst: "你贏了：先攻還是後攻？",
		engine.PromptBlock: "阻擋攻擊{subject}（阻擋者按參與順序）",
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
	subject := ""
	if p.Subject != engine.NoCard {
		c := d.Card(p.Subject).Data
		subject = "：" + u.log.quote(u.log.names.name(c.Passcode, c.Name))
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
		"subject": subject, "n": n, "purpose": purpose}) + chooseWord[lg.id]
}
