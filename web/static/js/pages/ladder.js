// The ladder: quick match (queue for a rated duel with a deck, or take the AI after waiting
// alone) and the leaderboard of a ruleset and format, with your own rank. Also the helpers the
// profile and friends pages share: api() and useCSS().
import { html, useState, useEffect, useRef, useStore } from '../lib.js';
import { t } from '../i18n.js';
import { deckName, rulesetName } from '../words.js';
import './ladder.strings.js';
import { session } from './account.js';
import { SAVED, SavedOptions, savedDeck, useSavedDecks } from '../saveddecks.js';

/**
 * api calls a JSON route of the server; it throws an Error with the server's message.
 * @param {string} path a relative URL ("api/ladder/board")
 * @param {object} [body] POSTed as JSON when given
 * @returns {Promise<any>}
 */
export async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = new Error(data.error || r.statusText);
    /** @type {any} */ (e).status = r.status;
    throw e;
  }
  return data;
}

/** useCSS links the pages' stylesheet once. */
export function useCSS() {
  useEffect(() => {
    if (document.getElementById('css-ladder')) return;
    const l = document.createElement('link');
    l.id = 'css-ladder';
    l.rel = 'stylesheet';
    l.href = 'css/ladder.css';
    document.head.appendChild(l);
  }, []);
}

/** @param {Event} e */
const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

