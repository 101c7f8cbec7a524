// The deck builder (卡组构筑): the player's saved decks (api/decks/), the deck being built with its
// Main / Extra / Side counters always in view and a 禁/限/准 mark on every card, a live legality
// check against the ruleset, the banlist and the cards owned (what is wrong and what is missing is
// listed), click to add and remove or drag and drop (from the search results into Main / Extra /
// Side, between them, and back out to remove), a Craft button on each card owned in too few
// copies, import and export (.ydk, ydke://, text) and a test hand of 5 or 6.
import { html, useState, useEffect, useRef, useStore } from '../lib.js';
import { session } from './account.js';
import { t } from '../i18n.js';
import { deckName, guestName, problemText, rulesetName } from '../words.js';
import { DRAG_TYPE, Search, Tile, Zoom, cached, loadGame, useCardsCSS } from './cardsearch.js';
import './decks.strings.js';

const RULESETS = ['ocg', 'classic', 'anime', 'kouhu'];

/** @typedef {{id?: number, name: string, ruleset: string, banlist: string, main: number[], extra: number[], side: number[]}} Deck */

/** @returns {Deck} */
function blank() { return { name: '', ruleset: 'ocg', banlist: '', main: [], extra: [], side: [] }; }

/** Where the deck being built is kept until it is saved (localStorage): a reload, a dropped
 * connection or a closed tab does not lose it. */
const DRAFT_KEY = 'duelist.deckDraft';

/** @returns {Deck | null} the unsaved deck kept in this browser */
function readDraft() {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT_KEY) || 'null');
    return d && Array.isArray(d.main) && Array.isArray(d.extra) && Array.isArray(d.side) ? d : null;
  } catch { return null; }
}

