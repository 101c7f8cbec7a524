// The collection page: the wallet, every collectible card (the pool and kouhu) with its rarity and
// the copies owned, filtered by name, owned / not owned, rarity and set; craft and dismantle one
// copy at a time (Master Duel's points, docs/collection.md); and the ledger, newest first. Each
// craft or dismantle carries an idempotency key kept until the server answers.
import { html, useState, useEffect } from '../lib.js';
import { t, isZH, getLang } from '../i18n.js';
import { cardData } from '../cards.js';
import { newKey } from './packs.js';
import './collection.strings.js';

const RARITIES = ['N', 'R', 'SR', 'UR'];
const MAX_ROWS = 300;

/**
 * @typedef {{passcode: number, name: string, nameZH: string, game: string, rarity: string,
 *   owned: number, craft: number, dismantle: number}} Collectible
 * @typedef {{id: number, op: number, kind: string, asset: string, passcode?: number, delta: number, at: number}} Entry
 * @typedef {{kind: string, body: {passcode: number, count: number, key: string}}} Pending
 */

/** @param {string} url */
async function getJSON(url) {
  const r = await fetch(url, { credentials: 'same-origin' });
  return { status: r.status, body: await r.json().catch(() => ({})) };
}

/**
 * nameOf is a card's name in the player's language: 繁體 from the catalog (the collection's
 * answer names 简体 only). @param {{passcode: number, name: string, nameZH: string}} c
 */
const nameOf = (c) => (getLang() === 'zh-TW' && cardData(c.passcode)?.nameTW) || (isZH() && c.nameZH) || c.name;

