// Languages: English and Simplified Chinese. Card names come from the card data (name, nameZH);
// card descriptions are the project's own English text.

const dict = {
  en: {
    connecting: 'connecting…', online: 'online', offline: 'reconnecting…',
    you: 'You', name: 'Name', create: 'Create a room', ruleset: 'Ruleset', deck: 'Deck',
    'paste-deck': 'paste a deck (.ydk or ydke://)', opponent: 'Opponent', 'opp-player': 'a player',
    'opp-ai': 'the AI', 'time-limit': 'Time bank per turn (s)', 'create-btn': 'Create',
    join: 'Join a room', 'room-code': 'Room code', 'join-btn': 'Join', 'watch-btn': 'Watch',
    'join-hint': 'Joining uses the deck chosen above.', log: 'Duel log',
    room: 'Room', waiting: 'Waiting for an opponent — share the room code', spectating: 'Watching',
    'your-turn': 'Your decision', 'opp-turn': 'Opponent is thinking…', 'wait-seat': 'Waiting for {0}',
    away: '{0} is away', deckN: 'Deck', extraN: 'Extra', gy: 'Graveyard', banished: 'Banished', resources: 'Resources',
    extra: 'Extra Deck', hand: 'Hand', lp: 'LP', turn: 'Turn {0}', close: 'Close', ok: 'OK',
    cancel: 'Cancel', hide: 'Hide', show: 'Show prompt', rematch: 'Rematch', leave: 'Leave',
    concede: 'Concede', 'concede-q': 'Concede the duel?', won: 'You won!', lost: 'You lost.',
    draw: 'Draw.', 'winner': '{0} wins', reason: 'Reason: {0}', 'rematch-wait': 'Waiting for the opponent…',
    chain: 'Chain', empty: 'empty', 'no-actions': 'No action for this card now.', ATK: 'ATK', DEF: 'DEF',
    level: 'Level', rank: 'Rank', 'select-n': 'Select {0} card(s)', 'select-mn': 'Select {0} to {1} card(s)',
    purpose: { tribute: 'to tribute', discard: 'to discard', target: 'as targets', material: 'as materials', cost: 'for the cost', '': '' },
    kind: {
      idle: 'Main Phase', battle: 'Battle Step', chain: 'Chain: respond?', select: 'Select cards',
      target: 'Choose the attack target', yesno: 'Use the effect?', choice: 'Choose an effect',
      position: 'Choose the position', order: 'Order the effects (chain link 1 first)', declare: 'Declare',
      rps: 'Rock, paper, scissors', coin: 'Call the coin', first: 'You won: go first or second?',
    },
    verb: {
      summon: 'Summon', set: 'Set', flip: 'Flip Summon', position: 'Change position', activate: 'Activate',
      special: 'Special Summon', battle: 'Battle', main2: 'Main 2', end: 'End turn', attack: 'Attack',
      pass: 'Pass', select: 'Select', direct: 'Attack directly', cancel: 'Cancel', yes: 'Yes', no: 'No',
      option: 'Option', atk: 'Attack position', def: 'Defense position', order: 'Order', declare: 'Declare',
      heads: 'Heads', tails: 'Tails', rock: 'Rock', paper: 'Paper', scissors: 'Scissors', first: 'Go first',
      second: 'Go second',
    },
    phase: { draw: 'Draw', standby: 'Standby', main1: 'Main 1', battle: 'Battle', main2: 'Main 2', end: 'End' },
    ev: {
      start: '{seat} goes first.', turn: '— Turn {amount}: {seat} —', phase: '{phase} Phase',
      draw: '{seat} draws {card}.', summon: '{seat} summons {card}.', set: '{seat} sets a monster.',
      'flip-summon': '{seat} Flip Summons {card}.', position: '{card} changes position.',
      tribute: '{seat} tributes {card}.', attack: '{card} attacks.', flip: '{card} is flipped.',
      damage: '{seat} takes {amount} damage.', destroy: '{card} is destroyed.', discard: '{seat} discards {card}.',
      'special-summon': '{seat} Special Summons {card}.', activate: '{seat} activates {card} (chain link {amount}).',
      resolve: 'Chain link {amount} resolves.', negated: '{card} is negated.', 'set-spell': '{seat} sets a card.',
      recover: '{seat} gains {amount} LP.', 'pay-lp': '{seat} pays {amount} LP.', move: '{card} moves to {to}.',
      win: 'The duel is over.', reveal: '{card} is revealed.', control: '{seat} takes control of {card}.',
      equip: '{card} is equipped.', coin: 'The coin is tossed.', rps: 'Rock, paper, scissors!',
    },
    seatA: 'A', seatB: 'B', me: 'You', opp: 'Opponent', 'a-card': 'a card',
  },
  zh: {
    connecting: '连接中…', online: '在线', offline: '重新连接中…',
    you: '你', name: '名字', create: '创建房间', ruleset: '规则', deck: '卡组',
    'paste-deck': '粘贴卡组（.ydk 或 ydke://）', opponent: '对手', 'opp-player': '玩家', 'opp-ai': '电脑',
    'time-limit': '每回合时间（秒）', 'create-btn': '创建', join: '加入房间', 'room-code': '房间号',
    'join-btn': '加入', 'watch-btn': '观战', 'join-hint': '加入时使用上面选择的卡组。', log: '决斗记录',
    room: '房间', waiting: '等待对手加入——把房间号发给对手', spectating: '观战中',
    'your-turn': '轮到你选择', 'opp-turn': '对手思考中…', 'wait-seat': '等待 {0}',
    away: '{0} 已断线', deckN: '卡组', extraN: '额外', gy: '墓地', banished: '除外', resources: '资源区',
    extra: '额外卡组', hand: '手牌', lp: '基本分', turn: '第 {0} 回合', close: '关闭', ok: '确定',
    cancel: '取消', hide: '隐藏', show: '显示提示', rematch: '再来一局', leave: '离开',
    concede: '投降', 'concede-q': '确定投降？', won: '你赢了！', lost: '你输了。', draw: '平局。',
    winner: '{0} 获胜', reason: '原因：{0}', 'rematch-wait': '等待对手…',
    chain: '连锁', empty: '空', 'no-actions': '这张卡现在不能行动。', ATK: '攻', DEF: '守',
    level: '等级', rank: '阶级', 'select-n': '选择 {0} 张卡', 'select-mn': '选择 {0} 到 {1} 张卡',
    purpose: { tribute: '作为祭品', discard: '丢弃', target: '作为对象', material: '作为素材', cost: '作为代价', '': '' },
    kind: {
      idle: '主要阶段', battle: '战斗步骤', chain: '连锁：是否发动？', select: '选择卡片', target: '选择攻击对象',
      yesno: '是否发动效果？', choice: '选择效果', position: '选择表示形式', order: '排列效果（连锁1在先）',
      declare: '宣言', rps: '猜拳', coin: '猜硬币', first: '你赢了：先攻还是后攻？',
    },
    verb: {
      summon: '召唤', set: '盖放', flip: '反转召唤', position: '改变表示形式', activate: '发动',
      special: '特殊召唤', battle: '战斗', main2: '主要2', end: '结束回合', attack: '攻击', pass: '不发动',
      select: '选择', direct: '直接攻击', cancel: '取消', yes: '是', no: '否', option: '选项',
      atk: '攻击表示', def: '守备表示', order: '顺序', declare: '宣言', heads: '正面', tails: '反面',
      rock: '石头', paper: '布', scissors: '剪刀', first: '先攻', second: '后攻',
    },
    phase: { draw: '抽卡', standby: '准备', main1: '主要1', battle: '战斗', main2: '主要2', end: '结束' },
    ev: {
      start: '{seat} 先攻。', turn: '—— 第 {amount} 回合：{seat} ——', phase: '{phase}阶段',
      draw: '{seat} 抽了 {card}。', summon: '{seat} 召唤了 {card}。', set: '{seat} 盖放了一只怪兽。',
      'flip-summon': '{seat} 反转召唤了 {card}。', position: '{card} 改变了表示形式。',
      tribute: '{seat} 解放了 {card}。', attack: '{card} 攻击。', flip: '{card} 被翻开。',
      damage: '{seat} 受到 {amount} 伤害。', destroy: '{card} 被破坏。', discard: '{seat} 丢弃了 {card}。',
      'special-summon': '{seat} 特殊召唤了 {card}。', activate: '{seat} 发动了 {card}（连锁 {amount}）。',
      resolve: '连锁 {amount} 处理。', negated: '{card} 被无效。', 'set-spell': '{seat} 盖放了一张卡。',
      recover: '{seat} 回复 {amount} 基本分。', 'pay-lp': '{seat} 支付 {amount} 基本分。', move: '{card} 移动到 {to}。',
      win: '决斗结束。', reveal: '{card} 被展示。', control: '{seat} 得到了 {card} 的控制权。',
      equip: '{card} 被装备。', coin: '投掷硬币。', rps: '猜拳！',
    },
    seatA: 'A', seatB: 'B', me: '你', opp: '对手', 'a-card': '一张卡',
  },
};

let lang = localStorage.getItem('duelist.lang') || ((navigator.language || '').startsWith('zh') ? 'zh' : 'en');

export function getLang() { return lang; }

export function setLang(l) {
  lang = l in dict ? l : 'en';
  localStorage.setItem('duelist.lang', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
}

// t looks a key up ("verb.summon" reaches into groups) and fills {0}, {1} ... with args.
export function t(key, ...args) {
  let v = dict[lang];
  for (const part of key.split('.')) v = v && v[part];
  if (v === undefined) {
    v = dict.en;
    for (const part of key.split('.')) v = v && v[part];
  }
  if (typeof v !== 'string') return key;
  return v.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ''));
}

// fill replaces {name} fields of a template.
export function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ''));
}
