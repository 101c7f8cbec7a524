// The card search shared by the card centre (cards.js) and the deck builder (decks.js): the
// filters (EDOPro's deck editor's), the results grid of card tiles with their 禁/限/准 marks, the
// zoom of one card, and a cache of card data. The server does the searching (GET
// api/cards/search, docs/cards.md).
import { html, useState, useEffect, useRef } from '../lib.js';
import { getLang, t } from '../i18n.js';
import './cards.strings.js';
import { attrName, raceName, subKind } from '../words.js';
import { Art, hasPic } from '../art.js';

/** Links the page's stylesheet once. */
export function useCardsCSS() {
  useEffect(() => {
    if (document.getElementById('cards-css')) return;
    const l = document.createElement('link');
    l.id = 'cards-css';
    l.rel = 'stylesheet';
    l.href = 'css/cards.css';
    document.head.append(l);
  }, []);
}

/**
 * A card as the API writes it (catalog.CardJSON).
 * @typedef {{code: number, game: string, name: string, names: Record<string, string>, kind: string[],
 *   extra?: boolean, level?: number, attribute?: string, race?: string, atk?: number, def?: number,
 *   sets: string[], rarity?: string, texts: Record<string, string>, limit?: number, owned?: number,
 *   limits?: {banlist: string, date?: string, limit: number}[]}} Card
 */

/** @type {Map<number, Card>} */
const cache = new Map();

/** @param {number} code @returns {Card | undefined} */
export function cached(code) { return cache.get(code); }

/** @param {Card[]} cards */
export function remember(cards) { for (const c of cards) cache.set(c.code, { ...cache.get(c.code), ...c }); }

/**
 * loadGame fills the cache with every card of a game (a few hundred) and returns them.
 * @param {string} game @returns {Promise<Card[]>}
 */
export async function loadGame(game) {
  const out = [];
  for (let offset = 0; ; offset += 500) {
    const r = await fetch(`api/cards/search?game=${encodeURIComponent(game)}&per=500&offset=${offset}&banlist=none`);
    if (!r.ok) break;
    const res = await r.json();
    out.push(...res.cards);
    if (offset + 500 >= res.total) break;
  }
  for (const c of out) delete c.limit; // read under "none": not a limit to keep
  remember(out);
  return out;
}

/** @param {Card} c @returns {string} the card's name in the current language */
export function nameOf(c) {
  if (!c) return '';
  const l = getLang();
  if (l === 'zh-TW') return c.names['zh-TW'] || c.names['zh-CN'] || c.name;
  if (l === 'zh-CN') return c.names['zh-CN'] || c.name;
  return c.name;
}

/** @param {Card} c @returns {string} the card's text in the current language (ours) */
export function textOf(c) {
  const l = getLang();
  return (l !== 'en' && (c.texts[l] || c.texts['zh-CN'])) || c.texts.en || '';
}

/** @param {Card} c @returns {string} the frame colour class */
export function frame(c) {
  const k = c.kind;
  if (k.includes('Spell')) return 'spell';
  if (k.includes('Trap')) return 'trap';
  for (const x of ['Fusion', 'Ritual', 'Synchro', 'Xyz']) if (k.includes(x)) return x.toLowerCase();
  return k.includes('Normal') ? 'normal' : 'effect';
}

const MARKS = ['禁', '限', '准'];

/** @param {{n?: number}} props n is a limit @returns {any} the 禁/限/准 mark, or nothing */
export function Mark({ n }) {
  if (n === undefined || n === null || n >= 3) return null;
  return html`<span class=${'mark lim' + n} title=${t('cards.mark.' + n)} data-limit=${n}>${MARKS[n]}</span>`;
}

/** The drag and drop type of a dragged tile: JSON {code, from} (from: 'search', 'main', 'extra', 'side'). */
export const DRAG_TYPE = 'application/x-duelist-card';

