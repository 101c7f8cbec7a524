// The account page: register, log in, log out (here or everywhere), change the password, delete
// the account (docs/accounts.md). It also holds the client's session (who is logged in, the rooms
// where the account holds a seat) and the banner that gives a logged-in player's seat back in a
// new tab or on another device (withSeatReturn).
import { html, useState, useEffect, useStore } from '../lib.js';
import { t } from '../i18n.js';
import { accountStrings } from './account.strings.js';

/**
 * ApiError is a failed API call: its HTTP status, the server's message ("" for no answer) and,
 * for a refusal that says when to come back (429 or 503 with Retry-After), the seconds to wait.
 */
export class ApiError extends Error {
  /** @param {number} status @param {string} msg @param {number} [retryAfter] */
  constructor(status, msg, retryAfter = 0) {
    super(msg);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/**
 * retryAfter reads a refusal's Retry-After header (whole seconds; an HTTP date is read too): the
 * seconds to wait, 0 for none.
 * @param {Response} res
 */
export function retryAfter(res) {
  if (res.status !== 429 && res.status !== 503) return 0;
  const h = res.headers.get('Retry-After');
  if (!h) return 0;
  const n = Number(h);
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  const at = Date.parse(h);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * api calls a JSON API of the server (a relative URL, so it works under any prefix). It returns
 * the decoded answer (null for 204) or throws an ApiError.
 * @param {string} method @param {string} url @param {any} [body]
 * @returns {Promise<any>}
 */
export async function api(method, url, body) {
  /** @type {RequestInit} */
  const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, '');
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { /* a plain-text answer (403 of the cross-origin check) */ }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || text.trim(), retryAfter(res));
  return data;
}

// The server's messages (account package, docs/accounts.md) and their keys; a match's groups are
// the key's arguments.
const SERVER_ERRORS = /** @type {[RegExp, string][]} */ ([
  [/^wrong name or password/, 'account.err.badLogin'],
  [/^that name is not available/, 'account.err.nameTaken'],
  [/^too many attempts/, 'account.err.rateLimited'],
  [/^not logged in/, 'account.err.noSession'],
  [/^the request body is not/, 'account.err.badBody'],
  [/^internal error/, 'account.err.internal'],
  [/^the name is not valid UTF-8/, 'account.err.nameUTF8'],
  [/^a name has (\d+) to (\d+) characters/, 'account.err.nameLen'],
  [/^a name may not have two spaces/, 'account.err.nameSpaces'],
  [/^a name may not contain the character (\S+)/, 'account.err.nameChar'],
  [/^a name may not mix /, 'account.err.nameMixed'],
  [/^the password is not valid UTF-8/, 'account.err.pwUTF8'],
  [/^the password needs at least (\d+) characters/, 'account.err.pwShort'],
  [/^the password may have at most (\d+) characters/, 'account.err.pwLong'],
]);

/**
 * errorText translates a failed call's message for the player: a known server message in the
 * current language, else the server's words.
 * @param {any} e an ApiError (or any error) @param {[RegExp, string][]} [more] a page's own messages
 * @returns {string}
 */
export function errorText(e, more = []) {
  if (!(e instanceof ApiError)) return t('account.err.other', String(e && e.message || e));
  if (e.status === 0) return t('account.err.network');
  for (const [re, key] of [...more, ...SERVER_ERRORS]) {
    const m = re.exec(e.message);
    if (m) return t(key, ...m.slice(1));
  }
  if (e.status === 403) return t('account.err.forbidden');
  if (e.status >= 500 && !e.message) return t('account.err.internal');
  return t('account.err.other', e.message || String(e.status));
}

/**
 * @typedef {object} User
 * @property {number} id
 * @property {string} name
 */

/**
 * @typedef {object} MyRoom  a room where the account holds a seat (GET /api/duels/mine)
 * @property {string} room
 * @property {string} seat      "A" or "B"
 * @property {string} status    waiting, dueling or over
 * @property {string} ruleset
 * @property {string} opponent  the other seat's name ("" while nobody sits there)
 * @property {boolean} ai
 * @property {boolean} held     a connection holds the seat now (another tab, say)
 */

/**
 * Session is who is logged in and the rooms where the account holds a seat. Components re-render
 * on its changes with useStore(session).
 */
export class Session {
  constructor() {
    /** @type {User | null} */ this.user = null;
    this.known = false; // the server has answered "who am I" once
    /** @type {MyRoom[]} */ this.rooms = [];
    /** @type {[string, ...string[]] | null} */
    this.notice = null; // what the last account action did: an i18n key and its arguments
    /** @type {Set<() => void>} */ this.listeners = new Set();
  }

