// The board: both fields with every zone, the hands, the piles, LP, clocks, the phase bar, the
// chain and the duel log. Acting is select-then-verb: a card with actions glows; a click on it
// opens its zoom with the legal actions the engine listed for it. An attack picks its target on
// the board first (so it can be cancelled) and answers the target prompt that follows.
import { Animator, SPEEDS, getSpeed, setSpeed, snapshot } from './anim.js';
import { soundTool } from './sound.js';
import { cardEl, cardInfo, cardName } from './cards.js';
import { DuelLog, SEATS, cardAt, seatIndex } from './duellog.js';
import { t } from './i18n.js';
import { guestName, optionText } from './words.js';
import { concedeMatchButton } from './sidedeck.js';

const CARD_VERBS = new Set(['summon', 'set', 'flip', 'position', 'activate', 'special', 'attack',
  'resource', 'advance', 'advance-set', 'place']);
const PHASE_VERBS = ['battle', 'main2', 'end'];
const PHASES = ['draw', 'standby', 'main1', 'battle', 'main2', 'end'];
/** The chain setting (read by autopass.js): always ask, ask only when I can respond, never ask. */
export const CHAIN_KEY = 'duelist.chain';
const CHAIN_MODES = ['always', 'respond', 'never'];
/** Events that open a chain window or a decision: what a prompt answers. */
const CONTEXT = new Set(['activate', 'summon', 'special-summon', 'flip-summon', 'attack', 'summoning',
  'set-spell', 'set', 'phase', 'step', 'retarget', 'equip', 'target', 'destroy']);

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} tag @param {string} [cls] @param {string} [text] @returns {HTMLElement} */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// pileOf returns the pile part of a place ("A:H/3" -> "A:H"), or the place itself for zones.
const pileOf = (/** @type {string} */ place) => place.split('/')[0];

// sameCard reports whether an option's card is the clicked card: the same place, or, in a pile,
// the same card name (copies in one pile are one answer).
/** @param {any} oc @param {any} v */
function sameCard(oc, v) {
  if (oc.place === v.place) return true;
  return oc.place.includes('/') && pileOf(oc.place) === pileOf(v.place) && oc.code && oc.code === v.code;
}

export class Board {
  /** @param {any} app */
  constructor(app) {
    this.app = app;
    /** @type {any} */ this.state = null;
    /** @type {any} */ this.prevView = null;
    this.clockAt = 0;
    this.log = new DuelLog((s) => this.seatLabel(s), () => this.app.room?.ruleset === 'kouhu');
    this.anim = new Animator(() => this.state?.you || '');
    /** @type {any[]} the chain's links drawn in the stack: the state's, or, while the animations play, as far as they have come */
    this.chainShown = [];
    this.anim.onChain = (e, ms) => this.chainStep(e, ms);
    this.anim.onIdle = () => { if (this.state) { this.chainShown = this.state.chain || []; this.renderChain(); } };
    /** @type {Set<string>} the places of monsters an equip card of the view is attached to */
    this.equipped = new Set();
    /** @type {any} the last event a prompt may answer */
    this.context = null;
    /** @type {{from: string, target: string, n: number} | null} an attack whose target was picked on the board (n: the prompt it answered) */
    this.pendingAttack = null;
    /** @type {{prompt?: number, places: Set<string>, pick: (place: string) => void} | null} cards picked on the board */
    this.picking = null;
  }

  /** markCandidates makes the cards of the board that the picking may choose glow. */
  markCandidates() {
    for (const c of document.querySelectorAll('#board .card[data-place]')) {
      if (c instanceof HTMLElement) c.classList.toggle('candidate-glow', !!this.picking && this.picking.places.has(c.dataset.place));
    }
  }

  // me is the seat drawn at the bottom: the player's own, or A for spectators (its index in the
  // view's seats: A, B, and a tag duel's A2, B2).
  me() { return seatIndex(this.state.you); }

  /** @returns {boolean} the duel is a tag duel (four seats) */
  tag() { return (this.state?.view?.seats || []).length === 4; }

  /**
   * opponents are the indexes of the seats across the table: B (and B2 in a tag duel) for A's
   * team. @returns {number[]}
   */
  opponents() {
    const me = this.me();
    return this.tag() ? [me ^ 1, (me ^ 1) ^ 2].sort((a, b) => a - b) : [1 - me];
  }

