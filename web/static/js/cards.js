// The card catalog (GET /api/cards: public card data, names and the project's texts in English,
// 简体 and 繁體, all from the card files cards/<set>/<set>.cards) and the
// drawing of cards. A card of a view is { place, code?, pos, atk, def, level }; no code = hidden.
// A card is drawn as a card: a frame by kind, its name, attribute and Level/Rank marks, its art
// (art.js: the server's picture with --pics, else an illustration generated from its data: no
// card art is shipped) and ATK/DEF.
import { getLang, isZH, t } from './i18n.js';
import { illustration, picImg } from './art.js';
import { subKind } from './words.js';

/** @type {Map<number, any>} */
let catalog = new Map();

/**
 * loadCatalog fetches the catalog by the versioned URL the page names (index.html's meta
 * "duelist-catalog", set by the server: cached by the browser until the catalog changes), or
 * plainly (a page served from a directory, duelist serve --web-dir).
 */
export async function loadCatalog() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="duelist-catalog"]'));
  const res = await fetch(meta?.content || 'api/cards');
  const list = await res.json();
  catalog = new Map(list.map((/** @type {any} */ c) => [c.code, c]));
}

/** @param {string} name @returns {any} the card of an English name */
export function cardByName(name) {
  for (const c of catalog.values()) if (c.name === name) return c;
  return null;
}

/** @param {number} code */
export function cardData(code) { return catalog.get(code); }

/** @param {number} [code] */
export function cardName(code) {
  const c = code ? catalog.get(code) : null;
  if (!c) return code ? `#${code}` : t('a-card');
  if (getLang() === 'zh-TW' && c.nameTW) return c.nameTW;
  return isZH() && c.nameZH ? c.nameZH : c.name;
}

/**
 * cardText is a card's effect text in the current language where the catalog has it (desc,
 * descZH, descTW), else the Simplified or the English one. @param {any} c
 */
export function cardText(c) {
  if (getLang() === 'zh-TW' && c.descTW) return c.descTW;
  if (isZH() && c.descZH) return c.descZH;
  return c.desc || '';
}

/** @param {number} code @returns {boolean} a card of kouhu's own set (ids 900000001-999999999) */
export const isKouhu = (code) => code >= 900000000;

/**
 * frameOf is the frame of a card: normal, effect, fusion, ritual, synchro, xyz, token, spell,
 * trap, and for kouhu's set creature, artifact (ids 9000005xx) and its extra creatures.
 * @param {any} c catalog entry @returns {string}
 */
export function frameOf(c) {
  const k = c.kind;
  if (isKouhu(c.code)) {
    if (Math.floor(c.code / 100) === 9000005) return 'artifact';
    if (k.includes('Monster')) {
      for (const x of ['Fusion', 'Ritual']) if (k.includes(x)) return x.toLowerCase();
      return 'creature';
    }
  }
  if (k.includes('Spell')) return 'spell';
  if (k.includes('Trap')) return 'trap';
  for (const x of ['Fusion', 'Ritual', 'Synchro', 'Xyz']) if (k.includes(x)) return x.toLowerCase();
  if (k.includes('Token')) return 'token';
  return k.includes('Normal') ? 'normal' : 'effect';
}

/** @param {string} place @returns {boolean} the place is a zone of the field */
const onField = (place) => /:(M|S)\d+$|:F$/.test(place);

/**
 * el makes an element. @param {string} tag @param {string} [cls] @param {string} [text]
 * @returns {HTMLElement}
 */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * cardEl draws one card. Hidden cards show their back; a face-down card its owner may look at
 * shows the back with its name; kouhu's cost cards (the resource zone) their own frame.
 * @param {any} v a card of a view
 */
