// The card catalog (GET /api/cards: public card data and the project's descriptions) and the
// drawing of cards. A card of a view is { place, code?, pos, atk, def, level }; no code = hidden.
import { isZH, t } from './i18n.js';

let catalog = new Map();

export async function loadCatalog() {
  const res = await fetch('api/cards');
  const list = await res.json();
  catalog = new Map(list.map((c) => [c.code, c]));
}

export function cardData(code) { return catalog.get(code); }

export function cardName(code) {
  const c = catalog.get(code);
  if (!c) return code ? `#${code}` : t('a-card');
  return isZH() && c.nameZH ? c.nameZH : c.name;
}

// kindClass is the frame colour of a card.
function kindClass(c) {
  const k = c.kind;
  if (k.includes('Spell')) return 'spell';
  if (k.includes('Trap')) return 'trap';
  for (const x of ['Fusion', 'Ritual', 'Synchro', 'Xyz']) if (k.includes(x)) return x.toLowerCase();
  if (k.includes('Token')) return 'token';
  return k.includes('Normal') ? 'normal' : 'effect';
}

// cardEl draws one card. Hidden cards show their back.
export function cardEl(v) {
  const el = document.createElement('div');
  el.className = 'card';
  el.dataset.place = v.place;
  if (v.pos === 'def' || (v.pos === 'set' && /:M\d$/.test(v.place))) el.classList.add('def');
  const c = v.code ? catalog.get(v.code) : null;
  if (!c) {
    el.classList.add('back');
    if (v.code) el.textContent = `#${v.code}`;
    return el;
  }
  el.dataset.code = v.code;
  el.classList.add(kindClass(c));
  if (v.pos === 'set') el.classList.add('own-set'); // a face-down card its owner may look at
  if (v.tapped) el.classList.add('tapped'); // kouhu: a tapped creature
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = cardName(v.code);
  el.append(name);
  if (c.kind.includes('Monster')) {
    const lv = v.level || c.level;
    const stars = document.createElement('span');
    stars.className = 'lv';
    stars.textContent = (c.kind.includes('Xyz') ? '☆' : '★') + lv;
    const stats = document.createElement('span');
    stats.className = 'stats';
    const atk = v.atk ?? c.atk;
    const def = v.def ?? c.def;
    stats.textContent = `${atk ?? 0}/${def ?? 0}`;
    if (v.code && (v.atk || 0) > c.atk) stats.classList.add('up');
    if (v.code && /:M\d$/.test(v.place) && (v.atk || 0) < c.atk) stats.classList.add('down');
    el.append(stars, stats);
    if (v.materials && v.materials.length) {
      // Xyz Materials under the monster: a count, their names on hover.
      const mats = document.createElement('span');
      mats.className = 'lv';
      mats.textContent = `+${v.materials.length}`;
      mats.title = v.materials.map((m) => cardName(m.code)).join(', ');
      el.append(mats);
    }
  }
  return el;
}

// cardInfo is the zoom of a card: name (both languages), kind, stats and our own effect text.
export function cardInfo(v) {
  const box = document.createElement('div');
  box.className = 'card-info';
  const c = v.code ? catalog.get(v.code) : null;
  if (!c) {
    box.textContent = t('a-card');
    return box;
  }
  const h = document.createElement('h3');
  h.textContent = cardName(v.code);
  const other = document.createElement('div');
  other.className = 'alt-name';
  other.textContent = isZH() ? c.name : c.nameZH;
  const kind = document.createElement('div');
  kind.className = 'kind';
  let line = c.kind.join(' ');
  if (c.kind.includes('Monster')) {
    line = `${c.attribute} ${c.race} · ${c.kind.includes('Xyz') ? t('rank') : t('level')} ${v.level || c.level}`;
    line += ` · ${t('ATK')} ${v.atk ?? c.atk} / ${t('DEF')} ${v.def ?? c.def}`;
  }
  kind.textContent = line;
  const desc = document.createElement('p');
  desc.className = 'desc';
  desc.textContent = c.desc || (c.kind.includes('Normal') && c.kind.includes('Monster') ? '—' : '');
  box.append(h, other, kind, desc);
  return box;
}
