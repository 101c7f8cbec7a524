// The lobby: your name, creating a room (ruleset, deck, opponent, the AI's deck, who goes first,
// the time bank, a private room, no spectators), joining or watching one by its code, and the
// room list (GET /api/rooms, refreshed every few seconds) with Join and Watch buttons.
import { html, useState, useEffect, useStore } from '../lib.js';
import { session } from './account.js';
import { t } from '../i18n.js';
import { deckName } from '../words.js';
import './lobby.strings.js';
import '../sidedeck.strings.js';
import { SAVED, SavedOptions, savedDeck, useSavedDecks } from '../saveddecks.js';

/** How often the room list is read again, in milliseconds. */
const ROOM_LIST_EVERY = 4000;

/**
 * @typedef {{room: string, status: string, ruleset: string, timeLimit: number, host: string,
 *   players: string[], ai?: boolean, rated: boolean, watch: boolean, turn?: number, spectators: number,
 *   banlist: string, freeCards?: boolean, format?: string, score?: number[], tag?: boolean, seats?: string[]}} Listing
 */

const KOUHU_DECKS = ['dragons', 'knights-and-mages'];

/** @param {string} key @param {string} fallback */
const tOr = (key, fallback) => (t(key) === key ? fallback : t(key));

/** @param {{app: import('../main.js').App}} props */
export function Lobby({ app }) {
  const w = app.welcome;
  const [name, setName] = useState(app.net.name);
  const [ruleset, setRuleset] = useState('');
  const [deck, setDeck] = useState('yugi-40');
  const [paste, setPaste] = useState('');
  const [opponent, setOpponent] = useState('player');
  const [aiDeck, setAIDeck] = useState('');
  const [aiLevel, setAILevel] = useState('greedy');
  const [first, setFirst] = useState('rps');
  const [limit, setLimit] = useState(0);
  const [code, setCode] = useState('');
  const [team, setTeam] = useState(''); // a tag room's team to join (A, B), '' the first seat free
  // The room's deck rules (server/roomdecks.go): a banlist, and "free cards" (any card of the pool).
  const [banlist, setBanlist] = useState('');
  const [freeCards, setFreeCards] = useState(false);
  const [priv, setPriv] = useState(false);
  const [noWatch, setNoWatch] = useState(false);
  const [format, setFormat] = useState('bo1'); // bo1 or bo3 (server/bo3.go)
  const [tag, setTag] = useState(false); // a tag duel, 2 vs 2 (docs/tag.md)
  const [partners, setPartners] = useState('ai'); // a tag duel's partners (A2, B2): the AI or players
  const [rated, setRated] = useState(false); // offer a rated duel (server/agree.go)
  // A logged-in player's seats show the account's name (the server takes it from the session).
  useStore(session);
  const acct = session.user ? session.user.name : '';
  const saved = useSavedDecks(); // the player's saved decks (saveddecks.js)
  if (!w) return html`<main id="lobby" class="page"><p class="hint">${t('connecting')}</p></main>`;
  const rulesets = w.rulesets.filter((r) => r.playable);
  const rs = ruleset || rulesets[0]?.id || '';
  const desc = rulesets.find((r) => r.id === rs);
  // kouhu plays its own card set: its decks (server/hub.go kouhuDefault) instead of the others.
  // A room offering a rated duel keeps its banlist with every deck (issue 33): it offers the
  // preconstructed decks that keep the chosen list (welcome banlists[].decks), yugi-legal first.
  const ratedRoom = rated && opponent === 'player' && !freeCards;
  const list = (w.banlists || []).find((b, i) => (i ? b.name : '') === banlist);
  const deckNames = rs === 'kouhu' ? KOUHU_DECKS : ratedRoom && list && list.decks ? list.decks : w.decks;
  const firstDeck = deckNames.includes('yugi-legal') && ratedRoom ? 'yugi-legal' : deckNames[0];
  const isSaved = (/** @type {string} */ v) => rs !== 'kouhu' && v.startsWith(SAVED) && saved.some((d) => SAVED + d.id === v);
  const deckVal = deck === '*paste' || deckNames.includes(deck) || isSaved(deck) ? deck : firstDeck;
  const aiVal = aiDeck === '' || aiDeck === '*paste' || deckNames.includes(aiDeck) ? aiDeck : '';

  /** @param {string} v @returns {Promise<import('../protocol.js').DeckChoice>} */
  const choice = async (v) => {
    if (v.startsWith(SAVED)) return savedDeck(v);
    if (v !== '*paste') return { precon: v };
    const text = paste.trim();
    return text.startsWith('ydke://') ? { ydke: text } : { ydk: text };
  };
  const room = () => code.trim().toUpperCase();
  /** @param {Event} e */
  const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

  /**
   * withDeck sends a message with the chosen deck (a saved deck is read first); a saved deck
   * that cannot be read is said under the lobby and nothing is sent.
   * @param {(deck: import('../protocol.js').DeckChoice) => Promise<void> | void} send
   */
  const withDeck = (send) => app.withName(name, () => {
    choice(deckVal).then(send).catch((/** @type {Error} */ e) => { app.lobbyError = e.message; app.changed(); });
  });
  const create = () => withDeck(async (deck) => {
    /** @type {any} */
    const m = { t: 'create', ruleset: rs, deck, opponent, timeLimit: Number(limit) || w.timeLimit };
    if (opponent === 'ai' && aiVal) m.aiDeck = await choice(aiVal);
    if (opponent === 'ai' && aiLevel !== 'greedy') m.aiLevel = aiLevel;
    if (first !== 'rps') m.first = first;
    if (banlist && (banlist !== 'none' || freeCards)) m.banlist = banlist;
    if (freeCards) m.freeCards = true;
    if (priv) m.private = true;
    if (noWatch) m.noWatch = true;
    if (format === 'bo3' && !tag) m.format = 'bo3';
    if (rated && opponent === 'player' && !freeCards && !tag) m.rated = true;
    if (tag) { m.tag = true; m.partners = partners; }
    app.send(m);
  });

  return html`<main id="lobby" class="page">
    <section class="panel">
      <h2>${t('you')}</h2>
      <label><span>${t('name')}</span>
        <input id="name" maxlength="24" autocomplete="nickname" value=${acct || name} disabled=${!!acct}
          onInput=${(e) => setName(val(e))} /></label>
      ${acct && html`<p class="hint" id="account-name">${t('rooms.account-name')}</p>`}
    </section>
    <section class="panel">
      <h2>${t('create')}</h2>
      <label><span>${t('ruleset')}</span>
        <select id="ruleset" value=${rs} onChange=${(e) => setRuleset(val(e))}>
          ${rulesets.map((r) => html`<option value=${r.id}>${tOr('rules.' + r.id + '.name', r.id)}</option>`)}
        </select></label>
      ${desc && html`<p class="hint ruleset-desc">${tOr('rules.' + desc.id + '.desc', desc.description)}</p>`}
      <label><span>${t('deck')}</span>
        <select id="deck" value=${deckVal} onChange=${(e) => setDeck(val(e))}>
          ${deckNames.map((d) => html`<option value=${d}>${deckName(d)}</option>`)}
          ${rs !== 'kouhu' && html`<option value="*paste">${t('paste-deck')}</option>`}
          ${rs !== 'kouhu' && html`<${SavedOptions} decks=${saved} />`}
        </select></label>
      ${(deck === '*paste' || aiDeck === '*paste') && html`<textarea id="deck-paste" rows="5" placeholder=".ydk / ydke://"
        value=${paste} onInput=${(e) => setPaste(val(e))}></textarea>`}
      <fieldset class="row">
        <legend>${t('opponent')}</legend>
        <label><input type="radio" name="opponent" value="player" checked=${opponent === 'player'}
          onChange=${() => setOpponent('player')} /> <span>${t('opp-player')}</span></label>
        <label><input type="radio" name="opponent" value="ai" checked=${opponent === 'ai'}
          onChange=${() => setOpponent('ai')} /> <span>${t('opp-ai')}</span></label>
      </fieldset>
      ${rs !== 'kouhu' && html`<label><span>${t('rooms.tag-opt')}</span><input id="tag" type="checkbox" checked=${tag}
        onChange=${(e) => setTag(/** @type {HTMLInputElement} */ (e.target).checked)} /></label>`}
      ${tag && rs !== 'kouhu' && html`<label><span>${t('rooms.partners')}</span>
        <select id="partners" value=${partners} onChange=${(e) => setPartners(val(e))}>
          <option value="ai">${t('rooms.partners-ai')}</option><option value="player">${t('rooms.partners-player')}</option>
        </select></label>
        <p class="hint" id="tag-hint">${t('rooms.tag-hint')}</p>`}
      ${opponent === 'ai' && html`<label><span>${t('ai-deck')}</span>
        <select id="ai-deck" value=${aiVal} onChange=${(e) => setAIDeck(val(e))}>
          <option value="">${t('ai-deck-auto')}</option>
          ${deckNames.map((d) => html`<option value=${d}>${deckName(d)}</option>`)}
        </select></label>`}
      ${opponent === 'ai' && html`<label><span>${t('ai-level')}</span>
        <select id="ai-level" value=${aiLevel} onChange=${(e) => setAILevel(val(e))}>
          ${['greedy', 'easy', 'normal', 'hard'].map((l) => html`<option value=${l}>${t(`ai-level.${l}`)}</option>`)}
        </select></label>`}
      ${!tag && html`<label><span>${t('match.format')}</span>
        <select id="format" value=${format} onChange=${(e) => setFormat(val(e))}>
          <option value="bo1">${t('match.bo1')}</option><option value="bo3">${t('match.bo3')}</option>
        </select></label>`}
      <label><span>${t('first')}</span>
        <select id="first" value=${first} onChange=${(e) => setFirst(val(e))}>
          ${['rps', 'coin', 'A', 'B'].map((f) => html`<option value=${f}>${t('first-' + f)}</option>`)}
        </select></label>
      <label><span>${t('time-limit')}</span>
        <input id="time-limit" type="number" min="10" max="3600" step="10" value=${limit || w.timeLimit}
          onInput=${(e) => setLimit(Number(val(e)))} /></label>
      ${rs !== 'kouhu' && html`<label><span>${t('banlist')}</span>
        <select id="banlist" value=${banlist === 'none' && !freeCards ? '' : banlist} onChange=${(e) => setBanlist(val(e))}>
          ${(w.banlists || []).map((b, i) => html`<option value=${i ? b.name : ''}>${b.name}${b.date ? ` (${b.date})` : ''}</option>`)}
          ${freeCards && html`<option value="none">${t('banlist-none')}</option>`}
        </select></label>
      <label><span>${t('free-cards')}</span><input id="free-cards" type="checkbox" checked=${freeCards}
        onChange=${(e) => setFreeCards(/** @type {HTMLInputElement} */ (e.target).checked)} /></label>
      <p class="hint">${t(freeCards ? 'free-cards-hint' : 'owned-cards-hint')}</p>`}
      <fieldset class="row">
        <legend>${t('rooms.options')}</legend>
        <label><input id="private" type="checkbox" checked=${priv}
          onChange=${(e) => setPriv(/** @type {HTMLInputElement} */ (e.target).checked)} /> <span>${t('rooms.private')}</span></label>
        <label><input id="no-watch" type="checkbox" checked=${noWatch}
          onChange=${(e) => setNoWatch(/** @type {HTMLInputElement} */ (e.target).checked)} /> <span>${t('rooms.no-watch-opt')}</span></label>
        ${opponent === 'player' && !freeCards && !tag && html`<label><input id="rated" type="checkbox" checked=${rated}
          onChange=${(e) => setRated(/** @type {HTMLInputElement} */ (e.target).checked)} /> <span>${t('match.rated-opt')}</span></label>`}
      </fieldset>
      <button id="create" type="button" class="primary" onClick=${create}>${t('create-btn')}</button>
    </section>
    <section class="panel">
      <h2>${t('join')}</h2>
      <label><span>${t('room-code')}</span>
        <input id="join-code" maxlength="8" autocapitalize="characters" autocomplete="off" value=${code}
          onInput=${(e) => setCode(val(e))} /></label>
      <label><span>${t('rooms.team')}</span>
        <select id="join-team" value=${team} onChange=${(e) => setTeam(val(e))}>
          <option value="">${t('rooms.team-any')}</option><option value="A">A</option><option value="B">B</option>
        </select></label>
      <div class="row">
        <button id="join" type="button" class="primary"
          onClick=${() => withDeck((deck) => app.send(team ? { t: 'join', room: room(), deck, team } : { t: 'join', room: room(), deck }))}>${t('join-btn')}</button>
        <button id="watch" type="button"
          onClick=${() => app.withName(name, () => app.send({ t: 'watch', room: room() }))}>${t('watch-btn')}</button>
      </div>
      <p class="hint">${t('join-hint')}</p>
    </section>
    <${RoomList} rulesets=${rulesets}
      onJoin=${(/** @type {string} */ c, /** @type {string} */ tm) => withDeck((deck) => app.send(tm ? { t: 'join', room: c, deck, team: tm } : { t: 'join', room: c, deck }))}
      onWatch=${(/** @type {string} */ c) => app.withName(name, () => app.send({ t: 'watch', room: c }))} />
    <p id="lobby-error" class="error" role="alert">${app.lobbyError}</p>
  </main>`;
}

