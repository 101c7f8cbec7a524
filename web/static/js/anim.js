// Short animations of the events of an answer, played in order over the board once the new state
// is drawn: a card that moves flies from where it was to where it goes (drawn from the Deck to the
// hand, summoned or Set from the hand to its zone, destroyed, tributed, discarded or sent to the
// Graveyard, banished, returned), a summoned card lands, an attacker lunges at its target with a
// line, damage and LP gains rise as numbers over the LP, a destroyed card bursts at its old place,
// an activation shows its chain link number on the card; the board's chain stack (board.js) takes
// each activation on top and resolves from the top as the events play (onChain, onIdle). The
// speed is the localStorage setting "duelist.anim" (off, fast, normal, slow); Skip drops what is
// left. With prefers-reduced-motion nothing moves or scales: a flight or a landing is a glow at
// the card's new place, numbers fade in place (app.css "reduced motion"). Each event's sound cue
// (sound.js) plays with its animation; with animations off only the turn and win/lose cues play.
// window.duelistFx records what was shown ({k, fx, from, to}), for the end-to-end test.
import { cueFor, getSound, play as playCue } from './sound.js';
import { cardEl } from './cards.js';

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
  'damage', 'recover', 'pay-lp', 'destroy', 'activate', 'resolve', 'flip', 'tap', 'equip', 'negated',
  'tribute', 'discard', 'move', 'chain-end', 'summoning']);
/** Kinds whose card goes from one place to another (from, to): it flies there (a Normal Summon's
 * card moves with its "summoning", then lands with its "summon"). */
const MOVES = new Set(['draw', 'summoning', 'summon', 'special-summon', 'set', 'set-spell', 'destroy', 'tribute', 'discard', 'move']);
/** Kinds the chain stack follows. */
const CHAIN = new Set(['activate', 'resolve', 'negated', 'chain-end']);

/** @returns {boolean} the player asked for reduced motion (the system setting) */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** record notes an animation shown, for the end-to-end test. @param {any} e @param {string} fx */
function record(e, fx) {
  const w = /** @type {any} */ (window);
  (w.duelistFx ||= []).push({ k: e.k, fx, from: e.from || '', to: e.to || e.target || '', link: e.amount || 0 });
  if (w.duelistFx.length > 400) w.duelistFx.splice(0, 100);
}

/** @param {string} place @returns {string} the pile of a pile card's place ("A:H/2" -> "A:H") */
const pileOf = (place) => (place || '').split('/')[0];

/** snapshot returns where every card, zone and pile of the board is drawn, by place. */
export function snapshot() {
  /** @type {Map<string, DOMRect>} */
  const m = new Map();
  for (const n of document.querySelectorAll('#board [data-pile], #board [data-zone], #board .card[data-place]')) {
    if (!(n instanceof HTMLElement)) continue;
    const place = n.dataset.place || n.dataset.zone || n.dataset.pile || '';
    const r = n.getBoundingClientRect();
    if (place && r.width) m.set(place, r);
  }
  return m;
}
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

/** @param {Element | null} n @returns {DOMRect | null} */
function rectOf(n) {
  const r = n ? n.getBoundingClientRect() : null;
  return r && r.width ? r : null;
}

export class Animator {
  /** @param {() => string} [me] the viewer's seat ('' for a spectator), for the turn and win cues */
  constructor(me = () => '') {
    this.me = me;
    /** @type {any[]} */ this.queue = [];
    this.timer = 0;
    this.playing = false;
    /** @type {Map<string, DOMRect>} where the cards were drawn before the state being played */
    this.rects = new Map();
    /** @type {((e: any, ms: number) => void) | null} called with each chain event as it plays */
    this.onChain = null;
    /** @type {(() => void) | null} called when nothing is left to play (or on Skip) */
    this.onIdle = null;
    /** @type {Set<HTMLElement>} cards hidden while their flight lands on them */
    this.hidden = new Set();
  }

  /** @returns {boolean} animations are on (a speed other than off) */
  on() { return SPEEDS[getSpeed()] > 0; }

  /** @returns {boolean} chain events wait in the queue, to be played */
  chainQueued() { return this.queue.some((e) => CHAIN.has(e.k)); }

