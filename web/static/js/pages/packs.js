// The packs page: the wallet (gems, crafting points, cards owned), every product with its odds
// and the player's UR guarantee, buying 1 or 10 packs (rolled on the server, docs/collection.md)
// and the opened cards revealed one by one. Each purchase carries an idempotency key kept until
// the server answers, so "retry" after a network error never buys twice.
import { html, useState, useEffect } from '../lib.js';
import { t, isZH, getLang } from '../i18n.js';
import { cardData } from '../cards.js';
import { Art, hasPic } from '../art.js';
import './packs.strings.js';

const RARITIES = ['N', 'R', 'SR', 'UR'];

/**
 * @typedef {{passcode: number, name: string, nameZH: string, rarity: string, owned: number}} OpenedCard
 * @typedef {{op: number, product: string, count: number, paid: number, replayed: boolean, gems: number,
 *   urDue: boolean, cards: OpenedCard[][]}} Opening
 * @typedef {{id: string, name: string, nameZH: string, game: string, price: number,
 *   cards: Record<string, number>, urDue: boolean}} Product
 * @typedef {{packSize: number, odds: Record<string, Record<string, number>>, products: Product[]}} Catalog
 * @typedef {{gems: number, points: Record<string, number>, owned: Record<string, number>}} Collection
 * @typedef {{product: string, count: number, key: string}} Purchase
 */

/** @param {string} url @returns {Promise<{status: number, body: any}>} */
async function getJSON(url) {
  const r = await fetch(url, { credentials: 'same-origin' });
  return { status: r.status, body: await r.json().catch(() => ({})) };
}

/** @returns {string} a new idempotency key (docs/collection.md) */
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * nameOf is a card's or a product's name in the player's language (a card's 繁體 name from the
 * catalog). @param {{passcode?: number, name: string, nameZH: string}} x
 */
const nameOf = (x) => (getLang() === 'zh-TW' && x.passcode && cardData(x.passcode)?.nameTW) || (isZH() && x.nameZH) || x.name;