  /** @param {() => void} fn @returns {() => void} */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed() {
    // The navigation bar names the logged-in player: its label is this page's "nav" text.
    for (const [l, table] of Object.entries(accountStrings)) {
      table.nav = this.user ? this.user.name : accountStrings[/** @type {'en'} */ (l)].login;
    }
    for (const f of this.listeners) f();
    /** @type {any} */ (window).duelist?.changed(); // the top bar is drawn by the app's Shell
  }

  /** refresh asks the server who is logged in, then the account's rooms. */
  async refresh() {
    try {
      this.user = (await api('GET', 'api/account/session')).user; // null for a guest, without a 401
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) console.warn('account: who am I:', e);
      this.user = null;
    }
    this.known = true;
    this.rooms = [];
    this.changed();
    await this.loadRooms();
  }

  /** loadRooms reads the rooms where the account holds a seat (none for a guest). */
  async loadRooms() {
    if (!this.user) return;
    try {
      const r = await api('GET', 'api/duels/mine');
      this.rooms = (r && r.rooms) || [];
    } catch (e) {
      this.rooms = [];
      if (!(e instanceof ApiError) || e.status !== 401) console.warn('account: my rooms:', e);
    }
    this.changed();
  }

  /**
   * set records a login or a logout; the WebSocket is opened again so that the server's side of
   * the connection knows the account (a seat belongs to the account of its connection).
   * @param {User | null} user @param {any} app
   */
  set(user, app) {
    this.user = user;
    this.rooms = [];
    this.known = true;
    this.changed();
    if (app && app.net) {
      app.net.welcomed = false;
      app.net.ws?.close(); // net.js reconnects on its own and rejoins the seat it holds
    }
    if (user) this.loadRooms();
  }
}

/** The client's session. */
export const session = new Session();
session.refresh();

/**
 * takeSeat gets a room's seat back: the server gives this account's seat token, and the
 * connection rejoins with it (as after a reload).
 * @param {any} app @param {string} room
 */
export async function takeSeat(app, room) {
  const r = await api('POST', `api/duels/mine/${encodeURIComponent(room)}/seat`);
  app.net.saveSeat(r.room, r.token);
  app.send({ t: 'rejoin', room: r.room, token: r.token });
}

/**
 * SeatReturn is the banner "you have a duel in progress — return to it" for a logged-in player
 * whose tab holds no seat.
 * @param {{app: any}} props
 */
export function SeatReturn({ app }) {
  useStore(session);
  const [err, setErr] = useState('');
  useEffect(() => { session.loadRooms(); }, []);
  if (!session.user || app.joined || !session.rooms.length) return null;
  return html`<section class="panel seat-return" role="status">
    <link rel="stylesheet" href="css/account.css" />
    ${session.rooms.map((r) => {
      const opp = r.ai ? 'AI' : r.opponent || '—';
      const key = r.status === 'waiting' ? 'account.seatWaiting' : r.status === 'over' ? 'account.seatOver' : 'account.seatDuel';
      const back = () => takeSeat(app, r.room).catch((e) => setErr(errorText(e, [[/^no seat|^no room/, 'account.err.noSeat']])));
      return html`<div class="row" data-room=${r.room} data-status=${r.status}>
        <span class="seat-text">${t(key, r.room, opp)}</span>
        <button type="button" class="primary seat-back" onClick=${back}>${t('account.seatReturn')}</button>
      </div>`;
    })}
    ${err && html`<p class="error" role="alert">${err}</p>`}
  </section>`;
}

/**
 * withSeatReturn puts the seat banner above a page (the lobby, which a new tab opens on).
 * @param {(props: any) => any} Page
 */