  /**
   * play queues a state's events. @param {any[]} events
   * @param {Map<string, DOMRect>} [rects] where the cards were drawn before the state (snapshot)
   */
  play(events, rects) {
    const sound = getSound().on;
    if (SPEEDS[getSpeed()] === 0) {
      if (sound) for (const e of events) if (SOUND_ONLY.has(e.k)) this.cue(e);
      this.onIdle?.();
      return;
    }
    if (rects) for (const [k, r] of rects) if (!this.rects.has(k) || !this.playing) this.rects.set(k, r);
    for (const e of events) if (ANIMATED.has(e.k) || (sound && SOUND_ONLY.has(e.k))) this.queue.push(e);
    if (this.queue.length > 40) this.queue.splice(0, this.queue.length - 40); // a long history: the end
    if (!this.playing) this.next();
  }

  /** skip drops the events not played yet. */
  skip() {
    this.queue = [];
    clearTimeout(this.timer);
    this.playing = false;
    this.rects.clear();
    document.querySelectorAll('.fx').forEach((n) => n.remove());
    for (const n of this.hidden) n.style.visibility = '';
    this.hidden.clear();
    document.body.classList.remove('animating');
    this.onIdle?.();
  }

  next() {
    const e = this.queue.shift();
    if (!e) {
      this.playing = false;
      this.rects.clear();
      document.body.classList.remove('animating');
      this.onIdle?.();
      return;
    }
    this.playing = true;
    document.body.classList.add('animating');
    const ms = SPEEDS[getSpeed()] || 1;
    document.documentElement.style.setProperty('--fx-ms', `${ms}ms`);
    this.cue(e);
    try { this.show(e, ms); } catch { /* an element that is gone: nothing to show */ }
    if (CHAIN.has(e.k)) { try { this.onChain?.(e, ms); } catch { /* the stack is redrawn at the end */ } }
    // A resolution holds a little longer: the link leaves the top of the stack before the next.
    this.timer = setTimeout(() => this.next(), e.k === 'resolve' || e.k === 'negated' ? ms * 1.5 : ms);
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
    const reduced = reducedMotion();
    if (MOVES.has(e.k)) {
      if (e.k === 'destroy') this.burst(placeEl(e.from), ms, e);
      if (reduced) { flash(placeEl(e.to), 'fx-glow'); record(e, 'glow'); } else this.fly(e, ms);
      return;
    }
    switch (e.k) {
      case 'flip-summon': case 'flip':
        flash(placeEl(e.to), reduced ? 'fx-glow' : 'fx-land'); record(e, reduced ? 'glow' : 'land'); break;
      case 'tap': flash(placeEl(e.to), 'fx-pulse'); break;
      case 'equip': flash(placeEl(e.to), 'fx-pulse'); flash(placeEl(e.target), 'fx-pulse'); break;
      case 'activate': {
        const n = placeEl(e.to || e.from);
        flash(n, 'fx-pulse');
        if (n) this.badge(n, String(e.amount || ''), 'fx-link', ms * 3);
        break;
      }
      case 'resolve': case 'negated': flash(placeEl(e.to || e.from), 'fx-pulse'); break;
      case 'attack': {
        const to = e.target ? placeEl(e.target)
          : document.querySelector(`#board .lp[data-seat="${e.defender || (e.seat[0] === 'A' ? 'B' : 'A')}"]`);
        this.line(placeEl(e.from), to, ms);
        record(e, 'line');
        if (!reduced) this.lunge(placeEl(e.from), to, ms, e);
        break;
      }
      case 'damage': case 'pay-lp': case 'recover': {
        const lp = /** @type {HTMLElement | null} */ (document.querySelector(`#board .lp[data-seat="${e.seat}"]`));
        if (lp) {
          this.badge(lp, (e.k === 'recover' ? '+' : '−') + (e.amount || 0), e.k === 'recover' ? 'fx-num up' : 'fx-num', ms * 2.5);
          this.countLP(lp, e.k === 'recover' ? -(e.amount || 0) : e.amount || 0, ms * 2);
        }
        break;
      }
    }
  }

