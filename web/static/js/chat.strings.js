// The words of the duel screen's chat (chat.js).
import { register } from './i18n.js';

register('chat', {
  en: {
    title: 'Chat', close: 'Close the chat', unread: '{0} unread', empty: 'No messages yet.',
    'as-player': 'players · spectators read', 'as-spectator': 'you write to spectators',
    'tag-players': 'players', 'tag-specs': 'spectators',
    'to-all': 'To the players (spectators read it)', 'to-specs': 'To the spectators', message: 'Your message',
    send: 'Send', left: '{0} characters left', mute: 'Mute', block: 'Block', report: 'Report',
    muted: 'You muted {0}: their messages are hidden.', blocked: 'You blocked {0}.',
    reported: 'You reported the message of {0}. Thank you.', failed: 'That did not work: {0}',
    login: 'Guests read the chat.', 'login-link': 'Log in to chat',
    err: {
      login: 'Log in to chat: guests can only read.', rate: 'You are sending too fast; wait a moment.',
      room: 'You are not in a room.', off: 'This server keeps no chat.',
      long: 'Not sent: the message has {0} characters; at most {1}.', empty: 'Not sent: the message is empty.',
      chars: 'Not sent: the message holds characters that cannot be sent.', text: 'Not sent: {0}',
      internal: 'The message could not be stored; try again.',
    },
  },
  'zh-CN': {
    title: '聊天', close: '关闭聊天', unread: '{0} 条未读', empty: '还没有消息。',
    'as-player': '选手 · 观众可见', 'as-spectator': '你的消息仅观众可见',
    'tag-players': '选手', 'tag-specs': '观众',
    'to-all': '发给选手（观众可见）', 'to-specs': '发给观众', message: '你的消息',
    send: '发送', left: '还能输入 {0} 字', mute: '屏蔽', block: '拉黑', report: '举报',
    muted: '已屏蔽 {0}：其消息将被隐藏。', blocked: '已拉黑 {0}。',
    reported: '已举报 {0} 的消息，谢谢。', failed: '操作失败：{0}',
    login: '游客只能阅读聊天。', 'login-link': '登录后聊天',
    err: {
      login: '请登录后聊天：游客只能阅读。', rate: '发送太快了，请稍候。',
      room: '你不在房间里。', off: '此服务器不保存聊天。',
      long: '未发送：消息有 {0} 字，最多 {1} 字。', empty: '未发送：消息为空。',
      chars: '未发送：消息含有无法发送的字符。', text: '未发送：{0}',
      internal: '消息未能保存，请重试。',
    },
  },
  'zh-TW': {
    title: '聊天', close: '關閉聊天', unread: '{0} 則未讀', empty: '還沒有訊息。',
    'as-player': '選手 · 觀眾可見', 'as-spectator': '你的訊息僅觀眾可見',
    'tag-players': '選手', 'tag-specs': '觀眾',
    'to-all': '傳給選手（觀眾可見）', 'to-specs': '傳給觀眾', message: '你的訊息',
    send: '送出', left: '還能輸入 {0} 字', mute: '靜音', block: '封鎖', report: '檢舉',
    muted: '已將 {0} 靜音：其訊息將被隱藏。', blocked: '已封鎖 {0}。',
    reported: '已檢舉 {0} 的訊息，謝謝。', failed: '操作失敗：{0}',
    login: '訪客只能閱讀聊天。', 'login-link': '登入後聊天',
    err: {
      login: '請登入後聊天：訪客只能閱讀。', rate: '傳送太快了，請稍候。',
      room: '你不在房間裡。', off: '此伺服器不保存聊天。',
      long: '未送出：訊息有 {0} 字，最多 {1} 字。', empty: '未送出：訊息為空。',
      chars: '未送出：訊息含有無法傳送的字元。', text: '未送出：{0}',
      internal: '訊息未能保存，請重試。',
    },
  },
});
