// The words of words.js in the three languages: names of the preconstructed decks, card kinds
// and sub-kinds, deck problems, the guest's name (the engine's option wording: words.opt.js).
import { register } from './i18n.js';

register('w', {
  en: {
    guest: 'Player', language: 'Language',
    // A preconstructed deck's name is its id in English; so are the starter decks saved for a new
    // account (decklib/starter.go), whose names are shown as these.
    precon: {},
    sub: {
      Normal: 'Normal', Effect: 'Effect', Tuner: 'Tuner', Fusion: 'Fusion', Ritual: 'Ritual', Synchro: 'Synchro', Xyz: 'Xyz',
      'Quick-Play': 'Quick-Play', Continuous: 'Continuous', Equip: 'Equip', Field: 'Field', Counter: 'Counter',
      Flip: 'Flip', Toon: 'Toon', Spirit: 'Spirit', Union: 'Union', Gemini: 'Gemini', Token: 'Token',
      Monster: 'Monster', Spell: 'Spell', Trap: 'Trap',
    },
    deckMain: 'Main Deck', deckExtra: 'Extra Deck', deckFusion: 'Fusion Deck', deckSide: 'Side Deck',
    cards: '{0} card(s)',
    problem: {
      'size-exact': '{0} has {1}; {2} needs exactly {3}', 'size-range': '{0} has {1}; {2} needs {3}-{4}',
      'size-min': '{0} has {1}; {2} needs {3} or more', 'size-max': '{0} has {1}; {2} allows 0-{3}',
      rated: 'rated play keeps banlist {0}, and the deck does not ({1}): decks that do are {2}',
      unknown: 'Passcode {0} is not a card of the card pool', token: '{0} is a Token; Tokens are never in a deck',
      'extra-in-main': '{0} is in the Main Deck; it belongs in the {1}', 'main-in-extra': '{0} is in the {1}; it belongs in the Main Deck',
      kind: '{0}: {1} does not allow this kind of card', forbidden: '{0} is forbidden in banlist {1}',
      limit: '{0} ×{1} exceeds its limit {2} in banlist {3}', copies: '{0} ×{1} exceeds the limit of {2} copies of a card in {3}',
      team: "{0} ×{1} in {2}'s deck and ×{3} in {4}'s exceed its limit {5} in banlist {6}, counted per team",
    },
  },
  'zh-CN': {
    guest: '玩家', language: '语言',
    precon: {
      yugi: '游戏', 'yugi-40': '游戏（40 张）', kaiba: '海马', 'kaiba-40': '海马（40 张）', fusion: '融合',
      'yugi-legal': '游戏（40 张·无禁卡）', 'kaiba-legal': '海马（40 张·无禁卡）',
      'normal-monsters': '通常怪兽', '5ds': '5D\u2019s', dragons: '龙群', 'knights-and-mages': '骑士与法师',
    },
    sub: {
      Normal: '通常', Effect: '效果', Tuner: '调整', Fusion: '融合', Ritual: '仪式', Synchro: '同调', Xyz: '超量',
      'Quick-Play': '速攻', Continuous: '永续', Equip: '装备', Field: '场地', Counter: '反击',
      Flip: '反转', Toon: '卡通', Spirit: '灵魂', Union: '同盟', Gemini: '二重', Token: '衍生物',
      Monster: '怪兽', Spell: '魔法', Trap: '陷阱',
    },
    deckMain: '主卡组', deckExtra: '额外卡组', deckFusion: '融合卡组', deckSide: '副卡组',
    cards: '{0} 张',
    problem: {
      'size-exact': '{0}有 {1}；{2} 需要正好 {3} 张', 'size-range': '{0}有 {1}；{2} 需要 {3}–{4} 张',
      'size-min': '{0}有 {1}；{2} 需要至少 {3} 张', 'size-max': '{0}有 {1}；{2} 最多允许 {3} 张',
      rated: '排位对战遵守禁限卡表 {0}，这副卡组不符合（{1}）；符合的卡组：{2}，或改为非排位对战',
      unknown: '卡密 {0} 不在卡池中', token: '「{0}」是衍生物；衍生物不能放入卡组',
      'extra-in-main': '「{0}」在主卡组中；它属于{1}', 'main-in-extra': '「{0}」在{1}中；它属于主卡组',
      kind: '「{0}」：{1} 不允许这类卡', forbidden: '「{0}」在禁限卡表 {1} 中被禁止',
      limit: '「{0}」×{1} 超过禁限卡表 {3} 的限制 {2}', copies: '「{0}」×{1} 超过 {3} 每张卡 {2} 张的上限',
      team: '「{0}」在 {2} 的卡组中 ×{1}、在 {4} 的卡组中 ×{3}，超过禁限卡表 {6} 的限制 {5}（双打队伍合计）',
    },
  },
  'zh-TW': {
    guest: '玩家', language: '語言',
    precon: {
      yugi: '遊戲', 'yugi-40': '遊戲（40 張）', kaiba: '海馬', 'kaiba-40': '海馬（40 張）', fusion: '融合',
      'yugi-legal': '遊戲（40 張·無禁卡）', 'kaiba-legal': '海馬（40 張·無禁卡）',
      'normal-monsters': '通常怪物', '5ds': '5D\u2019s', dragons: '龍群', 'knights-and-mages': '騎士與法師',
    },
    sub: {
      Normal: '通常', Effect: '效果', Tuner: '協調', Fusion: '融合', Ritual: '儀式', Synchro: '同步', Xyz: '超量',
      'Quick-Play': '速攻', Continuous: '永續', Equip: '裝備', Field: '場地', Counter: '反擊',
      Flip: '反轉', Toon: '卡通', Spirit: '靈魂', Union: '聯合', Gemini: '二重', Token: '衍生物',
      Monster: '怪物', Spell: '魔法', Trap: '陷阱',
    },
    deckMain: '主卡組', deckExtra: '額外卡組', deckFusion: '融合卡組', deckSide: '副卡組',
    cards: '{0} 張',
    problem: {
      'size-exact': '{0}有 {1}；{2} 需要正好 {3} 張', 'size-range': '{0}有 {1}；{2} 需要 {3}–{4} 張',
      'size-min': '{0}有 {1}；{2} 需要至少 {3} 張', 'size-max': '{0}有 {1}；{2} 最多允許 {3} 張',
      rated: '排位對戰遵守禁限卡表 {0}，這副卡組不符合（{1}）；符合的卡組：{2}，或改為非排位對戰',
      unknown: '卡片密碼 {0} 不在卡池中', token: '「{0}」是衍生物；衍生物不能放入卡組',
      'extra-in-main': '「{0}」在主卡組中；它屬於{1}', 'main-in-extra': '「{0}」在{1}中；它屬於主卡組',
      kind: '「{0}」：{1} 不允許這類卡', forbidden: '「{0}」在禁限卡表 {1} 中被禁止',
      limit: '「{0}」×{1} 超過禁限卡表 {3} 的限制 {2}', copies: '「{0}」×{1} 超過 {3} 每張卡 {2} 張的上限',
      team: '「{0}」在 {2} 的卡組中 ×{1}、在 {4} 的卡組中 ×{3}，超過禁限卡表 {6} 的限制 {5}（雙打隊伍合計）',
    },
  },
});
