// The chat of the duel screen: the room's chat over its WebSocket (docs/protocol.md "Chat").
// ChatStore keeps the messages of the room the client is in: on joining it asks for the recent
// chat ("chatlog") and then takes the "chat" messages the server relays. ChatPanel draws it as a
// collapsible panel with an unread count: players talk to players (spectators read them),
// spectators to spectators; a logged-in player can mute, block or report another's message
// (api/social). ChatToggle is its button in the top bar. Guests read and are told to log in to
// chat. Message texts are drawn as text.
import { html, useEffect, useRef, useState, useStore } from './lib.js';
import { t } from './i18n.js';
import { api } from './pages/ladder.js';
import { session } from './pages/account.js';
import './chat.strings.js';

/** The longest message the server takes (social.MaxText). */
export const MAX_TEXT = 300;
/** How many messages the panel keeps. */
const KEEP = 200;

/**
 * @typedef {{id: number, channel: 'players' | 'spectators', sender: number, name: string,
 *   body: string, sent: number}} ChatMessage
 */

/** ChatStore is the chat of the client's room; components re-render on its changes. */
export class ChatStore {
  /** @param {{send(m: object): void}} app */
  constructor(app) {
    this.app = app;
    this.room = '';
    /** @type {ChatMessage[]} */ this.messages = [];
    this.role = ''; // player or spectator: the channels read
    this.speak = false; // this connection may speak (logged in)
    this.open = false;
    this.unread = 0;
    /** @type {any[] | null} */ this.error = null; // the last refusal: an i18n key and its arguments
    /** @type {any[] | null} */ this.note = null; // what the last mute, block or report did, the same way
    /** @type {Set<number>} */ this.hidden = new Set(); // senders muted or blocked from the panel
    /** @type {Set<() => void>} */ this.listeners = new Set();
  }

  /** @param {() => void} fn @returns {() => void} */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed() { for (const f of this.listeners) f(); }

  /**
   * take looks at a server message: true when it is the chat's own (chat, chatlog, an error about
   * them), which the app need not handle.
   * @param {any} m
   */
  take(m) {
    switch (m.t) {
      case 'joined':
        if (m.room !== this.room) this.reset(m.room);
        this.app.send({ t: 'chatlog' }); // the recent chat; a reconnection fills what it missed
        return false;
      case 'closed':
        this.reset('');
        return false;
      case 'chatlog':
        if (m.room !== this.room) return true;
        this.role = m.role;
        this.speak = m.speak;
        this.add(m.messages || [], false);
        return true;
      case 'chat':
        if (m.room === this.room) this.add([m.message], true);
        return true;
      case 'error':
        if (m.re !== 'chat' && m.re !== 'chatlog') return false;
        this.error = chatError(m);
        if (m.re === 'chat') this.setOpen(true); // a refusal of what was just typed is shown
        this.changed();
        return true;
    }
    return false;
  }

  /** @param {string} room */
  reset(room) {
    Object.assign(this, { room, messages: [], role: '', speak: false, unread: 0, error: null, note: null });
    this.changed();
  }

  /** add merges messages by id (a chatlog and live messages may overlap). @param {ChatMessage[]} ms @param {boolean} live */
  add(ms, live) {
    const have = new Set(this.messages.map((m) => m.id));
    const me = session.user ? session.user.id : -1;
    for (const m of ms) {
      if (have.has(m.id)) continue;
      this.messages.push(m);
      if (live && !this.open && m.sender !== me && !this.hidden.has(m.sender)) this.unread++;
      if (live && m.sender === me) this.error = null;
    }
    this.messages.sort((a, b) => a.id - b.id);
    if (this.messages.length > KEEP) this.messages.splice(0, this.messages.length - KEEP);
    this.changed();
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.open = open;
    if (open) this.unread = 0;
    this.changed();
  }

  /** say sends a message; the server answers with the message (or an error). @param {string} text */
  say(text) {
    this.error = null;
    this.app.send({ t: 'chat', text });
    this.changed();
  }

  /**
   * act mutes, blocks or reports the sender of a message through the social API.
   * @param {'mute' | 'block' | 'report'} what @param {ChatMessage} m
   */
  async act(what, m) {
    try {
      if (what === 'report') {
        await api('api/social/report', { message: m.id, reason: 'reported from the duel chat' });
        this.note = ['chat.reported', m.name];
      } else {
        await api('api/social/' + what, { id: m.sender });
        this.hidden.add(m.sender);
        this.note = [what === 'mute' ? 'chat.muted' : 'chat.blocked', m.name];
      }
    } catch (e) {
      this.note = ['chat.failed', e.message];
    }
    this.changed();
  }
}

/**
 * chatError words a refused chat message: an i18n key and its arguments (drawn in the language
 * shown, also after a switch).
 * @param {{code: string, msg: string}} m
 * @returns {any[]}
 */