export function withSeatReturn(Page) {
  return function WithSeatReturn(/** @type {any} */ props) {
    return html`<${SeatReturn} app=${props.app} /><${Page} ...${props} />`;
  };
}

/** @param {Event} e */
const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

/**
 * useRetry counts down the wait a refusal asked for (ApiError.retryAfter): left is the seconds
 * still to wait (0: none), start(seconds) starts a wait; the component re-renders every second.
 * @returns {[number, (seconds: number) => void]}
 */
export function useRetry() {
  const [until, setUntil] = useState(0);
  const [, tick] = useState(0);
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (!left) return undefined;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(1000, until - Date.now() - (left - 1) * 1000));
    return () => clearTimeout(timer);
  });
  return [left, (/** @type {number} */ s) => setUntil(Date.now() + s * 1000)];
}

/**
 * useAction runs an API action at most once at a time and keeps its error or success message. A
 * refusal with Retry-After (too many attempts, a busy server) keeps the action disabled and says
 * how many seconds are left, counting down; at 0 the message goes and the action is enabled again.
 * @returns {[boolean, string, string, (fn: () => Promise<string | void>) => Promise<void>]}
 */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState('');
  const [ok, setOk] = useState('');
  const [waitKey, setWaitKey] = useState('');
  const [left, wait] = useRetry();
  /** @param {() => Promise<string | void>} fn */
  const run = async (fn) => {
    if (busy || left) return;
    setBusy(true);
    setErr('');
    setOk('');
    setWaitKey('');
    try {
      const msg = await fn();
      if (msg) setOk(msg);
    } catch (e) {
      if (e instanceof ApiError && e.retryAfter) {
        wait(e.retryAfter);
        setWaitKey(e.status === 503 ? 'account.err.busyIn' : 'account.err.retryIn');
      } else setErr(e instanceof ApiError ? errorText(e) : String(e.message || e));
    } finally {
      setBusy(false);
    }
  };
  return [busy || left > 0, left && waitKey ? t(waitKey, left) : err, ok, run];
}

/** @param {{app: any}} props */
function LoginForm({ app }) {
  const [mode, setMode] = useState('login');
  const [name, setName] = useState('');
  const [pw, setPw] = useState('');
  const [busy, err, , run] = useAction();
  const submit = (/** @type {Event} */ e) => {
    e.preventDefault();
    run(async () => {
      const u = await api('POST', `api/account/${mode}`, { name, password: pw });
      setPw('');
      session.notice = ['account.welcome', u.name];
      session.set(u, app);
    });
  };
  const register = mode === 'register';
  return html`<form class="panel" id="login-form" data-mode=${mode} onSubmit=${submit}>
    <h2>${register ? t('account.register') : t('account.login')}</h2>
    <p class="hint">${t('account.guestHint')}</p>
    <label><span>${t('account.name')}</span>
      <input id="acct-name" name="username" required maxlength="40" autocomplete="username" value=${name}
        onInput=${(/** @type {Event} */ e) => setName(val(e))} /></label>
    <label><span>${t('account.password')}</span>
      <input id="acct-password" name="password" type="password" required maxlength="256"
        autocomplete=${register ? 'new-password' : 'current-password'} value=${pw}
        onInput=${(/** @type {Event} */ e) => setPw(val(e))} /></label>
    ${register && html`<p class="hint">${t('account.nameHint')}</p>`}
    <div class="row">
      <button id="acct-submit" type="submit" class="primary" disabled=${busy}>
        ${register ? t('account.register') : t('account.login')}</button>
      <button id="acct-mode" type="button" class="link"
        onClick=${() => setMode(register ? 'login' : 'register')}>${register ? t('account.toLogin') : t('account.toRegister')}</button>
    </div>
    <p class="error" id="acct-error" role="alert">${err}</p>
  </form>`;
}

