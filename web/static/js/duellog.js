// The duel log: one sentence for every kind of engine event (engine/event.go), in the current
// language, naming the actor (the event's seat, by its player's name), the card, its target and
// the numbers. Entries keep the event and what was known when it came (the target's card), so the
// log is drawn again in another language, kept in sessionStorage across a reload, and replaced
// whole when the server sends the duel's past events (a state with "history").
import { cardName } from './cards.js';
import { EVENT_KINDS } from './events.js';
import { fill, t } from './i18n.js';

export { EVENT_KINDS };

const KEY = 'duelist.log';
/** Kinds that, while a chain link resolves (or an effect activates), are that effect's doing. */
const BY_EFFECT = new Set(['draw', 'move', 'special-summon', 'destroy', 'damage', 'recover', 'control',
  'modified', 'equip', 'set-face-down', 'reveal', 'confirm', 'position', 'flip', 'negated', 'target',
  'discard', 'pay-lp', 'shuffle', 'tap', 'set-spell', 'lp']);
const MAX = 2000;

/**
 * @typedef {{e: any, tcode?: number, stats?: string, src?: number}} Entry an event and what was known
 * of it: its target's card, battle numbers, the card whose effect made it happen
 */

/**
 * SEATS are the seats in the order of a view's seats: A and B, and a tag duel's partners A2 and
 * B2 (docs/tag.md).
 */
export const SEATS = ['A', 'B', 'A2', 'B2'];

/** @param {string} s a seat's name @returns {number} its index in a view's seats (0 if unknown) */
export function seatIndex(s) { return Math.max(0, SEATS.indexOf(s)); }

/** @param {string} s a seat's name @returns {string} the team it plays for, A or B */
export function teamOf(s) { return (s || 'A')[0]; }

/**
 * cardAt finds the card at a place of a view ("B:M2", "A:GY/3", "A:S1", a tag duel's "A2:M1").
 * @param {any} view @param {string} place @returns {any}
 */
export function cardAt(view, place) {
  if (!view || !place) return null;
  const m = /^([AB]2?):([A-Z]+)(\d*)(?:\/(\d+))?$/.exec(place);
  if (!m) return null;
  const sv = view.seats[seatIndex(m[1])];
  if (!sv) return null;
  const [, , zone, n, idx] = m;
  const pile = { H: sv.hand, GY: sv.gy, BN: sv.banished, X: sv.extraOwn, R: sv.resources }[zone];
  if (zone === 'M') return sv.monsters[+n - 1] || null;
  if (zone === 'S') return sv.spells[+n - 1] || null;
  if (zone === 'F') return sv.field;
  if (pile && idx !== undefined) return pile.find((/** @type {any} */ c) => c.place === place) || null;
  return null;
}

export class DuelLog {
  /** @param {(seat: string) => string} seatName @param {() => boolean} [kouhu] the duel is kouhu's */
  constructor(seatName, kouhu = () => false) {
    this.seatName = seatName;
    this.kouhu = kouhu;
    /** @type {Entry[]} */ this.entries = [];
    this.room = '';
    this.duel = 0;
    /** the card whose effect is being activated or resolved now (0: none) */
    this.effect = 0;
    /** the log is kept in sessionStorage for a reload (a replay viewer's log is not) */
    this.keep = true;
  }

  /** restore takes back the log kept for a room's duel (after a reload). @param {string} room */
  restore(room) {
    try {
      const s = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (s && s.room === room) {
        this.room = s.room;
        this.duel = s.duel;
        this.entries = s.entries || [];
        return true;
      }
    } catch { /* a log that does not read is dropped */ }
    return false;
  }

