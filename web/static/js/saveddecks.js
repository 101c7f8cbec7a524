// A logged-in player's saved decks (the deck builder's, GET /api/decks/) as choices of the
// lobby (rooms, best of 3, the AI) and of quick match. A saved deck is sent as the .ydk text of
// its Main, Extra and Side Decks, so that the server checks it as it checks a pasted deck: the
// room's banlist and the cards the account owns (docs/protocol.md "A room's deck rules").
import { html, useEffect, useState, useStore } from './lib.js';
import { register, t } from './i18n.js';
import { deckName } from './words.js';
import { session } from './pages/account.js';

register('saved', {
  en: { group: 'Your decks', illegal: '{0} (not legal)', gone: 'The saved deck cannot be read: {0}', none: 'Your saved decks appear here once you save one in the deck builder.' },
  'zh-CN': { group: '我的卡组', illegal: '{0}（不合规）', gone: '无法读取保存的卡组：{0}', none: '在卡组编辑器中保存卡组后，会显示在这里。' },
  'zh-TW': { group: '我的卡組', illegal: '{0}（不合規）', gone: '無法讀取儲存的卡組：{0}', none: '在卡組編輯器中儲存卡組後，會顯示在這裡。' },
});

/** The prefix of a saved deck's value in a deck select ("saved:12"). */
export const SAVED = 'saved:';

/**
 * @typedef {{id: number, name: string, ruleset: string, main: number, extra: number, side: number,
 *   legal: boolean}} SavedDeck
 */

/**
 * useSavedDecks returns the logged-in player's saved decks (none for a guest, who is not asked).
 * @returns {SavedDeck[]}
 */
export function useSavedDecks() {
  useStore(session);
  const [decks, setDecks] = useState(/** @type {SavedDeck[]} */ ([]));
  const id = session.user ? session.user.id : 0;
  useEffect(() => {
    let gone = false;
    if (!id) { setDecks([]); return undefined; }
    fetch('api/decks/').then((r) => (r.ok ? r.json() : [])).then((l) => { if (!gone) setDecks(Array.isArray(l) ? l : []); })
      .catch(() => {});
    return () => { gone = true; };
  }, [id]);
  return decks;
}

/**
 * SavedOptions draws the saved decks as a group of a deck select's options.
 * @param {{decks: SavedDeck[]}} props
 */
export function SavedOptions({ decks }) {
  if (!decks.length) return null;
  return html`<optgroup label=${t('saved.group')}>
    ${decks.map((d) => html`<option value=${SAVED + d.id} data-legal=${String(d.legal)}>${d.legal ? deckName(d.name) : t('saved.illegal', deckName(d.name))}</option>`)}
  </optgroup>`;
}

/**
 * savedDeck reads a saved deck and returns it as a deck choice of the protocol ({ydk}).
 * @param {string} value a select's value, SAVED + the deck's id
 * @returns {Promise<import('./protocol.js').DeckChoice>}
 */
export async function savedDeck(value) {
  const id = Number(value.slice(SAVED.length));
  const r = await fetch('api/decks/' + id);
  const d = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(t('saved.gone', d.error || r.statusText));
  const lines = ['#created by duelist', '#main', ...(d.main || []), '#extra', ...(d.extra || []), '!side', ...(d.side || [])];
  return { ydk: lines.join('\n') + '\n' };
}