  /**
   * seatLabel names a seat: its player's name ("Player", the server's name for a guest who gave
   * none, in the player's language), or its letter. @param {string} seat
   */
  seatLabel(seat) {
    const p = (this.app.room?.players || []).find((/** @type {any} */ x) => x.seat === seat);
    if (p && p.name === 'Player') return guestName();
    return p && p.name ? p.name : seat;
  }

  /** cardActions returns the options of my pending prompt that name the card. @param {any} v */
  cardActions(v) {
    const p = this.state && this.state.prompt;
    if (!p) return [];
    return p.options.filter((/** @type {any} */ o) => CARD_VERBS.has(o.verb) && o.cards && o.cards.some((/** @type {any} */ oc) => sameCard(oc, v)));
  }

  /**
   * take records a new state's events (log, the prompt's context) and queues their
   * animations. @param {any} st
   */
  take(st) {
    const room = this.app.joined?.room || this.app.room?.room || '';
    this.log.add(room, st, this.prevView);
    for (const e of st.events || []) {
      if (CONTEXT.has(e.k)) this.context = e;
      // A chain that resolved is over: a later prompt is not "about" one of its activations.
      else if (e.k === 'chain-end' && this.context && this.context.k === 'activate') this.context = null;
    }
    this.prevView = st.view;
  }

  /** @param {any} st @param {boolean} [fresh] the state brings new events */
  render(st, fresh = false) {
    const evs = fresh && !st.history ? st.events || [] : [];
    // Where the cards were, for the flights of the moves (anim.js), before the board is redrawn.
    const rects = evs.length && this.anim.on() && document.getElementById('board') ? snapshot() : undefined;
    this.state = st;
    this.clockAt = performance.now();
    if (fresh) this.take(st);
    // The chain stack follows the events as they play: it keeps what it shows until their
    // activations and resolutions come (chainStep), and takes the state's chain when they are done.
    const chainEvents = this.anim.on() && evs.some((e) => e.k === 'activate' || e.k === 'resolve' || e.k === 'negated' || e.k === 'chain-end');
    if (!chainEvents && !this.anim.chainQueued() && (fresh || !this.anim.playing)) this.chainShown = st.chain || [];
    this.equipped = new Set();
    for (const sv of st.view.seats) {
      for (const c of [...sv.spells, ...sv.monsters, sv.field]) if (c && c.equip) this.equipped.add(c.equip);
    }
    const me = this.me();
    const tag = this.tag();
    $('board')?.classList.toggle('tag', tag);
    // A tag duel (docs/tag.md): the player's own field bottom left, the partner's bottom right,
    // the opponent across top left and their partner top right. Every field, hand and pile is
    // shown as the view gives it (the partner's hand face down, as the rules keep it hidden).
    this.renderSide($('side-0'), me, false);
    this.renderSide($('side-1'), tag ? me ^ 1 : 1 - me, true);
    for (const [id, seat] of /** @type {[string, number][]} */ ([['side-2', me ^ 2], ['side-3', (me ^ 1) ^ 2]])) {
      const box = $(id);
      if (!box) continue;
      box.hidden = !tag;
      if (tag) this.renderSide(box, seat, id === 'side-3');
      else box.replaceChildren();
    }
    this.renderPhases();
    this.renderChain();
    this.renderStatus();
    this.renderTools();
    this.tick();
    this.renderLog(fresh ? (st.events || []).length : -1);
    if (fresh && !st.history) this.anim.play(st.events || [], rects);
    this.autoTarget();
  }

  /** @param {number} added entries added since the last draw; -1 draws the whole log again */
  renderLog(added) {
    const ol = $('log');
    if (!ol) return;
    if (added < 0 || ol.children.length !== this.log.entries.length - added) this.log.render(ol);
    else if (added > 0) this.log.append(ol, added);
  }

