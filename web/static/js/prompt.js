// Prompts that are not the Main Phase or the Battle Step open as a panel: card selection with
// min/max, the attack target, yes/no, effect choice, position, order, declarations, rock-paper-
// scissors, the coin, going first and kouhu's block. Each names what it answers (the event that
// opened it, the card it is about); candidates on the board glow and can be picked there too.
// The panel can be hidden to look at the board.
import { cardData, cardEl, cardName, cardText } from './cards.js';
import { t } from './i18n.js';
import { optionText } from './words.js';
import { dock, undock } from './dock.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} tag @param {string} [cls] @param {string} [text] @returns {HTMLElement} */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @param {any} o a block option @returns {string[]} the places of its blockers, in order */
const blockPlaces = (o) => [...String(o.text || '').matchAll(/@([AB]\d?:[A-Z]+\d*)/g)].map((m) => m[1]);

/**
 * blockers reads the blockers of a kouhu block option, in engagement order, from its notation
 * text (block "A"@B:M1 "B"@B:M3): the option names them by place.
 * @param {any} p @param {any} o @returns {string[]} their names
 */
export function blockers(p, o) {
  return blockPlaces(o).map((pl) => {
    const c = p.candidates.find((/** @type {any} */ x) => x.place === pl);
    return c && c.code ? cardName(c.code) : pl;
  });
}

/**
 * optionLabel words an option for a button. @param {any} p @param {any} o @returns {string}
 */
export function optionLabel(p, o) {
  const names = (o.cards || []).map((/** @type {any} */ c) => cardName(c.code)).join(', ');
  switch (o.verb) {
    case 'activate':
      return `${t('verb.activate')} ${names}${o.n ? ' (' + o.n + ')' : ''}`;
    case 'order':
      return o.sel.map((/** @type {number} */ j, /** @type {number} */ k) => `${k + 1}. ${cardName(p.candidates[j].code)}`).join('  ');
    case 'option': {
      // The engine's summon-or-set choice (a monster subject, options 1 and 2); else the effect number.
      const sub = p.subject && p.subject.code ? cardData(p.subject.code) : null;
      if (sub && sub.kind.includes('Monster') && p.options.length === 2) return t(o.n === 2 ? 'choice-set' : 'choice-summon');
      return t('choice-n', o.n);
    }
    case 'declare':
      return o.text;
    case 'select':
      return o.sel.map((/** @type {number} */ j) => cardName(p.candidates[j].code)).join(', ') || '∅';
    case 'block':
      return t('block-with', blockers(p, o).map((n, k) => `${k + 1}. ${n}`).join(' → '));
  }
  const label = t('verb.' + o.verb);
  return names ? `${label} ${names}` : label;
}

export class PromptPanel {
  /** @param {any} app */
  constructor(app) {
    this.app = app;
    this.n = 0;
    /** @type {Set<number>} */ this.chosen = new Set();
  }

