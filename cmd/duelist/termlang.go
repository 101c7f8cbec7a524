package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// termLangs are the languages of the terminal client (--lang).
var termLangs = []string{"en", "zh-CN", "zh-TW"}

// termLang is one language of the terminal: the log's sentences and the names of phases, steps,
// positions and places. The sentences follow the browser's log (web/static/js/i18n): {seat} is
// the actor, {card} the card, {target} the card it is aimed at, {seat2} the actor's opponent.
type termLang struct {
	id     string
	ev     map[string]string
	phase  map[string]string
	timing map[string]string
	pos    map[string]string
	place  map[string]string
	words  map[string]string // a-card, a-monster, cost-card, heads, tails, of, respond ...
	hands  [3]string
}

// lookupLang returns a language of the terminal.
func lookupLang(id string) (*termLang, error) {
	switch id {
	case "", "en":
		return langEN, nil
	case "zh-CN":
		return langZHCN, nil
	case "zh-TW":
		return langZHTW, nil
	}
	return nil, fmt.Errorf("--lang %q: want %s", id, strings.Join(termLangs, ", "))
}

// fill puts the values of a sentence's {fields} in.
func fill(tmpl string, f map[string]string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl[i+1:], '}')
		if i < 0 || j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		key := tmpl[i+1 : i+1+j]
		if v, ok := f[key]; ok {
			b.WriteString(v)
		} else {
			b.WriteString("{" + key + "}")
		}
		tmpl = tmpl[i+j+2:]
	}
}

var langEN = &termLang{id: "en",
	ev: map[string]string{
		"start": "The duel starts: {seat} goes first.", "rps": "Rock, paper, scissors: {a} {ha}, {b} {hb}.",
		"coin": "The coin lands {side}.", "dice": "{seat} rolls a die: {amount}.", "declare": "{seat} declares {value}.", "first-1": "{seat} chooses to go first.", "first-0": "{seat} chooses to go second.",
		"shuffle": "{seat} shuffles their Deck.", "turn": "== Turn {turn}: {seat} ==", "phase": "-- {phase} Phase --",
		"step": "-- {timing} --", "draw": "{seat} draws {card}.", "move": "{card} moves from {from} to {to}.",
		"summon": "{seat} Normal Summons {card} to {to}.", "set": "{seat} Sets {card} to {to}.",
		"flip-summon": "{seat} Flip Summons {card}.", "position": "{seat} changes {card} to {pos}.",
		"tribute": "{seat} tributes {card}.", "attack": "{seat}'s {card} attacks {target}.",
		"attack-direct": "{seat}'s {card} attacks {seat2} directly.",
		"replay":        "Replay: {seat}'s {card} may choose a new target.", "attack-end": "The attack of {card} ends.",
		"flip": "{card} at {to} is flipped face-up.", "battle": "Battle: {card} against {target}{stats}.",
		"battle-direct":  "Battle: {card} attacks {seat2} directly{stats}.",
		"battle-blocked": "Battle: {card} meets its blockers{stats}.", "block": "{seat} blocks {card} with {target}.",
		"no-block": "{seat} does not block {card}.", "token-gone": "{card} leaves the field and ceases to exist.",
		"damage": "{seat} takes {amount} damage.", "damage-battle": "{seat} takes {amount} battle damage.",
		"destroy": "{card} is destroyed.", "destroy-battle": "{card} is destroyed by battle.",
		"discard": "{seat} discards {card}.", "lp": "{seat}'s LP: {amount}.", "win": "{seat} wins the duel.",
		"win-team": "Team {seat} wins the duel.", "win-draw": "The duel is a draw.",
		"special-summon": "{seat} Special Summons {card} to {to}.", "summoning": "{seat} is summoning {card}.",
		"activate": "{seat} activates {card} (chain link {link}).", "resolve": "Chain link {link} resolves: {card}.",
		"negated": "The activation of {card} is negated.", "chain-end": "The chain has resolved.",
		"target": "{card} is targeted.", "set-face-down": "{card} is turned face-down.",
		"modified": "{card} is changed{stats}.", "equip": "{card} is equipped to {target}.",
		"reveal": "{seat} reveals {card}.", "recover": "{seat} gains {amount} LP.", "pay-lp": "{seat} pays {amount} LP.",
		"set-spell": "{seat} Sets {card} to {to}.", "control": "{seat} takes control of {card}.",
		"retarget": "{card} attacks {target} instead.", "confirm": "{seat} looks at {card}.",
		"out": "{seat} is out of the duel; their turns are skipped.", "out-card": "{card} leaves the field with its player for {to}.",
		"tap-1": "{card} is tapped.", "tap-0": "{card} is untapped.", "resource": "{seat} puts a card into the resource zone.",
	},
	phase: map[string]string{"draw": "Draw", "standby": "Standby", "main1": "Main 1", "battle": "Battle", "main2": "Main 2", "end": "End"},
	timing: map[string]string{"": "", "start-step": "Start Step", "battle-step": "Battle Step",
		"damage-start": "start of the Damage Step", "before-calc": "before damage calculation",
		"during-calc": "damage calculation", "after-calc": "after damage calculation",
		"damage-end": "end of the Damage Step", "end-step": "End Step"},
	pos: map[string]string{"atk": "Attack Position", "def": "Defense Position", "set": "face-down", "up": "face-up"},
	place: map[string]string{"H": "hand", "D": "Deck", "GY": "GY", "BN": "banishment", "X": "Extra Deck",
		"M": "Monster Zone", "S": "Spell & Trap Zone", "F": "Field Zone", "R": "resource zone", "OV": "Xyz Materials"},
	words: map[string]string{"a-card": "a card", "a-monster": "a monster", "cost-card": "a cost card",
		"heads": "heads", "tails": "tails", "of": "{0}'s {1}", "respond": "Respond to: {0}",
		"link": "chain link {0}, {1}", "window": "{0}", "phase-window": "the {0} Phase", "auto-pass": "(auto-pass: {0})", "sep": ", then ",
		"kept":    "(the chain window is passed; \"{0}\" is kept for your next Main or Battle Phase decision)",
		"dropped": "(\"{0}\", typed before this prompt appeared, is dropped)",
		"held":    "(\"{0}\", typed before this prompt appeared, is kept for your next Main or Battle Phase decision)",
		"skip":    "(chain windows are passed until something concerns you)"},
	hands: [3]string{"rock", "paper", "scissors"},
}