export function chatError(m) {
  let g;
  switch (m.code) {
    case 'login': return ['chat.err.login'];
    case 'chat-rate': case 'rate': return ['chat.err.rate'];
    case 'no-room': return ['chat.err.room'];
    case 'no-chat': return ['chat.err.off'];
    case 'chat-text':
      if ((g = /has (\d+) characters; at most (\d+)/.exec(m.msg))) return ['chat.err.long', g[1], g[2]];
      if (/is empty/.test(m.msg)) return ['chat.err.empty'];
      if (/control character|UTF-8/.test(m.msg)) return ['chat.err.chars'];
      return ['chat.err.text', m.msg];
    case 'internal': return ['chat.err.internal'];
  }
  return ['chat.err.text', m.msg];
}

/** words draws an i18n key and its arguments. @param {any[]} k */
const words = ([key, ...args]) => t(key, ...args);

/** useChatCSS links the panel's stylesheet once. */
function useChatCSS() {
  useEffect(() => {
    if (document.getElementById('css-chat')) return;
    const l = document.createElement('link');
    l.id = 'css-chat';
    l.rel = 'stylesheet';
    l.href = 'css/chat.css';
    document.head.appendChild(l);
  }, []);
}

/**
 * ChatToggle is the top bar's Chat button on the duel screen, with the count of unread messages;
 * it opens and closes the panel. In the bar it never covers the board.
 * @param {{app: any}} props
 */
export function ChatToggle({ app }) {
  /** @type {ChatStore} */
  const chat = app.chat;
  useStore(chat);
  useChatCSS();
  if (!chat.room) return null;
  return html`<button type="button" id="chat-toggle" class="chat-toggle" aria-expanded=${chat.open ? 'true' : 'false'}
    onClick=${() => chat.setOpen(!chat.open)}>${t('chat.title')}${chat.unread > 0 && html`
    <span class="chat-unread" aria-label=${t('chat.unread', chat.unread)}>${chat.unread}</span>`}</button>`;
}

/** ChatPanel is the duel screen's open chat panel (nothing while it is closed). @param {{app: any}} props */
export function ChatPanel({ app }) {
  /** @type {ChatStore} */
  const chat = app.chat;
  useStore(chat);
  useStore(session);
  useChatCSS();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState(0); // the message whose actions are shown
  const log = useRef(/** @type {HTMLElement | null} */ (null));
  const shown = chat.messages.filter((m) => !chat.hidden.has(m.sender));
  useEffect(() => { if (log.current) log.current.scrollTop = log.current.scrollHeight; }, [shown.length, chat.open]);
  if (!chat.room || !chat.open) return null;
  const me = session.user ? session.user.id : -1;
  const send = () => {
    if (!text.trim()) return;
    chat.say(text);
    setText('');
  };
  const spectator = chat.role === 'spectator';
  return html`<section id="chat-panel" class="chat-panel" aria-label=${t('chat.title')} data-role=${chat.role}>
    <header class="chat-head">
      <h3>${t('chat.title')}</h3>
      <span class="chat-who">${spectator ? t('chat.as-spectator') : t('chat.as-player')}</span>
      <button type="button" class="chat-close" aria-label=${t('chat.close')} aria-expanded="true"
        onClick=${() => chat.setOpen(false)}>×</button>
    </header>
    <ol class="chat-log" ref=${log}>
      ${shown.length === 0 && html`<li class="chat-empty">${t('chat.empty')}</li>`}
      ${shown.map((m) => html`<li key=${m.id} data-id=${m.id} data-channel=${m.channel}
          class=${'chat-msg' + (m.sender === me ? ' mine' : '')}>
        ${spectator && html`<span class="chat-tag">${m.channel === 'players' ? t('chat.tag-players') : t('chat.tag-specs')}</span>`}
        <button type="button" class="chat-name" disabled=${m.sender === me || me < 0 || !m.sender}
          onClick=${() => setPicked(picked === m.id ? 0 : m.id)}>${m.name}</button>
        <span class="chat-body">${m.body}</span>
        ${picked === m.id && html`<span class="chat-actions">
          <button type="button" class="chat-mute" onClick=${() => { setPicked(0); chat.act('mute', m); }}>${t('chat.mute')}</button>
          <button type="button" class="chat-block" onClick=${() => { setPicked(0); chat.act('block', m); }}>${t('chat.block')}</button>
          <button type="button" class="chat-report" onClick=${() => { setPicked(0); chat.act('report', m); }}>${t('chat.report')}</button>
        </span>`}
      </li>`)}
    </ol>
    ${chat.note && html`<p class="chat-note" role="status">${words(chat.note)}</p>`}
    ${chat.error && html`<p class="chat-error" role="alert">${words(chat.error)}</p>`}
    ${chat.speak ? html`<form class="chat-form" onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); send(); }}>
        <input id="chat-input" type="text" maxlength=${MAX_TEXT} autocomplete="off" value=${text}
          placeholder=${spectator ? t('chat.to-specs') : t('chat.to-all')} aria-label=${t('chat.message')}
          onInput=${(/** @type {Event} */ e) => setText(/** @type {HTMLInputElement} */ (e.target).value)} />
        <button type="submit" id="chat-say" class="primary" disabled=${!text.trim()}>${t('chat.send')}</button>
      </form>${text.length > MAX_TEXT - 50 && html`<p class="chat-count">${t('chat.left', MAX_TEXT - text.length)}</p>`}`
    : html`<p class="chat-login">${t('chat.login')} <a href="#/account">${t('chat.login-link')}</a></p>`}
  </section>`;
}
