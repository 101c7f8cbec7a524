package main

import (
	"fmt"
	"regexp"
	"strings"
)

// termMsgs are the terminal's own sentences (help, errors, questions, the end of the duel) in
// every language of the terminal: fmt formats with the same verbs in each.
var termMsgs = map[string]map[string]string{
	"en": {
		"intro":         "Duelist — you are seat A against the %s agent (seed %d, ruleset %s).",
		"intro-tag":     "Duelist tag duel — you are A1 with the %s agent A2 as your partner, against %s agents B1 and B2 (seed %d, ruleset %s).",
		"how":           "Type an option's number or its notation; 'board' redraws, 'help' explains, 'quit' concedes (after asking).",
		"help":          "Type the number of an option, or its text: e.g. summon \"Celtic Guardian\", sum elf, attack \"Dark Magician\", select ?@B:M1, end. Qualifiers (@A:H) are optional when not ambiguous. 'info NAME' describes a card; 'board' redraws; at a chain window 'skip' passes until something concerns you; 'quit' concedes.",
		"concede?":      "Concede the duel? (y/N) ",
		"goes-on":       "The duel goes on.",
		"you-concede":   "You concede.",
		"game-over":     "Game over: %s. (%d turns)",
		"internal":      "The duel stopped on an internal error: %v",
		"no-option":     "there is no option %d (1-%d)",
		"none":          "%q matches none of the options: type a number 1-%d, 'board' or 'help'",
		"which":         "which one? %q fits %d options: %s; type its number",
		"more":          "… %d more",
		"replay":        "Replay written to %s.",
		"info-which":    "info NAME: which card?",
		"no-passcode":   "no card has passcode %s",
		"no-card":       "no card is named %q",
		"fits-cards":    "%q fits %d cards: %s",
		"normal":        "A Normal Monster: no effect.",
		"level":         "Level %d",
		"rank":          "Rank %d",
		"m-intro":       "Duelist — a best-of-3 match: you are seat A against the %s agent (seed %d, ruleset %s).",
		"m-how":         "Type an option's number or its notation; 'board' redraws, 'help' explains, 'concede' concedes the duel, 'resign' the match (after asking).",
		"m-help":        "In a match, 'concede' gives up this duel, 'resign' the match.",
		"m-replay":      "Match replay written to %s.",
		"m-result":      "Duel %d: %s (%s). Score: you %d – %d the agent, %d draw(s).",
		"m-over":        "Match over: %s.",
		"m-duel":        "Duel %d · ",
		"a-draw":        "a draw",
		"you-won":       "you won",
		"you-lost":      "you lost",
		"side-empty":    "Your Side Deck is empty: no side decking for you.",
		"agent-first":   "The agent chooses to go first in duel %d.",
		"agent-keeps":   "The agent keeps its deck.",
		"concede-match": "You concede the match.",
		"concede-duel":  "You concede the duel.",
		"resign?":       "Resign the whole match? (y/N) ",
		"concede-duel?": "Concede this duel? (y/N) ",
		"first?":        "Duel %d: you choose — go first or second? (first/second)",
		"first-help":    "Type first or second ('resign' concedes the match).",
		"side-intro":    "Side decking before duel %d: 'swap N M' exchanges card N of your deck with card M of your Side Deck; 'done' plays the deck as shown; 'reset' starts over; 'resign' concedes the match.",
		"side-again":    "Your deck is as it was; side deck again.",
		"side-play":     "You play duel %d with %d swap(s).",
		"side-help":     "Type 'swap N M', 'done', 'reset', 'show' or 'resign'.",
		"your-deck":     "Your deck (Main %d, Extra %d):",
		"side-deck":     "Side Deck (%d):",
	},
	"zh-CN": {
		"intro":         "Duelist — 你是 A，对手是 %s 智能体（种子 %d，规则 %s）。",
		"intro-tag":     "Duelist 双打决斗 — 你是 A1，队友是 %s 智能体 A2，对手是 %s 智能体 B1 和 B2（种子 %d，规则 %s）。",
		"how":           "输入选项的编号或其写法；'board' 重画场面，'help' 说明，'quit' 投降（会先确认）。",
		"help":          "输入选项的编号或其文字：如 summon \"Celtic Guardian\"、sum elf、summon 青眼白龙、attack \"Dark Magician\"、select ?@B:M1、end。不产生歧义时位置（@A:H）可省略。'info 卡名' 查看卡片；'board' 重画场面；在连锁窗口输入 'skip' 跳过直到发生与你有关的事；'quit' 投降。",
		"concede?":      "投降吗？(y/N) ",
		"goes-on":       "决斗继续。",
		"you-concede":   "你投降了。",
		"game-over":     "决斗结束：%s。（%d 回合）",
		"internal":      "决斗因内部错误中止：%v",
		"no-option":     "没有选项 %d（1-%d）",
		"none":          "%q 不符合任何选项：请输入编号 1-%d、'board' 或 'help'",
		"which":         "是哪一个？%q 符合 %d 个选项：%s；请输入编号",
		"more":          "… 另有 %d 个",
		"replay":        "录像已写入 %s。",
		"info-which":    "info 卡名：哪张卡？",
		"no-passcode":   "没有卡片的密码是 %s",
		"no-card":       "没有名为 %q 的卡",
		"fits-cards":    "%q 符合 %d 张卡：%s",
		"normal":        "通常怪兽：没有效果。",
		"level":         "%d 星",
		"rank":          "%d 阶",
		"m-intro":       "Duelist — 三局两胜的比赛：你是 A，对手是 %s 智能体（种子 %d，规则 %s）。",
		"m-how":         "输入选项的编号或其写法；'board' 重画场面，'help' 说明，'concede' 放弃本局，'resign' 放弃比赛（会先确认）。",
		"m-help":        "比赛中 'concede' 放弃本局，'resign' 放弃整场比赛。",
		"m-replay":      "比赛录像已写入 %s。",
		"m-result":      "第 %d 局：%s（%s）。比分：你 %d – %d 智能体，平局 %d。",
		"m-over":        "比赛结束：%s。",
		"m-duel":        "第 %d 局 · ",
		"a-draw":        "平局",
		"you-won":       "你赢了",
		"you-lost":      "你输了",
		"side-empty":    "你的副卡组是空的：不换副卡组。",
		"agent-first":   "智能体选择在第 %d 局先攻。",
		"agent-keeps":   "智能体保留原卡组。",
		"concede-match": "你放弃了比赛。",
		"concede-duel":  "你放弃了本局。",
		"resign?":       "放弃整场比赛吗？(y/N) ",
		"concede-duel?": "放弃本局吗？(y/N) ",
		"first?":        "第 %d 局：由你选择 — 先攻还是后攻？(first/second)",
		"first-help":    "输入 first 或 second（'resign' 放弃比赛）。",
		"side-intro":    "第 %d 局前换副卡组：'swap N M' 把卡组第 N 张与副卡组第 M 张交换；'done' 用所示卡组开始；'reset' 重来；'resign' 放弃比赛。",
		"side-again":    "卡组恢复原样；请重新换副卡组。",
		"side-play":     "你以 %[2]d 次交换进行第 %[1]d 局。",
		"side-help":     "输入 'swap N M'、'done'、'reset'、'show' 或 'resign'。",
		"your-deck":     "你的卡组（主卡组 %d，额外卡组 %d）：",
		"side-deck":     "副卡组（%d）：",
	},
	"zh-TW": {
		"intro":         "Duelist — 你是 A，對手是 %s 智慧體（種子 %d，規則 %s）。",
		"intro-tag":     "Duelist 雙打決鬥 — 你是 A1，隊友是 %s 智慧體 A2，對手是 %s 智慧體 B1 和 B2（種子 %d，規則 %s）。",
		"how":           "輸入選項的編號或其寫法；'board' 重畫場面，'help' 說明，'quit' 投降（會先確認）。",
		"help":          "輸入選項的編號或其文字：如 summon \"Celtic Guardian\"、sum elf、summon 青眼白龍、attack \"Dark Magician\"、select ?@B:M1、end。不產生歧義時位置（@A:H）可省略。'info 卡名' 查看卡片；'board' 重畫場面；在連鎖窗口輸入 'skip' 跳過直到發生與你有關的事；'quit' 投降。",
		"concede?":      "投降嗎？(y/N) ",
		"goes-on":       "決鬥繼續。",
		"you-concede":   "你投降了。",
		"game-over":     "決鬥結束：%s。（%d 回合）",
		"internal":      "決鬥因內部錯誤中止：%v",
		"no-option":     "沒有選項 %d（1-%d）",
		"none":          "%q 不符合任何選項：請輸入編號 1-%d、'board' 或 'help'",
		"which":         "是哪一個？%q 符合 %d 個選項：%s；請輸入編號",
		"more":          "… 另有 %d 個",
		"replay":        "錄像已寫入 %s。",
		"info-which":    "info 卡名：哪張卡？",
		"no-passcode":   "沒有卡片的密碼是 %s",
		"no-card":       "沒有名為 %q 的卡",
		"fits-cards":    "%q 符合 %d 張卡：%s",
		"normal":        "通常怪獸：沒有效果。",
		"level":         "%d 星",
		"rank":          "%d 階",
		"m-intro":       "Duelist — 三局兩勝的比賽：你是 A，對手是 %s 智慧體（種子 %d，規則 %s）。",
		"m-how":         "輸入選項的編號或其寫法；'board' 重畫场面，'help' 說明，'concede' 放棄本局，'resign' 放棄比賽（會先確認）。",
		"m-help":        "比賽中 'concede' 放棄本局，'resign' 放棄整场比賽。",
		"m-replay":      "比賽錄像已寫入 %s。",
		"m-result":      "第 %d 局：%s（%s）。比分：你 %d – %d 智慧體，平局 %d。",
		"m-over":        "比賽結束：%s。",
		"m-duel":        "第 %d 局 · ",
		"a-draw":        "平局",
		"you-won":       "你贏了",
		"you-lost":      "你輸了",
		"side-empty":    "你的副牌組是空的：不換副牌組。",
		"agent-first":   "智慧體選擇在第 %d 局先攻。",
		"agent-keeps":   "智慧體保留原牌組。",
		"concede-match": "你放棄了比賽。",
		"concede-duel":  "你放棄了本局。",
		"resign?":       "放棄整场比賽嗎？(y/N) ",
		"concede-duel?": "放棄本局嗎？(y/N) ",
		"first?":        "第 %d 局：由你選擇 — 先攻还是後攻？(first/second)",
		"first-help":    "輸入 first 或 second（'resign' 放棄比賽）。",
		"side-intro":    "第 %d 局前換副牌組：'swap N M' 把牌組第 N 張与副牌組第 M 張交換；'done' 用所示牌組開始；'reset' 重來；'resign' 放棄比賽。",
		"side-again":    "牌組恢復原樣；請重新換副牌組。",
		"side-play":     "你以 %[2]d 次交換進行第 %[1]d 局。",
		"side-help":     "輸入 'swap N M'、'done'、'reset'、'show' 或 'resign'。",
		"your-deck":     "你的牌組（主牌組 %d，額外牌組 %d）：",
		"side-deck":     "副牌組（%d）：",
	},
}