  /**
   * countLP counts an LP figure down (or up) to the LP drawn, from what it was before the change.
   * @param {HTMLElement} lp @param {number} change the LP lost (negative: gained) @param {number} ms
   */
  countLP(lp, change, ms) {
    const m = /(\d+)\s*$/.exec(lp.textContent || '');
    if (!m || !change) return;
    const end = Number(m[1]), start = Math.max(0, end + change), head = (lp.textContent || '').slice(0, m.index);
    const t0 = performance.now();
    lp.classList.add('counting');
    record({ k: 'lp', from: String(start), to: String(end) }, 'count');
    const step = () => {
      if (!lp.isConnected) return;
      const f = Math.min(1, (performance.now() - t0) / ms);
      lp.textContent = head + Math.round(start + (end - start) * f);
      if (f < 1) requestAnimationFrame(step);
      else lp.classList.remove('counting');
    };
    requestAnimationFrame(step);
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

  /**
   * fly draws the card of a move flying from where it was (the snapshot before the state, or the
   * place a flight of this batch left it) to where it is now; the card at its new place is hidden
   * until the flight lands. @param {any} e @param {number} ms
   */
  fly(e, ms) {
    const to = placeEl(e.to);
    const dst = rectOf(to);
    const src = this.rects.get(e.from) || this.rects.get(pileOf(e.from)) || rectOf(placeEl(e.from)) ||
      (e.k === 'draw' ? rectOf(placeEl(pileOf(e.from) || `${e.seat}:D`)) : null);
    if (!to || !dst) return;
    this.rects.set(e.to, dst); // a later event of the batch moves it from here
    if (!src || e.from === e.to || (Math.abs(src.left - dst.left) < 2 && Math.abs(src.top - dst.top) < 2)) {
      to.classList.remove('fx-land'); void to.offsetWidth; to.classList.add('fx-land');
      setTimeout(() => to.classList.remove('fx-land'), ms * 2);
      record(e, 'land');
      return;
    }
    const ghost = to.classList.contains('card') ? /** @type {HTMLElement} */ (to.cloneNode(true))
      : cardEl({ code: e.code, place: e.to, pos: e.pos === 'set' ? 'set' : 'atk' });
    ghost.classList.add('fx', 'fx-fly');
    ghost.classList.remove('candidate-glow', 'actionable', 'fx-land', 'fx-draw', 'fx-pulse');
    Object.assign(ghost.style, { left: `${dst.left}px`, top: `${dst.top}px`, width: `${dst.width}px`, height: `${dst.height}px`,
      visibility: '' });
    const dx = src.left + src.width / 2 - (dst.left + dst.width / 2), dy = src.top + src.height / 2 - (dst.top + dst.height / 2);
    const sx = src.width / dst.width, sy = src.height / dst.height;
    document.body.append(ghost);
    if (to.classList.contains('card')) { to.style.visibility = 'hidden'; this.hidden.add(to); }
    const end = () => { ghost.remove(); if (this.hidden.delete(to)) to.style.visibility = ''; };
    try {
      const a = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: 0.85 },
        { transform: 'none', opacity: 1 }], { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
      a.onfinish = end;
    } catch { /* no Web Animations: the card is where it goes */ }
    setTimeout(end, ms + 50);
    record(e, 'fly');
  }

  /**
   * lunge moves an attacker a third of the way to its target and back.
   * @param {HTMLElement | null} a @param {Element | null} b @param {number} ms @param {any} e
   */
  lunge(a, b, ms, e) {
    const ra = rectOf(a), rb = rectOf(b);
    if (!a || !ra || !rb) return;
    const dx = (rb.left + rb.width / 2 - ra.left - ra.width / 2) / 3, dy = (rb.top + rb.height / 2 - ra.top - ra.height / 2) / 3;
    try {
      a.animate([{ translate: '0 0' }, { translate: `${dx}px ${dy}px`, offset: 0.4 }, { translate: '0 0' }],
        { duration: ms * 1.2, easing: 'ease-in-out' });
      record(e, 'lunge');
    } catch { /* no Web Animations */ }
  }

  /** @param {HTMLElement | null} n @param {number} ms @param {any} [e] */
  burst(n, ms, e) {
    if (!n) return;
    if (e) record(e, 'burst');
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