/** @param {{app: any}} props */
export function Collection({ app }) {
  const [status, setStatus] = useState('loading');
  const [cards, setCards] = useState(/** @type {Collectible[]} */ ([]));
  const [maxCrafted, setMaxCrafted] = useState(3);
  const [wallet, setWallet] = useState(/** @type {{gems: number, points: Record<string, number>}|null} */ (null));
  const [entries, setEntries] = useState(/** @type {Entry[]} */ ([]));
  const [more, setMore] = useState(false);
  const [q, setQ] = useState('');
  const [own, setOwn] = useState('all');
  const [rarity, setRarity] = useState('');
  const [game, setGame] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(/** @type {Pending|null} */ (null));

  const load = async () => {
    try {
      const [w, c, l] = await Promise.all([getJSON('api/collection/'), getJSON('api/collection/cards'),
        getJSON('api/collection/ledger?limit=50')]);
      if ([w, c, l].some((r) => r.status === 401)) { setStatus('login'); return; }
      if ([w, c, l].some((r) => r.status !== 200)) { setError(w.body.error || c.body.error || l.body.error); setStatus('error'); return; }
      setWallet(w.body); setCards(c.body.cards); setMaxCrafted(c.body.maxCrafted);
      setEntries(l.body.entries); setMore(l.body.entries.length === 50); setStatus('ready');
    } catch {
      setError(t('collection.network-error')); setStatus('error');
    }
  };
  useEffect(() => { load(); }, []);

  const older = async () => {
    const last = entries[entries.length - 1];
    const r = await getJSON(`api/collection/ledger?limit=50&before=${last ? last.id : 0}`);
    if (r.status === 200) { setEntries([...entries, ...r.body.entries]); setMore(r.body.entries.length === 50); }
  };

  /** @param {Pending} p */
  const send = async (p) => {
    setBusy(true); setError(''); setPending(p);
    try {
      const r = await fetch('api/collection/' + p.kind, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(p.body) });
      const body = await r.json().catch(() => ({}));
      setPending(null);
      if (!r.ok) { setError(body.error || String(r.status)); return; }
      await load();
    } catch {
      setError(t('collection.network-error'));
    } finally {
      setBusy(false);
    }
  };
  /** @param {string} kind @param {Collectible} c */
  const act = (kind, c) => send({ kind, body: { passcode: c.passcode, count: 1, key: newKey() } });

  if (status === 'loading') return html`<main class="page" id="collection"><p class="hint">${t('collection.loading')}</p></main>`;
  if (status === 'login') {
    return html`<main class="page" id="collection"><section class="panel"><h2>${t('collection.title')}</h2>
      <p id="collection-login">${t('collection.login')}</p><a href="#/account">${t('collection.login-link')}</a></section></main>`;
  }
  if (status === 'error' || !wallet) {
    return html`<main class="page" id="collection"><section class="panel"><p class="error">${error}</p>
      <button type="button" onClick=${load}>${t('collection.retry')}</button></section></main>`;
  }
  const needle = q.trim().toLowerCase();
  // A name in any of the three languages matches (冰水精靈 as 冰水精灵 and Aqua Spirit).
  const shown = cards.filter((c) => (!needle || c.name.toLowerCase().includes(needle) || (c.nameZH || '').includes(q.trim())
      || (cardData(c.passcode)?.nameTW || '').includes(q.trim()))
    && (own === 'all' || (own === 'owned') === (c.owned > 0))
    && (!rarity || c.rarity === rarity) && (!game || c.game === game));
  const byCode = new Map(cards.map((c) => [c.passcode, c]));
  /** @param {Event} e */
  const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

  return html`<main class="page" id="collection">
    <link rel="stylesheet" href="css/packs.css" />
    <section class="panel" id="coll-wallet">
      <h2>${t('collection.title')}</h2>
      <p class="gems" data-gems=${wallet.gems}>${t('collection.gems', wallet.gems)}</p>
      <p><span>${t('collection.points')}: </span>
        ${RARITIES.map((r) => html`<span class=${'cp rarity-' + r} data-points=${r}>${r} ${wallet.points[r] || 0}</span> `)}</p>
      ${error && html`<p class="error" id="collection-error">${error}</p>`}
      ${error && pending && html`<button type="button" id="coll-retry" disabled=${busy} onClick=${() => send(pending)}>${t('collection.retry')}</button>`}
    </section>
    <section class="panel">
      <div class="coll-filters">
        <input id="coll-search" type="search" placeholder=${t('collection.search')} value=${q} onInput=${(e) => setQ(val(e))} />
        <select id="coll-own" value=${own} onChange=${(e) => setOwn(val(e))}>
          ${['all', 'owned', 'missing'].map((o) => html`<option value=${o}>${t(o === 'all' ? 'collection.all' : 'collection.' + o + '-only')}</option>`)}
        </select>
        <select id="coll-rarity" value=${rarity} onChange=${(e) => setRarity(val(e))}>
          <option value="">${t('collection.rarity')}: ${t('collection.any')}</option>
          ${RARITIES.map((r) => html`<option value=${r}>${r}</option>`)}
        </select>
        <select id="coll-game" value=${game} onChange=${(e) => setGame(val(e))}>
          <option value="">${t('collection.game')}: ${t('collection.any')}</option>
          <option value="ocg">${t('collection.ocg')}</option><option value="kouhu">${t('collection.kouhu')}</option>
        </select>
      </div>
      <p class="hint">${t('collection.count', shown.length, cards.length)}</p>
      <table class="coll-cards">
        <tbody>
          ${shown.slice(0, MAX_ROWS).map((c) => html`<tr data-passcode=${c.passcode} data-owned=${c.owned}>
            <td><span class=${'cp rarity-' + c.rarity}>${c.rarity}</span></td>
            <td class="name">${nameOf(c)}</td>
            <td class="owned">×${c.owned}</td>
            <td class="acts">
              <button type="button" class="craft" disabled=${busy || c.owned >= maxCrafted || (wallet.points[c.rarity] || 0) < c.craft}
                onClick=${() => act('craft', c)}>${t('collection.craft', c.craft, c.rarity)}</button>
              <button type="button" class="dismantle" disabled=${busy || c.owned < 1}
                onClick=${() => act('dismantle', c)}>${t('collection.dismantle', c.dismantle, c.rarity)}</button>
            </td></tr>`)}
        </tbody>
      </table>
    </section>
    <section class="panel" id="ledger">
      <h2>${t('collection.ledger')}</h2>
      <table class="coll-ledger"><tbody>
        ${entries.map((e) => html`<tr data-entry=${e.id}>
          <td class="hint">${new Date(e.at).toLocaleString()}</td>
          <td>${t('collection.kind.' + e.kind)}</td>
          <td>${e.asset === 'card' ? (byCode.get(e.passcode) ? nameOf(byCode.get(e.passcode)) : '#' + e.passcode) : t('collection.asset.' + e.asset)}</td>
          <td class=${e.delta > 0 ? 'plus' : 'minus'}>${e.delta > 0 ? '+' + e.delta : e.delta}</td></tr>`)}
      </tbody></table>
      ${more && html`<button type="button" id="ledger-more" onClick=${older}>${t('collection.more')}</button>`}
    </section>
  </main>`;
}