  /** @param {any} st */
  render(st) {
    const panel = $('prompt-panel');
    const p = st.prompt;
    const board = this.app.board;
    if (!p || p.kind === 'idle' || p.kind === 'battle') {
      panel.hidden = true;
      undock();
      panel.replaceChildren();
      delete panel.dataset.kind;
      this.n = 0;
      if (board.picking && board.picking.prompt) { board.picking = null; board.markCandidates(); }
      return;
    }
    if (this.n === p.n) { board.markCandidates(); return; } // the same prompt: keep what the player has chosen
    this.n = p.n;
    this.chosen = new Set();
    p.min ??= 0; // the server leaves a 0 out
    p.max ??= 0;
    panel.dataset.kind = p.kind;
    panel.dataset.n = p.n;
    panel.replaceChildren();
    panel.hidden = false;
    panel.classList.remove('min');

    const head = el('div', 'prompt-head');
    let title = t('kind.' + p.kind);
    if (p.kind === 'select') {
      if (p.min === p.max) title = t('select-n', p.min);
      else if (p.min === 0) title = t('select-upto', p.max);
      else title = t('select-mn', p.min, p.max);
      if (p.purpose) title += ' ' + t('purpose.' + p.purpose);
    }
    if (p.subject && p.subject.code) title += ` — ${cardName(p.subject.code)}`;
    head.append(el('h3', '', title));
    const hide = el('button', 'hide', t('hide'));
    hide.addEventListener('click', () => panel.classList.toggle('min'));
    head.append(hide);
    panel.append(head);
    // What the prompt answers: for a chain window or a block, the event that opened it; for the
    // other decisions the card play they are part of (not a phase line).
    const ctx = board.contextText();
    const ck = board.context ? board.context.k : '';
    const about = ['chain', 'block'].includes(p.kind) ||
      (['yesno', 'select', 'target', 'choice'].includes(p.kind) && !['phase', 'step'].includes(ck));
    if (ctx && about) {
      const c = el('p', 'prompt-context', p.kind === 'chain' || p.kind === 'block' ? t('respond-to', ctx) : t('about', ctx));
      panel.append(c);
    }
    if (p.kind === 'choice' && p.subject && p.subject.code) {
      const d = cardData(p.subject.code);
      if (d && cardText(d)) panel.append(el('p', 'effect-desc', cardText(d)));
    }

    if (p.kind === 'select') this.selection(panel, p);
    else if (p.kind === 'target') this.target(panel, p);
    else if (p.kind === 'block') this.block(panel, p);
    else this.buttons(panel, p, p.options);
    dock(panel);
  }

  /** @param {HTMLElement} panel @param {any} p @param {any[]} opts */
  buttons(panel, p, opts) {
    const box = el('div', 'prompt-options');
    for (const o of opts) {
      const b = el('button', 'opt', optionLabel(p, o));
      b.dataset.i = o.i;
      b.dataset.verb = o.verb;
      if (o.effect) b.title = optionText(o.effect);
      b.addEventListener('click', () => this.app.answer({ i: o.i }, p.n));
      box.append(b);
      if (o.effect) box.append(el('div', 'effect-desc', optionText(o.effect)));
    }
    panel.append(box);
  }

  /**
   * onBoard lets the candidates of the prompt that are on the board be picked there: they glow,
   * and a click picks them as the panel's card would. @param {any} p @param {(j: number) => void} pick
   */
  onBoard(p, pick) {
    const board = this.app.board;
    /** @type {Map<string, number>} */
    const at = new Map();
    p.candidates.forEach((/** @type {any} */ v, /** @type {number} */ j) => { if (!v.place.includes('/')) at.set(v.place, j); });
    board.picking = at.size ? { prompt: p.n, places: new Set(at.keys()), pick: (/** @type {string} */ pl) => pick(at.get(pl)) } : null;
    board.markCandidates();
  }

  /**
   * block is kouhu's block prompt: the possible blockers glow on the board and in the panel; a
   * click adds one to the order of engagement (numbered), Block answers with that order, No block
   * lets the attack through. Every option is listed too, folded when there are many.
   * @param {HTMLElement} panel @param {any} p
   */
  block(panel, p) {
    /** @type {Map<string, any>} */
    const byOrder = new Map();
    for (const o of p.options) if (o.verb === 'block') byOrder.set(blockPlaces(o).join(','), o);
    /** @type {string[]} */
    let order = [];
    const cands = el('div', 'candidates');
    const ok = /** @type {HTMLButtonElement} */ (el('button', 'ok primary', t('block-pick')));
    ok.id = 'block-ok';
    const clear = el('button', 'clear', t('cancel'));
    const show = () => {
      for (const c of cands.querySelectorAll('.card')) {
        if (!(c instanceof HTMLElement)) continue;
        const k = order.indexOf(c.dataset.place);
        c.classList.toggle('chosen', k >= 0);
        c.querySelector('.order-no')?.remove();
        if (k >= 0) c.append(el('span', 'chain-no order-no', String(k + 1)));
      }
      const o = byOrder.get(order.join(','));
      // Until a blocking order is picked the button says what to do, then whom it blocks with.
      ok.disabled = !o;
      ok.textContent = o ? t('block-with', blockers(p, o).join(', ')) : t(order.length ? 'block-invalid' : 'block-pick');
    };
    /** @param {number} j */
    const add = (j) => {
      const pl = p.candidates[j].place;
      order = order.includes(pl) ? order.filter((x) => x !== pl) : [...order, pl];
      show();
    };
    p.candidates.forEach((/** @type {any} */ v, /** @type {number} */ j) => {
      const c = cardEl(v);
      c.classList.add('candidate');
      c.dataset.j = String(j);
      c.addEventListener('click', () => add(j));
      cands.append(c);
    });
    ok.addEventListener('click', () => {
      const o = byOrder.get(order.join(','));
      if (o) this.app.answer({ i: o.i }, p.n);
    });
    clear.addEventListener('click', () => { order = []; show(); });
    const row = el('div', 'prompt-options');
    const none = p.options.find((/** @type {any} */ o) => o.verb === 'no block');
    if (none) {
      const nb = el('button', 'opt', optionLabel(p, none));
      nb.dataset.verb = 'no block';
      nb.dataset.i = none.i;
      nb.addEventListener('click', () => this.app.answer({ i: none.i }, p.n));
      row.append(nb);
    }
    row.append(clear, ok);
    panel.append(cands, row);
    this.onBoard(p, add);
    const all = p.options.filter((/** @type {any} */ o) => o.verb === 'block');
    const box = /** @type {HTMLDetailsElement} */ (el('details', 'all-options'));
    box.open = all.length <= 6;
    box.append(el('summary', '', t('block-all', all.length)));
    panel.append(box);
    this.buttons(box, p, all);
    show();
  }