  /** @param {HTMLElement} box @param {number} seat @param {boolean} opp */
  renderSide(box, seat, opp) {
    const st = this.state;
    const sv = st.view.seats[seat];
    const letter = SEATS[seat];
    box.replaceChildren();
    box.dataset.seat = letter;
    const player = (this.app.room?.players || []).find((/** @type {any} */ p) => p.seat === letter);
    const info = el('div', 'info');
    const who = el('span', 'who', this.seatLabel(letter));
    who.title = this.seatLabel(letter); // the whole name, when the bar cuts it
    if (player && !player.connected && !player.ai) who.append(el('em', 'away', ' ' + t('away', '')));
    if (player && player.rematch && st.result) who.append(el('em', 'rematch-flag', ' ' + t('rematch-asked', '')));
    const lp = el('span', 'lp', `${t('lp')} ${sv.lp}`);
    lp.dataset.seat = letter;
    const clock = el('span', 'clock');
    clock.dataset.seat = letter;
    info.append(who, lp, clock, el('span', 'count', `${t('hand')} ${sv.hand.length}`));
    const hand = el('div', 'hand');
    for (const v of sv.hand) hand.append(this.cardNode(v));
    const field = el('div', 'field');
    const kouhu = this.app.room?.ruleset === 'kouhu' || !!sv.resources || sv.monsters.length > 5;
    // kouhu's zones have no bound: at least five are drawn, and one per card beyond.
    const pad = (/** @type {any[]} */ zs) => zs.length >= 5 ? zs : [...zs, ...Array(5 - zs.length).fill(null)];
    const mons = el('div', 'row monsters' + (kouhu ? ' open-row' : ''));
    pad(sv.monsters).forEach((v, i) => mons.append(this.zone(`${letter}:M${i + 1}`, v)));
    const spells = el('div', 'row spells' + (kouhu ? ' open-row' : ''));
    pad(sv.spells).forEach((v, i) => spells.append(this.zone(`${letter}:S${i + 1}`, v)));
    const piles = el('div', 'piles');
    piles.append(this.zone(`${letter}:F`, sv.field, 'F'));
    piles.append(this.pile(`${letter}:GY`, t('gy'), sv.gy, sv.gy.length));
    piles.append(this.pile(`${letter}:BN`, t('banished'), sv.banished, sv.banished.length));
    piles.append(this.pile(`${letter}:D`, t('deckN'), null, sv.deck));
    piles.append(this.pile(`${letter}:X`, t('extraN'), sv.extraOwn || null, sv.extra));
    const rows = el('div', 'rows');
    if (opp) rows.append(spells, mons);
    else rows.append(mons, spells);
    field.append(rows, piles);
    const parts = [field];
    if (kouhu) parts.push(this.resources(letter, sv.resources || []));
    parts.push(hand);
    if (opp) box.append(info, hand, ...parts.filter((p) => p !== hand).reverse());
    else box.append(...parts, info);
  }

  /**
   * resources draws kouhu's resource zone: every cost card, tapped ones turned, and the count of
   * untapped of all. @param {string} letter @param {any[]} cards
   */
  resources(letter, cards) {
    const box = el('div', 'resource-zone');
    box.dataset.pile = `${letter}:R`;
    const ready = cards.filter((v) => !v.tapped).length;
    const label = el('span', 'res-label', `${t('resources')} ${ready}/${cards.length}`);
    label.dataset.ready = String(ready);
    box.append(label);
    const list = el('div', 'res-cards');
    for (const v of cards) list.append(this.cardNode(v));
    box.append(list);
    return box;
  }

  /** @param {string} place @param {any} v @param {string} [label] */
  zone(place, v, label) {
    const z = el('div', 'zone');
    z.dataset.zone = place;
    if (v) {
      z.append(this.cardNode(v));
      const mon = v.equip; // the view names the monster a face-up equip card is attached to
      if (mon) {
        // The link is drawn (two rings), not a glyph: ⛓ is an empty box in common fonts.
        const link = el('span', 'equip-link');
        link.innerHTML = '<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><g fill="none" stroke="currentColor" stroke-width="2.2"><ellipse cx="5.5" cy="10.5" rx="3.4" ry="2.4" transform="rotate(-45 5.5 10.5)"/><ellipse cx="10.5" cy="5.5" rx="3.4" ry="2.4" transform="rotate(-45 10.5 5.5)"/></g></svg>';
        link.setAttribute('role', 'img');
        link.setAttribute('aria-label', t('equipped-to', cardName(cardAt(this.state.view, mon)?.code)));
        link.title = t('equipped-to', cardName(cardAt(this.state.view, mon)?.code));
        z.append(link);
        z.dataset.equips = mon;
      }
      if (this.equipped.has(place)) z.classList.add('equipped');
      if (v.materials && v.materials.length) {
        const under = el('div', 'under');
        for (let i = 0; i < Math.min(v.materials.length, 4); i++) under.append(el('span', 'mat-edge'));
        z.prepend(under);
      }
    } else if (label) z.append(el('span', 'zone-label', label));
    return z;
  }

