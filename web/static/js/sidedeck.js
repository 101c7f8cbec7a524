// The best-of-3 match on the duel screen: the score bar, the side-deck screen between duels
// (click a Main or Extra Deck card, then a Side Deck card, to swap them; Ready sends the swaps),
// the loser's choice to go first or second, the timer, and the match's result. Drawn with the DOM
// into #match-score and #side-deck (pages/duel.js), from the server's "match" message
// (docs/protocol.md "Best of 3").
import { cardData, cardName } from './cards.js';
import { has, t } from './i18n.js';
import './sidedeck.strings.js';

const $ = (/** @type {string} */ id) => document.getElementById(id);

/**
 * @param {string} tag @param {string} [cls] @param {string} [text]
 * @returns {HTMLElement}
 */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The Extra Deck's kinds: a card of these goes to the Extra Deck when sided in. */
const EXTRA = ['Fusion', 'Synchro', 'Xyz', 'Link'];
/** @param {number} code */
const inExtra = (code) => EXTRA.some((k) => (cardData(code)?.kind || '').includes(k));

/** The side step's local state: the swaps made since the step began, and the card picked. */
const local = {
  key: '', // the match's room and duel number: a new step starts afresh
  /** @type {{out: number, in: number}[]} */ swaps: [],
  /** @type {number | null} */ picked: null, // a deck card picked to go out
  error: '',
  sent: false,
};

/**
 * sided applies the local swaps to the server's deck, as the server will (match.ApplySwaps).
 * @param {{main: number[], extra: number[], side: number[]}} d
 */
function sided(d) {
  const out = { main: [...d.main], extra: [...(d.extra || [])], side: [...(d.side || [])] };
  const take = (/** @type {number[]} */ a, /** @type {number} */ c) => {
    const i = a.indexOf(c);
    if (i >= 0) a.splice(i, 1);
    return i >= 0;
  };
  for (const s of local.swaps) {
    if (!take(out.main, s.out)) take(out.extra, s.out);
    take(out.side, s.in);
    out.side.push(s.out);
    (inExtra(s.in) ? out.extra : out.main).push(s.in);
  }
  return out;
}

/** isYou says whether the seat is the receiver's. @param {any} app @param {string} seat */
function isYou(app, seat) {
  return app.state?.you === seat || (!app.state && app.joined?.role === 'player' && app.joined?.seat === seat);
}

/**
 * seatName names a seat for the receiver: "You", the opponent's name.
 * @param {any} app @param {string} seat
 */
function who(app, seat) {
  if (isYou(app, seat)) return t('match.you');
  const p = (app.room?.players || []).find((/** @type {any} */ x) => x.seat === seat);
  return p ? p.name : seat;
}

/**
 * scoreText: "You 1 – 0 Kaiba" (a draw count when there are draws).
 * @param {any} app @param {any} m
 */
export function scoreText(app, m) {
  const me = app.joined?.seat === 'B' ? 'B' : 'A', opp = me === 'A' ? 'B' : 'A';
  let s = `${who(app, me)} ${m.score[me]} – ${m.score[opp]} ${who(app, opp)}`;
  if (m.score.draws) s += ' · ' + t('match.draws', m.score.draws);
  return s;
}

/**
 * siding makes the side-deck screen the duel page's content (#game.siding hides the board, the
 * log, the prompt and the popups: css/sidedeck.css), or gives the page back to the board.
 * @param {boolean} on
 */
function siding(on) {
  const game = $('game');
  if (game && game.classList.contains('siding') !== on) {
    game.classList.toggle('siding', on);
    if (on) window.scrollTo(0, 0); // the screen starts at its top, not where the board was scrolled
  }
}

/**
 * renderMatch draws the score bar and, between duels, the side-deck screen.
 * @param {any} app the App (main.js)
 */
export function renderMatch(app) {
  const bar = $('match-score'), box = $('side-deck');
  if (!bar || !box) return;
  if (!$('css-sidedeck')) {
    const l = document.createElement('link');
    l.id = 'css-sidedeck';
    l.rel = 'stylesheet';
    l.href = 'css/sidedeck.css';
    document.head.appendChild(l);
  }
  const m = app.match;
  if (!m) {
    bar.hidden = true;
    box.hidden = true;
    siding(false);
    return;
  }
  bar.hidden = false;
  bar.textContent = `${t('match.bo3')} · ${t('match.duel', m.number)} · ${scoreText(app, m)}${m.rated ? ' · ' + t('match.rated') : ''}`;
  if (m.phase !== 'side') {
    box.hidden = true;
    siding(false);
    return;
  }
  const key = `${app.joined?.room}/${m.number}`;
  if (local.key !== key) Object.assign(local, { key, swaps: [], picked: null, error: '', sent: false });
  drawSide(app, box, m);
  box.hidden = false;
  siding(true);
}

