// Duelist in the browser: the lobby, and the duel view fed by the server's state messages.
import { Board } from './board.js';
import { loadCatalog } from './cards.js';
import { getLang, setLang, t } from './i18n.js';
import { Net } from './net.js';
import { PromptPanel } from './prompt.js';

const $ = (id) => document.getElementById(id);

class App {
  constructor() {
    this.net = new Net((m) => this.onMessage(m), (s) => this.onStatus(s));
    this.net.name = localStorage.getItem('duelist.name') || '';
    this.board = new Board(this);
    this.panel = new PromptPanel(this);
    this.welcome = null;
    this.joined = null;
    this.room = null;
    this.state = null;
    this.duelNo = 0;
  }

  start() {
    setLang(getLang());
    this.bindLobby();
    $('lang').addEventListener('click', () => {
      setLang(getLang() === 'zh' ? 'en' : 'zh');
      $('lang').textContent = getLang() === 'zh' ? 'English' : '中文';
      this.fillLobby();
      this.onStatus($('conn-status').dataset.status || 'connecting');
      if (this.joined) $('room-code').textContent = `${t('room')} ${this.joined.room}`;
      this.redraw();
    });
    $('lang').textContent = getLang() === 'zh' ? 'English' : '中文';
    $('leave').addEventListener('click', () => this.send({ t: 'leave' }));
    document.addEventListener('click', (e) => {
      // A click outside a popup closes it.
      for (const id of ['card-popup', 'pile-popup']) {
        const pop = $(id);
        if (!pop.hidden && e.target === pop) pop.hidden = true;
      }
    });
    setInterval(() => this.board.tick(), 250);
    this.net.connect();
  }

  send(m) { this.net.send(m); }

  // answer answers the pending prompt of this seat ({ i }, { sel } or { text }).
  // n, when given, is the prompt the player saw: a click on a stale popup answers nothing.
  answer(a, n) {
    const p = this.state && this.state.prompt;
    if (!p || (n !== undefined && n !== p.n)) return;
    document.body.classList.add('sent');
    this.send({ t: 'answer', prompt: p.n, ...a });
  }

  onStatus(s) {
    const el = $('conn-status');
    el.textContent = t(s);
    el.dataset.status = s;
  }

  show(which) {
    $('lobby').hidden = which !== 'lobby';
    $('game').hidden = which !== 'game';
    $('leave').hidden = which !== 'game';
  }