/** @param {{app: import('../main.js').App, params: URLSearchParams}} props */
export function LadderPage({ app, params }) {
  useCSS();
  useStore(app);
  const w = app.welcome;
  const [ruleset, setRuleset] = useState(params.get('ruleset') || 'ocg');
  const [format, setFormat] = useState(params.get('format') === 'bo3' ? 'bo3' : 'bo1');
  const [deck, setDeck] = useState('yugi-legal'); // quick match is rated: a deck that keeps the banlist
  const [ai, setAI] = useState(false);
  const [aiLevel, setAILevel] = useState('greedy'); // the AI's level, when it is taken
  const [queued, setQueued] = useState(false);
  const [board, setBoard] = useState(/** @type {any} */ (null));
  const [error, setError] = useState('');
  const [qerr, setQErr] = useState(''); // why quick match was refused

  useStore(session);
  const me = session.known ? session.user : undefined; // null: a guest
  useEffect(() => {
    setBoard(null);
    api(`api/ladder/board?ruleset=${encodeURIComponent(ruleset)}&format=${format}`).then(setBoard, (e) => setError(e.message));
  }, [ruleset, format]);
  // Leaving the page while searching leaves the queue (a match takes the player to the duel,
  // and out of the queue, by itself).
  const queuedRef = useRef(false);
  queuedRef.current = queued;
  useEffect(() => () => { if (queuedRef.current && !app.joined) app.send({ t: 'unqueue' }); }, []);

  const rulesets = w ? w.rulesets.filter((/** @type {any} */ r) => r.playable) : [];
  // Quick match is rated and keeps the default banlist with every deck (issue 33): it offers the
  // preconstructed decks that keep it (the welcome's banlists[0].decks; kouhu plays its own).
  const precons = !w ? [] : ruleset !== 'kouhu' && w.banlists && w.banlists[0] && w.banlists[0].decks ? w.banlists[0].decks : w.decks;
  const saved = useSavedDecks(); // the player's saved decks (saveddecks.js)
  // A refused queue (a deck that breaks the rules or holds cards not owned) is said here.
  useEffect(() => {
    if (!app.queueError) return;
    setQErr(app.queueError);
    setQueued(false);
  }, [app.queueError]);
  // Out of the queue by the server's word (a pairing that failed, or an unqueue from elsewhere).
  useEffect(() => {
    if (!app.unqueued) return;
    if (app.unqueued.reason === 'failed') setQErr(t('ladder.failed'));
    app.unqueued = null; // said once
    setQueued(false);
  }, [app.unqueued]);
  const queue = async () => {
    setQErr('');
    app.queueError = '';
    try {
      const d = deck.startsWith(SAVED) ? await savedDeck(deck) : { precon: deck };
      app.send({ t: 'queue', ruleset, format, deck: d, ai, aiLevel: ai ? aiLevel : undefined });
      setQueued(true);
    } catch (e) {
      setQErr(/** @type {Error} */ (e).message);
    }
  };
  const cancel = () => { app.send({ t: 'unqueue' }); setQueued(false); };

  return html`<main id="ladder" class="page social-page">
    <section class="panel" id="quick-match">
      <h2>${t('ladder.quick')}</h2>
      ${me === null && html`<p class="hint">${t('ladder.login')}</p>`}
      <label><span>${t('ladder.ruleset')}</span>
        <select id="ladder-ruleset" value=${ruleset} onChange=${(e) => setRuleset(val(e))} disabled=${queued}>
          ${rulesets.map((/** @type {any} */ r) => html`<option value=${r.id}>${rulesetName(r.id)}</option>`)}
        </select></label>
      <label><span>${t('ladder.format')}</span>
        <select id="ladder-format" value=${format} onChange=${(e) => setFormat(val(e))} disabled=${queued}>
          <option value="bo1">${t('ladder.bo1')}</option><option value="bo3">${t('ladder.bo3')}</option>
        </select></label>
      <label><span>${t('ladder.deck')}</span>
        <select id="ladder-deck" value=${deck} onChange=${(e) => setDeck(val(e))} disabled=${queued}>
          ${precons.map((/** @type {string} */ d) => html`<option value=${d}>${deckName(d)}</option>`)}
          ${ruleset !== 'kouhu' && html`<${SavedOptions} decks=${saved} />`}
        </select></label>
      <label class="row"><input id="ladder-ai" type="checkbox" checked=${ai} disabled=${queued}
        onChange=${(e) => setAI(/** @type {HTMLInputElement} */ (e.target).checked)} /> <span>${t('ladder.ai')}</span></label>
      ${ai && html`<label><span>${t('ai-level')}</span>
        <select id="ladder-ai-level" value=${aiLevel} disabled=${queued} onChange=${(e) => setAILevel(val(e))}>
          ${['greedy', 'easy', 'normal', 'hard'].map((l) => html`<option value=${l}>${t(`ai-level.${l}`)}</option>`)}
        </select></label>`}
      ${app.joined && !queued && html`<p class="hint" id="in-room">${t('ladder.inRoom', app.joined.room)}
        <button id="leave-room" type="button" onClick=${() => app.send({ t: 'leave' })}>${t('ladder.leave')}</button></p>`}
      ${queued
        ? html`<p class="hint" id="searching">${t('ladder.searching')}</p>
          <button id="unqueue" type="button" onClick=${cancel}>${t('ladder.cancel')}</button>`
        : html`<button id="queue" type="button" class="primary" disabled=${!me || !!app.joined} onClick=${queue}>${t('ladder.queue')}</button>`}
      ${qerr && html`<p class="error" id="queue-error" role="alert">${qerr}</p>`}
    </section>
    <section class="panel" id="leaderboard">
      <h2>${t('ladder.board')} · ${ruleset} · ${t('ladder.' + format)}</h2>
      ${error && html`<p class="error">${error}</p>`}
      ${board && html`<p class="small">${t('ladder.players', board.players)}${board.me ? ' · ' + t('ladder.yourRank', board.me.rank, board.me.rating) : ''}</p>`}
      ${board && board.top.length === 0 && html`<p class="hint">${t('ladder.empty')}</p>`}
      ${board && board.top.length > 0 && html`<table>
        <thead><tr><th class="num">${t('ladder.rank')}</th><th>${t('ladder.player')}</th><th class="num">${t('ladder.rating')}</th>
          <th class="num wide">${t('ladder.games')}</th><th class="num">${t('ladder.wld')}</th></tr></thead>
        <tbody>${board.top.map((/** @type {any} */ s) => html`<tr class=${board.me && board.me.account === s.account ? 'me' : ''} data-account=${s.account}>
          <td class="num">${s.rank}</td><td><a href=${'#/profile?id=' + s.account}>${s.name}</a></td>
          <td class="num rating" title=${'± ' + Math.round(s.rd)}>${Math.round(s.rating)}${s.provisional ? '?' : ''}</td><td class="num wide">${s.games}</td>
          <td class="num">${s.wins}–${s.losses}–${s.draws}</td></tr>`)}</tbody>
      </table>`}
    </section>
  </main>`;
}
