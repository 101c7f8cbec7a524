// The board: both fields with every zone, the hands, the piles, LP, clocks, the phase bar, the
// chain and the duel log. Acting is select-then-verb: a card with actions glows; a click on it
// opens its zoom with the legal actions the engine listed for it.
import { cardEl, cardInfo, cardName } from './cards.js';
import { fill, t } from './i18n.js';

const CARD_VERBS = new Set(['summon', 'set', 'flip', 'position', 'activate', 'special', 'attack']);
const PHASE_VERBS = ['battle', 'main2', 'end'];
const PHASES = ['draw', 'standby', 'main1', 'battle', 'main2', 'end'];

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// pileOf returns the pile part of a place ("A:H/3" -> "A:H"), or the place itself for zones.
const pileOf = (place) => place.split('/')[0];

// sameCard reports whether an option's card is the clicked card: the same place, or, in a pile,
// the same card name (copies in one pile are one answer).
function sameCard(oc, v) {
  if (oc.place === v.place) return true;
  return oc.place.includes('/') && pileOf(oc.place) === pileOf(v.place) && oc.code && oc.code === v.code;
}

export class Board {
  constructor(app) {
    this.app = app;
    this.state = null;
    this.clockAt = 0;
  }

  // me is the seat drawn at the bottom: the player's own, or A for spectators.
  me() { return this.state.you === 'B' ? 1 : 0; }

  // seatLabel names a seat in the log: its player's name, or its letter.
  seatLabel(seat) {
    const p = (this.app.room?.players || []).find((x) => x.seat === seat);
    return p ? p.name : seat;
  }

  // cardActions returns the options of my pending prompt that name the card.
  cardActions(v) {
    const p = this.state && this.state.prompt;
    if (!p) return [];
    return p.options.filter((o) => CARD_VERBS.has(o.verb) && o.cards && o.cards.some((oc) => sameCard(oc, v)));
  }

  render(st) {
    this.state = st;
    this.clockAt = performance.now();
    const me = this.me();
    this.renderSide($('side-0'), me, false);
    this.renderSide($('side-1'), 1 - me, true);
    this.renderPhases();
    this.renderChain();
    this.renderStatus();
    this.tick();
    for (const e of st.events || []) this.logEvent(e);
  }

  renderSide(box, seat, opp) {
    const st = this.state;
    const sv = st.view.seats[seat];
    const letter = seat === 0 ? 'A' : 'B';
    box.replaceChildren();
    box.dataset.seat = letter;
    const player = (this.app.room?.players || []).find((p) => p.seat === letter);
    const info = el('div', 'info');
    const who = el('span', 'who', player ? player.name : letter);
    if (player && !player.connected) who.append(el('em', 'away', ' ' + t('away', '')));
    const lp = el('span', 'lp', `${t('lp')} ${sv.lp}`);
    lp.dataset.seat = letter;
    const clock = el('span', 'clock');
    clock.dataset.seat = letter;
    info.append(who, lp, clock, el('span', 'count', `${t('hand')} ${sv.hand.length}`));
    const hand = el('div', 'hand');
    for (const v of sv.hand) hand.append(this.cardNode(v));
    const field = el('div', 'field');
    const mons = el('div', 'row monsters');
    sv.monsters.forEach((v, i) => mons.append(this.zone(`${letter}:M${i + 1}`, v)));
    const spells = el('div', 'row spells');
    sv.spells.forEach((v, i) => spells.append(this.zone(`${letter}:S${i + 1}`, v)));
    const piles = el('div', 'piles');
    piles.append(this.zone(`${letter}:F`, sv.field, 'F'));
    piles.append(this.pile(`${letter}:GY`, t('gy'), sv.gy, sv.gy.length));
    piles.append(this.pile(`${letter}:BN`, t('banished'), sv.banished, sv.banished.length));
    piles.append(this.pile(`${letter}:D`, t('deckN'), null, sv.deck));
    piles.append(this.pile(`${letter}:X`, t('extraN'), sv.extraOwn || null, sv.extra));
    if (sv.resources && sv.resources.length) {
      // kouhu: the resource zone's cost cards, untapped of all.
      const ready = sv.resources.filter((v) => !v.tapped).length;
      piles.append(this.pile(`${letter}:R`, t('resources'), sv.resources, `${ready}/${sv.resources.length}`));
    }
    const rows = el('div', 'rows');
    if (opp) rows.append(spells, mons);
    else rows.append(mons, spells);
    field.append(rows, piles);
    if (opp) box.append(info, hand, field);
    else box.append(field, hand, info);
  }

