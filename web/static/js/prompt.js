// Prompts that are not the Main Phase or the Battle Step open as a panel: card selection with
// min/max, the attack target, yes/no, effect choice, position, order, declarations, rock-paper-
// scissors, the coin and going first. The panel can be hidden to look at the board.
import { cardEl, cardName } from './cards.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// optionLabel words an option for a button.
export function optionLabel(p, o) {
  const names = (o.cards || []).map((c) => cardName(c.code)).join(', ');
  switch (o.verb) {
    case 'activate':
      return `${t('verb.activate')} ${names}${o.n ? ' (' + o.n + ')' : ''}`;
    case 'order':
      return o.sel.map((j, k) => `${k + 1}. ${cardName(p.candidates[j].code)}`).join('  ');
    case 'option':
      return `${t('verb.option')} ${o.n}`;
    case 'declare':
      return o.text;
    case 'select':
      return o.sel.map((j) => cardName(p.candidates[j].code)).join(', ') || '∅';
  }
  const label = t('verb.' + o.verb);
  return names ? `${label} ${names}` : label;
}

export class PromptPanel {
  constructor(app) {
    this.app = app;
    this.n = 0;
    this.chosen = new Set();
  }

  render(st) {
    const panel = $('prompt-panel');
    const p = st.prompt;
    if (!p || p.kind === 'idle' || p.kind === 'battle') {
      panel.hidden = true;
      panel.replaceChildren();
      delete panel.dataset.kind;
      this.n = 0;
      return;
    }
    if (this.n === p.n) return; // the same prompt: keep what the player has chosen so far
    this.n = p.n;
    this.chosen = new Set();
    panel.dataset.kind = p.kind;
    panel.dataset.n = p.n;
    panel.replaceChildren();
    panel.hidden = false;
    panel.classList.remove('min');

    const head = el('div', 'prompt-head');
    let title = t('kind.' + p.kind);
    if (p.kind === 'select') {
      title = p.min === p.max ? t('select-n', p.min) : t('select-mn', p.min, p.max);
      if (p.purpose) title += ' ' + t('purpose.' + p.purpose);
    }
    if (p.subject && p.subject.code) title += ` — ${cardName(p.subject.code)}`;
    head.append(el('h3', '', title));
    const hide = el('button', 'hide', t('hide'));
    hide.addEventListener('click', () => panel.classList.toggle('min'));
    head.append(hide);
    panel.append(head);

    if (p.kind === 'select') this.selection(panel, p);
    else if (p.kind === 'target') this.target(panel, p);
    else this.buttons(panel, p, p.options);
  }

  buttons(panel, p, opts) {
    const box = el('div', 'prompt-options');
    for (const o of opts) {
      const b = el('button', 'opt', optionLabel(p, o));
      b.dataset.i = o.i;
      b.dataset.verb = o.verb;
      if (o.effect) b.title = o.effect;
      b.addEventListener('click', () => this.app.answer({ i: o.i }, p.n));
      box.append(b);
      if (o.effect) box.append(el('div', 'effect-desc', o.effect));
    }
    panel.append(box);
  }

  target(panel, p) {
    const cands = el('div', 'candidates');
    p.candidates.forEach((v, j) => {
      const o = p.options.find((x) => x.verb === 'select' && x.sel.length === 1 && x.sel[0] === j);
      const c = cardEl(v);
      c.classList.add('candidate');
      c.dataset.j = j;
      if (o) c.addEventListener('click', () => this.app.answer({ i: o.i }, p.n));
      cands.append(c);
    });
    panel.append(cands);
    this.buttons(panel, p, p.options.filter((o) => o.verb !== 'select'));
  }

  selection(panel, p) {
    const cands = el('div', 'candidates');
    const ok = el('button', 'ok primary', t('ok'));
    ok.id = 'prompt-ok';
    const count = el('span', 'count');
    const update = () => {
      const n = this.chosen.size;
      count.textContent = `${n} / ${p.min === p.max ? p.min : p.min + '–' + p.max}`;
      ok.disabled = n < p.min || n > p.max;
    };
    p.candidates.forEach((v, j) => {
      const c = cardEl(v);
      c.classList.add('candidate');
      c.dataset.j = j;
      c.addEventListener('click', () => {
        if (p.min === 1 && p.max === 1) {
          this.app.answer({ sel: [j] }, p.n);
          return;
        }
        if (this.chosen.has(j)) this.chosen.delete(j);
        else this.chosen.add(j);
        c.classList.toggle('chosen', this.chosen.has(j));
        update();
      });
      cands.append(c);
    });
    ok.addEventListener('click', () => this.app.answer({ sel: [...this.chosen].sort((a, b) => a - b) }, p.n));
    const row = el('div', 'prompt-options');
    row.append(count, ok);
    panel.append(cands, row);
    this.buttons(panel, p, p.options.filter((o) => o.verb !== 'select'));
    update();
  }
}