/**
 * RoomList shows the open rooms and the live duels of a ruleset, read again every few seconds.
 * @param {{rulesets: {id: string}[], onJoin: (code: string, team?: string) => void, onWatch: (code: string) => void}} props
 */
function RoomList({ rulesets, onJoin, onWatch }) {
  const [filter, setFilter] = useState('');
  /** @type {[{open: Listing[], live: Listing[]} | null, (v: any) => void]} */
  const [list, setList] = useState(null);
  const [err, setErr] = useState('');
  useEffect(() => {
    let gone = false;
    const read = async () => {
      try {
        const r = await fetch('api/rooms' + (filter ? '?ruleset=' + encodeURIComponent(filter) : ''));
        const data = await r.json();
        if (gone) return;
        if (!r.ok) throw new Error(data.error || r.statusText);
        setList(data);
        setErr('');
      } catch (e) {
        if (!gone) setErr(String(/** @type {Error} */ (e).message || e));
      }
    };
    read();
    const timer = setInterval(() => { if (!document.hidden) read(); }, ROOM_LIST_EVERY);
    return () => { gone = true; clearInterval(timer); };
  }, [filter]);
  useEffect(() => {
    if (document.getElementById('css-lobby')) return;
    const l = document.createElement('link');
    l.id = 'css-lobby';
    l.rel = 'stylesheet';
    l.href = 'css/lobby.css';
    document.head.appendChild(l);
  }, []);
  const rsName = (/** @type {string} */ id) => tOr('rules.' + id + '.name', id);
  return html`<section id="room-list" class="panel">
    <h2>${t('rooms.title')}</h2>
    <label><span>${t('rooms.filter')}</span>
      <select id="room-filter" value=${filter} onChange=${(e) => setFilter(/** @type {HTMLSelectElement} */ (e.target).value)}>
        <option value="">${t('rooms.all')}</option>
        ${rulesets.map((r) => html`<option value=${r.id}>${rsName(r.id)}</option>`)}
      </select></label>
    ${err && html`<p class="error">${t('rooms.error', err)}</p>`}
    <h3>${t('rooms.open')}</h3>
    ${list && list.open.length === 0 && html`<p class="hint">${t('rooms.none')}</p>`}
    <ul id="rooms-open" class="room-list">
      ${(list?.open || []).map((l) => html`<li key=${l.room} data-room=${l.room}>
        <span class="room-info"><span class="room-host">${l.host}</span> · <span>${rsName(l.ruleset)}</span> · <span>${l.timeLimit} s</span>
        ${l.format === 'bo3' && html` · <span class="room-format">${t('match.bo3')}</span>`}
        ${l.tag && html` · <span class="room-tag">${t('rooms.tag')} ${l.players.length}/4</span>`}
        ${l.rated && html` · <span>${t('rooms.rated')}</span>`}
        ${l.ruleset !== 'kouhu' && html` · <span class="room-banlist">${l.banlist === 'none' ? t('banlist-none') : l.banlist}</span>`}
        ${l.freeCards && html` · <span class="room-free">${t('free-cards')}</span>`}
        ${!l.watch && html` · <span>${t('rooms.no-watch')}</span>`}</span>
        <span class="row">
          ${l.tag && l.seats ? ['A', 'B'].map((tm) => {
            const n = (l.seats || []).filter((s) => s[0] === tm).length;
            return html`<button type="button" class="primary room-join room-join-team" data-team=${tm} disabled=${n >= 2}
              onClick=${() => onJoin(l.room, tm)}>${t('rooms.join-team', tm, n)}</button>`;
          }) : html`<button type="button" class="primary room-join" onClick=${() => onJoin(l.room)}>${t('rooms.join')}</button>`}
          ${l.watch && html`<button type="button" class="room-watch" onClick=${() => onWatch(l.room)}>${t('rooms.watch')}</button>`}
        </span></li>`)}
    </ul>
    <h3>${t('rooms.live')}</h3>
    ${list && list.live.length === 0 && html`<p class="hint">${t('rooms.no-live')}</p>`}
    <ul id="rooms-live" class="room-list">
      ${(list?.live || []).map((l) => html`<li key=${l.room} data-room=${l.room}>
        <span class="room-info"><span>${t('rooms.vs', l.players[0] || '?', l.players[1] || '?')}</span> · <span>${rsName(l.ruleset)}</span> · <span>${t('turn', l.turn || 1)}</span>
        ${l.format === 'bo3' && html` · <span class="room-format">${t('match.bo3')} ${(l.score || [0, 0]).join('–')}</span>`}
        ${l.spectators > 0 && html` · <span>${t('rooms.spectators', l.spectators)}</span>`}</span>
        <span class="row">
          <button type="button" class="room-watch" onClick=${() => onWatch(l.room)}>${t('rooms.watch')}</button>
        </span></li>`)}
    </ul>
  </section>`;
}