var langZHCN = &termLang{id: "zh-CN",
	ev: map[string]string{
		"start": "决斗开始：{seat} 先攻。", "rps": "猜拳：{a} 出{ha}，{b} 出{hb}。", "coin": "硬币结果：{side}。",
		"dice": "{seat} 掷骰子：{amount}。", "declare": "{seat} 宣言了 {value}。",
		"first-1": "{seat} 选择先攻。", "first-0": "{seat} 选择后攻。", "shuffle": "{seat} 洗切卡组。",
		"turn": "== 第 {turn} 回合：{seat} ==", "phase": "-- {phase}阶段 --", "step": "-- {timing} --",
		"draw": "{seat} 抽了 {card}。", "move": "{card} 从{from}移动到{to}。",
		"summon": "{seat} 通常召唤了 {card}（{to}）。", "set": "{seat} 盖放了 {card}（{to}）。",
		"flip-summon": "{seat} 反转召唤了 {card}。", "position": "{seat} 把 {card} 变为{pos}。",
		"tribute": "{seat} 解放了 {card}。", "attack": "{seat} 的 {card} 攻击 {target}。", "attack-direct": "{seat} 的 {card} 直接攻击 {seat2}。",
		"replay": "卷回：{seat} 的 {card} 可以重新选择攻击对象。", "attack-end": "{card} 的攻击结束。", "flip": "{card}（{to}）被翻开。",
		"battle-direct":  "战斗：{card} 直接攻击 {seat2}{stats}。",
		"battle-blocked": "战斗：{card} 与阻挡者交战{stats}。", "block": "{seat} 用 {target} 阻挡 {card}。",
		"no-block": "{seat} 不阻挡 {card}。", "token-gone": "{card} 离场并消失。", "battle": "战斗：{card} 对 {target}{stats}。",
		"damage": "{seat} 受到 {amount} 伤害。", "damage-battle": "{seat} 受到 {amount} 战斗伤害。",
		"destroy": "{card} 被破坏。", "destroy-battle": "{card} 被战斗破坏。", "discard": "{seat} 丢弃了 {card}。",
		"lp": "{seat} 的基本分：{amount}。", "win": "{seat} 赢得了决斗。", "win-team": "{seat} 队赢得了决斗。", "win-draw": "决斗以平局结束。",
		"special-summon": "{seat} 特殊召唤了 {card}（{to}）。", "summoning": "{seat} 正在召唤 {card}。",
		"activate": "{seat} 发动了 {card}（连锁 {link}）。", "resolve": "连锁 {link} 处理：{card}。",
		"negated": "{card} 的发动被无效。", "chain-end": "连锁处理完毕。", "target": "{card} 被选为对象。",
		"set-face-down": "{card} 变为里侧表示。", "modified": "{card} 发生变化{stats}。", "equip": "{card} 装备给 {target}。",
		"reveal": "{seat} 展示了 {card}。", "recover": "{seat} 回复 {amount} 基本分。", "pay-lp": "{seat} 支付 {amount} 基本分。",
		"set-spell": "{seat} 盖放了 {card}（{to}）。", "control": "{seat} 得到了 {card} 的控制权。", "retarget": "{card} 改为攻击 {target}。",
		"confirm": "{seat} 确认了 {card}。", "out": "{seat} 退出了决斗。", "out-card": "{card} 随持有者离场，去往{to}。",
		"tap-1": "{card} 横置。", "tap-0": "{card} 重置。", "resource": "{seat} 把一张卡放入资源区。",
	},
	phase: map[string]string{"draw": "抽卡", "standby": "准备", "main1": "主要1", "battle": "战斗", "main2": "主要2", "end": "结束"},
	timing: map[string]string{"": "", "start-step": "开始步骤", "battle-step": "战斗步骤", "damage-start": "伤害步骤开始时",
		"before-calc": "伤害计算前", "during-calc": "伤害计算时", "after-calc": "伤害计算后", "damage-end": "伤害步骤结束时", "end-step": "结束步骤"},
	pos:   map[string]string{"atk": "攻击表示", "def": "守备表示", "set": "里侧", "up": "表侧"},
	place: map[string]string{"H": "手牌", "D": "卡组", "GY": "墓地", "BN": "除外区", "X": "额外卡组", "M": "怪兽区", "S": "魔法陷阱区", "F": "场地区", "R": "资源区", "OV": "超量素材"},
	words: map[string]string{"a-card": "一张卡", "a-monster": "一只怪兽", "cost-card": "一张费用卡",
		"heads": "正面", "tails": "反面", "of": "{0} 的{1}", "respond": "回应：{0}", "link": "连锁 {0}，{1}",
		"window": "{0}", "phase-window": "{0}阶段", "auto-pass": "（自动跳过：{0}）", "sep": "，然后 ",
		"kept": "（跳过连锁窗口；「{0}」留给你下一次主要/战斗阶段的决定）", "dropped": "（「{0}」在此提示出现前输入，已丢弃）", "held": "（「{0}」在此提示出现前输入，留给你下一次主要/战斗阶段的决定）",
		"skip": "（连锁窗口将被跳过，直到发生与你有关的事）"},
	hands: [3]string{"石头", "布", "剪刀"},
}

