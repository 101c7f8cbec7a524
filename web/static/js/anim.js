// Short animations of the events of an answer, played in order over the board once the new state
// is drawn: a drawn card slides in, a summoned or set card lands, an attack draws a line to its
// target, damage and LP gains rise as numbers over the LP, a destroyed card bursts at its old
// place, an activation shows its chain link number on the card. The speed is the localStorage
// setting "duelist.anim" (off, fast, normal, slow); Skip drops what is left. Each event's sound cue
// (sound.js) plays with its animation; with animations off only the turn and win/lose cues play.
import { cueFor, getSound, play as playCue } from './sound.js';

/** Milliseconds per event by speed. */
export const SPEEDS = { off: 0, fast: 160, normal: 360, slow: 720 };

/** @returns {keyof typeof SPEEDS} */
export function getSpeed() {
  const s = localStorage.getItem('duelist.anim') || 'normal';
  return s in SPEEDS ? /** @type {any} */ (s) : 'normal';
}

/** @param {string} s */
export function setSpeed(s) { localStorage.setItem('duelist.anim', s); }

/** Kinds that get an animation; the others pass at once. */
const ANIMATED = new Set(['draw', 'summon', 'special-summon', 'flip-summon', 'set', 'set-spell', 'attack',
  'damage', 'recover', 'pay-lp', 'destroy', 'activate', 'resolve', 'flip', 'tap', 'equip', 'negated']);
/** Kinds with a sound but no animation: queued only while sound is on. */
const SOUND_ONLY = new Set(['turn', 'win']);

/**
 * @param {string} place @returns {HTMLElement | null} the element drawn for a place: a card
 * (hand, zone) or its zone, or its pile
 */
function placeEl(place) {
  if (!place) return null;
  const q = (/** @type {string} */ s) => /** @type {HTMLElement | null} */ (document.querySelector(s));
  const card = q(`#board .card[data-place="${place}"]`);
  if (card) return card;
  const zone = q(`#board [data-zone="${place}"]`);
  if (zone) return zone;
  const pile = place.split('/')[0];
  return q(`#board [data-pile="${pile}"]`);
}

export class Animator {
  /** @param {() => string} [me] the viewer's seat ('' for a spectator), for the turn and win cues */
  constructor(me = () => '') {
    this.me = me;
    /** @type {any[]} */ this.queue = [];
    this.timer = 0;
    this.playing = false;
  }

  /** play queues a state's events. @param {any[]} events */
  play(events) {
    const sound = getSound().on;
    if (SPEEDS[getSpeed()] === 0) {
      if (sound) for (const e of events) if (SOUND_ONLY.has(e.k)) this.cue(e);
      return;
    }
    for (const e of events) if (ANIMATED.has(e.k) || (sound && SOUND_ONLY.has(e.k))) this.queue.push(e);
    if (this.queue.length > 40) this.queue.splice(0, this.queue.length - 40); // a long history: the end
    if (!this.playing) this.next();
  }

  /** skip drops the events not played yet. */
  skip() {
    this.queue = [];
    clearTimeout(this.timer);
    this.playing = false;
    document.querySelectorAll('.fx').forEach((n) => n.remove());
    document.body.classList.remove('animating');
  }

  next() {
    const e = this.queue.shift();
    if (!e) {
      this.playing = false;
      document.body.classList.remove('animating');
      return;
    }
    this.playing = true;
    document.body.classList.add('animating');
    const ms = SPEEDS[getSpeed()] || 1;
    document.documentElement.style.setProperty('--fx-ms', `${ms}ms`);
    this.cue(e);
    try { this.show(e, ms); } catch { /* an element that is gone: nothing to show */ }
    this.timer = setTimeout(() => this.next(), ms);
  }

  /** cue plays the event's sound, if it has one. @param {any} e */
  cue(e) {
    const name = cueFor(e, this.me());
    if (name) { try { playCue(name, e.amount || 0); } catch { /* no audio: the duel goes on */ } }
  }

  /** @param {any} e @param {number} ms */
  show(e, ms) {
    const flash = (/** @type {HTMLElement | null} */ n, /** @type {string} */ cls) => {
      if (!n) return;
      n.classList.remove(cls);
      void n.offsetWidth; // restart the animation
      n.classList.add(cls);
      setTimeout(() => n.classList.remove(cls), ms * 2);
    };
    switch (e.k) {
      case 'draw': flash(placeEl(e.to), 'fx-draw'); break;
      case 'summon': case 'special-summon': case 'flip-summon': case 'set': case 'set-spell': case 'flip':
        flash(placeEl(e.to), 'fx-land'); break;
      case 'tap': flash(placeEl(e.to), 'fx-pulse'); break;
      case 'equip': flash(placeEl(e.to), 'fx-pulse'); flash(placeEl(e.target), 'fx-pulse'); break;
      case 'activate': {
        const n = placeEl(e.to || e.from);
        flash(n, 'fx-pulse');
        if (n) this.badge(n, String(e.amount || ''), 'fx-link', ms * 3);
        break;
      }
      case 'resolve': case 'negated': flash(placeEl(e.to || e.from), 'fx-pulse'); break;
      case 'destroy': this.burst(placeEl(e.from), ms); break;
      case 'attack': this.line(placeEl(e.from), e.target ? placeEl(e.target)
        : document.querySelector(`#board .side[data-seat="${e.seat === 'A' ? 'B' : 'A'}"] .lp`), ms); break;
      case 'damage': case 'pay-lp': case 'recover': {
        const lp = /** @type {HTMLElement | null} */ (document.querySelector(`#board .lp[data-seat="${e.seat}"]`));
        if (lp) this.badge(lp, (e.k === 'recover' ? '+' : '−') + (e.amount || 0), e.k === 'recover' ? 'fx-num up' : 'fx-num', ms * 2.5);
        break;
      }
    }
  }

  /** @param {HTMLElement} n @param {string} text @param {string} cls @param {number} life */
  badge(n, text, cls, life) {
    const r = n.getBoundingClientRect();
    const b = document.createElement('div');
    b.className = 'fx ' + cls;
    b.textContent = text;
    b.style.left = `${r.left + r.width / 2}px`;
    b.style.top = `${r.top + r.height / 2}px`;
    document.body.append(b);
    setTimeout(() => b.remove(), life);
  }

  /** @param {HTMLElement | null} n @param {number} ms */
  burst(n, ms) {
    if (!n) return;
    const r = n.getBoundingClientRect();
    const b = document.createElement('div');
    b.className = 'fx fx-burst';
    Object.assign(b.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    document.body.append(b);
    setTimeout(() => b.remove(), ms * 2);
  }

  /** @param {Element | null} a @param {Element | null} b @param {number} ms */
  line(a, b, ms) {
    if (!a || !b) return;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const x1 = ra.left + ra.width / 2, y1 = ra.top + ra.height / 2;
    const x2 = rb.left + rb.width / 2, y2 = rb.top + rb.height / 2;
    const len = Math.hypot(x2 - x1, y2 - y1);
    const l = document.createElement('div');
    l.className = 'fx fx-line';
    Object.assign(l.style, { left: `${x1}px`, top: `${y1}px`, width: `${len}px`,
      transform: `rotate(${Math.atan2(y2 - y1, x2 - x1)}rad)` });
    document.body.append(l);
    setTimeout(() => l.remove(), ms * 2);
  }
}
