// The words of the deck builder (decks.js).
import { register } from '../i18n.js';

register('decks', {
  en: {
    title: 'Deck builder', decks: 'My decks', new: 'New deck', name: 'Deck name', ruleset: 'Ruleset',
    banlist: 'Banlist', save: 'Save', saved: 'Saved.', delete: 'Delete', 'delete-q': 'Delete this deck?',
    main: 'Main', extra: 'Extra', side: 'Side', 'add-to': 'Add to', import: 'Import', export: 'Export',
    'import-ph': 'Paste a .ydk file, a ydke:// URL or a list such as "3 Dark Magician"',
    'import-btn': 'Read', format: 'Format', 'test-hand': 'Test hand', draw5: 'Draw 5', draw6: 'Draw 6',
    legal: 'Legal', illegal: 'Not legal', problems: 'What is wrong', missing: 'Cards you are missing',
    craft: 'Craft the missing cards', 'need-owned': '{0}: {1} in the deck, you own {2}',
    'log-in': 'Log in to save decks; you can still build, check and export one.', unnamed: 'Unnamed deck',
    'click-hint': 'Click a card in the results to add it, a card of the deck to take it out.',
    'duel-ai': 'Duel the AI', 'duel-ai-hint': 'A duel against the AI with this deck (a legal deck)',
    empty: 'Empty', untitled: 'New deck', checking: 'Checking…', 'free-cards': 'Free cards (nothing owned counted)',
  },
  'zh-CN': {
    title: '卡组构筑', decks: '我的卡组', new: '新卡组', name: '卡组名', ruleset: '规则',
    banlist: '禁限卡表', save: '保存', saved: '已保存。', delete: '删除', 'delete-q': '删除这个卡组？',
    main: '主卡组', extra: '额外', side: '副卡组', 'add-to': '加入到', import: '导入', export: '导出',
    'import-ph': '粘贴 .ydk 文件、ydke:// 链接，或如 “3 黑魔术师” 的列表',
    'import-btn': '读取', format: '格式', 'test-hand': '试抽', draw5: '抽 5 张', draw6: '抽 6 张',
    legal: '合法', illegal: '不合法', problems: '问题', missing: '缺少的卡',
    craft: '合成缺少的卡', 'need-owned': '{0}：卡组中 {1} 张，持有 {2} 张',
    'log-in': '登录后可保存卡组；未登录也可以构筑、检查和导出。', unnamed: '未命名卡组',
    'click-hint': '点击搜索结果中的卡加入，点击卡组中的卡移除。',
    'duel-ai': '与电脑决斗', 'duel-ai-hint': '用这个卡组与电脑决斗（需合法卡组）',
    empty: '空', untitled: '新卡组', checking: '检查中…', 'free-cards': '自由卡（不计持有）',
  },
  'zh-TW': {
    title: '牌組構築', decks: '我的牌組', new: '新牌組', name: '牌組名', ruleset: '規則',
    banlist: '禁限卡表', save: '儲存', saved: '已儲存。', delete: '刪除', 'delete-q': '刪除這個牌組？',
    main: '主牌組', extra: '額外', side: '副牌組', 'add-to': '加入到', import: '匯入', export: '匯出',
    'import-ph': '貼上 .ydk 檔案、ydke:// 連結，或如「3 Dark Magician」的列表',
    'import-btn': '讀取', format: '格式', 'test-hand': '試抽', draw5: '抽 5 張', draw6: '抽 6 張',
    legal: '合法', illegal: '不合法', problems: '問題', missing: '缺少的卡',
    craft: '合成缺少的卡', 'need-owned': '{0}：牌組中 {1} 張，持有 {2} 張',
    'log-in': '登入後可儲存牌組；未登入也可以構築、檢查和匯出。', unnamed: '未命名牌組',
    'click-hint': '點擊搜尋結果中的卡加入，點擊牌組中的卡移除。',
    'duel-ai': '與電腦決鬥', 'duel-ai-hint': '用這個牌組與電腦決鬥（需合法牌組）',
    empty: '空', untitled: '新牌組', checking: '檢查中…', 'free-cards': '自由卡（不計持有）',
  },
});