  toast(text) {
    const el = $('toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
  }

  onMessage(m) {
    switch (m.t) {
      case 'welcome':
        this.welcome = m;
        this.fillLobby();
        if (!this.joined && !this.net.savedSeat()) this.show('lobby');
        break;
      case 'joined':
        this.joined = m;
        this.show('game');
        $('room-code').hidden = false;
        $('room-code').textContent = `${t('room')} ${m.room}`;
        $('room-code').dataset.room = m.room;
        document.body.dataset.role = m.role;
        break;
      case 'room':
        this.room = m;
        document.body.dataset.roomStatus = m.status;
        this.redraw(false); // names and who is connected; keep a selection being made
        break;
      case 'state':
        if (m.duel !== this.duelNo) {
          this.duelNo = m.duel;
          this.board.clearLog();
        }
        if (m.prompt) { // fields the server leaves out when empty
          m.prompt.candidates ||= [];
          for (const o of m.prompt.options) { o.sel ||= []; o.cards ||= []; }
        }
        if ((this.state?.prompt?.n || 0) !== (m.prompt?.n || 0)) $('card-popup').hidden = true;
        this.state = m;
        document.body.classList.remove('sent');
        this.board.render(m);
        this.panel.render(m);
        this.renderResult();
        break;
      case 'error':
        document.body.classList.remove('sent');
        this.toast(m.msg);
        if (!$('lobby').hidden) $('lobby-error').textContent = m.msg;
        break;
      case 'closed':
        this.joined = null;
        this.state = null;
        this.room = null;
        this.duelNo = 0;
        $('room-code').hidden = true;
        $('result').hidden = true;
        $('prompt-panel').hidden = true;
        this.panel.n = 0;
        this.show('lobby');
        $('lobby-error').textContent = m.reason;
        break;
    }
  }

  // redraw draws the last state again (after a language switch or a room change), without
  // logging its events twice.
  redraw(panelToo = true) {
    const st = this.state;
    if (st) {
      this.board.render({ ...st, events: [] });
      if (panelToo) this.panel.n = 0; // a new language: draw the prompt again
      this.panel.render(st);
      this.renderResult();
    } else if (this.room && this.room.status === 'waiting') {
      $('status').textContent = `${t('waiting')}: ${this.room.room}`;
    }
  }

  renderResult() {
    const st = this.state;
    const box = $('result');
    if (!st || !st.result) {
      box.hidden = true;
      return;
    }
    box.replaceChildren();
    const r = st.result;
    let text;
    if (r.winner === 'draw') text = t('draw');
    else if (st.you) text = r.winner === st.you ? t('won') : t('lost');
    else text = t('winner', r.winner);
    const h = document.createElement('h2');
    h.textContent = text;
    const why = document.createElement('p');
    why.textContent = t('reason', r.reason);
    box.append(h, why);
    box.dataset.winner = r.winner;
    if (st.you) {
      const me = (this.room?.players || []).find((p) => p.seat === st.you);
      const again = document.createElement('button');
      again.className = 'primary';
      again.id = 'rematch';
      again.textContent = me && me.rematch ? t('rematch-wait') : t('rematch');
      again.addEventListener('click', () => this.send({ t: 'rematch' }));
      box.append(again);
    }
    const leave = document.createElement('button');
    leave.textContent = t('leave');
    leave.addEventListener('click', () => this.send({ t: 'leave' }));
    box.append(leave);
    box.hidden = false;
  }

  // --- lobby ---

  fillLobby() {
    const w = this.welcome;
    if (!w) return;
    const rs = $('ruleset');
    const cur = rs.value;
    rs.replaceChildren();
    for (const r of w.rulesets.filter((r) => r.playable)) {
      const o = new Option(`${r.id} — ${r.description}`, r.id);
      rs.append(o);
    }
    if (cur) rs.value = cur;
    const dk = $('deck');
    const curDeck = dk.value || 'yugi-40';
    dk.replaceChildren();
    for (const d of w.decks) dk.append(new Option(d, d));
    dk.append(new Option(t('paste-deck'), '*paste'));
    dk.value = curDeck;
    if (!$('time-limit').value) $('time-limit').value = w.timeLimit;
  }

  deckChoice() {
    const v = $('deck').value;
    if (v !== '*paste') return { precon: v };
    const text = $('deck-paste').value.trim();
    return text.startsWith('ydke://') ? { ydke: text } : { ydk: text };
  }

  // withName applies a changed name: the name is said in hello, so the connection is renewed.
  withName(then) {
    const name = $('name').value.trim();
    localStorage.setItem('duelist.name', name);
    $('lobby-error').textContent = '';
    if (name !== this.net.name) {
      this.net.name = name;
      this.net.welcomed = false;
      this.net.ws.close();
    }
    then();
  }

  bindLobby() {
    $('name').value = this.net.name;
    $('deck').addEventListener('change', () => { $('deck-paste').hidden = $('deck').value !== '*paste'; });
    $('create').addEventListener('click', () => this.withName(() => {
      const opponent = document.querySelector('input[name=opponent]:checked').value;
      this.send({
        t: 'create', ruleset: $('ruleset').value, deck: this.deckChoice(), opponent,
        timeLimit: Number($('time-limit').value) || 0,
      });
    }));
    $('join').addEventListener('click', () => this.withName(() => {
      this.send({ t: 'join', room: $('join-code').value.trim().toUpperCase(), deck: this.deckChoice() });
    }));
    $('watch').addEventListener('click', () => this.withName(() => {
      this.send({ t: 'watch', room: $('join-code').value.trim().toUpperCase() });
    }));
  }
}

const app = new App();
window.duelist = app; // for the console and the end-to-end test
loadCatalog().finally(() => app.start());
