// The lighter wire of protocol version 2 (docs/protocol.md "Deltas"): the server sends the board
// (a whole "state") once and then a "delta" per change. Wire applies each delta to the last state,
// making a new state object (the old one is not changed: the log and the animations read the view
// before an answer), and checks it: a delta must follow the state it builds on (seq), and the view
// it makes must have the hash the server gives (viewHash, as server/wire.go makes it). A gap or
// another hash asks the server for the board. The counts are kept for the e2e test
// (window.duelist.wire).

/** @typedef {import('./protocol.js').State} State */
/** @typedef {import('./protocol.js').Delta} Delta */
/** @typedef {import('./protocol.js').View} View */
/** @typedef {import('./protocol.js').SeatView} SeatView */
/** @typedef {import('./protocol.js').CardView} CardView */
/** @typedef {import('./protocol.js').ChainLink} ChainLink */

const SEATS = ['A', 'B', 'A2', 'B2'];

/** The lists of a seat in the order the hash walks them, and their places' pile codes. */
const LISTS = /** @type {const} */ (['hand', 'monsters', 'spells', 'gy', 'banished', 'extraOwn', 'resources']);
/** @type {Record<string, string>} */
const PILES = { hand: 'H', gy: 'GY', banished: 'BN', extraOwn: 'X', resources: 'R' };

/**
 * derived is the place of index i of seat s's list: "A:M2" for a zone, "B:GY/0" for a pile.
 * @param {number} s @param {string} list @param {number} i
 */
export function derived(s, list, i) {
  const seat = SEATS[s];
  if (list === 'monsters') return `${seat}:M${i + 1}`;
  if (list === 'spells') return `${seat}:S${i + 1}`;
  return `${seat}:${PILES[list]}/${i}`;
}

const encoder = new TextEncoder();

/** FNV-1a, 32 bits, written byte by byte. */
class FNV {
  constructor() { this.h = 0x811c9dc5; }
  /** @param {number} b */
  byte(b) { this.h = Math.imul(this.h ^ b, 16777619) >>> 0; return this; }
  /** @param {string} s */
  str(s) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) { for (const b of encoder.encode(s.slice(i))) this.byte(b); return this; }
      this.byte(c);
    }
    return this;
  }
  /** four bytes, least significant first @param {number} v */
  u32(v) { return this.byte(v & 255).byte((v >>> 8) & 255).byte((v >>> 16) & 255).byte((v >>> 24) & 255); }
}

/**
 * cardText writes a card as the hash reads it: place (empty when derived), code, pos, atk, def,
 * level, tapped, equip, counters ("name:n" by name, comma-separated), materials ("[...]" each).
 * @param {FNV} h @param {CardView} c @param {boolean} isDerived
 */
function cardText(h, c, isDerived) {
  if (!isDerived) h.str(c.place || '');
  h.str(`|${c.code || 0}|${c.pos || ''}|${c.atk || 0}|${c.def || 0}|${c.level || 0}|${c.tapped ? 1 : 0}|${c.equip || ''}|`);
  const names = Object.keys(c.counters || {}).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  h.str(names.map((k) => `${k}:${/** @type {Record<string, number>} */ (c.counters)[k]}`).join(','));
  h.str('|');
  for (const m of c.materials || []) { h.str('['); cardText(h, m, false); h.str(']'); }
  return h;
}

/**
 * cardHash is a card's hash: 0 for an empty zone, never 0 for a card.
 * @param {CardView | null | undefined} c @param {boolean} isDerived
 */
function cardHash(c, isDerived) {
  if (!c) return 0;
  return cardText(new FNV(), c, isDerived).h || 1;
}

/**
 * viewHash is the hash of a view and chain (docs/protocol.md "The view's hash"), as 8 hex digits.
 * @param {View} v @param {ChainLink[]} chain
 */
export function viewHash(v, chain) {
  const h = new FNV().str(`${v.turn}|${v.turnPlayer}|${v.phase}|${v.timing || ''}`);
  v.seats.forEach((sv, s) => {
    h.str(`#${sv.lp},${sv.deck},${sv.extra}`);
    for (const l of LISTS) {
      h.byte(59); // ';'
      (sv[l] || []).forEach((/** @type {CardView | null} */ c, /** @type {number} */ i) => h.u32(cardHash(c, !!c && c.place === derived(s, l, i))));
    }
    h.byte(59).u32(cardHash(sv.field, !!sv.field && sv.field.place === `${SEATS[s]}:F`));
  });
  const ch = new FNV();
  for (const l of chain || []) ch.str(`${l.link},${l.seat},${l.code},${l.place};`);
  h.byte(35).u32(ch.h); // '#'
  return h.h.toString(16).padStart(8, '0');
}

