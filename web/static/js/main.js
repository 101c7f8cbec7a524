// Duelist in the browser. App holds what the server has said (the welcome, the room, the duel
// state) and is the store the pages render from; Shell draws the top bar and the current page.
import { schedulePass } from './autopass.js';
import { Board } from './board.js';
import { ChatStore, ChatToggle } from './chat.js';
import { cardByName, cardName, loadCatalog } from './cards.js';
import { getLang, has, setLang, t, LANGS } from './i18n.js';
import { problemsText, reasonText } from './words.js';
import { html, render, useStore } from './lib.js';
import { Net } from './net.js';
import { pages } from './pages/index.js';
import { PromptPanel } from './prompt.js';
import { Router } from './router.js';
import { session } from './pages/account.js';
import { Wire } from './wire.js';
import { ratedAsk, matchResult, renderMatch, sideError, tickMatch } from './sidedeck.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** App is the client's state and its connection; components subscribe to its changes. */
export class App {
  constructor() {
    this.net = new Net((m) => this.onMessage(m), (s) => { this.status = s; this.changed(); });
    this.net.name = localStorage.getItem('duelist.name') || '';
    this.router = new Router(pages);
    this.board = new Board(this);
    this.panel = new PromptPanel(this);
    this.chat = new ChatStore(this); // the room's chat (chat.js)
    this.wire = new Wire((m) => this.net.send(m)); // protocol version 2's deltas (wire.js)
    /** @type {any} */ this.welcome = null;
    /** @type {any} */ this.joined = null;
    /** @type {any} */ this.room = null;
    /** @type {any} */ this.state = null;
    /** @type {any} */ this.match = null; // a best-of-3 match's "match" message (sidedeck.js)
    this.duelNo = 0;
    this.conceded = 0; // the duel this player has conceded: its prompts are not answered any more
    this.status = 'connecting';
    this.lobbyError = '';
    this.queueError = ''; // why the last queue message was refused
    /** @type {any} */ this.unqueued = null; // the server's last 'unqueued' (pages/ladder.js)
    this.toastText = '';
    /** @type {Set<() => void>} */
    this.listeners = new Set();
    /** @type {Set<(m: any) => void>} pages that hear server messages the App does not keep (friend-chat) */
    this.heard = new Set();
  }

  /** @param {() => void} fn @returns {() => void} */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed() { for (const f of this.listeners) f(); }

  start() {
    // Only the page's tag: writing the stored language back here would undo one set while the
    // page's modules were still loading (an e2e test set zh-CN and reloaded into English).
    document.documentElement.lang = getLang();
    document.addEventListener('click', (e) => {
      // A click outside a popup closes it.
      for (const id of ['card-popup', 'pile-popup']) {
        const pop = document.getElementById(id);
        if (pop && !pop.hidden && e.target === pop) pop.hidden = true;
      }
    });
    setInterval(() => { if (this.state && document.getElementById('board')) this.board.tick(); tickMatch(this); }, 250);
    this.net.connect();
  }

  /** @param {object} m a client message */
  send(m) { this.net.send(m); }

  /**
   * answer answers the pending prompt of this seat ({ i }, { sel } or { text }).
   * n, when given, is the prompt the player saw: a click on a stale popup answers nothing. Nothing
   * is sent once the duel is over, between a match's duels, or after this player conceded the
   * duel (an auto-pass or a click before the duel's end has arrived).
   * @param {{i?: number, sel?: number[], text?: string}} a
   * @param {number} [n]
   */
  answer(a, n) {
    const st = this.state, p = st && st.prompt;
    if (!p || (n !== undefined && n !== p.n)) return;
    if (st.result || this.conceded === st.duel || this.match?.phase === 'side') return;
    document.body.classList.add('sent');
    this.send({ t: 'answer', prompt: p.n, ...a });
  }

  /**
   * concede concedes the duel going on (match: the whole best-of-3 match); its prompts are not
   * answered any more.
   * @param {boolean} [match]
   */
  concede(match) {
    if (this.state) this.conceded = this.state.duel;
    this.send(match ? { t: 'concede', match: true } : { t: 'concede' });
  }