  zone(place, v, label) {
    const z = el('div', 'zone');
    z.dataset.zone = place;
    if (v) z.append(this.cardNode(v));
    else if (label) z.append(el('span', 'zone-label', label));
    return z;
  }

  pile(place, label, cards, count) {
    const p = el('div', 'pile');
    p.dataset.pile = place;
    if (cards && cards.length) p.append(this.cardNode(cards[cards.length - 1], true));
    else if (count) p.append(el('div', 'card back'));
    p.append(el('span', 'pile-label', `${label} ${count}`));
    if (cards) {
      p.classList.add('open');
      p.addEventListener('click', () => this.showPile(label, cards));
    }
    if (cards && cards.some((v) => this.cardActions(v).length)) p.classList.add('actionable');
    return p;
  }

  cardNode(v, inPile) {
    const c = cardEl(v);
    const acts = this.cardActions(v);
    if (acts.length) {
      c.classList.add('actionable');
      c.dataset.verbs = [...new Set(acts.map((o) => o.verb))].join(' ');
    }
    if (!inPile) {
      c.addEventListener('click', (e) => {
        e.stopPropagation();
        this.showCard(v);
      });
    }
    return c;
  }

  // showCard opens a card's zoom with its actions.
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
      if (o.effect) b.title = o.effect;
      b.addEventListener('click', () => {
        pop.hidden = true;
        $('pile-popup').hidden = true;
        this.app.answer({ i: o.i }, n);
      });
      acts.append(b);
      if (o.effect) acts.append(el('div', 'effect-desc', o.effect));
    }
    if (!opts.length && v.code) acts.append(el('p', 'hint', t('no-actions')));
    const close = el('button', 'close', t('close'));
    close.addEventListener('click', () => { pop.hidden = true; });
    inner.append(acts, close);
    pop.append(inner);
    pop.hidden = false;
  }

  showPile(label, cards) {
    const pop = $('pile-popup');
    pop.replaceChildren();
    const inner = el('div', 'popup-inner');
    inner.append(el('h3', '', label));
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
        const o = p.options.find((x) => x.verb === verb);
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
      c.addEventListener('click', () => { if (confirm(t('concede-q'))) this.app.send({ t: 'concede' }); });
      bar.append(c);
    }
  }

  renderChain() {
    const box = $('chain');
    box.replaceChildren();
    const chain = this.state.chain || [];
    if (!chain.length) return;
    box.append(el('span', 'chain-title', t('chain')));
    for (const l of chain) {
      const link = el('span', 'link', `${l.link}. ${cardName(l.code)}`);
      link.dataset.seat = l.seat;
      box.append(link);
    }
  }

  renderStatus() {
    const st = this.state;
    const box = $('status');
    let s = '';
    if (st.result) s = '';
    else if (st.prompt) s = t('your-turn');
    else if (st.waiting) s = st.you ? t('opp-turn') : t('wait-seat', st.waiting);
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
      if (st.clocks.running === seat) ms = Math.max(0, ms - since);
      const s = Math.ceil(ms / 1000);
      c.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      c.classList.toggle('running', st.clocks.running === seat);
      c.classList.toggle('low', s <= 30);
    }
  }

  logEvent(e) {
    const tmpl = t('ev.' + e.k);
    if (tmpl === 'ev.' + e.k) return; // not an event worth a line
    const fields = {
      seat: this.seatLabel(e.seat), card: e.code ? cardName(e.code) : t('a-card'),
      amount: e.amount, phase: t('phase.' + (e.phase || '')), to: e.to || '',
    };
    const li = el('li', 'ev-' + e.k, fill(tmpl, fields));
    const log = $('log');
    log.append(li);
    while (log.children.length > 300) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  clearLog() { $('log').replaceChildren(); }
}