/** @param {{app: any, user: User}} props */
function Profile({ app, user }) {
  const [busy, err, ok, run] = useAction();
  const [pw, setPw] = useState('');
  const [np, setNp] = useState('');
  const [np2, setNp2] = useState('');
  const [delPw, setDelPw] = useState('');
  const [, delErr, , runDel] = useAction();

  const logout = (/** @type {boolean} */ everywhere) => run(async () => {
    await api('POST', everywhere ? 'api/account/logout-all' : 'api/account/logout');
    session.notice = [everywhere ? 'account.loggedOutAll' : 'account.loggedOut'];
    session.set(null, app);
  });
  const change = (/** @type {Event} */ e) => {
    e.preventDefault();
    if (np !== np2) {
      run(async () => { throw new Error(t('account.mismatch')); });
      return;
    }
    run(async () => {
      await api('POST', 'api/account/password', { password: pw, newPassword: np });
      setPw(''); setNp(''); setNp2('');
      return t('account.passwordChanged');
    });
  };
  const del = (/** @type {Event} */ e) => {
    e.preventDefault();
    if (!confirm(t('account.deleteQ', user.name))) return;
    runDel(async () => {
      await api('POST', 'api/account/delete', { password: delPw });
      setDelPw('');
      session.notice = ['account.deleted'];
      session.set(null, app);
    });
  };
  const input = (/** @type {string} */ id, /** @type {string} */ v, /** @type {(s: string) => void} */ set, /** @type {string} */ ac) =>
    html`<input id=${id} type="password" required maxlength="256" autocomplete=${ac} value=${v}
      onInput=${(/** @type {Event} */ e) => set(val(e))} />`;
  return html`
    <section class="panel" id="acct-profile">
      <h2 id="acct-user" data-user=${user.name}>${t('account.loggedInAs', user.name)}</h2>
      <p class="hint">${t('account.sessionsHint')}</p>
      <div class="row">
        <button id="acct-logout" type="button" disabled=${busy} onClick=${() => logout(false)}>${t('account.logout')}</button>
        <button id="acct-logout-all" type="button" disabled=${busy} onClick=${() => logout(true)}>${t('account.logoutAll')}</button>
        <a id="acct-replays" href="#/replays">${t('account.myDuels')}</a>
      </div>
    </section>
    <form class="panel" id="acct-password-form" onSubmit=${change}>
      <h2>${t('account.changePassword')}</h2>
      <input type="text" name="username" autocomplete="username" value=${user.name} readonly hidden />
      <label><span>${t('account.password')}</span>${input('acct-old', pw, setPw, 'current-password')}</label>
      <label><span>${t('account.newPassword')}</span>${input('acct-new', np, setNp, 'new-password')}</label>
      <label><span>${t('account.newPassword2')}</span>${input('acct-new2', np2, setNp2, 'new-password')}</label>
      <div class="row"><button id="acct-change" type="submit" class="primary" disabled=${busy}>${t('account.change')}</button></div>
      <p class="error" id="acct-error" role="alert">${err}</p>
      ${ok && html`<p class="ok" role="status">${ok}</p>`}
    </form>
    <form class="panel danger" id="acct-delete-form" onSubmit=${del}>
      <h2>${t('account.deleteAccount')}</h2>
      <input type="text" name="username" autocomplete="username" value=${user.name} readonly hidden />
      <p class="hint">${t('account.deleteHint')}</p>
      <label><span>${t('account.password')}</span>${input('acct-del-password', delPw, setDelPw, 'current-password')}</label>
      <div class="row"><button id="acct-delete" type="submit" class="danger">${t('account.deleteBtn')}</button></div>
      <p class="error" id="acct-delete-error" role="alert">${delErr}</p>
    </form>`;
}

/** The account page. @param {{app: any, params: URLSearchParams}} props */
export function Account({ app }) {
  useStore(session);
  useEffect(() => () => { session.notice = null; }, []);
  return html`<main class="page" id="account">
    <link rel="stylesheet" href="css/account.css" />
    <${SeatReturn} app=${app} />
    ${session.notice && html`<p class="ok" id="acct-notice" role="status">${t(...session.notice)}</p>`}
    ${!session.known ? html`<p class="hint">${t('connecting')}</p>`
      : session.user ? html`<${Profile} app=${app} user=${session.user} />` : html`<${LoginForm} app=${app} />`}
  </main>`;
}