  /** @param {string} text */
  toast(text) {
    this.toastText = text;
    this.changed();
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toastText = ''; this.changed(); }, 4000);
  }

  /** @param {any} m a server message */
  onMessage(m) {
    if (this.chat.take(m)) return; // chat, chatlog and their errors (chat.js)
    if (m.t === 'friend-chat') { for (const f of this.heard) f(m); return; } // pages/friends.js
    switch (m.t) {
      case 'welcome':
        this.welcome = m;
        this.wire.asked = false; // a new connection: a rejoin or watch brings the board
        if (!this.joined && !this.net.savedSeat() && !this.net.savedWatch() && this.router.current().page.path === '/duel') this.router.go('/lobby');
        break;
      case 'joined':
        this.joined = m;
        this.conceded = 0;
        this.board.log.restore(m.room); // a reload keeps the log of the duel
        document.body.dataset.role = m.role;
        this.router.go(m.role === 'spectator' ? `/duel?watch=${m.room}` : '/duel'); // a spectator's address watches again (net.js)
        break;
      case 'unqueued': // out of quick match's queue (left, or failed: pages/ladder.js)
        this.unqueued = m;
        break;
      case 'room':
        this.room = m;
        document.body.dataset.roomStatus = m.status;
        this.redraw(false); // names and who is connected; keep a selection being made
        break;
      case 'state':
        this.wire.board(m);
        this.takeState(m);
        break;
      case 'delta': { // protocol version 2: the change since the last state (wire.js)
        const st = this.wire.take(this.state, m);
        if (st) this.takeState(st);
        break;
      }
      case 'match':
        this.match = { ...m, at: Date.now() };
        renderMatch(this);
        this.renderResult();
        break;
      case 'error': {
        document.body.classList.remove('sent');
        if (m.re === 'concede') this.conceded = 0; // refused: the duel goes on
        if (m.re === 'watch' && !this.joined && this.router.current().page.path === '/duel') this.router.go('/lobby'); // the watched room is gone
        // A stale answer crossed the state that replaced its prompt (or the duel's end): the
        // board already shows what happened; there is nothing to tell the player.
        if (m.re === 'answer' && m.code === 'stale') break;
        if (sideError(this, m)) break;
        const msg = errorText(m);
        if (m.re === 'queue') this.queueError = msg; // quick match refused (the deck, say): pages/ladder.js
        this.toast(msg);
        this.lobbyError = msg;
        break;
      }
      case 'closed':
        // A connection in no room that said nothing for a while is closed by the server (code
        // idle); net.js opens another at once. Nothing the player sees changes: the page stays.
        if (m.code === 'idle' && !this.joined) return;
        // A logout elsewhere (code logged-out) closes the sockets of the session: net.js
        // reconnects as a guest and rejoins a seat it held; the account's pages learn it.
        if (m.code === 'logged-out') {
          session.set(null, null);
          this.toast(t('closed.logged-out'));
          return; // a seat is rejoined with its token after the reconnection (net.js)
        }
        this.joined = null;
        this.state = null;
        this.room = null;
        this.match = null;
        this.duelNo = 0;
        this.panel.n = 0;
        this.lobbyError = has('closed.' + m.code) ? t('closed.' + m.code) : m.reason;
        this.board.clearLog();
        this.router.go('/lobby');
        break;
    }
    this.changed();
  }

  /**
   * takeState shows a whole state: a board, or the state a delta made.
   * @param {any} m
   */
  takeState(m) {
    if (m.duel !== this.duelNo) {
      this.duelNo = m.duel;
      this.conceded = 0;
      if (this.board.log.duel !== m.duel) this.board.clearLog();
    }
    if (m.prompt) { // fields the server leaves out when empty
      m.prompt.candidates ||= [];
      m.prompt.min ??= 0;
      m.prompt.max ??= 0;
      for (const o of m.prompt.options) { o.sel ||= []; o.cards ||= []; }
    }
    if ((this.state?.prompt?.n || 0) !== (m.prompt?.n || 0)) {
      const pop = document.getElementById('card-popup');
      if (pop) pop.hidden = true;
    }
    this.state = m;
    schedulePass(m, (a, n) => this.answer(a, n)); // chain windows the player is not asked
    document.body.classList.remove('sent');
    if (document.getElementById('board')) {
      this.board.render(m, true);
      this.panel.render(m);
      this.renderResult();
    } else {
      this.board.take(m); // the log goes on while another page is shown
    }
  }

  // redraw draws the last state again (after a language switch, a room change or coming back
  // to the duel page), without logging its events twice.
  redraw(panelToo = true) {
    if (!document.getElementById('board')) return;
    renderMatch(this);
    const st = this.state;
    if (st) {
      this.board.render(st);
      if (panelToo) this.panel.n = 0; // a new language: draw the prompt again
      this.panel.render(st);
      this.renderResult();
    } else if (this.room && this.room.status === 'waiting') {
      const r = this.room, rules = r.banlist ? ` · ${r.banlist === 'none' ? t('banlist-none') : r.banlist}${r.freeCards ? ' · ' + t('free-cards') : ''}` : '';
      $('status').textContent = `${t('waiting')}: ${r.room}${rules}`;
      ratedAsk(this, $('status'));
    }
  }

  renderResult() {
    const st = this.state;
    const box = $('result');
    if (!st || !st.result || this.match?.phase === 'side') { // between duels: the side-deck screen
      box.hidden = true;
      return;
    }
    box.replaceChildren();
    const r = st.result;
    let text;
    if (r.winner === 'draw') text = t('draw');
    else if (st.you) text = r.winner === st.you ? t('won') : t('lost');
    else text = t('winner', this.board.seatLabel(r.winner));
    const h = document.createElement('h2');
    h.textContent = text;
    const why = document.createElement('p');
    why.textContent = t('reason', reasonText(r.reason, (s) => this.board.seatLabel(s)));
    box.append(h, why);
    matchResult(this, box);
    box.dataset.winner = r.winner;
    if (st.you) {
      // The rematch: asked by this player (waiting for the opponent), offered by the opponent
      // (accept or leave), or not yet asked. Against the AI, one ask starts the new duel.
      const players = this.room?.players || [];
      const me = players.find((/** @type {any} */ p) => p.seat === st.you);
      const opp = players.find((/** @type {any} */ p) => p.seat !== st.you && !p.ai);
      const oppName = opp ? this.board.seatLabel(opp.seat) : '';
      const note = document.createElement('p');
      note.id = 'rematch-note';
      const again = document.createElement('button');
      again.className = 'primary';
      again.id = 'rematch';
      if (me && me.rematch) {
        box.dataset.rematch = 'asked';
        note.textContent = opp ? t('rematch-waiting-for', oppName) : t('rematch-wait');
        again.textContent = t('rematch-wait');
        again.disabled = true;
      } else if (opp && opp.rematch) {
        box.dataset.rematch = 'offered';
        // A rated ask says so: accepting it plainly plays unrated (agree.go).
        note.textContent = t(opp.rated ? 'match.rematch-rated-offer' : 'rematch-offer', oppName);
        again.textContent = t(opp.rated ? 'match.rated-decline' : 'rematch-accept');
      } else {
        delete box.dataset.rematch;
        again.textContent = t('rematch');
      }
      again.addEventListener('click', () => this.send({ t: 'rematch' }));
      if (note.textContent) box.append(note);
      box.append(again);
      // Rated again only if both ask (agree.go): not offered once the opponent asked unrated.
      if (this.room?.rated && opp && !(me && me.rematch) && !(opp.rematch && !opp.rated)) {
        const rated = document.createElement('button');
        rated.id = 'rematch-rated';
        rated.textContent = t(opp.rated ? 'match.rated-accept' : 'match.rematch-rated');
        if (opp.rated) rated.className = 'primary';
        rated.addEventListener('click', () => this.send({ t: 'rematch', rated: true }));
        box.append(rated);
      }
    }
    const leave = document.createElement('button');
    leave.textContent = t('leave');
    leave.addEventListener('click', () => this.send({ t: 'leave' }));
    box.append(leave);
    box.hidden = false;
  }

  /**
   * withName applies a changed name: the name is said in hello, so the connection is renewed.
   * @param {string} name @param {() => void} then
   */
  withName(name, then) {
    name = name.trim();
    localStorage.setItem('duelist.name', name);
    this.lobbyError = '';
    if (name !== this.net.name) {
      this.net.name = name;
      this.net.welcomed = false;
      this.net.ws?.close();
    }
    then();
  }
}