/** @param {{app: any}} props */
export function Packs({ app }) {
  const [status, setStatus] = useState('loading'); // loading | login | ready | error
  const [catalog, setCatalog] = useState(/** @type {Catalog|null} */ (null));
  const [coll, setColl] = useState(/** @type {Collection|null} */ (null));
  const [opening, setOpening] = useState(/** @type {Opening|null} */ (null));
  const [pending, setPending] = useState(/** @type {Purchase|null} */ (null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [shown, setShown] = useState(0);

  const load = async () => {
    try {
      const [p, c] = await Promise.all([getJSON('api/packs/'), getJSON('api/collection/')]);
      if (p.status === 401 || c.status === 401) { setStatus('login'); return; }
      if (p.status !== 200 || c.status !== 200) { setError(p.body.error || c.body.error || String(p.status)); setStatus('error'); return; }
      setCatalog(p.body); setColl(c.body); setStatus('ready');
    } catch {
      setError(t('packs.network-error')); setStatus('error');
    }
  };
  useEffect(() => { load(); }, []);

  const total = opening ? opening.cards.reduce((n, pk) => n + pk.length, 0) : 0;
  useEffect(() => {
    if (!opening || shown >= total) return undefined;
    const id = setTimeout(() => setShown(shown + 1), opening.count === 1 ? 220 : 60);
    return () => clearTimeout(id);
  }, [opening, shown]);

  /** @param {Purchase} req */
  const buy = async (req) => {
    setBusy(true); setError(''); setPending(req);
    try {
      const r = await fetch('api/packs/buy', { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
      const body = await r.json().catch(() => ({}));
      setPending(null);
      if (!r.ok) { setError(body.error || String(r.status)); return; }
      setOpening(body); setShown(0);
      load();
    } catch {
      setError(t('packs.network-error')); // pending kept: retry sends the same key
    } finally {
      setBusy(false);
    }
  };

  if (status === 'loading') return html`<main class="page" id="packs"><p class="hint">${t('packs.loading')}</p></main>`;
  if (status === 'login') {
    return html`<main class="page" id="packs"><section class="panel">
      <h2>${t('packs.title')}</h2><p id="packs-login">${t('packs.login')}</p>
      <a href="#/account">${t('packs.login-link')}</a></section></main>`;
  }
  if (status === 'error' || !catalog || !coll) {
    return html`<main class="page" id="packs"><section class="panel"><p class="error">${error}</p>
      <button type="button" onClick=${load}>${t('packs.retry')}</button></section></main>`;
  }
  const owned = Object.values(coll.owned);
  const ownedTotal = owned.reduce((a, b) => a + b, 0);
  const product = opening && catalog.products.find((p) => p.id === opening.product);
  /** @type {Record<number, number>} */
  const inOpening = {};
  if (opening) for (const pk of opening.cards) for (const c of pk) inOpening[c.passcode] = (inOpening[c.passcode] || 0) + 1;

  return html`<main class="page" id="packs">
    <link rel="stylesheet" href="css/packs.css" />
    <section class="panel" id="wallet">
      <h2>${t('packs.wallet')}</h2>
      <p class="gems" id="gems" data-gems=${coll.gems}>${t('packs.gems', coll.gems)}</p>
      <p><span>${t('packs.points')}: </span>
        ${RARITIES.map((r) => html`<span class=${'cp rarity-' + r}>${r} ${coll.points[r] || 0}</span> `)}</p>
      <p class="hint" id="owned-count">${t('packs.owned', ownedTotal, owned.length)}</p>
    </section>

    ${(opening || error) && html`<section class="panel" id="opening">
      ${error && html`<p class="error" id="packs-error">${error}</p>`}
      ${error && pending && html`<button type="button" id="retry" disabled=${busy} onClick=${() => buy(pending)}>${t('packs.retry')}</button>`}
      ${opening && html`
        <h2>${t('packs.opened', opening.count, product ? nameOf(product) : opening.product, opening.paid)}</h2>
        ${opening.replayed && html`<p class="hint">${t('packs.replayed')}</p>`}
        <div class="opened">
          ${opening.cards.map((pk, i) => html`<div class="opened-pack">
            ${pk.map((c, j) => {
              const up = i * catalog.packSize + j < shown;
              const data = up ? cardData(c.passcode) : null;
              const pic = up && data && hasPic(c.passcode) ? ' has-pic' : '';
              return html`<div class=${up ? 'pack-card up rarity-' + c.rarity + pic : 'pack-card'} data-rarity=${up ? c.rarity : ''} data-passcode=${up ? c.passcode : ''}
                  onClick=${() => setShown(Math.max(shown, i * catalog.packSize + j + 1))}>
                ${up ? html`<span class="r">${c.rarity}</span><span class="n">${nameOf(c)}</span>
                  ${data && html`<${Art} card=${data} />`}
                  <span class="o">${c.owned === inOpening[c.passcode] ? t('packs.new-card') : t('packs.copies', c.owned)}</span>` : ''}
              </div>`;
            })}
          </div>`)}
        </div>
        <div class="row">
          ${shown < total && html`<button type="button" id="reveal-all" onClick=${() => setShown(total)}>${t('packs.reveal-all')}</button>`}
          <button type="button" id="close-opening" onClick=${() => { setOpening(null); setError(''); }}>${t('packs.close')}</button>
        </div>`}
    </section>`}

    <section class="panel" id="odds">
      <h2>${t('packs.odds')}</h2>
      <table class="odds">
        <thead><tr><th></th>${RARITIES.map((r) => html`<th class=${'rarity-' + r}>${r}</th>`)}</tr></thead>
        <tbody>
          ${[['slots', 'packs.slots-1-7'], ['last', 'packs.slot-8'], ['sr_guarantee', 'packs.sr-guarantee'], ['ur_guarantee', 'packs.ur-guarantee']].map(([k, label]) => html`<tr data-odds=${k}>
            <th>${t(label)}</th>${RARITIES.map((r) => html`<td>${catalog.odds[k][r] ? catalog.odds[k][r] + '%' : '—'}</td>`)}</tr>`)}
        </tbody>
      </table>
    </section>

    <div class="products">
      ${catalog.products.map((p) => html`<section class="panel product" data-product=${p.id}>
        <h2>${nameOf(p)}</h2>
        <p class="hint">${t('packs.price', p.price)} · ${t('packs.cards', RARITIES.reduce((n, r) => n + (p.cards[r] || 0), 0),
          RARITIES.map((r) => `${r} ${p.cards[r] || 0}`).join(' / '))}</p>
        ${p.urDue && html`<p class="ur-due">${t('packs.ur-due')}</p>`}
        <div class="row">
          <button type="button" class="buy1" disabled=${busy || coll.gems < p.price}
            onClick=${() => buy({ product: p.id, count: 1, key: newKey() })}>${busy ? t('packs.buying') : t('packs.buy1', p.price)}</button>
          <button type="button" class="buy10 primary" disabled=${busy || coll.gems < 10 * p.price}
            onClick=${() => buy({ product: p.id, count: 10, key: newKey() })}>${busy ? t('packs.buying') : t('packs.buy10', 10 * p.price)}</button>
        </div>
      </section>`)}
    </div>
  </main>`;
}