var langZHTW = &termLang{id: "zh-TW",
	ev: map[string]string{
		"start": "決鬥開始：{seat} 先攻。", "rps": "猜拳：{a} 出{ha}，{b} 出{hb}。", "coin": "硬幣結果：{side}。",
		"dice": "{seat} 擲骰子：{amount}。", "declare": "{seat} 宣言了 {value}。",
		"first-1": "{seat} 選擇先攻。", "first-0": "{seat} 選擇後攻。", "shuffle": "{seat} 洗切卡組。",
		"turn": "== 第 {turn} 回合：{seat} ==", "phase": "-- {phase}階段 --", "step": "-- {timing} --",
		"draw": "{seat} 抽了 {card}。", "move": "{card} 從{from}移動到{to}。",
		"summon": "{seat} 通常召喚了 {card}（{to}）。", "set": "{seat} 覆蓋了 {card}（{to}）。",
		"flip-summon": "{seat} 反轉召喚了 {card}。", "position": "{seat} 把 {card} 變為{pos}。",
		"tribute": "{seat} 解放了 {card}。", "attack": "{seat} 的 {card} 攻擊 {target}。", "attack-direct": "{seat} 的 {card} 直接攻擊 {seat2}。",
		"replay": "重新選擇：{seat} 的 {card} 可以重新選擇攻擊對象。", "attack-end": "{card} 的攻擊結束。", "flip": "{card}（{to}）被翻開。",
		"battle-direct":  "戰鬥：{card} 直接攻擊 {seat2}{stats}。",
		"battle-blocked": "戰鬥：{card} 與阻擋者交戰{stats}。", "block": "{seat} 用 {target} 阻擋 {card}。",
		"no-block": "{seat} 不阻擋 {card}。", "token-gone": "{card} 離場並消失。", "battle": "戰鬥：{card} 對 {target}{stats}。",
		"damage": "{seat} 受到 {amount} 傷害。", "damage-battle": "{seat} 受到 {amount} 戰鬥傷害。",
		"destroy": "{card} 被破壞。", "destroy-battle": "{card} 被戰鬥破壞。", "discard": "{seat} 丟棄了 {card}。",
		"lp": "{seat} 的基本分：{amount}。", "win": "{seat} 贏得了決鬥。", "win-team": "{seat} 隊贏得了決鬥。", "win-draw": "決鬥以平手結束。",
		"special-summon": "{seat} 特殊召喚了 {card}（{to}）。", "summoning": "{seat} 正在召喚 {card}。",
		"activate": "{seat} 發動了 {card}（連鎖 {link}）。", "resolve": "連鎖 {link} 處理：{card}。",
		"negated": "{card} 的發動被無效。", "chain-end": "連鎖處理完畢。", "target": "{card} 被選為對象。",
		"set-face-down": "{card} 變為裡側表示。", "modified": "{card} 發生變化{stats}。", "equip": "{card} 裝備給 {target}。",
		"reveal": "{seat} 展示了 {card}。", "recover": "{seat} 回復 {amount} 基本分。", "pay-lp": "{seat} 支付 {amount} 基本分。",
		"set-spell": "{seat} 覆蓋了 {card}（{to}）。", "control": "{seat} 得到了 {card} 的控制權。", "retarget": "{card} 改為攻擊 {target}。",
		"confirm": "{seat} 確認了 {card}。", "out": "{seat} 退出了決鬥。", "out-card": "{card} 隨持有者離場，前往{to}。",
		"tap-1": "{card} 橫置。", "tap-0": "{card} 重置。", "resource": "{seat} 把一張卡放入資源區。",
	},
	phase: map[string]string{"draw": "抽牌", "standby": "準備", "main1": "主要1", "battle": "戰鬥", "main2": "主要2", "end": "結束"},
	timing: map[string]string{"": "", "start-step": "開始步驟", "battle-step": "戰鬥步驟", "damage-start": "傷害步驟開始時",
		"before-calc": "傷害計算前", "during-calc": "傷害計算時", "after-calc": "傷害計算後", "damage-end": "傷害步驟結束時", "end-step": "結束步驟"},
	pos:   map[string]string{"atk": "攻擊表示", "def": "守備表示", "set": "裡側", "up": "表側"},
	place: map[string]string{"H": "手牌", "D": "卡組", "GY": "墓地", "BN": "除外區", "X": "額外卡組", "M": "怪物區", "S": "魔法陷阱區", "F": "場地區", "R": "資源區", "OV": "超量素材"},
	words: map[string]string{"a-card": "一張卡", "a-monster": "一隻怪物", "cost-card": "一張費用卡",
		"heads": "正面", "tails": "反面", "of": "{0} 的{1}", "respond": "回應：{0}", "link": "連鎖 {0}，{1}",
		"window": "{0}", "phase-window": "{0}階段", "auto-pass": "（自動跳過：{0}）", "sep": "，然後 ",
		"kept": "（跳過連鎖窗口；「{0}」留給你下一次主要/戰鬥階段的決定）", "dropped": "（「{0}」在此提示出現前輸入，已丟棄）", "held": "（「{0}」在此提示出現前輸入，留給你下一次主要/戰鬥階段的決定）",
		"skip": "（連鎖窗口將被跳過，直到發生與你有關的事）"},
	hands: [3]string{"石頭", "布", "剪刀"},
}

