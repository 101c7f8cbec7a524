// The card centre (卡牌中心): search every card the server knows (cardsearch.js), the results
// grid with each card's 禁/限/准 mark under the chosen banlist, and the zoom of a card (names in
// English, 简体中文 and 繁體中文, stats, our own text, rarity, copies owned, its limit under every
// banlist with the list's date).
import { html, useState, useEffect, useStore } from '../lib.js';
import { session } from './account.js';
import { t } from '../i18n.js';
import { Search, Zoom, useCardsCSS } from './cardsearch.js';

/** @param {{app: any, params: URLSearchParams}} props */
export function CardsPage({ app, params }) {
  useCardsCSS();
  const [lists, setLists] = useState(/** @type {{name: string, date?: string, default?: boolean}[]} */ ([]));
  const [banlist, setBanlist] = useState('');
  const [zoom, setZoom] = useState(Number(params.get('code')) || 0);
  useStore(session);
  const me = !!session.user;
  useEffect(() => {
    fetch('api/cards/banlists').then((r) => r.json()).then((l) => {
      setLists(l);
      setBanlist((b) => b || (l.find((x) => x.default) || l[0] || { name: 'none' }).name);
    }).catch(() => {});
  }, []);
  const open = (/** @type {{code: number}} */ c) => {
    setZoom(c.code);
    app.router.go('/cards?code=' + c.code);
  };
  return html`<main class="page cards-page" id="cards">
    <section class="panel">
      <h2>${t('cards.title')}</h2>
      <label><span>${t('cards.banlist')}</span>
        <select id="banlist" value=${banlist} onChange=${(/** @type {Event} */ e) => setBanlist(/** @type {HTMLSelectElement} */ (e.target).value)}>
          ${lists.map((l) => html`<option value=${l.name}>${l.name}${l.date ? ` (${l.date})` : ''}</option>`)}
          <option value="none">${t('cards.none')}</option>
        </select></label>
    </section>
    <div class="cards-body">
      ${banlist && html`<${Search} banlist=${banlist} onPick=${open} onZoom=${open} loggedIn=${me} />`}
      ${zoom > 0 && html`<${Zoom} code=${zoom} onClose=${() => { setZoom(0); app.router.go('/cards'); }} />`}
    </div>
  </main>`;
}
