// The words of the ladder page (pages/ladder.js).
import { register } from '../i18n.js';

register('ladder', {
  en: {
    title: 'Ladder', quick: 'Quick match', ruleset: 'Ruleset', format: 'Format', deck: 'Deck',
    ai: 'Play the AI if nobody comes', queue: 'Find an opponent', cancel: 'Stop searching',
    searching: 'Searching for an opponent…', login: 'Log in to play rated quick match.',
    board: 'Leaderboard', rank: '#', player: 'Player', rating: 'Rating', games: 'Games', wld: 'W–L–D',
    you: 'You', empty: 'Nobody is rated here yet.', players: '{0} rated players', yourRank: 'Your rank: {0} ({1})',
    bo1: 'Single duel', bo3: 'Best of 3', inRoom: 'You are in room {0}: leave it to queue.', leave: 'Leave the room',
    failed: 'The match could not be made: find an opponent again.',
  },
  'zh-CN': {
    title: '天梯', quick: '快速匹配', ruleset: '规则', format: '赛制', deck: '卡组',
    ai: '无人匹配时与 AI 对战', queue: '寻找对手', cancel: '停止匹配',
    searching: '正在寻找对手…', login: '登录后才能进行排位快速匹配。',
    board: '排行榜', rank: '#', player: '玩家', rating: '等级分', games: '场数', wld: '胜–负–平',
    you: '你', empty: '这里还没有排位玩家。', players: '{0} 名排位玩家', yourRank: '你的排名：{0}（{1}）',
    bo1: '单局', bo3: '三局两胜', inRoom: '你在房间 {0} 中：离开后才能匹配。', leave: '离开房间',
    failed: '未能完成匹配：请重新寻找对手。',
  },
  'zh-TW': {
    title: '天梯', quick: '快速配對', ruleset: '規則', format: '賽制', deck: '牌組',
    ai: '無人配對時與 AI 對戰', queue: '尋找對手', cancel: '停止配對',
    searching: '正在尋找對手…', login: '登入後才能進行排位快速配對。',
    board: '排行榜', rank: '#', player: '玩家', rating: '等級分', games: '場數', wld: '勝–負–和',
    you: '你', empty: '這裡還沒有排位玩家。', players: '{0} 名排位玩家', yourRank: '你的排名：{0}（{1}）',
    bo1: '單局', bo3: '三局兩勝', inRoom: '你在房間 {0} 中：離開後才能配對。', leave: '離開房間',
    failed: '未能完成配對：請重新尋找對手。',
  },
});