// word returns one of the language's words with its {0}, {1} ... filled in.
func (l *termLang) word(key string, args ...string) string {
	f := map[string]string{}
	for i, a := range args {
		f[strconv.Itoa(i)] = a
	}
	return fill(l.words[key], f)
}

// placeName words a place: its seat's zone ("A's GY", "B 的墓地", "A's Monster Zone 2").
func (l *termLang) placeName(p engine.Place, tag bool) string {
	zone, ok := l.place[p.Loc.String()]
	if !ok {
		return p.Text(tag)
	}
	if p.Loc == engine.MZone || p.Loc == engine.SZone {
		zone += " " + strconv.Itoa(p.Seq+1)
	}
	return l.word("of", engine.SeatName(p.Seat, tag), zone)
}

// cardData finds a card by passcode in the engine's pool, then in kouhu's set (whose ids are
// passcodes of their own); english, when given, picks the set whose card has that name.
func cardData(code card.Passcode, english string) (*card.Data, bool) {
	var found *card.Data
	for _, db := range []*card.DB{card.Pool(), kouhu.CardDB()} {
		if d, ok := db.ByPasscode(code); ok {
			if english == "" || d.Name == english {
				return d, true
			}
			if found == nil {
				found = d
			}
		}
	}
	return found, found != nil
}

// langNamer returns the namer of a language: nil (English) for en, else the card's Chinese name,
// Traditional names falling back to the Simplified ones where the client has none.
func langNamer(lang string) namer {
	switch lang {
	case "zh-CN":
		return func(code card.Passcode, english string) string {
			if d, ok := cardData(code, english); ok && d.NameZH != "" {
				return d.NameZH
			}
			return english
		}
	case "zh-TW":
		return func(code card.Passcode, english string) string {
			if d, ok := cardData(code, english); ok && d.NameTW != "" {
				return d.NameTW
			}
			if d, ok := cardData(code, english); ok && d.NameZH != "" {
				return d.NameZH
			}
			return english
		}
	}
	return nil
}