/**
 * Tile is one card of a grid: a search result (with the copies owned, if known) or, given count,
 * a card of a deck (with its copies in the deck).
 * @param {{card: Card, limit?: number, count?: number, bad?: boolean, onClick?: (c: Card) => void,
 *   onZoom?: (c: Card) => void, drag?: string}} props
 */
export function Tile({ card, limit, count, bad, onClick, onZoom, drag }) {
  const monster = card.kind.includes('Monster');
  const lim = limit ?? card.limit;
  // drag: where the tile is dragged from (the deck builder's drag and drop, DRAG_TYPE).
  const start = (/** @type {DragEvent} */ e) => {
    if (!drag || !e.dataTransfer) return;
    e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ code: card.code, from: drag }));
    e.dataTransfer.effectAllowed = drag === 'search' ? 'copy' : 'move';
  };
  return html`<button type="button" class=${'tile ' + frame(card) + (bad ? ' bad' : '') + (hasPic(card.code) ? ' has-pic' : '')} data-code=${card.code}
      data-limit=${lim ?? ''} data-owned=${card.owned ?? ''} draggable=${drag ? 'true' : undefined} onDragStart=${start}
      title=${nameOf(card)} onClick=${() => onClick && onClick(card)}
      onContextMenu=${(/** @type {Event} */ e) => { if (onZoom) { e.preventDefault(); onZoom(card); } }}>
    <span class="tname">${nameOf(card)}</span>
    <${Art} card=${card} />
    ${monster && html`<span class="tstats">${card.kind.includes('Xyz') ? '☆' : '★'}${card.level} ${card.atk}/${card.def}</span>`}
    ${!monster && html`<span class="tstats">${card.kind.filter((k) => k !== 'Spell' && k !== 'Trap').map(subKind).join(' ')}</span>`}
    <${Mark} n=${lim} />
    ${card.rarity && html`<span class=${'rarity trarity r-' + card.rarity} title=${t('cards.rarity')}>${card.rarity}</span>`}
    ${card.owned !== undefined && count === undefined && html`<span class="owned" title=${t('cards.owned')}>×${card.owned}</span>`}
    ${count !== undefined && count > 1 && html`<span class="copies">×${count}</span>`}
    ${onZoom && html`<span class="zoom-btn" role="button" aria-label=${t('cards.zoom')}
      onClick=${(/** @type {Event} */ e) => { e.stopPropagation(); onZoom(card); }}>ⓘ</span>`}
  </button>`;
}

/**
 * Zoom shows one card in full: names in every language, kind and stats, our text, rarity, how many
 * you own and its limit under every banlist.
 * @param {{code: number, onClose: () => void}} props
 */
export function Zoom({ code, onClose }) {
  const [c, setC] = useState(/** @type {Card | null} */ (null));
  const [err, setErr] = useState('');
  useEffect(() => {
    setC(null);
    fetch(`api/cards/${code}`).then(async (r) => {
      const j = await r.json();
      if (!r.ok) throw new Error(j.error);
      setC(j);
    }).catch((e) => setErr(String(e.message || e)));
  }, [code]);
  return html`<aside id="card-zoom" class="panel" data-code=${code}>
    <button type="button" class="close" onClick=${onClose} aria-label=${t('cards.close')}>×</button>
    ${err && html`<p class="error">${err}</p>`}
    ${c && html`<div class=${'zoom-frame ' + frame(c)}>
      <h3>${nameOf(c)}</h3>
      <div class=${'zoom-art' + (hasPic(c.code) ? ' has-pic' : '')}><${Art} card=${c} /></div>
      <dl class="names">
        <dt>English</dt><dd lang="en">${c.name}</dd>
        <dt>简体中文</dt><dd lang="zh-CN">${c.names['zh-CN'] || '—'}</dd>
        <dt>繁體中文</dt><dd lang="zh-TW">${c.names['zh-TW'] || html`<span class="dim" title="简体">${c.names['zh-CN'] || '—'}</span>`}</dd>
      </dl>
      <p class="kindline">${c.kind.map(subKind).join(' ')}${c.attribute ? ` · ${attrName(c.attribute)} ${c.race ? raceName(c.race) : ''}` : ''}${c.level ? ` · ${c.kind.includes('Xyz') ? '☆' : '★'}${c.level}` : ''}${c.atk !== undefined ? ` · ${t('cards.atk')} ${c.atk} / ${t('cards.def')} ${c.def}` : ''}</p>
      <p class="meta">${c.rarity && html`<span class=${'rarity r-' + c.rarity}>${c.rarity}</span>`} ${t('cards.sets')}: ${c.sets.join(', ')} · #${c.code}
        ${c.owned !== undefined && html` · <span class="you-own">${t('cards.you-own', c.owned)}</span>`}</p>
      <h4>${t('cards.text')}</h4>
      <p class="ctext">${textOf(c) || t('cards.no-text')}</p>
      ${c.limits && c.limits.length > 0 && html`<h4>${t('cards.limits')}</h4>
        <table class="limits"><tbody>${c.limits.map((l) => html`<tr data-banlist=${l.banlist}>
          <td>${l.banlist}</td><td class="dim">${l.date || ''}</td>
          <td>${l.limit >= 3 ? t('cards.unlimited') : html`<${Mark} n=${l.limit} /> ${t('cards.mark.' + l.limit)}`}</td></tr>`)}</tbody></table>`}
    </div>`}
  </aside>`;
}