  /** @param {string} place @param {string} label @param {any[] | null} cards @param {number} count */
  pile(place, label, cards, count) {
    const p = el('div', 'pile');
    p.dataset.pile = place;
    const top = el('div', 'pile-top');
    if (cards && cards.length) top.append(this.cardNode(cards[cards.length - 1], true));
    else if (count) top.append(el('div', 'card back'));
    p.append(top, el('span', 'pile-label', `${label} ${count}`));
    if (cards) {
      p.classList.add('open');
      p.addEventListener('click', () => this.showPile(label, cards));
    }
    if (cards && cards.some((v) => this.cardActions(v).length)) p.classList.add('actionable');
    return p;
  }

  /** @param {any} v @param {boolean} [inPile] */
  cardNode(v, inPile) {
    const c = cardEl(v);
    const acts = this.cardActions(v);
    if (acts.length) {
      c.classList.add('actionable');
      c.dataset.verbs = [...new Set(acts.map((/** @type {any} */ o) => o.verb))].join(' ');
    }
    if (this.picking && this.picking.places.has(v.place)) c.classList.add('candidate-glow');
    if (!inPile) {
      c.addEventListener('click', (e) => {
        e.stopPropagation();
        if (this.picking) {
          if (this.picking.places.has(v.place)) this.picking.pick(v.place);
          return;
        }
        // A monster whose one action is its attack picks the target at once: an attack on a
        // monster is two clicks (attacker, target). Its zoom is the pick bar's Details button.
        const only = this.cardActions(v);
        if (only.length === 1 && only[0].verb === 'attack' && this.pickAttack(v, only[0], this.state.prompt.n)) return;
        this.showCard(v);
      });
    }
    return c;
  }

  /** showCard opens a card's zoom with its actions. @param {any} v */
  showCard(v) {
    const pop = $('card-popup');
    pop.replaceChildren();
    const inner = el('div', 'popup-inner');
    inner.append(cardInfo(v));
    const acts = el('div', 'actions');
    const opts = this.cardActions(v);
    const n = this.state.prompt ? this.state.prompt.n : 0;
    for (const o of opts) {
      let label = t('verb.' + o.verb);
      if (o.n) label += ` ${o.n}`;
      const b = el('button', 'action', label);
      b.dataset.verb = o.verb;
      b.dataset.i = o.i;
      if (o.effect) b.title = optionText(o.effect);
      b.addEventListener('click', () => {
        pop.hidden = true;
        $('pile-popup').hidden = true;
        if (o.verb === 'attack' && this.pickAttack(v, o, n)) return;
        this.app.answer({ i: o.i }, n);
      });
      acts.append(b);
      if (o.effect) acts.append(el('div', 'effect-desc', optionText(o.effect)));
    }
    if (!opts.length && v.code) acts.append(el('p', 'hint', t('no-actions')));
    const close = el('button', 'close', t('close'));
    close.addEventListener('click', () => { pop.hidden = true; });
    inner.append(acts, close);
    pop.append(inner);
    pop.hidden = false;
  }

  /**
   * pickAttack lets the player pick the attack's target on the board (the opponent's monsters
   * glow) or attack directly, before anything is sent; Cancel takes the attack back. Against
   * kouhu (attacks go to the player) and with no monster to attack, the attack is sent at once.
   * @param {any} v @param {any} o @param {number} n @returns {boolean} the pick is open
   */
  pickAttack(v, o, n) {
    const st = this.state;
    if (this.app.room?.ruleset === 'kouhu') return false;
    const targets = this.opponents().flatMap((s) => st.view.seats[s].monsters.filter((/** @type {any} */ m) => m));
    if (!targets.length) return false;
    const bar = $('pick-bar');
    const done = () => { this.picking = null; bar.hidden = true; this.render(this.state); };
    this.picking = {
      places: new Set(targets.map((/** @type {any} */ m) => m.place)),
      pick: (/** @type {string} */ place) => {
        // Kept past the redraw of done(): the prompt answered (n) is still the board's, and
        // autoTarget waits for the target prompt that the answer brings.
        done();
        this.pendingAttack = { from: v.place, target: place, n };
        this.app.answer({ i: o.i }, n);
      },
    };
    bar.replaceChildren(el('span', 'pick-title', t('pick-target', cardName(v.code))));
    const info = el('button', 'details', t('details'));
    info.id = 'attack-details';
    info.addEventListener('click', () => { done(); this.showCard(v); });
    bar.append(info);
    const cancel = el('button', 'cancel', t('attack-cancel'));
    cancel.id = 'attack-cancel';
    cancel.addEventListener('click', done);
    bar.append(cancel);
    bar.hidden = false;
    this.render(st);
    return true;
  }

