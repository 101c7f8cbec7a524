// The words of the friends page (pages/friends.js).
import { register } from '../i18n.js';

register('friends', {
  en: {
    title: 'Friends', add: 'Add a friend', name: 'Their name', send: 'Send request', incoming: 'Requests to you',
    outgoing: 'Waiting for an answer', accept: 'Accept', decline: 'Decline', remove: 'Remove', none: 'No friends yet.',
    online: 'online', offline: 'offline', inRoom: 'in room {0}', watch: 'Watch', chat: 'Chat', say: 'Send',
    mute: 'Mute', unmute: 'Unmute', block: 'Block', unblock: 'Unblock', report: 'Report', reported: 'Reported. Thank you.',
    requested: 'Request sent to {0}.', friends: 'You and {0} are friends.', blocked: 'Blocked', muted: 'Muted',
    login: 'Log in to have friends.', message: 'A message (plain text, at most 300 characters)',
    challenge: 'Challenge', join: 'Join the duel',
  },
  'zh-CN': {
    title: '好友', add: '添加好友', name: '对方的名字', send: '发送请求', incoming: '好友请求',
    outgoing: '等待对方回应', accept: '接受', decline: '拒绝', remove: '删除', none: '还没有好友。',
    online: '在线', offline: '离线', inRoom: '在房间 {0}', watch: '观战', chat: '聊天', say: '发送',
    mute: '屏蔽消息', unmute: '取消屏蔽', block: '拉黑', unblock: '取消拉黑', report: '举报', reported: '已举报，谢谢。',
    requested: '已向 {0} 发送请求。', friends: '你和 {0} 已是好友。', blocked: '已拉黑', muted: '已屏蔽',
    login: '登录后才能添加好友。', message: '消息（纯文本，最多 300 字）',
    challenge: '挑战', join: '加入对局',
  },
  'zh-TW': {
    title: '好友', add: '加入好友', name: '對方的名字', send: '送出請求', incoming: '好友請求',
    outgoing: '等待對方回應', accept: '接受', decline: '拒絕', remove: '刪除', none: '還沒有好友。',
    online: '線上', offline: '離線', inRoom: '在房間 {0}', watch: '觀戰', chat: '聊天', say: '送出',
    mute: '靜音', unmute: '取消靜音', block: '封鎖', unblock: '取消封鎖', report: '檢舉', reported: '已檢舉，謝謝。',
    requested: '已向 {0} 送出請求。', friends: '你和 {0} 已是好友。', blocked: '已封鎖', muted: '已靜音',
    login: '登入後才能加入好友。', message: '訊息（純文字，最多 300 字）',
    challenge: '挑戰', join: '加入對局',
  },
});
