// The words of the profile page (pages/profile.js).
import { register } from '../i18n.js';

register('profile', {
  en: {
    title: 'Profile', ratings: 'Ratings', none: 'No rated duels yet.', recent: 'Recent rated duels',
    decks: 'Decks', opponent: 'Opponent', result: 'Result', change: '±', replay: 'Replay', deck: 'Deck',
    games: 'Games', winRate: 'Win rate', win: 'Win', loss: 'Loss', draw: 'Draw', rank: 'rank {0}',
    chart: 'Rating after each rated duel', notFound: 'No such player.', login: 'Log in to see your profile.', 'login-other': 'Log in to see other players\' profiles.',
  },
  'zh-CN': {
    title: '个人资料', ratings: '等级分', none: '还没有排位对局。', recent: '最近的排位对局',
    decks: '卡组', opponent: '对手', result: '结果', change: '±', replay: '录像', deck: '卡组',
    games: '场数', winRate: '胜率', win: '胜', loss: '负', draw: '平', rank: '第 {0} 名',
    chart: '每场排位对局后的等级分', notFound: '没有这个玩家。', login: '登录后查看你的资料。', 'login-other': '登录后才能查看其他玩家的资料。',
  },
  'zh-TW': {
    title: '個人資料', ratings: '等級分', none: '還沒有排位對局。', recent: '最近的排位對局',
    decks: '牌組', opponent: '對手', result: '結果', change: '±', replay: '錄影', deck: '牌組',
    games: '場數', winRate: '勝率', win: '勝', loss: '負', draw: '和', rank: '第 {0} 名',
    chart: '每場排位對局後的等級分', notFound: '沒有這個玩家。', login: '登入後查看你的資料。', 'login-other': '登入後才能查看其他玩家的資料。',
  },
});