/**
 * spliceList applies [at, del, card...] to a list and gives back a new one: a card the delta
 * sends without a place takes its index's, and a card after the splice whose place was its old
 * index's takes its new index's.
 * @param {(CardView | null)[]} list @param {any[]} op @param {number} s @param {string} name
 */
function spliceList(list, op, s, name) {
  const [at, del, ...add] = op;
  if (!Number.isInteger(at) || !Number.isInteger(del) || at < 0 || del < 0 || at + del > list.length) {
    throw new Error(`bad splice ${JSON.stringify(op.slice(0, 2))} of ${name} (${list.length})`);
  }
  const out = [...list.slice(0, at), ...add, ...list.slice(at + del)];
  for (let i = at; i < out.length; i++) {
    const c = out[i];
    if (!c) continue;
    if (i < at + add.length) { if (!c.place) c.place = derived(s, name, i); continue; }
    const j = i - add.length + del;
    if (j !== i && c.place === derived(s, name, j)) out[i] = { ...c, place: derived(s, name, i) };
  }
  return out;
}

/**
 * applyDelta returns the state a delta makes of st; st is not changed (lists that change are
 * new arrays, cards that move new objects).
 * @param {State} st @param {Delta} d @returns {State}
 */
export function applyDelta(st, d) {
  /** @type {State} */
  const next = {
    ...st, seq: d.seq, events: d.events || [], history: false, prompt: d.prompt || null,
    waiting: d.waiting || '', clocks: { ...d.clocks, running: d.clocks.running || '', limit: st.clocks.limit },
    chain: d.chain || st.chain, hash: d.hash || st.hash,
  };
  if (d.result) next.result = d.result; else delete next.result;
  const p = d.view;
  if (!p) return next;
  /** @type {View} */
  const v = { ...st.view, seats: [...st.view.seats] };
  if (p.turn !== undefined) v.turn = p.turn;
  if (p.turnPlayer !== undefined) v.turnPlayer = p.turnPlayer;
  if (p.phase !== undefined) v.phase = p.phase;
  if (p.timing !== undefined) { if (p.timing) v.timing = p.timing; else delete v.timing; }
  (p.seats || []).forEach((sp, s) => {
    if (!sp) return;
    /** @type {any} */
    const sv = { ...v.seats[s] };
    for (const [k, x] of Object.entries(sp)) {
      if (k === 'lp' || k === 'deck' || k === 'extra') sv[k] = x;
      else if (k === 'field') sv.field = x ? { place: `${SEATS[s]}:F`, ...x } : null;
      else if (LISTS.includes(/** @type {any} */ (k))) {
        sv[k] = spliceList(sv[k] || [], /** @type {any[]} */ (x), s, k);
        if ((k === 'extraOwn' || k === 'resources') && sv[k].length === 0) delete sv[k];
      } else throw new Error(`unknown seat field ${k}`);
    }
    v.seats[s] = sv;
  });
  next.view = v;
  return next;
}

/** Wire holds the version 2 conversation's checks and counts. */
export class Wire {
  /** @param {(m: object) => void} send sends a client message */
  constructor(send) {
    this.send = send;
    this.boards = 0;
    this.deltas = 0;
    this.gaps = 0; // deltas that did not follow the state held
    this.resyncs = 0; // deltas whose view had another hash
    this.asked = false; // a board was asked for and has not come yet
  }

  /** board notes a state (a board): deltas build on it now. @param {State} st */
  board(st) {
    this.boards++;
    this.asked = false;
    if (st.hash && viewHash(st.view, st.chain) !== st.hash) {
      this.resyncs++; // a board the client reads differently: nothing more to ask for
      console.warn('duelist: the board does not have the hash the server gives');
    }
  }

  /**
   * take applies a delta to the state held and returns the new state, or null when it does not
   * follow it (the board is asked for). A view with another hash is returned (its prompt is
   * right) and the board asked for.
   * @param {State | null} st @param {Delta} d @returns {State | null}
   */
  take(st, d) {
    if (!st || d.seq !== st.seq + 1) {
      if (!this.asked) { this.gaps++; this.ask(); }
      return null;
    }
    let next;
    try {
      next = applyDelta(st, d);
    } catch (e) {
      console.warn('duelist: a delta did not apply:', e);
      this.resyncs++;
      if (!this.asked) this.ask();
      return null;
    }
    this.deltas++;
    // A delta that changes neither view nor chain has no hash: the last one holds.
    if ((d.hash || d.view || d.chain) && viewHash(next.view, next.chain) !== d.hash) {
      this.resyncs++;
      console.warn(`duelist: delta ${d.seq} made another view than the server's; asking for the board`);
      if (!this.asked) this.ask();
    }
    return next;
  }

  ask() {
    this.asked = true;
    this.send({ t: 'board' });
  }
}