  // autoTarget answers the target prompt of an attack whose target was picked on the board.
  autoTarget() {
    const st = this.state;
    const p = st.prompt;
    const pa = this.pendingAttack;
    if (!pa || !p || p.n === pa.n) return; // the attack's own prompt: its answer is on its way
    if (p.kind !== 'target') {
      if (p.kind !== 'chain') this.pendingAttack = null; // the attack went another way
      return;
    }
    this.pendingAttack = null;
    const j = p.candidates.findIndex((/** @type {any} */ c) => c.place === pa.target);
    const o = p.options.find((/** @type {any} */ x) => x.verb === 'select' && x.sel.length === 1 && x.sel[0] === j);
    if (o) this.app.answer({ i: o.i }, p.n);
  }

  /** @param {string} label @param {any[]} cards */
  showPile(label, cards) {
    const pop = $('pile-popup');
    pop.replaceChildren();
    const inner = el('div', 'popup-inner');
    inner.append(el('h3', '', `${label} (${cards.length})`));
    const list = el('div', 'pile-list');
    for (const v of [...cards].reverse()) list.append(this.cardNode(v));
    const close = el('button', 'close', t('close'));
    close.addEventListener('click', () => { pop.hidden = true; });
    inner.append(list, close);
    pop.append(inner);
    pop.hidden = false;
  }

  renderPhases() {
    const st = this.state;
    const bar = $('phases');
    bar.replaceChildren(el('span', 'turn', t('turn', st.view.turn)));
    for (const ph of PHASES) {
      const s = el('span', 'phase' + (st.view.phase === ph ? ' current' : ''), t('phase.' + ph));
      s.dataset.phase = ph;
      bar.append(s);
    }
    const p = st.prompt;
    if (p && (p.kind === 'idle' || p.kind === 'battle')) {
      for (const verb of PHASE_VERBS) {
        const o = p.options.find((/** @type {any} */ x) => x.verb === verb);
        if (!o) continue;
        const b = el('button', 'phase-btn', t('verb.' + verb));
        b.dataset.verb = verb;
        b.dataset.i = o.i;
        b.addEventListener('click', () => this.app.answer({ i: o.i }, p.n));
        bar.append(b);
      }
    }
    if (st.you && !st.result) {
      const c = el('button', 'concede', t('concede'));
      c.addEventListener('click', () => { if (confirm(t('concede-q'))) this.app.concede(); });
      bar.append(c);
      const cm = concedeMatchButton(this.app); // a best-of-3 match: concede it all
      if (cm) bar.append(cm);
    }
  }