/**
 * Search is the filters and the results grid.
 * @param {{banlist: string, game?: string, onPick?: (c: Card) => void, onZoom?: (c: Card) => void,
 *   loggedIn?: boolean, per?: number, drag?: string}} props drag: the tiles are dragged from "search"; loggedIn re-reads the filters (owned: needs a player)
 */
export function Search({ banlist, game, onPick, onZoom, loggedIn, per = 60, drag = '' }) {
  const [f, setF] = useState(/** @type {Record<string, string>} */ ({}));
  const [filters, setFilters] = useState(/** @type {any} */ (null));
  const [res, setRes] = useState(/** @type {{total: number, cards: Card[]}} */ ({ total: 0, cards: [] }));
  const [err, setErr] = useState('');
  const [page, setPage] = useState(1);
  const seq = useRef(0);
  useEffect(() => { fetch('api/cards/filters').then((r) => r.json()).then(setFilters).catch(() => {}); }, [loggedIn]);
  useEffect(() => setPage(1), [JSON.stringify(f), banlist, game]);
  useEffect(() => {
    const my = ++seq.current;
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
    if (f.atkop && f.atkv) p.set('atk', f.atkop + f.atkv);
    if (f.defop && f.defv) p.set('def', f.defop + f.defv);
    for (const k of ['atkop', 'atkv', 'defop', 'defv', 'desc']) p.delete(k);
    if (f.sort) p.set('sort', (f.desc ? '-' : '') + f.sort);
    if (banlist) p.set('banlist', banlist);
    if (game && !f.game) p.set('game', game);
    p.set('per', String(per * page));
    const timer = setTimeout(() => {
      fetch('api/cards/search?' + p).then(async (r) => {
        const j = await r.json();
        if (my !== seq.current) return;
        if (!r.ok) { setErr(j.error); return; }
        setErr('');
        remember(j.cards.map((/** @type {Card} */ c) => { const { limit, ...rest } = c; return rest; }));
        setRes(j);
      }).catch((e) => my === seq.current && setErr(String(e)));
    }, 150);
    return () => clearTimeout(timer);
  }, [JSON.stringify(f), banlist, game, page]);

  /** @param {string} k @returns {(e: Event) => void} */
  const on = (k) => (e) => {
    const el = /** @type {HTMLInputElement} */ (e.target);
    setF({ ...f, [k]: el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value });
  };
  /** @param {string} k @param {[string, string][]} opts */
  const sel = (k, opts) => html`<select id=${'f-' + k} value=${f[k] || ''} onChange=${on(k)} aria-label=${t('cards.' + k)}>
    <option value="">${t('cards.' + k)}: ${t('cards.any')}</option>
    ${opts.map(([v, label]) => html`<option value=${v}>${label}</option>`)}</select>`;
  const ops = [['>=', '≥'], ['<=', '≤'], ['=', '='], ['>', '>'], ['<', '<']];
  return html`<section class="card-search">
    <div class="filters">
      <input id="f-q" type="search" placeholder=${t('cards.search-ph')} value=${f.q || ''} onInput=${on('q')} />
      ${sel('kind', [['monster', t('cards.monster')], ['spell', t('cards.spell')], ['trap', t('cards.trap')], ['extra', t('cards.extra')],
        ...['Effect', 'Normal', 'Tuner', 'Fusion', 'Ritual', 'Synchro', 'Xyz', 'Quick-Play', 'Continuous', 'Equip', 'Field', 'Counter']
          .map((k) => /** @type {[string, string]} */ ([k.toLowerCase(), subKind(k)]))])}
      ${filters && sel('attr', filters.attributes.map((a) => [a, attrName(a)]))}
      ${filters && sel('type', filters.types.map((a) => [a, raceName(a)]))}
      ${sel('level', [...Array(12)].map((_, i) => [String(i + 1), '★' + (i + 1)]))}
      <span class="range"><select id="f-atkop" value=${f.atkop || '>='} onChange=${on('atkop')} aria-label=${t('cards.atk')}>
        ${ops.map(([v, l]) => html`<option value=${v}>${t('cards.atk')} ${l}</option>`)}</select>
        <input id="f-atkv" type="number" min="0" step="100" value=${f.atkv || ''} onInput=${on('atkv')} placeholder=${t('cards.atk')} /></span>
      <span class="range"><select id="f-defop" value=${f.defop || '>='} onChange=${on('defop')} aria-label=${t('cards.def')}>
        ${ops.map(([v, l]) => html`<option value=${v}>${t('cards.def')} ${l}</option>`)}</select>
        <input id="f-defv" type="number" min="0" step="100" value=${f.defv || ''} onInput=${on('defv')} placeholder=${t('cards.def')} /></span>
      ${sel('limit', [['forbidden', '禁 ' + t('cards.forbidden')], ['limited', '限 ' + t('cards.limited')], ['semi', '准 ' + t('cards.semi')], ['unlimited', t('cards.unlimited')]])}
      ${filters && sel('set', filters.sets.map((s) => [s, s]))}
      ${filters && sel('rarity', filters.rarities.map((s) => [s, s]))}
      ${!game && filters && sel('game', filters.games.map((g) => [g, t('cards.game-' + g)]))}
      ${filters?.owned && sel('owned', [['yes', t('cards.owned-yes')], ['no', t('cards.owned-no')]])}
      ${sel('sort', ['name', 'code', 'level', 'atk', 'def', 'rarity', 'limit', ...(filters?.owned ? ['owned'] : [])].map((s) => [s, t('cards.sort-' + s)]))}
      <label class="check"><input id="f-desc" type="checkbox" checked=${!!f.desc} onChange=${on('desc')} /> ${t('cards.desc')}</label>
      <button type="button" id="f-reset" onClick=${() => setF({})}>${t('cards.reset')}</button>
    </div>
    <p class="hint">${t('cards.help')}</p>
    ${err ? html`<p class="error" id="search-error">${err}</p>` : html`<p class="hint" id="result-count" data-total=${res.total}>${t('cards.results', res.total)}</p>`}
    <div class="grid" id="results">
      ${res.cards.map((c) => html`<${Tile} card=${c} limit=${c.limit} onClick=${onPick} onZoom=${onZoom} drag=${drag} />`)}
    </div>
    ${!err && res.total === 0 && html`<p class="hint">${t('cards.no-results')}</p>`}
    ${res.cards.length < res.total && html`<button type="button" id="more" onClick=${() => setPage(page + 1)}>${t('cards.more')}</button>`}
  </section>`;
}
