// The replays page: the account's past duels (GET /api/duels), each downloadable as its .duel
// replay, and the replay viewer (#/replays?id=N): the duel's states from GET
// /api/duels/{id}/views, drawn read-only by the duel screen's Board with both hands face up;
// play, pause, step, jump to a turn, and the log (docs/durability.md "Watching a replay").
import { html, useState, useEffect, useRef, useStore } from '../lib.js';
import { t, getLang } from '../i18n.js';
import { Board } from '../board.js';
import { api, errorText, session } from './account.js';
import '../sidedeck.strings.js';
import './replays.strings.js';
import { reasonText, rulesetName, guestName } from '../words.js';

// The server's messages of the duel routes (server/replays.go, views.go) and their keys.
const DUEL_ERRORS = /** @type {[RegExp, string][]} */ ([
  [/^no such finished duel/, 'replays.err.notFound'],
  [/^log in to list/, 'replays.err.needLogin'],
  [/^this server keeps no duels/, 'replays.err.noLog'],
  [/could not be (read|replayed)/, 'replays.err.server'],
  [/too long to watch/, 'replays.err.tooLong'],
  [/match is still being played/, 'replays.err.matchOn'], // 403 (fair play: no peeking at the decks mid-match)
  [/busy|too many|try again/, 'replays.err.busy'], // 429 and 503 with Retry-After
]);

const SPEEDS = [0.5, 1, 2, 4, 8];
const STEP_MS = 800; // one step's time at speed 1

/**
 * @typedef {object} DuelSummary  a past duel (GET /api/duels)
 * @property {number} id
 * @property {string} room
 * @property {string} ruleset
 * @property {[string, string]} names
 * @property {[number, number]} accounts
 * @property {boolean} ai
 * @property {string} winner  A, B or draw
 * @property {string} reason
 * @property {number} answers
 * @property {string} started
 * @property {string} finished
 * @property {number} [match]  the best-of-3 match the duel belongs to (its id), and its number in it
 * @property {number} [matchDuel]
 * @property {Partners} [tag]  a tag duel's partners (names and accounts above are A1's and B1's)
 */

/**
 * @typedef {object} Partners  a tag duel's seats A2 and B2 (server duels.TagSummary)
 * @property {[string, string]} names
 * @property {[number, number]} accounts
 * @property {boolean[]} ai  A1, B1, A2, B2
 */

/**
 * @typedef {object} Step  the duel after one move (GET /api/duels/{id}/views)
 * @property {{seat: string, kind: string, prompt?: string, text?: string, reason?: string}} [move]
 * @property {import('../protocol.js').State} state
 */

/**
 * @typedef {object} Views
 * @property {number} id
 * @property {string} room
 * @property {number} duel
 * @property {string} ruleset
 * @property {[string, string]} names
 * @property {boolean} ai
 * @property {Partners} [tag]
 * @property {Step[]} steps
 */

/**
 * seatNames gives a duel's name of a seat (A, B, and a tag duel's A1, B1, A2, B2).
 * @param {{names: [string, string], tag?: Partners}} d
 * @returns {(seat: string) => string}
 */
function seatNames(d) {
  return (s) => {
    const i = s.startsWith('B') ? 1 : 0;
    return (s.endsWith('2') && d.tag ? d.tag.names[i] : d.names[i]) || s;
  };
}

/**
 * teamName names a side: its player, or a tag duel's two partners ("Yugi & Joey").
 * @param {{names: [string, string], tag?: Partners}} d @param {string} team A or B
 */
function teamName(d, team) {
  const who = seatNames(d);
  return d.tag ? t('replays.team', playerName(who(team)), playerName(who(team + '2'))) : playerName(who(team));
}

/** mySeat is the seat the logged-in account played in a duel, or "". @param {DuelSummary} d */
function mySeat(d) {
  const id = session.user && session.user.id;
  if (!id) return '';
  if (d.accounts[0] === id) return 'A';
  if (d.accounts[1] === id) return 'B';
  return d.tag && d.tag.accounts[0] === id ? 'A2' : d.tag && d.tag.accounts[1] === id ? 'B2' : '';
}

/** @param {DuelSummary} d */
function resultText(d) {
  if (d.winner === 'draw') return t('replays.draw');
  const me = mySeat(d);
  return d.winner === me[0] ? t('replays.won') : t('replays.lost');
}

