// The replays page's words (pages/replays.js), registered under "replays": t('replays.watch').
import { register } from '../i18n.js';

register('replays', {
  en: {
    title: 'Replays', list: 'My past duels', none: 'No finished duels yet: play one from the Play page.',
    guest: 'Your past duels and their replays are kept for your account.', login: 'Log in or register',
    loading: 'Loading…',
    moves: 'Moves', won: 'Won', lost: 'Lost', draw: 'Draw', watch: 'Watch', download: 'Download',
    downloadHint: 'A replay is a .duel file: `duelist replay verify FILE` plays it again.',
    back: '← All my duels', vs: '{0} vs {1}',
    first: 'Start', prev: 'Step back', play: 'Play', pause: 'Pause', next: 'Step forward', last: 'End',
    speed: 'Speed', jump: 'Jump to turn', turnN: 'Turn {0}', step: 'Move {0} of {1}',
    begin: 'The duel begins.', conceded: '{0} concedes ({1}).', answered: '{0}: {1}',
    keys: 'Keys: ← → step, space plays or pauses, Home / End.',
    err: {
      notFound: 'There is no such finished duel of yours.', needLogin: 'Log in to see your duels.',
      noLog: 'This server keeps no duels.', server: 'The server could not read the duel; try again later.',
      tooLong: 'This duel is too long to watch here: download its replay.',
    },
  },
  'zh-CN': {
    title: '录像', list: '我过去的决斗', none: '还没有已结束的决斗：到“对战”页开始一场吧。',
    guest: '你过去的决斗和录像保存在你的账号里。', login: '登录或注册',
    loading: '加载中…',
    moves: '步数', won: '胜', lost: '负', draw: '平局', watch: '观看', download: '下载',
    downloadHint: '录像是 .duel 文件：`duelist replay verify 文件` 可以重新播放它。',
    back: '← 我的全部决斗', vs: '{0} 对 {1}',
    first: '开头', prev: '后退一步', play: '播放', pause: '暂停', next: '前进一步', last: '结尾',
    speed: '速度', jump: '跳到回合', turnN: '第 {0} 回合', step: '第 {0} 步，共 {1} 步',
    begin: '决斗开始。', conceded: '{0} 投降（{1}）。', answered: '{0}：{1}',
    keys: '按键：← → 单步，空格 播放/暂停，Home / End。',
    err: {
      notFound: '没有这场属于你的已结束决斗。', needLogin: '登录后才能查看你的决斗。',
      noLog: '这个服务器不保存决斗。', server: '服务器无法读取这场决斗，请稍后再试。',
      tooLong: '这场决斗太长，无法在这里观看：请下载录像。',
    },
  },
  'zh-TW': {
    title: '重播', list: '我過去的決鬥', none: '還沒有已結束的決鬥：到「對戰」頁開始一場吧。',
    guest: '你過去的決鬥與重播保存在你的帳號裡。', login: '登入或註冊',
    loading: '載入中…',
    moves: '步數', won: '勝', lost: '負', draw: '平手', watch: '觀看', download: '下載',
    downloadHint: '重播是 .duel 檔案：`duelist replay verify 檔案` 可以重新播放它。',
    back: '← 我的全部決鬥', vs: '{0} 對 {1}',
    first: '開頭', prev: '後退一步', play: '播放', pause: '暫停', next: '前進一步', last: '結尾',
    speed: '速度', jump: '跳到回合', turnN: '第 {0} 回合', step: '第 {0} 步，共 {1} 步',
    begin: '決鬥開始。', conceded: '{0} 投降（{1}）。', answered: '{0}：{1}',
    keys: '按鍵：← → 單步，空白鍵 播放/暫停，Home / End。',
    err: {
      notFound: '沒有這場屬於你的已結束決鬥。', needLogin: '登入後才能查看你的決鬥。',
      noLog: '這個伺服器不保存決鬥。', server: '伺服器無法讀取這場決鬥，請稍後再試。',
      tooLong: '這場決鬥太長，無法在這裡觀看：請下載重播。',
    },
  },
});