export function cardEl(v) {
  const box = el('div', 'card');
  box.dataset.place = v.place;
  if (onField(v.place) && /:M\d+$/.test(v.place) && (v.pos === 'def' || v.pos === 'set')) box.classList.add('def');
  if (v.tapped) box.classList.add('tapped'); // kouhu: a tapped creature or cost card
  const c = v.code ? catalog.get(v.code) : null;
  if (/:R\//.test(v.place)) {
    // kouhu: a cost card in the resource zone. Its owner sees which card it was.
    box.classList.add('cost');
    box.append(el('span', 'cost-mark', t('frame.cost')));
    if (c) box.title = cardName(v.code);
    if (c) box.dataset.code = v.code;
    return box;
  }
  if (!c) {
    box.classList.add('back');
    if (v.code) box.append(el('span', 'name', `#${v.code}`));
    return box;
  }
  box.dataset.code = v.code;
  const frame = frameOf(c);
  box.classList.add(frame);
  if (v.pos === 'set' && onField(v.place)) {
    // A face-down card its owner may look at: the back, with the name in a strip.
    box.classList.add('own-set');
    box.append(el('span', 'name', cardName(v.code)));
    return box;
  }
  const top = el('div', 'c-top');
  top.append(el('span', 'name', cardName(v.code)));
  const isMon = c.kind.includes('Monster');
  if (isMon && c.attribute) {
    const a = el('span', 'attr', t('attr.' + c.attribute).slice(0, isZH() ? 1 : 1));
    a.dataset.attr = c.attribute;
    top.append(a);
  } else if (!isMon) {
    top.append(el('span', 'attr st', frame === 'trap' ? '罠' : frame === 'artifact' ? '◆' : '魔'));
  }
  box.append(top);
  const lv = v.level || c.level;
  if (lv && (isMon || isKouhu(c.code))) {
    const xyz = c.kind.includes('Xyz');
    const m = el('span', 'lv' + (xyz ? ' rank' : ''), `${xyz ? '☆' : '★'}${lv}`);
    m.title = `${xyz ? t('rank') : isKouhu(c.code) ? t('cost') : t('level')} ${lv}`;
    box.append(m);
  }
  const art = el('div', 'art');
  art.style.background = illustration(c);
  box.append(art);
  const pic = picImg(c.code, box); // the server's picture over the drawing (duelist serve --pics)
  if (pic) box.append(pic);
  if (isMon) {
    const stats = el('div', 'stats');
    if (!onField(v.place)) stats.classList.add('off-field'); // a picture shows the printed ATK/DEF
    const atk = v.atk ?? c.atk ?? 0, def = v.def ?? c.def ?? 0;
    const a = el('span', 'atk', String(atk));
    const d = el('span', 'def', String(def));
    if (v.atk !== undefined && onField(v.place)) {
      if (v.atk > c.atk) a.classList.add('up');
      if (v.atk < c.atk) a.classList.add('down');
      if ((v.def ?? 0) > c.def) d.classList.add('up');
      if ((v.def ?? 0) < c.def) d.classList.add('down');
    }
    stats.append(a, d);
    box.append(stats);
  }
  if (v.counters && Object.keys(v.counters).length) {
    // Counters on the card (kouhu's growth counters, Spell Counters): one badge per kind, named.
    const cs = el('span', 'counters');
    for (const [k, n] of Object.entries(v.counters).sort()) {
      const b = el('span', 'counter', `${counterName(k)} ${n}`);
      b.dataset.counter = k;
      b.dataset.n = String(n);
      cs.append(b);
    }
    cs.title = countersText(v.counters);
    box.append(cs);
  }
  if (v.materials && v.materials.length) {
    // Xyz Materials under the monster: their edges, a count, their names on hover.
    box.classList.add('has-mats');
    const mats = el('span', 'mats', `${v.materials.length}`);
    mats.title = `${t('materials')}: ${v.materials.map((/** @type {any} */ m) => cardName(m.code)).join(', ')}`;
    box.append(mats);
  }
  return box;
}

/** counterName words a counter's kind ("growth" is "Growth", 成长); an unknown kind as it is. @param {string} k */
function counterName(k) {
  const w = t('counter.' + k);
  return w === 'counter.' + k ? k : w;
}

/** countersText words a card's counters: "Counters: Growth ×2". @param {Record<string, number>} cs */
function countersText(cs) {
  return `${t('counters')}: ${Object.entries(cs).sort().map(([k, n]) => `${counterName(k)} ×${n}`).join(', ')}`;
}

/**
 * kindLine words a card's kind: "LIGHT Dragon · Level 8 · ATK 3000 / DEF 2500", "Spell (Equip)".
 * @param {any} c @param {any} v
 */
function kindLine(c, v) {
  const frame = t('frame.' + frameOf(c));
  if (!c.kind.includes('Monster')) {
    const sub = c.kind.filter((/** @type {string} */ k) => k !== 'Spell' && k !== 'Trap').map(subKind).join(' ');
    let s = sub ? `${frame} (${sub})` : frame;
    if (isKouhu(c.code) && c.level) s += ` · ${t('cost')} ${c.level}`;
    return s;
  }
  const race = t('race.' + c.race) === 'race.' + c.race ? c.race : t('race.' + c.race);
  const lv = c.kind.includes('Xyz') ? t('rank') : isKouhu(c.code) ? t('cost') : t('level');
  let line = `${frame} · ${t('attr.' + c.attribute)} ${race}`;
  if (v.level || c.level) line += ` · ${lv} ${v.level || c.level}`;
  return line + ` · ${t('ATK')} ${v.atk ?? c.atk} / ${t('DEF')} ${v.def ?? c.def}`;
}

/**
 * cardInfo is the zoom of a card: a large drawing, name (both languages), kind, stats and our own
 * effect text. @param {any} v
 */
export function cardInfo(v) {
  const box = el('div', 'card-info');
  const c = v.code ? catalog.get(v.code) : null;
  if (!c) {
    box.textContent = /:R\//.test(v.place) ? t('cost-card') : t('a-card');
    return box;
  }
  const big = cardEl({ ...v, place: 'zoom', pos: 'atk', tapped: false });
  big.classList.add('big');
  const text = el('div', 'info-text');
  text.append(el('h3', '', cardName(v.code)), el('div', 'alt-name', isZH() ? c.name : c.nameZH),
    el('div', 'kind', kindLine(c, v)),
    el('p', 'desc', cardText(c) || (c.kind.includes('Normal') && c.kind.includes('Monster') ? '—' : '')));
  if (v.materials && v.materials.length) {
    text.append(el('div', 'kind', `${t('materials')}: ${v.materials.map((/** @type {any} */ m) => cardName(m.code)).join(', ')}`));
  }
  if (v.counters && Object.keys(v.counters).length) text.append(el('div', 'kind', countersText(v.counters)));
  box.append(big, text);
  return box;
}