export { reasonText } from './words.js';

/**
 * errorText words a server error: the code's sentence in the current language, with the server's
 * detail where the code has one to give (deck rules, an illegal answer).
 * @param {{code: string, msg: string}} m
 */
export function errorText(m) {
  if (!has('errors.' + m.code)) return m.msg;
  return t('errors.' + m.code, m.code === 'deck' ? problemsText(m.msg) : m.msg);
}

/** Shell is the top bar (brand, navigation, room, connection, leave, language) and the page. */
function Shell({ app }) {
  useStore(app);
  useStore(app.router);
  const { page, params } = app.router.current();
  const inDuel = page.path === '/duel' && app.joined;
  document.title = `${t(page.title)} · Duelist`;
  const Page = page.component;
  const leave = () => {
    const st = app.state;
    if (st && st.you && !st.result && !confirm(t('leave-q'))) return;
    app.send({ t: 'leave' });
  };
  return html`
    <header id="top">
      <span class="brand">Duelist</span>
      <nav class="nav">
        ${pages.filter((p) => p.nav).map((p) => html`<a href=${'#' + p.path}
          class=${p === page ? 'current' : ''} data-page=${p.path}>${t(p.title)}</a>`)}
        ${app.joined && page.path !== '/duel' && html`<a href="#/duel" data-page="/duel">${t('page.duel')}</a>`}
      </nav>
      ${app.joined && html`<span id="room-code" data-room=${app.joined.room}>${t('room')} ${app.joined.room}</span>`}
      <span id="conn-status" data-status=${app.status}>${t(app.status)}</span>
      <span class="spacer"></span>
      ${inDuel && html`<${ChatToggle} app=${app} />`}
      ${inDuel && html`<button id="leave" type="button" onClick=${leave}>${t('leave')}</button>`}
      <select id="lang" value=${getLang()} aria-label=${t('w.language')}
        onChange=${(/** @type {Event} */ e) => { setLang(/** @type {HTMLSelectElement} */ (e.target).value); app.changed(); app.redraw(); }}>
        ${LANGS.map((l) => html`<option value=${l.id}>${l.name}</option>`)}
      </select>
    </header>
    <${Page} app=${app} params=${params} />
    ${app.toastText && html`<div id="toast" role="alert">${app.toastText}</div>`}`;
}

const app = new App();
/** @type {any} */ (window).duelist = app; // for the console and the end-to-end test
loadCatalog().finally(() => {
  app.start();
  render(html`<${Shell} app=${app} />`, document.body);
});