// msg formats one of the terminal's sentences in a language (English when the language lacks it).
func msg(lang, key string, args ...any) string {
	f, ok := termMsgs[lang][key]
	if !ok {
		f = termMsgs["en"][key]
	}
	return fmt.Sprintf(f, args...)
}

// reasons word the engine's reasons for the end of a duel (Duel.Reason, English) in the Chinese
// languages; a reason none fits (a card's alternate win) is shown as the engine gives it.
var reasons = []struct {
	re   *regexp.Regexp
	lang map[string]string
}{
	{regexp.MustCompile(`^conceded$`), map[string]string{"zh-CN": "投降", "zh-TW": "投降"}},
	{regexp.MustCompile(`^(\w+)'s LP reached 0$`), map[string]string{"zh-CN": "${1} 的基本分归零", "zh-TW": "${1} 的基本分歸零"}},
	{regexp.MustCompile(`^(\w+) had to draw from an empty deck$`), map[string]string{"zh-CN": "${1} 无卡可抽", "zh-TW": "${1} 無牌可抽"}},
	{regexp.MustCompile(`^both players lost at once$`), map[string]string{"zh-CN": "双方同时落败", "zh-TW": "雙方同時落敗"}},
	{regexp.MustCompile(`^both teams lost at once$`), map[string]string{"zh-CN": "两队同时落败", "zh-TW": "兩隊同時落敗"}},
	{regexp.MustCompile(`^team (\w+) lost: (\w+)'s LP reached 0.*$`), map[string]string{"zh-CN": "${1} 队落败", "zh-TW": "${1} 隊落敗"}},
	{regexp.MustCompile(`^team (\w+) lost: .*$`), map[string]string{"zh-CN": "${1} 队落败", "zh-TW": "${1} 隊落敗"}},
	{regexp.MustCompile(`^(\w+) conceded the match$`), map[string]string{"zh-CN": "${1} 放弃了比赛", "zh-TW": "${1} 放棄了比賽"}},
	{regexp.MustCompile(`^(\w+) won (\d+)-(\d+)$`), map[string]string{"zh-CN": "${1} 以 ${2}-${3} 获胜", "zh-TW": "${1} 以 ${2}-${3} 獲勝"}},
	{regexp.MustCompile(`^(\w+) won (\d+)-(\d+) with (\d+) draws?$`), map[string]string{"zh-CN": "${1} 以 ${2}-${3} 获胜（平局 ${4}）", "zh-TW": "${1} 以 ${2}-${3} 獲勝（平局 ${4}）"}},
	{regexp.MustCompile(`^a drawn match, (\d+)-(\d+).*$`), map[string]string{"zh-CN": "比赛平局，${1}-${2}", "zh-TW": "比賽平局，${1}-${2}"}},
	{regexp.MustCompile(`^internal error$`), map[string]string{"zh-CN": "内部错误", "zh-TW": "內部錯誤"}},
}