  // renderTools draws the chain setting, the animation speed, the sound and Skip.
  renderTools() {
    const box = $('duel-tools');
    if (!box) return;
    box.replaceChildren();
    const sel = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string[]} */ vals,
      /** @type {string} */ cur, /** @type {(v: string) => string} */ name, /** @type {(v: string) => void} */ set) => {
      const l = el('label', 'tool');
      const s = /** @type {HTMLSelectElement} */ (el('select'));
      s.id = id;
      for (const v of vals) {
        const op = /** @type {HTMLOptionElement} */ (el('option', '', name(v)));
        op.value = v;
        s.append(op);
      }
      s.value = cur;
      s.addEventListener('change', () => set(s.value));
      l.append(el('span', '', label), s);
      box.append(l);
    };
    if (this.state.you) {
      sel('chain-mode', t('chain-setting'), CHAIN_MODES, localStorage.getItem(CHAIN_KEY) || 'respond',
        (v) => t('chain-' + v), (v) => localStorage.setItem(CHAIN_KEY, v));
    }
    sel('anim-speed', t('anim-speed'), Object.keys(SPEEDS), getSpeed(), (v) => t('anim-' + v), (v) => setSpeed(v));
    const skip = el('button', 'skip', t('skip'));
    skip.id = 'anim-skip';
    skip.addEventListener('click', () => this.anim.skip());
    box.append(soundTool(t), skip);
  }

  /**
   * chainStep plays one chain event on the stack: an activation goes on top, a resolution (or a
   * negation) lights the top link and takes it off, the chain's end empties it.
   * @param {any} e @param {number} ms
   */
  chainStep(e, ms) {
    if (e.k === 'chain-end') this.chainShown = [];
    else if (e.k === 'activate') {
      const link = { link: e.amount, seat: e.seat, code: e.code, place: e.to || e.from };
      this.chainShown = [...this.chainShown.filter((l) => l.link < e.amount), link];
      this.renderChain(e.amount);
      return;
    } else {
      const li = document.querySelector(`#chain .link[data-link="${e.amount}"]`);
      if (li) li.classList.add(e.k === 'negated' ? 'negated' : 'resolving');
      setTimeout(() => {
        if (!this.anim.playing && this.chainShown === (this.state?.chain || [])) return; // done: the state's chain is drawn
        this.chainShown = this.chainShown.filter((l) => l.link < e.amount);
        this.renderChain();
      }, ms);
      return;
    }
    this.renderChain();
  }

  /**
   * renderChain draws the chain as a stack: the newest link on top, each numbered, with its card
   * and its player; link numbers on the cards too. @param {number} [added] a link just activated
   */
  renderChain(added = 0) {
    const box = $('chain');
    if (!box) return;
    box.replaceChildren();
    const chain = this.chainShown || [];
    document.querySelectorAll('.chain-no').forEach((n) => n.remove());
    box.dataset.links = String(chain.length);
    if (!chain.length) return;
    box.append(el('span', 'chain-title', `${t('chain')} ${chain.length}`));
    const stack = el('ol', 'chain-stack');
    const shown = [...chain].reverse(); // the newest first: on top
    const max = window.innerHeight < 500 ? 3 : 5;
    for (const l of shown.slice(0, max)) {
      const link = el('li', 'link' + (l.link === added ? ' added' : ''));
      link.dataset.seat = l.seat;
      link.dataset.link = String(l.link);
      link.append(el('span', 'link-no', String(l.link)), el('span', 'link-name', cardName(l.code)),
        el('span', 'link-who', this.seatLabel(l.seat)));
      link.title = `${l.link}. ${cardName(l.code)} (${this.seatLabel(l.seat)})`;
      stack.append(link);
    }
    if (shown.length > max) stack.append(el('li', 'link more', t('chain-more', shown.length - max)));
    box.append(stack);
    for (const l of chain) {
      // The link's number on the card itself.
      const card = document.querySelector(`#board .card[data-place="${l.place}"]`);
      if (card) card.append(el('span', 'chain-no', String(l.link)));
    }
  }

  renderStatus() {
    const st = this.state;
    const box = $('status');
    let s = '';
    if (st.result) s = '';
    else if (st.prompt) s = t('your-turn');
    else if (st.waiting) s = st.you ? t('opp-turn') : t('wait-seat', this.seatLabel(st.waiting));
    box.textContent = s;
    document.body.classList.toggle('my-prompt', !!st.prompt);
  }

  // tick redraws the clocks from the last state and the time since it came.
  tick() {
    const st = this.state;
    if (!st) return;
    const since = st.result ? 0 : performance.now() - this.clockAt;
    for (const c of document.querySelectorAll('.clock')) {
      if (!(c instanceof HTMLElement)) continue;
      const seat = c.dataset.seat;
      let ms = st.clocks[seat];
      if (typeof ms !== 'number') { // a bank the view does not give (the partners of a tag duel logged before migration 00056)
        c.textContent = '—';
        continue;
      }
      if (st.clocks.running === seat) ms = Math.max(0, ms - since);
      const s = Math.ceil(ms / 1000);
      c.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      c.classList.toggle('running', st.clocks.running === seat);
      c.classList.toggle('low', s <= 30);
    }
  }

  /** contextText words the event the pending prompt answers ("Kaiba summons Blue-Eyes ..."). */
  contextText() {
    return this.context ? this.log.text({ e: this.context, tcode: this.contextTarget() }) : '';
  }

  contextTarget() {
    const e = this.context;
    if (!e || !e.target) return undefined;
    const c = cardAt(this.prevView, e.target) || cardAt(this.state?.view, e.target);
    return c && c.code;
  }

  clearLog() {
    this.log.clear();
    this.context = null;
    const ol = $('log');
    if (ol) ol.replaceChildren();
  }
}
