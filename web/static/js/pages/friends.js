// Friends: add one by name, answer requests, see who is online and in which room (and watch it),
// challenge a friend (a room is made and its code sent in the chat, where the friend gets a Join
// button), chat with a friend (pushed over the WebSocket, read over HTTP when the socket is
// down), mute, block or report a player (api/social).
import { html, useState, useEffect, useRef, useStore } from '../lib.js';
import { t } from '../i18n.js';
import { api, useCSS } from './ladder.js';
import './friends.strings.js';

/** @param {Event} e */
const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

/** A challenge in the chat: "⚔ ROOMCODE" (room codes use the server's alphabet). */
const CHALLENGE = /^⚔ ([A-HJ-NP-Z2-9]{6,8})$/; // 8 letters (6 in rooms from before)

/**
 * challenge makes a room (the player's default deck) and, once the server has seated the
 * player, tells the friend its code in the chat. The App takes the player to the room.
 * @param {import('../main.js').App} app @param {any} friend @param {(s: string) => void} onNote
 */
function challenge(app, friend, onNote) {
  const off = app.subscribe(() => {
    if (!app.joined || app.joined.role !== 'player') return;
    off();
    api(`api/social/chat/friend/${friend.id}`, { text: '⚔ ' + app.joined.room }).catch((e) => onNote(e.message));
  });
  setTimeout(off, 15000); // the room was refused: no challenge for a later one
  app.send({ t: 'create', deck: { precon: 'yugi-40' } });
}

/** @param {{app: import('../main.js').App}} props */
export function FriendsPage({ app }) {
  useCSS();
  useStore(app);
  const [list, setList] = useState(/** @type {any} */ (null));
  const [blocks, setBlocks] = useState(/** @type {any} */ ({ muted: [], blocked: [] }));
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [login, setLogin] = useState(false);
  const [open, setOpen] = useState(/** @type {any} */ (null)); // the friend whose chat is open

  const reload = () => Promise.all([api('api/social/friends'), api('api/social/blocks')]).then(([l, b]) => {
    setList(l);
    setBlocks(b);
  }, (e) => { if (e.status === 401) setLogin(true); else setNote(e.message); });
  useEffect(() => {
    reload();
    const iv = setInterval(reload, 10000);
    return () => clearInterval(iv);
  }, []);
  /** @param {string} path @param {object} body @param {string} [done] */
  const act = (path, body, done) => api('api/social/' + path, body).then(() => { setNote(done || ''); return reload(); },
    (e) => setNote(e.message));
  const add = () => api('api/social/friends/add', { name }).then((r) => {
    setNote(t(r.state === 'friends' ? 'friends.friends' : 'friends.requested', r.player.name));
    setName('');
    reload();
  }, (e) => setNote(e.message));

  if (login) return html`<main id="friends" class="page social-page"><section class="panel"><p class="hint">${t('friends.login')}</p></section></main>`;
  const muted = new Set(blocks.muted.map((/** @type {any} */ p) => p.id));
  return html`<main id="friends" class="page social-page">
    <section class="panel">
      <h2>${t('friends.add')}</h2>
      <div class="row">
        <input id="friend-name" maxlength="20" placeholder=${t('friends.name')} value=${name} onInput=${(e) => setName(val(e))} />
        <button id="friend-add" type="button" class="primary" disabled=${!name.trim()} onClick=${add}>${t('friends.send')}</button>
      </div>
      ${note && html`<p class="hint" id="friends-note">${note}</p>`}
    </section>
    ${list && list.incoming.length > 0 && html`<section class="panel" id="incoming">
      <h3>${t('friends.incoming')}</h3>
      ${list.incoming.map((/** @type {any} */ p) => html`<div class="row" data-id=${p.id}><span>${p.name}</span>
        <button type="button" class="primary accept" onClick=${() => act('friends/accept', { id: p.id })}>${t('friends.accept')}</button>
        <button type="button" class="decline" onClick=${() => act('friends/decline', { id: p.id })}>${t('friends.decline')}</button></div>`)}
    </section>`}
    <section class="panel" id="friend-list">
      <h2>${t('friends.title')}</h2>
      ${list && list.friends.length === 0 && html`<p class="hint">${t('friends.none')}</p>`}
      ${list && list.friends.map((/** @type {any} */ f) => html`<div class="row friend" data-id=${f.id}>
        <a href=${'#/profile?id=' + f.id}><strong>${f.name}</strong></a>
        <span class=${f.online ? 'online' : 'small'}>${f.online ? t('friends.online') : t('friends.offline')}</span>
        ${f.room && html`<span class="small">${t('friends.inRoom', f.room)}</span>
          <button type="button" onClick=${() => app.send({ t: 'watch', room: f.room })}>${t('friends.watch')}</button>`}
        ${!app.joined && html`<button type="button" class="challenge" onClick=${() => challenge(app, f, setNote)}>${t('friends.challenge')}</button>`}
        <button type="button" class="chat" onClick=${() => setOpen(open && open.id === f.id ? null : f)}>${t('friends.chat')}</button>
        <button type="button" onClick=${() => act(muted.has(f.id) ? 'unmute' : 'mute', { id: f.id })}>${muted.has(f.id) ? t('friends.unmute') : t('friends.mute')}</button>
        <button type="button" onClick=${() => act('block', { id: f.id })}>${t('friends.block')}</button>
        <button type="button" onClick=${() => act('friends/remove', { id: f.id })}>${t('friends.remove')}</button>
      </div>`)}
      ${list && list.outgoing.length > 0 && html`<p class="small">${t('friends.outgoing')}: ${list.outgoing.map((/** @type {any} */ p) => p.name).join(', ')}</p>`}
      ${blocks.blocked.length > 0 && html`<p class="small">${t('friends.blocked')}: ${blocks.blocked.map((/** @type {any} */ p) => html`
        <button type="button" onClick=${() => act('unblock', { id: p.id })}>${t('friends.unblock')} ${p.name}</button>`)}</p>`}
    </section>
    ${open && html`<${Chat} app=${app} friend=${open} onNote=${setNote} />`}
  </main>`;
}

