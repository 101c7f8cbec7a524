// The words of the lobby's room list and its room options (pages/lobby.js).
import { register } from '../i18n.js';

register('rooms', {
  en: {
    title: 'Rooms', open: 'Waiting for a player', live: 'Live duels', filter: 'Ruleset', all: 'all rulesets',
    none: 'No open room.', 'no-live': 'No duel to watch.', host: 'Host', players: 'Players', ruleset: 'Ruleset',
    time: 'Time', turn: 'Turn', rated: 'rated', 'no-watch': 'no spectators', spectators: '{0} watching',
    vs: '{0} vs {1}', join: 'Join', watch: 'Watch', error: 'The room list cannot be read: {0}',
    options: 'Room', 'account-name': 'You are logged in: your seats show your account name.', private: 'Private room (code only, not listed)', 'no-watch-opt': 'No spectators',
  },
  'zh-CN': {
    title: '房间', open: '等待玩家', live: '正在进行的决斗', filter: '规则', all: '全部规则',
    none: '没有开放的房间。', 'no-live': '没有可观战的决斗。', host: '房主', players: '玩家', ruleset: '规则',
    time: '时间', turn: '回合', rated: '排位', 'no-watch': '不允许观战', spectators: '{0} 人观战',
    vs: '{0} 对 {1}', join: '加入', watch: '观战', error: '无法读取房间列表：{0}',
    options: '房间', 'account-name': '你已登录：座位上显示你的账号名。', private: '私人房间（仅凭房间号加入，不公开列出）', 'no-watch-opt': '不允许观战',
  },
  'zh-TW': {
    title: '房間', open: '等待玩家', live: '進行中的決鬥', filter: '規則', all: '全部規則',
    none: '沒有開放的房間。', 'no-live': '沒有可觀戰的決鬥。', host: '房主', players: '玩家', ruleset: '規則',
    time: '時間', turn: '回合', rated: '排位', 'no-watch': '不允許觀戰', spectators: '{0} 人觀戰',
    vs: '{0} 對 {1}', join: '加入', watch: '觀戰', error: '無法讀取房間列表：{0}',
    options: '房間', 'account-name': '你已登入：座位上顯示你的帳號名稱。', private: '私人房間（僅憑房間號碼加入，不公開列出）', 'no-watch-opt': '不允許觀戰',
  },
});