/** The list of the account's past duels. */
function DuelList() {
  useStore(session);
  const [duels, setDuels] = useState(/** @type {DuelSummary[] | null} */ (null));
  const [err, setErr] = useState('');
  const user = session.user;
  useEffect(() => {
    if (!user) return;
    setErr('');
    api('GET', 'api/duels').then((r) => setDuels(r.duels || []), (e) => setErr(errorText(e, DUEL_ERRORS)));
  }, [user && user.id]);
  if (!session.known) return html`<p class="hint">${t('replays.loading')}</p>`;
  if (!user) {
    return html`<section class="panel"><h2>${t('replays.list')}</h2><p class="hint">${t('replays.guest')}</p>
      <p><a href="#/account" id="replays-login">${t('replays.login')}</a></p></section>`;
  }
  const when = (/** @type {string} */ s) => new Date(s).toLocaleString(getLang());
  return html`<section class="panel">
    <h2>${t('replays.list')}</h2>
    ${err && html`<p class="error" role="alert">${err}</p>`}
    ${duels === null && !err && html`<p class="hint">${t('replays.loading')}</p>`}
    ${duels && !duels.length && html`<p class="hint" id="replays-none">${t('replays.none')}</p>`}
    ${duels && duels.length > 0 && html`<ul id="replay-list">
      ${duels.map((d) => {
        const me = mySeat(d);
        const mine = me.startsWith('B') ? 'B' : 'A'; // my side first
        return html`<li class="replay-item" data-id=${d.id} data-result=${d.winner === 'draw' ? 'draw' : d.winner === me[0] ? 'won' : 'lost'} data-tag=${d.tag ? '1' : null}>
          <span class="res">${resultText(d)}</span>
          <span class="opp">${t('replays.vs', teamName(d, mine), teamName(d, mine === 'A' ? 'B' : 'A'))}</span>
          <span class="meta">${rulesetName(d.ruleset)}${d.tag ? html` · <span class="tag-mark">${t('replays.tag')}</span>` : ''}${d.match ? html` · <span class="match-tag" data-match=${d.match}>${t('match.bo3')} #${d.match} · ${t('match.duel', d.matchDuel)}</span>` : ''} · ${whyText(d.reason, d)} · ${t('replays.moves')} ${d.answers} · ${when(d.finished)}</span>
          <span class="acts">
            <a class="watch" href=${'#/replays?id=' + d.id}>${t('replays.watch')}</a>
            <a class="download" href=${'api/duels/' + d.id + '/replay'} download=${'duel-' + d.id + '.duel'}>${t('replays.download')}</a>
          </span>
        </li>`;
      })}
    </ul>
    <p class="hint">${t('replays.downloadHint')}</p>`}
  </section>`;
}

/**
 * whyText names a reason a duel ended: the room's words, or the engine's (with the seats' names
 * when they are known), in the player's language.
 * @param {string} r @param {{names: [string, string], tag?: Partners}} d the duel's players
 */
function whyText(r, d) {
  const k = 'replays.why.' + r;
  if (t(k) !== k) return t(k);
  const who = seatNames(d);
  return reasonText(r, (s) => playerName(who(s)));
}

/** playerName is a name as the server keeps it ("Player" is a guest who gave none). @param {string} n */
function playerName(n) { return n === 'Player' ? guestName() : n; }

/** endText is how a step's duel ended, or "". @param {Step} s @param {Views} v */
function endText(s, v) {
  const r = s.state.result;
  if (!r) return '';
  const head = r.winner === 'draw' ? t('replays.drawn') : t('replays.winner', r.winner === 'A' || r.winner === 'B' ? teamName(v, r.winner) : r.winner);
  return `${head} · ${t('replays.reason', whyText(r.reason, v))}`;
}

/** moveText is a step's line: who did what. @param {Step} s @param {Views} v */
function moveText(s, v) {
  const m = s.move;
  if (!m) return t('replays.begin');
  const who = seatNames(v)(m.seat);
  if (m.kind === 'concede') {
    return !m.reason || m.reason === 'conceded' ? t('replays.conceded', who) : t('replays.lostBy', who, whyText(m.reason, v));
  }
  return t('replays.answered', who, m.text || '');
}

/**
 * passed reports whether a step is a chain window passed (most of them answered by the client's
 * chain setting, not by the player): "decisions only" steps over them.
 * @param {Step} s
 */
export function passed(s) {
  return !!s.move && s.move.kind === 'answer' && s.move.prompt === 'chain' && s.move.text === 'pass';
}

/**
 * The replay viewer. The Board draws into the elements below by their ids (as on the duel
 * page); Preact renders them once and the effects redraw the board at each step.
 * @param {{id: string}} props
 */
function Viewer({ id }) {
  useStore(session);
  const [views, setViews] = useState(/** @type {Views | null} */ (null));
  const [err, setErr] = useState('');
  const [pos, setPos] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  // Decisions only (kept in localStorage): the steps, Play and the keys skip the chain windows passed.
  const [decisions, setDecisions] = useState(localStorage.getItem('duelist.replayDecisions') === '1');
  const board = useRef(/** @type {any} */ (null));
  const drawn = useRef(-1); // the step the board and the log show

  useEffect(() => {
    setViews(null);
    setErr('');
    api('GET', `api/duels/${encodeURIComponent(id)}/views`).then((v) => {
      board.current = new Board({
        room: { tag: !!v.tag, players: [{ seat: 'A', name: v.names[0], connected: true }, { seat: 'B', name: v.names[1], ai: v.ai, connected: true },
          ...(v.tag ? [{ seat: 'A2', name: v.tag.names[0], ai: v.tag.ai[2], connected: true }, { seat: 'B2', name: v.tag.names[1], ai: v.tag.ai[3], connected: true }] : [])] },
        answer() {}, send() {},
      });
      board.current.log.keep = false; // the duel page's log (kept for a reload) stays as it is
      drawn.current = -1;
      setViews(v);
      setPos(0);
    }, (e) => setErr(errorText(e, DUEL_ERRORS)));
  }, [id]);

  const n = views ? views.steps.length : 0;
  // next and prev are the step after and before pos that a player sees: every step, or with
  // decisions only the first, the last and every one that is not a chain window passed.
  const shown = (/** @type {number} */ i) => !decisions || i === 0 || i === n - 1 || !passed(/** @type {Views} */ (views).steps[i]);
  const next = (/** @type {number} */ p) => { let i = p + 1; while (i < n - 1 && !shown(i)) i++; return Math.min(i, n - 1); };
  const prev = (/** @type {number} */ p) => { let i = p - 1; while (i > 0 && !shown(i)) i--; return Math.max(i, 0); };

  // Draw the step: the board shows its state; the log gets the events of the steps since the
  // last one drawn (forward), or is written again up to it (back or a jump).
  useEffect(() => {
    const b = board.current;
    if (!views || !b || !document.getElementById('side-0')) return;
    const from = pos > drawn.current ? drawn.current + 1 : 0;
    if (from === 0) { b.clearLog(); b.prevView = null; }
    // The log takes each step's events with the view before them (targets, battle numbers).
    for (let i = from; i <= pos; i++) b.take(views.steps[i].state);
    b.render(views.steps[pos].state); // not fresh: no animation, the whole log drawn
    drawn.current = pos;
  }, [views, pos]);

  // Play: one step every STEP_MS / speed, stopping at the end.
  useEffect(() => {
    if (!playing || !views) return;
    if (pos >= n - 1) { setPlaying(false); return; }
    const timer = setTimeout(() => setPos((p) => next(p)), STEP_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, pos, speed, views, decisions]);

  // Keys: arrows step, space plays or pauses, Home and End.
  useEffect(() => {
    const onKey = (/** @type {KeyboardEvent} */ e) => {
      const tag = /** @type {HTMLElement} */ (e.target).tagName;
      if (!views || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      const go = { ArrowLeft: prev(pos), ArrowRight: next(pos), Home: 0, End: n - 1 }[e.key];
      if (go !== undefined) { setPlaying(false); setPos(Math.max(0, Math.min(n - 1, go))); e.preventDefault(); }
      else if (e.key === ' ') { setPlaying((p) => !p); e.preventDefault(); }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [views, pos, decisions]);

  const back = html`<a href="#/replays" id="replay-back">${t('replays.back')}</a>`;
  if (err) return html`<section class="panel">${back}<p class="error" role="alert" id="replay-error">${err}</p></section>`;

  /** @type {Map<number, number>} the first step of each turn */
  const turns = new Map();
  if (views) views.steps.forEach((s, i) => { if (!turns.has(s.state.view.turn)) turns.set(s.state.view.turn, i); });
  const cur = views ? views.steps[pos] : null;
  const goto = (/** @type {number} */ i) => { setPlaying(false); setPos(Math.max(0, Math.min(n - 1, i))); };
  const val = (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).value;
  return html`
    <section class="panel replay-head">
      <div class="row">
        ${back}
        <h2>${views ? t('replays.vs', teamName(views, 'A'), teamName(views, 'B')) : t('replays.loading')}</h2>
        ${views && html`<a class="download" href=${'api/duels/' + views.id + '/replay'} download=${'duel-' + views.id + '.duel'}>${t('replays.download')}</a>`}
      </div>
      <div class="row controls" id="replay-controls">
        <button type="button" id="rp-first" title=${t('replays.first')} aria-label=${t('replays.first')} disabled=${!views || pos === 0} onClick=${() => goto(0)}>|◀</button>
        <button type="button" id="rp-prev" title=${t('replays.prev')} aria-label=${t('replays.prev')} disabled=${!views || pos === 0} onClick=${() => goto(prev(pos))}>◀</button>
        <button type="button" id="rp-play" class="primary" disabled=${!views} data-playing=${playing ? '1' : '0'}
          onClick=${() => { if (pos >= n - 1) setPos(0); setPlaying(!playing); }}>${playing ? '❚❚ ' + t('replays.pause') : '▶ ' + t('replays.play')}</button>
        <button type="button" id="rp-next" title=${t('replays.next')} aria-label=${t('replays.next')} disabled=${!views || pos >= n - 1} onClick=${() => goto(next(pos))}>▶</button>
        <button type="button" id="rp-last" title=${t('replays.last')} aria-label=${t('replays.last')} disabled=${!views || pos >= n - 1} onClick=${() => goto(n - 1)}>▶|</button>
        <label class="inline"><span>${t('replays.speed')}</span>
          <select id="rp-speed" value=${String(speed)} onChange=${(/** @type {Event} */ e) => setSpeed(Number(val(e)))}>
            ${SPEEDS.map((s) => html`<option value=${String(s)}>${s}×</option>`)}
          </select></label>
        <label class="inline"><span>${t('replays.jump')}</span>
          <select id="rp-turn" value=${cur ? String(cur.state.view.turn) : ''} onChange=${(/** @type {Event} */ e) => goto(turns.get(Number(val(e))) ?? 0)}>
            ${[...turns.keys()].map((tn) => html`<option value=${String(tn)}>${t('replays.turnN', tn)}</option>`)}
          </select></label>
        <label class="inline" title=${t('replays.decisionsHint')}><input id="rp-decisions" type="checkbox" checked=${decisions}
          onChange=${(/** @type {Event} */ e) => { const on = /** @type {HTMLInputElement} */ (e.target).checked; localStorage.setItem('duelist.replayDecisions', on ? '1' : '0'); setDecisions(on); }} />
          <span>${t('replays.decisions')}</span></label>
      </div>
      ${views && html`<input id="rp-range" type="range" min="0" max=${n - 1} value=${pos} aria-label=${t('replays.step', pos, n - 1)}
        onInput=${(/** @type {Event} */ e) => goto(Number(val(e)))} />`}
      ${cur && html`<p class="move" id="rp-move" data-pos=${pos}><span class="count">${t('replays.step', pos, n - 1)}</span>
        <span class="text">${moveText(cur, views)}</span></p>`}
      ${cur && cur.state.result && html`<p class="end" id="rp-result" data-winner=${cur.state.result.winner}>${endText(cur, views)}</p>`}
      <p class="hint keys">${t('replays.keys')}</p>
    </section>
    <div id="replay-view">
      <div id="replay-board">
        <div class="side opp" id="side-1"></div>
        <div class="side opp partner" id="side-3" hidden></div>
        <div id="midbar"><div id="phases"></div><div id="chain"></div><div id="status"></div></div>
        <div class="side me" id="side-0"></div>
        <div class="side me partner" id="side-2" hidden></div>
      </div>
      <aside id="log-panel"><h3>${t('log')}</h3><ol id="log"></ol></aside>
    </div>
    <div id="card-popup" hidden></div>
    <div id="pile-popup" hidden></div>`;
}

/** The replays page: the list, or the viewer of one duel (?id=N). @param {{app: any, params: URLSearchParams}} props */
export function Replays({ params }) {
  const id = params.get('id');
  return html`<main class="page" id="replays" data-view=${id ? 'viewer' : 'list'}>
    <link rel="stylesheet" href="css/replays.css" />
    ${id ? html`<${Viewer} id=${id} />` : html`<${DuelList} />`}
  </main>`;
}