  /** @param {HTMLElement} panel @param {any} p */
  target(panel, p) {
    const cands = el('div', 'candidates');
    /** @param {number} j */
    const pick = (j) => {
      const o = p.options.find((/** @type {any} */ x) => x.verb === 'select' && x.sel.length === 1 && x.sel[0] === j);
      if (o) this.app.answer({ i: o.i }, p.n);
    };
    p.candidates.forEach((/** @type {any} */ v, /** @type {number} */ j) => {
      const c = cardEl(v);
      c.classList.add('candidate');
      c.dataset.j = String(j);
      c.addEventListener('click', () => pick(j));
      cands.append(c);
    });
    panel.append(cands);
    this.onBoard(p, pick);
    this.buttons(panel, p, p.options.filter((/** @type {any} */ o) => o.verb !== 'select'));
  }

  /** @param {HTMLElement} panel @param {any} p */
  selection(panel, p) {
    const cands = el('div', 'candidates');
    const ok = /** @type {HTMLButtonElement} */ (el('button', 'ok primary', t('ok')));
    ok.id = 'prompt-ok';
    const count = el('span', 'count');
    const update = () => {
      const n = this.chosen.size;
      count.textContent = `${n} / ${p.min === p.max ? p.max : p.min + '–' + p.max}`;
      ok.disabled = n < p.min || n > p.max;
    };
    /** @type {HTMLElement[]} */
    const nodes = [];
    /** @param {number} j */
    const toggle = (j) => {
      if (p.min === 1 && p.max === 1) {
        this.app.answer({ sel: [j] }, p.n);
        return;
      }
      if (this.chosen.has(j)) this.chosen.delete(j);
      else this.chosen.add(j);
      nodes[j].classList.toggle('chosen', this.chosen.has(j));
      const place = p.candidates[j].place;
      const onBoard = document.querySelector(`#board .card[data-place="${place}"]`);
      if (onBoard) onBoard.classList.toggle('chosen', this.chosen.has(j));
      update();
    };
    p.candidates.forEach((/** @type {any} */ v, /** @type {number} */ j) => {
      const c = cardEl(v);
      c.classList.add('candidate');
      c.dataset.j = String(j);
      c.addEventListener('click', () => toggle(j));
      nodes.push(c);
      cands.append(c);
    });
    ok.addEventListener('click', () => this.app.answer({ sel: [...this.chosen].sort((a, b) => a - b) }, p.n));
    const row = el('div', 'prompt-options');
    row.append(count, ok);
    panel.append(cands, row);
    this.onBoard(p, toggle);
    this.buttons(panel, p, p.options.filter((/** @type {any} */ o) => o.verb !== 'select'));
    update();
  }
}
