// The words of the lobby's room list and its room options (pages/lobby.js).
import { register } from '../i18n.js';

register('rooms', {
  en: {
    title: 'Rooms', open: 'Waiting for a player', live: 'Live duels', filter: 'Ruleset', all: 'all rulesets',
    none: 'No open room.', 'no-live': 'No duel to watch.', host: 'Host', players: 'Players', ruleset: 'Ruleset',
    time: 'Time', turn: 'Turn', rated: 'rated', 'no-watch': 'no spectators', spectators: '{0} watching',
    vs: '{0} vs {1}', join: 'Join', watch: 'Watch', error: 'The room list cannot be read: {0}',
    options: 'Room', 'account-name': 'You are logged in: your seats show your account name.', private: 'Private room (code only, not listed)', 'no-watch-opt': 'No spectators',
    'tag-opt': 'Tag duel (2 vs 2)', partners: 'Partners', 'partners-ai': 'The AI partners both teams', 'partners-player': 'Players',
    'tag-hint': 'You play with your partner against two opponents, each with their own Deck, field and LP. The players who join choose a team (A is yours, B your opponents\'), or take the seats left: the opponent, then the partners.',
    tag: 'tag', 'join-team': 'Join team {0} ({1}/2)', team: 'Team (a tag room)', 'team-any': 'The first seat free',
  },
  'zh-CN': {
    title: '房间', open: '等待玩家', live: '正在进行的决斗', filter: '规则', all: '全部规则',
    none: '没有开放的房间。', 'no-live': '没有可观战的决斗。', host: '房主', players: '玩家', ruleset: '规则',
    time: '时间', turn: '回合', rated: '排位', 'no-watch': '不允许观战', spectators: '{0} 人观战',
    vs: '{0} 对 {1}', join: '加入', watch: '观战', error: '无法读取房间列表：{0}',
    options: '房间', 'account-name': '你已登录：座位上显示你的账号名。', private: '私人房间（仅凭房间号加入，不公开列出）', 'no-watch-opt': '不允许观战',
    'tag-opt': '双打决斗（2 对 2）', partners: '搭档', 'partners-ai': '双方的搭档都由电脑担任', 'partners-player': '玩家',
    'tag-hint': '你和搭档一起对战两名对手，每人有自己的卡组、场地和基本分。加入的玩家可选择队伍（A 队是你的，B 队是对手的），或依次坐上空位：先是对手，然后是搭档。',
    tag: '双打', 'join-team': '加入 {0} 队（{1}/2）', team: '队伍（双打房间）', 'team-any': '第一个空位',
  },
  'zh-TW': {
    title: '房間', open: '等待玩家', live: '進行中的決鬥', filter: '規則', all: '全部規則',
    none: '沒有開放的房間。', 'no-live': '沒有可觀戰的決鬥。', host: '房主', players: '玩家', ruleset: '規則',
    time: '時間', turn: '回合', rated: '排位', 'no-watch': '不允許觀戰', spectators: '{0} 人觀戰',
    vs: '{0} 對 {1}', join: '加入', watch: '觀戰', error: '無法讀取房間列表：{0}',
    options: '房間', 'account-name': '你已登入：座位上顯示你的帳號名稱。', private: '私人房間（僅憑房間號碼加入，不公開列出）', 'no-watch-opt': '不允許觀戰',
    'tag-opt': '雙打決鬥（2 對 2）', partners: '搭檔', 'partners-ai': '雙方的搭檔都由電腦擔任', 'partners-player': '玩家',
    'tag-hint': '你和搭檔一起對戰兩名對手，每人有自己的卡組、場地和基本分。加入的玩家可選擇隊伍（A 隊是你的，B 隊是對手的），或依次坐上空位：先是對手，然後是搭檔。',
    tag: '雙打', 'join-team': '加入 {0} 隊（{1}/2）', team: '隊伍（雙打房間）', 'team-any': '第一個空位',
  },
});