  save() {
    if (!this.keep) return;
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ room: this.room, duel: this.duel, entries: this.entries }));
    } catch { /* storage full: the log lives on in the page */ }
  }

  /**
   * add records a state's events. prev and view are the views before and after them: a target
   * is looked up in the view before (an attack's target may be gone after).
   * @param {string} room @param {any} st a state message @param {any} prev
   */
  add(room, st, prev) {
    if (room !== this.room || st.duel !== this.duel || st.history) {
      this.room = room;
      this.duel = st.duel;
      this.entries = [];
      this.effect = 0;
    }
    for (const e of st.events || []) {
      /** @type {Entry} */
      const en = { e };
      if (e.k === 'activate' || e.k === 'resolve') this.effect = e.code || 0;
      else if (e.k === 'chain-end' || e.k === 'turn' || e.k === 'phase') this.effect = 0;
      else if (this.effect && BY_EFFECT.has(e.k) && !e.battle && e.code !== this.effect) en.src = this.effect;
      if (e.target) {
        const c = cardAt(prev, e.target) || cardAt(st.view, e.target);
        if (c && c.code) en.tcode = c.code;
      }
      if (e.k === 'battle' && e.from && e.target) {
        // The battle's numbers: the attacker's ATK against the target's ATK or DEF, before it.
        const a = cardAt(prev, e.from) || cardAt(st.view, e.from);
        const d = cardAt(prev, e.target) || cardAt(st.view, e.target);
        // kouhu: a blocker's DEF takes the attacker's ATK.
        if (a && d && a.code && d.code) {
          const vs = d.pos === 'atk' && !this.kouhu() ? d.atk ?? 0 : d.def ?? 0;
          en.stats = `${a.atk ?? 0} vs ${vs}`;
        }
      }
      if (e.k === 'modified' && e.to) {
        const c = cardAt(st.view, e.to);
        if (c && c.code && /:M\d+$/.test(e.to)) en.stats = `${c.atk ?? 0}/${c.def ?? 0}`;
      }
      this.entries.push(en);
    }
    if (this.entries.length > MAX) this.entries.splice(0, this.entries.length - MAX);
    this.save();
  }

  clear() {
    this.entries = [];
    this.save();
  }

  /**
   * text words one entry in the current language.
   * @param {Entry} en @returns {string}
   */
  text(en) {
    const e = en.e;
    const other = e.defender || (e.seat[0] === 'A' ? 'B' : 'A'); // a tag duel names the opponent hit
    const hidden = e.k === 'set' || e.k === 'summoning' ? t('a-monster') : t('a-card');
    const f = {
      seat: this.seatName(e.seat), seat2: this.seatName(other), amount: e.amount ?? 0,
      card: e.code ? cardName(e.code) : /:R(\/|$)/.test(e.to || '') ? t('cost-card') : hidden,
      target: en.tcode ? cardName(en.tcode) : t('a-card'),
      phase: t('phase.' + (e.phase || '')), timing: t('timing.' + (e.timing || '')),
      pos: t('pos.' + (e.pos || 'atk')), from: placeName(e.from), to: placeName(e.to),
      stats: en.stats ? ` (${en.stats})` : '',
    };
    let key = e.k;
    switch (e.k) {
      case 'rps': {
        Object.assign(f, { a: this.seatName('A'), b: this.seatName('B'),
          ha: handName(Math.floor((e.amount || 0) / 3)), hb: handName((e.amount || 0) % 3) });
        break;
      }
      case 'coin': f.side = e.amount === 1 ? t('heads') : t('tails'); break;
      case 'declare': f.value = declared(e); break;
      case 'first': key = e.amount === 1 ? 'first-1' : 'first-0'; break;
      case 'attack': if (!e.target) key = 'attack-direct'; break;
      case 'battle': if (!e.target) key = 'battle-direct'; break;
      case 'damage': if (e.battle) key = 'damage-battle'; break;
      case 'destroy': if (e.battle) key = 'destroy-battle'; break;
      case 'win':
        if (e.amount === 1) key = 'win-draw';
        else if (this.seatName(e.seat + '2') !== e.seat + '2') { // a tag duel: the team wins (its partner is seated)
          key = 'win-team';
          f.seat2 = this.seatName(e.seat + '2');
        }
        break;
      case 'tap': key = (/:R\//.test(e.to || '') ? 'tap-cost-' : 'tap-') + (e.amount === 1 ? '1' : '0'); break;
      case 'out': if (e.from) key = 'out-card'; break;
      case 'move': if (/:R(\/|$)/.test(e.to || '') && /:H/.test(e.from || '')) key = 'resource'; break;
      case 'step': if (!e.timing) return t('phase.battle'); break;
    }
    const tmpl = t('ev.' + key);
    if (tmpl === 'ev.' + key) return e.k; // a kind without words would show as itself
    const line = fill(tmpl, f);
    return en.src ? `${line} ${t('by-effect', cardName(en.src))}` : line;
  }

  /**
   * render draws the whole log into an <ol>.
   * @param {HTMLElement} ol
   */
  render(ol) {
    const items = this.entries.map((en) => this.item(en));
    ol.replaceChildren(...items);
    ol.scrollTop = ol.scrollHeight;
  }

  /** append draws the last n entries after the ones drawn. @param {HTMLElement} ol @param {number} n */
  append(ol, n) {
    for (const en of this.entries.slice(-n)) ol.append(this.item(en));
    while (ol.children.length > MAX) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }

  /** @param {Entry} en */
  item(en) {
    const li = document.createElement('li');
    li.className = 'ev-' + en.e.k;
    li.dataset.k = en.e.k;
    if (en.e.seat) li.dataset.seat = en.e.seat;
    li.textContent = this.text(en);
    return li;
  }
}

/** @param {number} i 0 rock, 1 paper, 2 scissors */
function handName(i) {
  return t('verb.' + ['rock', 'paper', 'scissors'][i] || '');
}

/**
 * placeName words a place: "A:GY/2" -> "the GY", "B:M3" -> "a Monster Zone".
 * @param {string} [place]
 */
export function placeName(place) {
  if (!place) return t('place.');
  const m = /^[AB]\d?:([A-Z]+)/.exec(place);
  return m ? t('place.' + m[1]) : place;
}

/**
 * declared words what a declaration named (the event's "declare": "number:4", "attribute:DARK",
 * "attributes:LIGHT EARTH",
 * "type:Spellcaster" or "card" with the card's code).
 * @param {{declare?: string, code?: number}} e
 */
function declared(e) {
  const [kind, value = ''] = (e.declare || '').split(':');
  switch (kind) {
    case 'card': return e.code ? cardName(e.code) : t('a-card');
    case 'attribute': return t('attr.' + value);
    case 'attributes': return value.split(' ').map((a) => t('attr.' + a)).join(', ');
    case 'type': return t('race.' + value) === 'race.' + value ? value : t('race.' + value);
  }
  return value;
}