/**
 * sideError shows a refused side deck or choice on the side-deck screen; true when it was one.
 * @param {any} app @param {{re?: string, code: string, msg: string}} e
 */
export function sideError(app, e) {
  if (!app.match || app.match.phase !== 'side' || (e.re !== 'side' && e.re !== 'first')) return false;
  // Another refusal (not your choice, the wrong moment) in the player's language, as main.js's errorText words it.
  local.error = e.code === 'side' ? t('match.refused', e.msg.replace(/^your side deck is refused, your deck is unchanged: /, ''))
    : has('errors.' + e.code) ? t('errors.' + e.code, e.msg) : e.msg;
  local.sent = false;
  renderMatch(app);
  return true;
}

/** The timer's text, m:ss, counted down from the message's timeLeft. @param {any} m */
function timeLeft(m) {
  const left = Math.max(0, m.timeLeft - (Date.now() - m.at));
  const s = Math.ceil(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** tickMatch counts the side step's timer down (main.js calls it every 250 ms). @param {any} app */
export function tickMatch(app) {
  const m = app.match, tm = $('side-timer');
  if (m && m.phase === 'side' && tm) tm.textContent = timeLeft(m);
}

/**
 * drawSide draws the side-deck screen.
 * @param {any} app @param {HTMLElement} box @param {any} m
 */
function drawSide(app, box, m) {
  box.replaceChildren();
  const you = app.joined?.role === 'player' ? app.joined.seat : '';
  const head = el('header', 'side-head');
  head.append(el('h2', '', t('match.side-title', m.number)), el('span', 'side-timer', timeLeft(m)));
  /** @type {HTMLElement} */ (head.lastChild).id = 'side-timer';
  box.append(head, el('p', 'side-score', scoreText(app, m)));
  const last = m.duels[m.duels.length - 1];
  if (last) {
    const res = last.winner === 'draw' ? t('match.last-draw') : isYou(app, last.winner) ? t('match.last-won-you')
      : t('match.last-won', who(app, last.winner)); // "you" has its own words: no "你 获胜"
    box.append(el('p', 'side-last', res));
  }
  // First or second: the loser of the last duel chooses.
  const choose = el('div', 'side-choose');
  choose.id = 'side-choose';
  if (m.first) choose.textContent = isYou(app, m.first) ? t('match.goes-first-you') : t('match.goes-first', who(app, m.first));
  else if (m.chooser && m.chooser === you) {
    choose.append(el('span', '', t('match.choose')));
    for (const go of ['first', 'second']) {
      const b = el('button', 'primary', t('match.go-' + go));
      b.id = 'side-go-' + go;
      b.addEventListener('click', () => { local.error = ''; app.send({ t: 'first', go }); });
      choose.append(b);
    }
  } else if (m.chooser) choose.textContent = t('match.chooses', who(app, m.chooser));
  else choose.textContent = t('match.first-as-room');
  box.append(choose);
  const readiness = el('p', 'side-readiness');
  readiness.id = 'side-readiness';
  readiness.textContent = ['A', 'B'].map((seat) => (isYou(app, seat) ? t(m.ready && m.ready[seat] ? 'match.you-ready' : 'match.you-siding')
    : t(m.ready && m.ready[seat] ? 'match.is-ready' : 'match.is-siding', who(app, seat)))).join(' · ');
  box.append(readiness);
  if (!you || !m.deck) {
    box.append(el('p', 'hint', t('match.spectator')));
    return;
  }
  const ready = m.ready && m.ready[you];
  const d = ready ? m.deck : sided(m.deck);
  if (!ready) box.append(el('p', 'hint', t('match.how')));
  const list = (/** @type {string} */ id, /** @type {string} */ title, /** @type {number[]} */ codes, /** @type {boolean} */ side) => {
    const sec = el('section', 'side-list');
    sec.append(el('h3', '', t(title, codes.length)));
    const ul = el('ul', 'side-cards');
    ul.id = id;
    codes.forEach((code, i) => {
      const li = el('li');
      const b = /** @type {HTMLButtonElement} */ (el('button', 'side-card', cardName(code)));
      b.type = 'button';
      b.dataset.code = String(code);
      b.title = cardName(code);
      if (ready) b.disabled = true;
      if (!side && local.picked === code && i === codes.indexOf(code)) b.classList.add('picked');
      b.addEventListener('click', () => {
        local.error = '';
        if (!side) local.picked = local.picked === code ? null : code;
        else if (local.picked !== null) {
          local.swaps.push({ out: local.picked, in: code });
          local.picked = null;
        } else local.error = t('match.pick-first');
        renderMatch(app);
      });
      li.append(b);
      ul.append(li);
    });
    sec.append(ul);
    return sec;
  };
  const lists = el('div', 'side-lists');
  lists.append(list('side-main', 'match.main', d.main, false), list('side-extra', 'match.extra', d.extra, false),
    list('side-side', 'match.sidedeck', d.side, true));
  box.append(lists);
  const foot = el('div', 'side-foot');
  const swaps = el('p', 'side-swaps', t('match.swaps', local.swaps.length));
  swaps.id = 'side-swaps';
  foot.append(swaps);
  if (!ready) {
    const reset = /** @type {HTMLButtonElement} */ (el('button', '', t('match.reset')));
    reset.id = 'side-reset';
    reset.disabled = local.swaps.length === 0 && local.picked === null;
    reset.addEventListener('click', () => { Object.assign(local, { swaps: [], picked: null, error: '' }); renderMatch(app); });
    const go = /** @type {HTMLButtonElement} */ (el('button', 'primary', t('match.ready')));
    go.id = 'side-ready';
    go.disabled = local.sent;
    go.addEventListener('click', () => {
      local.sent = true;
      local.error = '';
      app.send({ t: 'side', swaps: local.swaps });
      renderMatch(app);
    });
    foot.append(reset, go);
  } else foot.append(el('span', 'hint', t('match.waiting')));
  const concede = el('button', 'side-concede', t('match.concede'));
  concede.id = 'side-concede';
  concede.addEventListener('click', () => { if (confirm(t('match.concede-q'))) app.concede(true); });
  foot.append(concede);
  box.append(foot);
  const err = el('p', 'error', local.error);
  err.id = 'side-error';
  err.setAttribute('role', 'alert');
  box.append(err);
}

/**
 * matchResult adds the match's score and, at its end, its result to the duel's result box.
 * @param {any} app @param {HTMLElement} box
 */
export function matchResult(app, box) {
  const m = app.match;
  if (!m) return;
  const p = el('p', 'match-result', scoreText(app, m));
  p.id = 'match-result';
  if (m.phase === 'over' && m.result) {
    const you = app.joined?.role === 'player' ? app.joined.seat : '';
    const txt = m.result.winner === 'draw' ? t('match.over-draw')
      : you ? t(m.result.winner === you ? 'match.over-won' : 'match.over-lost') : t('match.over-winner', who(app, m.result.winner));
    p.textContent = `${txt} (${scoreText(app, m)})`;
    p.dataset.winner = m.result.winner;
  }
  box.append(p);
}

/** concedeMatchButton: during a duel of a match, a button that concedes the match. @param {any} app */
export function concedeMatchButton(app) {
  if (!app.match || app.match.phase !== 'duel') return null;
  const b = el('button', 'concede-match', t('match.concede'));
  b.addEventListener('click', () => { if (confirm(t('match.concede-q'))) app.concede(true); });
  return b;
}

/**
 * ratedAsk shows, in a room whose host offered a rated duel, the guest's Accept and Decline
 * buttons, or the host's wait (server/agree.go).
 * @param {any} app @param {HTMLElement} status
 */
export function ratedAsk(app, status) {
  const r = app.room;
  if (!r || !r.ratedAsk || r.status !== 'waiting') return;
  const box = el('div', 'rated-ask');
  box.id = 'rated-ask';
  status.replaceChildren(); // both seats are taken: no "waiting for an opponent"
  if (app.joined?.seat === 'B') {
    const host = (r.players || []).find((/** @type {any} */ p) => p.seat === 'A');
    box.append(el('p', '', t('match.rated-ask', host ? host.name : 'A')));
    for (const [id, accept] of /** @type {[string, boolean][]} */ ([['rated-accept', true], ['rated-decline', false]])) {
      const b = el('button', accept ? 'primary' : '', t('match.' + id));
      b.id = id;
      b.addEventListener('click', () => app.send({ t: 'rated', accept }));
      box.append(b);
    }
  } else box.append(el('p', 'hint', t('match.rated-waiting')));
  status.append(box);
}