// reasonIn words the engine's reason for the end of a duel in a language.
func reasonIn(lang, reason string) string {
	for _, r := range reasons {
		if t, ok := r.lang[lang]; ok && r.re.MatchString(reason) {
			return r.re.ReplaceAllString(reason, t)
		}
	}
	return reason
}

// cardWords are the words of a card's kind, Attribute and Type in the Chinese languages (the
// names card.Kind, card.Attribute and card.Race give in English); Traditional differs where noted.
var cardWords = map[string]map[string]string{
	"zh-CN": {"Monster": "怪兽", "Spell": "魔法", "Trap": "陷阱", "Normal": "通常", "Effect": "效果", "Fusion": "融合",
		"Ritual": "仪式", "Synchro": "同调", "Xyz": "超量", "Tuner": "调整", "Flip": "反转", "Token": "衍生物",
		"Quick-Play": "速攻", "Continuous": "永续", "Equip": "装备", "Field": "场地", "Counter": "反击", "Spirit": "灵魂",
		"Union": "同盟", "Gemini": "二重", "Toon": "卡通",
		"DARK": "暗", "LIGHT": "光", "EARTH": "地", "WATER": "水", "FIRE": "炎", "WIND": "风", "DIVINE": "神",
		"Warrior": "战士族", "Spellcaster": "魔法师族", "Fairy": "天使族", "Fiend": "恶魔族", "Zombie": "不死族",
		"Machine": "机械族", "Aqua": "水族", "Pyro": "炎族", "Rock": "岩石族", "Winged Beast": "鸟兽族", "Plant": "植物族",
		"Insect": "昆虫族", "Thunder": "雷族", "Dragon": "龙族", "Beast": "兽族", "Beast-Warrior": "兽战士族",
		"Dinosaur": "恐龙族", "Fish": "鱼族", "Sea Serpent": "海龙族", "Reptile": "爬虫类族", "Psychic": "念动力族",
		"Divine-Beast": "幻神兽族"},
	"zh-TW": {"Monster": "怪獸", "Spell": "魔法", "Trap": "陷阱", "Normal": "通常", "Effect": "效果", "Fusion": "融合",
		"Ritual": "儀式", "Synchro": "同步", "Xyz": "超量", "Tuner": "協調", "Flip": "反轉", "Token": "衍生物",
		"Quick-Play": "速攻", "Continuous": "永續", "Equip": "裝備", "Field": "場地", "Counter": "反擊", "Spirit": "靈魂",
		"Union": "聯合", "Gemini": "二重", "Toon": "卡通",
		"DARK": "闇", "LIGHT": "光", "EARTH": "地", "WATER": "水", "FIRE": "炎", "WIND": "風", "DIVINE": "神",
		"Warrior": "戰士族", "Spellcaster": "魔法使族", "Fairy": "天使族", "Fiend": "惡魔族", "Zombie": "不死族",
		"Machine": "機械族", "Aqua": "水族", "Pyro": "炎族", "Rock": "岩石族", "Winged Beast": "鳥獸族", "Plant": "植物族",
		"Insect": "昆蟲族", "Thunder": "雷族", "Dragon": "龍族", "Beast": "獸族", "Beast-Warrior": "獸戰士族",
		"Dinosaur": "恐龍族", "Fish": "魚族", "Sea Serpent": "海龍族", "Reptile": "爬蟲類族", "Psychic": "念動力族",
		"Divine-Beast": "幻神獸族"},
}

// cardWord words a kind ("Monster|Effect", each part), Attribute or Type in a language.
func cardWord(lang, s string) string {
	ws, ok := cardWords[lang]
	if !ok {
		return s
	}
	parts := strings.Split(s, "|")
	for i, p := range parts {
		if w, ok := ws[p]; ok {
			parts[i] = w
		}
	}
	return strings.Join(parts, "")
}