/** @param {string} url @param {string} method @param {any} [body] */
async function api(url, method = 'GET', body = undefined) {
  const r = await fetch(url, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const j = r.status === 204 ? null : await r.json();
  if (!r.ok) throw new Error((j && j.error) || r.statusText);
  return j;
}

/** @param {number[]} codes @returns {[number, number][]} [code, copies] in order of first appearance */
function group(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return [...m.entries()];
}

/** @param {number} n @returns {number} a uniform random integer in [0, n) */
function rand(n) {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % n;
}

/** @param {{app: any, params: URLSearchParams}} props */
export function DecksPage({ app, params }) {
  useCardsCSS();
  useStore(session);
  const me = session.known ? !!session.user : null;
  const myName = session.user ? session.user.name : '';
  const [saved, setSaved] = useState(/** @type {any[]} */ ([]));
  // The unsaved deck of the last visit comes back (of the saved deck the address opens, or a new one).
  const [draftBack, setDraftBack] = useState(() => {
    const d = readDraft();
    return !!d && (d.id || 0) === (Number(params.get('id')) || 0);
  });
  const [deck, setDeck] = useState(() => (draftBack ? /** @type {Deck} */ (readDraft()) : blank()));
  /** the deck has changes not saved, kept as the draft */
  const dirty = useRef(draftBack);
  const [lists, setLists] = useState(/** @type {any[]} */ ([]));
  const [legality, setLegality] = useState(/** @type {any} */ (null));
  const [msg, setMsg] = useState('');
  const [err, setErr] = useState('');
  const [addTo, setAddTo] = useState('main');
  const [zoom, setZoom] = useState(0);
  const [hand, setHand] = useState(/** @type {number[]} */ ([]));
  const [io, setIO] = useState(''); // '', 'import', 'export'
  const [ioText, setIOText] = useState('');
  const [format, setFormat] = useState('ydk');
  const [, setLoaded] = useState(0);
  const [crafting, setCrafting] = useState(false);
  const [recheck, setRecheck] = useState(0);
  /** the idempotency key of each card's craft, kept until the server answers (a retry after a
   * network error crafts nothing twice) @type {{current: Map<number, string>}} */
  const craftKeys = useRef(new Map());
  const seq = useRef(0);

  const banlist = deck.banlist || (deck.ruleset === 'kouhu' ? 'none' : (lists.find((l) => l.default) || { name: 'none' }).name);
  const game = deck.ruleset === 'kouhu' ? 'kouhu' : 'pool';

  const refresh = () => api('api/decks/').then(setSaved).catch(() => {});
  useEffect(() => {
    api('api/cards/banlists').then(setLists).catch(() => {});
  }, []);
  useEffect(() => { if (session.user) refresh(); }, [session.user?.id]);
  useEffect(() => { loadGame(game).then(() => setLoaded((n) => n + 1)); }, [game]);
  // Open ?id= from the URL.
  const wantID = Number(params.get('id')) || 0;
  useEffect(() => {
    if (!dirty.current) return;
    localStorage.setItem(DRAFT_KEY, JSON.stringify(deck));
  }, [deck]);
  useEffect(() => {
    if (!wantID || deck.id === wantID) return;
    api('api/decks/' + wantID).then((d) => { dirty.current = false; setDraftBack(false); setDeck(d); setLegality(d.legality); setHand([]); }).catch((e) => setErr(e.message));
  }, [wantID]);
  // The live check, a moment after each change.
  useEffect(() => {
    const my = ++seq.current;
    const timer = setTimeout(() => {
      api('api/decks/check', 'POST', { name: deck.name || 'deck', ruleset: deck.ruleset, banlist, main: deck.main, extra: deck.extra, side: deck.side })
        .then((l) => { if (my === seq.current) setLegality(l); })
        .catch((e) => { if (my === seq.current) setErr(e.message); });
    }, 200);
    return () => clearTimeout(timer);
  }, [JSON.stringify([deck.ruleset, banlist, deck.main, deck.extra, deck.side]), recheck]);

  // craft crafts, one card at a time, the copies the deck needs beyond those owned of the missing
  // cards given (with the collection's crafting points, POST api/collection/craft); it stops at
  // the first refusal (not enough points, say) and shows it, then checks the deck again.
  const craft = async (/** @type {any[]} */ missing) => {
    if (!legality || crafting) return;
    setCrafting(true); setErr(''); setMsg('');
    let made = 0;
    try {
      for (const m of missing) {
        const count = Math.min(3, m.need) - m.owned;
        if (count <= 0) continue;
        let key = craftKeys.current.get(m.code);
        if (!key) {
          key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
          craftKeys.current.set(m.code, key);
        }
        try {
          await api('api/collection/craft', 'POST', { passcode: m.code, count, key });
        } catch (e) {
          // A refusal is final for this key; a network error keeps it for the retry.
          if (!(e instanceof TypeError)) craftKeys.current.delete(m.code);
          throw e;
        }
        craftKeys.current.delete(m.code);
        made += count;
      }
      setMsg(t('decks.crafted', made));
    } catch (e) {
      setErr(t('decks.craft-failed', made, /** @type {Error} */ (e).message));
    } finally {
      setCrafting(false);
      setRecheck((n) => n + 1);
    }
  };

  const limitMap = new Map();
  const list = lists.find((l) => l.name === banlist);
  if (list) {
    for (const c of list.forbidden) limitMap.set(c, 0);
    for (const c of list.limited) limitMap.set(c, 1);
    for (const c of list.semiLimited) limitMap.set(c, 2);
  }
  const bad = new Set((legality?.violations || []).filter((v) => v.code).map((v) => v.code));

  /** @param {Partial<Deck>} patch */
  const change = (patch) => { dirty.current = true; setDeck({ ...deck, ...patch }); setMsg(''); setErr(''); };
  // full says why one more copy of a card may not go in (3 at most, fewer under the banlist), or ''.
  const full = (/** @type {number} */ code) => {
    const n = [...deck.main, ...deck.extra, ...deck.side].filter((x) => x === code).length;
    const c = cached(code);
    const name = c ? c.name : '#' + code;
    if (n >= 3) return t('decks.max-copies', name);
    const lim = limitMap.has(code) ? limitMap.get(code) : 3;
    if (n >= lim) return t('decks.max-limit', name, lim, banlist);
    return '';
  };
  /** @param {{code: number, extra?: boolean}} c */
  const add = (c) => {
    const sec = addTo === 'side' ? 'side' : (c.extra ? 'extra' : 'main');
    const why = full(c.code);
    if (why) { setErr(why); return; }
    change({ [sec]: [...deck[sec], c.code] });
  };
  /** @param {'main'|'extra'|'side'} sec @param {number} code */
  const remove = (sec, code) => {
    const i = deck[sec].lastIndexOf(code);
    if (i >= 0) change({ [sec]: deck[sec].filter((_, j) => j !== i) });
  };
  // Drag and drop: a search result dropped on a section adds a copy there, a deck card dropped on
  // another section moves a copy, a deck card dropped on the search results removes a copy. A
  // card goes to the Extra Deck if and only if it is an Extra Deck monster (the Side takes any).
  /** @param {DragEvent} e @returns {{code: number, from: string} | null} */
  const dragged = (e) => {
    try { return JSON.parse(e.dataTransfer?.getData(DRAG_TYPE) || 'null'); } catch { return null; }
  };
  /** @param {DragEvent} e */
  const over = (e) => {
    if (!e.dataTransfer?.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    /** @type {HTMLElement} */ (e.currentTarget).classList.add('drop-over');
  };
  const leave = (/** @type {DragEvent} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.remove('drop-over');
  /** @param {'main'|'extra'|'side'} sec @returns {(e: DragEvent) => void} */
  const dropOn = (sec) => (e) => {
    leave(e);
    const d = dragged(e);
    if (!d) return;
    e.preventDefault();
    if (d.from === sec) return;
    const c = cached(d.code);
    const extra = !!(c && c.extra);
    if (sec !== 'side' && (sec === 'extra') !== extra) {
      setErr(t(extra ? 'decks.goes-extra' : 'decks.goes-main', c ? c.name : '#' + d.code));
      return;
    }
    const moved = d.from === 'main' || d.from === 'extra' || d.from === 'side';
    const why = moved ? '' : full(d.code);
    if (why) { setErr(why); return; }
    const next = { ...deck, [sec]: [...deck[sec], d.code] };
    if (moved) {
      const i = deck[d.from].lastIndexOf(d.code);
      if (i < 0) return;
      next[d.from] = deck[d.from].filter((_, j) => j !== i);
    }
    dirty.current = true;
    setDeck(next); setMsg(''); setErr('');
  };
  /** @param {DragEvent} e */
  const dropOut = (e) => {
    leave(e);
    const d = dragged(e);
    if (!d || !(d.from === 'main' || d.from === 'extra' || d.from === 'side')) return;
    e.preventDefault();
    remove(d.from, d.code);
  };

  const forgetDraft = () => { dirty.current = false; setDraftBack(false); localStorage.removeItem(DRAFT_KEY); };
  // discard drops the unsaved changes: the saved deck as it was saved, or an empty new one.
  const discard = () => {
    forgetDraft();
    if (!deck.id) { setDeck(blank()); return; }
    api('api/decks/' + deck.id).then((d) => { setDeck(d); setLegality(d.legality); }).catch((e) => setErr(e.message));
  };
  const save = async () => {
    try {
      const body = { name: deck.name.trim() || t('decks.untitled'), ruleset: deck.ruleset, banlist: deck.banlist, main: deck.main, extra: deck.extra, side: deck.side };
      const d = deck.id ? await api('api/decks/' + deck.id, 'PUT', body) : await api('api/decks/', 'POST', body);
      forgetDraft();
      setDeck(d);
      setLegality(d.legality);
      // The list of saved decks holds the deck before "saved" shows (a test read the list at
      // the message and, on a busy machine, found the deck not yet in it).
      await refresh();
      setMsg(t('decks.saved'));
      setErr('');
      app.router.go('/decks?id=' + d.id);
    } catch (e) { setErr(e.message); }
  };
  const del = async () => {
    if (!deck.id || !confirm(t('decks.delete-q'))) return;
    try {
      await api('api/decks/' + deck.id, 'DELETE');
      forgetDraft();
      setDeck(blank());
      refresh();
      app.router.go('/decks');
    } catch (e) { setErr(e.message); }
  };
  const doImport = async () => {
    try {
      const d = await api('api/decks/import', 'POST', { text: ioText, ruleset: deck.ruleset });
      change({ main: d.main, extra: d.extra, side: d.side });
      setIO('');
    } catch (e) { setErr(e.message); }
  };
  const doExport = async (/** @type {string} */ f) => {
    setFormat(f);
    try {
      const r = await api('api/decks/export', 'POST', { format: f, ruleset: deck.ruleset, main: deck.main, extra: deck.extra, side: deck.side });
      setIOText(r.text);
    } catch (e) { setErr(e.message); }
  };
  // Duel the AI with this deck: a room as the lobby makes one, with the deck as a ydke:// URL.
  const duelAI = async () => {
    try {
      const r = await api('api/decks/export', 'POST', { format: 'ydke', ruleset: deck.ruleset, main: deck.main, extra: deck.extra, side: deck.side });
      app.withName(app.net.name || myName || guestName(), () => app.send({ t: 'create', ruleset: deck.ruleset, deck: { ydke: r.text },
        opponent: 'ai', timeLimit: app.welcome?.timeLimit }));
    } catch (e) { setErr(e.message); }
  };
  const draw = (/** @type {number} */ n) => {
    const pile = [...deck.main];
    for (let i = pile.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [pile[i], pile[j]] = [pile[j], pile[i]];
    }
    setHand(pile.slice(0, n));
  };

  /** @param {'main'|'extra'|'side'} sec */
  const section = (sec) => html`<section class="deck-sec" id=${'deck-' + sec} data-count=${deck[sec].length}
      onDragOver=${over} onDragLeave=${leave} onDrop=${dropOn(sec)}>
    <h3>${t('decks.' + sec)} <span class="n">${deck[sec].length}</span></h3>
    <div class="grid small">
      ${deck[sec].length === 0 && html`<p class="hint">${t('decks.empty')}</p>`}
      ${group(deck[sec]).map(([code, n]) => {
        const c = cached(code);
        const tile = c ? html`<${Tile} card=${c} count=${n} limit=${limitMap.has(code) ? limitMap.get(code) : 3} bad=${bad.has(code)}
            onClick=${() => remove(sec, code)} onZoom=${(x) => setZoom(x.code)} drag=${sec} />`
          : html`<button type="button" class="tile" onClick=${() => remove(sec, code)}>#${code} ×${n}</button>`;
        // A card owned in too few copies: a Craft button for the copies missing.
        const m = me && legality ? legality.missing.find((/** @type {any} */ x) => x.code === code) : null;
        const need = m ? Math.min(3, m.need) - m.owned : 0;
        if (need <= 0) return tile;
        return html`<div class="tile-craft" data-code=${code}>${tile}
          <button type="button" class="craft-one" disabled=${crafting} title=${t('decks.craft-one-hint', need)}
            onClick=${() => craft([m])}>${t('decks.craft-one', need)}</button></div>`;
      })}
    </div></section>`;

  const val = (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).value;
  return html`<main class="page decks-page" id="decks">
    <div class="counters" id="deck-counters">
      <span data-sec="main">${t('decks.main')} <b>${deck.main.length}</b></span>
      <span data-sec="extra">${t('decks.extra')} <b>${deck.extra.length}</b></span>
      <span data-sec="side">${t('decks.side')} <b>${deck.side.length}</b></span>
      <span id="legal" class=${legality ? (legality.legal ? 'ok' : 'bad') : ''} data-legal=${legality ? String(legality.legal) : ''}>
        ${legality ? (legality.legal ? '✔ ' + t('decks.legal') : '✘ ' + t('decks.illegal')) : t('decks.checking')}</span>
    </div>
    <section class="panel deck-head">
      ${me === false && html`<p class="hint" id="login-hint">${t('decks.log-in')}</p>`}
      ${me && html`<label><span>${t('decks.decks')}</span>
        <select id="saved" value=${deck.id || ''} onChange=${(e) => { const id = val(e); if (id) app.router.go('/decks?id=' + id); else { dirty.current = false; setDeck(blank()); app.router.go('/decks'); } }}>
          <option value="">${t('decks.new')}</option>
          ${saved.map((d) => html`<option value=${d.id}>${deckName(d.name)} (${d.main}/${d.extra}/${d.side})${d.legal ? '' : ' ✘'}</option>`)}
        </select></label>`}
      <label><span>${t('decks.name')}</span>
        <input id="deck-name" maxlength="64" value=${deck.name} placeholder=${t('decks.unnamed')} onInput=${(e) => change({ name: val(e) })} /></label>
      <label><span>${t('decks.ruleset')}</span>
        <select id="deck-ruleset" value=${deck.ruleset} onChange=${(e) => {
            const r = val(e);
            // kouhu plays its own cards: switching to or from it empties the deck.
            change((r === 'kouhu') === (deck.ruleset === 'kouhu') ? { ruleset: r } : { ruleset: r, banlist: '', main: [], extra: [], side: [] });
          }}>
          ${RULESETS.map((r) => html`<option value=${r}>${rulesetName(r)}</option>`)}</select></label>
      <label><span>${t('decks.banlist')}</span>
        <select id="deck-banlist" value=${banlist} onChange=${(e) => change({ banlist: val(e) })}>
          ${deck.ruleset !== 'kouhu' && lists.map((l) => html`<option value=${l.name}>${l.name}${l.date ? ` (${l.date})` : ''}</option>`)}
          <option value="none">${t('cards.none')}</option></select></label>
      <div class="buttons">
        ${me && html`<button type="button" class="primary" id="save" onClick=${save}>${t('decks.save')}</button>`}
        ${me && deck.id && html`<button type="button" id="delete" onClick=${del}>${t('decks.delete')}</button>`}
        <button type="button" id="import" onClick=${() => { setIO(io === 'import' ? '' : 'import'); setIOText(''); }}>${t('decks.import')}</button>
        <button type="button" id="export" onClick=${() => { setIO(io === 'export' ? '' : 'export'); doExport(format); }}>${t('decks.export')}</button>
        <button type="button" id="draw5" onClick=${() => draw(5)}>${t('decks.draw5')}</button>
        <button type="button" id="draw6" onClick=${() => draw(6)}>${t('decks.draw6')}</button>
        ${deck.ruleset !== 'kouhu' && html`<button type="button" id="duel-ai" disabled=${!legality?.legal || !app.welcome}
          title=${t('decks.duel-ai-hint')} onClick=${duelAI}>${t('decks.duel-ai')}</button>`}
      </div>
      ${draftBack && html`<p class="hint" id="draft-note">${t('decks.draft-restored')}
        <button type="button" id="draft-discard" onClick=${discard}>${t('decks.draft-discard')}</button></p>`}
      ${msg && html`<p class="hint" id="deck-msg">${msg}</p>`}
      ${err && html`<p class="error" id="deck-error">${err}</p>`}
      ${io === 'import' && html`<div class="io"><textarea id="import-text" rows="6" placeholder=${t('decks.import-ph')}
          value=${ioText} onInput=${(e) => setIOText(val(e))}></textarea>
        <button type="button" id="import-go" onClick=${doImport}>${t('decks.import-btn')}</button></div>`}
      ${io === 'export' && html`<div class="io"><label><span>${t('decks.format')}</span>
          <select id="export-format" value=${format} onChange=${(e) => doExport(val(e))}>
            <option value="ydk">.ydk</option><option value="ydke">ydke://</option><option value="text">text</option></select></label>
        <textarea id="export-text" rows="6" readonly value=${ioText}></textarea></div>`}
    </section>
    ${hand.length > 0 && html`<section class="panel" id="test-hand"><h3>${t('decks.test-hand')}</h3><div class="grid small">
      ${hand.map((code) => cached(code) && html`<${Tile} card=${cached(code)} onZoom=${(x) => setZoom(x.code)} />`)}</div></section>`}
    ${legality && !legality.legal && html`<section class="panel problems" id="problems">
      <h3>${t('decks.problems')}</h3>
      <ul>${legality.violations.map((v) => html`<li data-rule=${v.rule} data-code=${v.code || ''}>${problemText(v)}</li>`)}</ul>
      ${legality.missing.length > 0 && html`<h3>${t('decks.missing')}</h3><ul id="missing">
        ${legality.missing.map((m) => html`<li data-code=${m.code}>${t('decks.need-owned', cached(m.code) ? cached(m.code).name : m.name, m.need, m.owned)}</li>`)}</ul>
        <button type="button" class="craft" id="craft" disabled=${crafting} onClick=${() => craft(legality.missing)}>${t('decks.craft')}</button>
        <a class="craft-points" href="#/collection">${t('decks.craft-points')}</a>`}
    </section>`}
    <div class="builder">
      <div class="deck-view">${section('main')}${section('extra')}${section('side')}</div>
      <div class="search-side">
        <fieldset class="add-to"><span>${t('decks.add-to')}</span>
          <label><input type="radio" name="addto" value="main" checked=${addTo === 'main'} onChange=${() => setAddTo('main')} /> ${t('decks.main')}/${t('decks.extra')}</label>
          <label><input type="radio" name="addto" value="side" id="addto-side" checked=${addTo === 'side'} onChange=${() => setAddTo('side')} /> ${t('decks.side')}</label>
        </fieldset>
        <p class="hint">${t('decks.click-hint')}</p>
        <div class="drop-out" onDragOver=${over} onDragLeave=${leave} onDrop=${dropOut}>
        <${Search} banlist=${banlist} game=${game} onPick=${add} onZoom=${(c) => setZoom(c.code)} loggedIn=${!!me} per=${40} drag="search" /></div>
      </div>
    </div>
    ${zoom > 0 && html`<div class="zoom-overlay" onClick=${(e) => { if (e.target === e.currentTarget) setZoom(0); }}><${Zoom} code=${zoom} onClose=${() => setZoom(0)} /></div>`}
  </main>`;
}