/**
 * merge adds messages to a conversation by id (a pushed message may also come in a read), in the
 * order of their ids. @param {any[]} have @param {any[]} more
 */
function merge(have, more) {
  const ids = new Set(have.map((m) => m.id));
  const add = more.filter((m) => !ids.has(m.id) && ids.add(m.id));
  return add.length ? have.concat(add).sort((a, b) => a.id - b.id) : have;
}

/**
 * Chat is the conversation with one friend: read once over HTTP, then the server pushes new
 * messages over the WebSocket (friend-chat); while the socket is down it is read every 3 s, and
 * once when the socket is back. Messages are plain text: Preact escapes them, so nothing a friend
 * types is read as HTML.
 * @param {{app: import('../main.js').App, friend: any, onNote: (s: string) => void}} props
 */
function Chat({ app, friend, onNote }) {
  const [msgs, setMsgs] = useState(/** @type {any[]} */ ([]));
  const [text, setText] = useState('');
  const last = useRef(0);
  const log = useRef(/** @type {HTMLDivElement|null} */ (null));
  /** @param {any[]} more */
  const take = (more) => {
    if (!more.length) return;
    last.current = Math.max(last.current, ...more.map((m) => m.id));
    setMsgs((m) => merge(m, more));
  };
  useEffect(() => {
    setMsgs([]);
    last.current = 0;
    let live = true;
    const read = () => api(`api/social/chat/friend/${friend.id}?after=${last.current}`).then((r) => {
      if (live) take(r.messages);
    }, () => {});
    read();
    /** @param {any} m */
    const heard = (m) => { if (live && m.friend === friend.id) take([m.message]); };
    app.heard.add(heard);
    let online = app.status === 'online';
    const iv = setInterval(() => {
      const now = app.status === 'online';
      if (!now || !online) read(); // the socket is down, or just came back: read what it missed
      online = now;
    }, 3000);
    return () => { live = false; clearInterval(iv); app.heard.delete(heard); };
  }, [friend.id]);
  useEffect(() => { if (log.current) log.current.scrollTop = log.current.scrollHeight; }, [msgs]);
  const say = () => api(`api/social/chat/friend/${friend.id}`, { text }).then((m) => {
    setText('');
    take([m]);
  }, (e) => onNote(e.message));
  /** @param {any} m */
  const report = (m) => api('api/social/report', { message: m.id, reason: 'reported from the chat' })
    .then(() => onNote(t('friends.reported')), (e) => onNote(e.message));
  return html`<section class="panel" id="chat">
    <h3>${t('friends.chat')}: ${friend.name}</h3>
    <div class="chat-log" ref=${log}>${msgs.map((m) => html`<p data-id=${m.id}><strong>${m.name}</strong>: <span class="body">${m.body}</span>
      ${m.sender === friend.id && CHALLENGE.test(m.body) && html` <button type="button" class="primary join-challenge"
        onClick=${() => app.send({ t: 'join', room: CHALLENGE.exec(m.body)[1], deck: { precon: 'kaiba-40' } })}>${t('friends.join')}</button>`}
      ${m.sender === friend.id && html` <button type="button" class="small report" onClick=${() => report(m)}>${t('friends.report')}</button>`}</p>`)}</div>
    <div class="row">
      <textarea id="chat-text" rows="2" maxlength="300" placeholder=${t('friends.message')} value=${text} onInput=${(e) => setText(val(e))}></textarea>
      <button id="chat-send" type="button" class="primary" disabled=${!text.trim()} onClick=${say}>${t('friends.say')}</button>
    </div>
  </section>`;
}
