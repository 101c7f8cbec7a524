// Card art. A server run with `duelist serve --pics DIR` (an operator's folder of YGOPro's
// pictures, <passcode>.jpg) says so in index.html's meta "duelist-pics": each card then shows
// pics/<passcode>.jpg, and a picture the folder lacks falls back to the drawing. Without it (the
// default: no card art is shipped) each card gets a generated illustration, an SVG made from its
// data alone: the background in its attribute's colours (Spells green, Traps purple), a backdrop
// pattern and a rosette whose shapes come from the passcode and the name, as many petals as its
// Level (Rank), and its Type's glyph (a sword for a Warrior, a flame for a Pyro…; a Spell's or a
// Trap's sub-kind) in the middle. Deterministic: the same card always looks the same.
import { html } from './lib.js';

/** @returns {string} the base URL of the server's card pictures, "" when it has none */
export function picsBase() {
  const m = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="duelist-pics"]'));
  return m ? m.content : '';
}

/** @param {number} code @returns {string} the URL of a card's picture, "" when the server has none */
export function picURL(code) {
  const b = picsBase();
  return b && code ? `${b}${code}.jpg` : '';
}

/** @type {Set<number>} passcodes whose picture failed to load (not in the folder): drawn instead */
const missing = new Set();

/**
 * hasPic says whether a card is shown by its picture (the server has pictures and this one has
 * not failed to load). @param {number} code
 */
export function hasPic(code) { return !!picURL(code) && !missing.has(code); }

/** picMissing records that a card's picture failed to load. @param {number} code */
export function picMissing(code) { missing.add(code); }

/** @param {string} s @returns {number} FNV-1a of a string */
function strHash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** @param {number} seed @returns {() => number} a small PRNG (mulberry32) in [0, 1) */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each attribute's colours: light, main, dark (hex). */
const ATTR = {
  LIGHT: ['#fff6c8', '#e8c547', '#8a6d12'], DARK: ['#d7b8f5', '#6b3fa0', '#1d0b33'],
  WATER: ['#c6ecff', '#2f8fd8', '#0b2f5c'], FIRE: ['#ffd2b8', '#e0482a', '#5c1208'],
  WIND: ['#d4f7cf', '#3fae5a', '#0d3b1c'], EARTH: ['#f0dcc0', '#9a6b3a', '#3a2510'],
  DIVINE: ['#fff4d6', '#d9a520', '#6b3d00'],
};
const SPELL = ['#c8f5e6', '#1f9e85', '#073d33'];
const TRAP = ['#f7cde8', '#b5367f', '#3e0a2a'];
const NEUTRAL = ['#e5e7eb', '#6b7280', '#1f2937'];

// The glyphs, drawn in a 24x24 box centred on (12, 12): one path each, filled.
const G = {
  sword: 'M12 1.5 L14 13 L12 15 L10 13 Z M6.5 14 H17.5 V16 H6.5 Z M11 16 H13 V21 H11 Z M10 21 H14 V23 H10 Z',
  star: 'M12 1.5 L14.6 9 L22.5 9.2 L16.2 14 L18.5 21.8 L12 17.2 L5.5 21.8 L7.8 14 L1.5 9.2 L9.4 9 Z',
  wing: 'M2 20 C4 10 10 4 22 3 C18 6 19 8 15 10 C18 10 17 13 13 14 C15 15 12 18 9 17 C8 19 5 20 2 20 Z',
  horns: 'M3 2 C4 9 7 12 12 13 C17 12 20 9 21 2 C18 7 15 9 12 9 C9 9 6 7 3 2 Z M12 12 A5 5 0 1 0 12.01 12 Z',
  skull: 'M12 2 C6 2 3 6 3 10.5 C3 14 5 15.5 7 16 V21 H17 V16 C19 15.5 21 14 21 10.5 C21 6 18 2 12 2 Z M8.5 8.5 A2 2 0 1 0 8.51 8.5 Z M15.5 8.5 A2 2 0 1 0 15.51 8.5 Z',
  halo: 'M12 9 A7 2.5 0 1 0 12.01 9 Z M12 11 C9 11 8 14 8 17 L12 22 L16 17 C16 14 15 11 12 11 Z M2 12 C5 11 7 13 8 16 C5 16 3 15 2 12 Z M22 12 C19 11 17 13 16 16 C19 16 21 15 22 12 Z',
  drop: 'M12 2 C15 7 19 11 19 15 A7 7 0 0 1 5 15 C5 11 9 7 12 2 Z',
  flame: 'M12 1.5 C13 6 18 8 18 14 A6 6 0 0 1 6 14 C6 10 8.5 9 9 6 C10.5 8 11 9.5 12 10 C12.5 7 11.5 4 12 1.5 Z',
  rock: 'M3 16 L6 6 L12 3 L19 6 L21 14 L16 21 L7 21 Z',
  leaf: 'M4 20 C4 10 10 3 21 3 C21 14 14 20 4 20 Z M4 20 L14 10 L15 11 L5 21 Z',
  bug: 'M12 5 A3 3 0 1 0 12.01 5 Z M12 8 C8 8 7 12 7 15 C7 19 9 22 12 22 C15 22 17 19 17 15 C17 12 16 8 12 8 Z M2 10 L7 12 L7 13 L2 11 Z M22 10 L17 12 L17 13 L22 11 Z M2 18 L7 16 L7 17 L2 19 Z M22 18 L17 16 L17 17 L22 19 Z',
  bolt: 'M14 1.5 L5 13.5 H11 L9 22.5 L19 9.5 H13 Z',
  dragon: 'M2 13 C5 5 13 2 22 4 C18 5 17 7 18 9 C15 8 13 9 12 11 L16 12 L11 14 C12 17 15 19 19 20 C12 22 6 19 2 13 Z',
  paw: 'M12 12 C8 12 6 16 7 19 C8 21.5 10.5 21 12 20 C13.5 21 16 21.5 17 19 C18 16 16 12 12 12 Z M5 8 A2.2 2.8 0 1 0 5.01 8 Z M9.5 4.5 A2.2 2.8 0 1 0 9.51 4.5 Z M14.5 4.5 A2.2 2.8 0 1 0 14.51 4.5 Z M19 8 A2.2 2.8 0 1 0 19.01 8 Z',
  fish: 'M2 12 C6 5 14 5 18 12 C14 19 6 19 2 12 Z M18 12 L23 7 L23 17 Z',
  serpent: 'M3 18 C6 18 6 14 9 14 C12 14 12 18 15 18 C18 18 18 10 14 8 C17 7 20 4 21 2 C22 6 21 11 19 14 C18 19 14 22 11 20 C9 18 8 19 6 20 C5 21 3 21 3 18 Z',
  scales: 'M2 9 L6 5 L10 9 L14 5 L18 9 L22 5 V10 L18 14 L14 10 L10 14 L6 10 L2 14 Z M2 17 L6 13 L10 17 L14 13 L18 17 L22 13 V18 L18 22 L14 18 L10 22 L6 18 L2 22 Z',
  foot: 'M12 22 C8 22 7 18 8 15 L5 6 L7.5 5.5 L10 13 L11 3 H13 L14 13 L16.5 5.5 L19 6 L16 15 C17 18 16 22 12 22 Z',
  eye: 'M1.5 12 C5 6 19 6 22.5 12 C19 18 5 18 1.5 12 Z M12 8 A4 4 0 1 0 12.01 8 Z',
  sun: 'M12 7 A5 5 0 1 0 12.01 7 Z M11 0.5 H13 V5 H11 Z M11 19 H13 V23.5 H11 Z M0.5 11 H5 V13 H0.5 Z M19 11 H23.5 V13 H19 Z M3.5 5 L5 3.5 L8 6.5 L6.5 8 Z M16 17.5 L17.5 16 L20.5 19 L19 20.5 Z M3.5 19 L6.5 16 L8 17.5 L5 20.5 Z M16 6.5 L19 3.5 L20.5 5 L17.5 8 Z',
  person: 'M12 2 A4 4 0 1 0 12.01 2 Z M5 22 C5 14 8 11 12 11 C16 11 19 14 19 22 Z',
  diamond: 'M12 1.5 L21 12 L12 22.5 L3 12 Z',
  mountain: 'M1 21 L8 8 L12 14 L15.5 9 L23 21 Z M15.5 3 A2.5 2.5 0 1 0 15.51 3 Z',
  loop: 'M7 7 C2 7 2 17 7 17 C10 17 14 7 17 7 C22 7 22 17 17 17 C14 17 10 7 7 7 Z M7 9.5 C4.5 9.5 4.5 14.5 7 14.5 C8.5 14.5 9.5 13 10.5 12 C9.5 11 8.5 9.5 7 9.5 Z M17 9.5 C15.5 9.5 14.5 11 13.5 12 C14.5 13 15.5 14.5 17 14.5 C19.5 14.5 19.5 9.5 17 9.5 Z',
  spikes: 'M1 4 L4 14 L7 4 L10 14 L12 4 L14 14 L17 4 L20 14 L23 4 V21 H1 Z',
  arrow: 'M4 20 C4 10 9 6 16 6 V2 L23 8.5 L16 15 V11 C11 11 7 13 4 20 Z',
  sparkle: 'M12 1 C13 8 16 11 23 12 C16 13 13 16 12 23 C11 16 8 13 1 12 C8 11 11 8 12 1 Z',
  gear: '',
};

/** @returns {string} a gear's path (teeth round a ring) */
function gearPath() {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2, r = i % 2 ? 8 : 11;
    pts.push(`${(12 + r * Math.cos(a)).toFixed(2)} ${(12 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join(' L')} Z M12 8.5 A3.5 3.5 0 1 0 12.01 8.5 Z`;
}
G.gear = gearPath();

/** Each Type's glyph; a Type not listed gets the diamond. */
const RACE = {
  Warrior: 'sword', Spellcaster: 'star', Fiend: 'horns', Fiendkin: 'horns', Demon: 'horns', Dragon: 'dragon',
  Wyrm: 'dragon', Aqua: 'drop', Beast: 'paw', Machine: 'gear', Golem: 'gear', Insect: 'bug',
  'Winged Beast': 'wing', Bird: 'wing', Fairy: 'halo', Elf: 'halo', 'Beast-Warrior': 'paw', Zombie: 'skull',
  Thunder: 'bolt', Rock: 'rock', Dwarf: 'rock', Human: 'person', Orc: 'person', Plant: 'leaf', Fish: 'fish',
  Pyro: 'flame', Elemental: 'sparkle', Dinosaur: 'foot', 'Sea Serpent': 'serpent', Reptile: 'scales',
  Psychic: 'eye', 'Divine-Beast': 'sun', 'Creator God': 'sun',
};

/** @param {any} c @returns {string} the glyph's name of a card: its Type's, or a Spell's or Trap's sub-kind's */
export function glyphOf(c) {
  const k = /** @type {string[]} */ (c.kind || []);
  if (k.includes('Spell')) {
    if (k.includes('Equip')) return 'sword';
    if (k.includes('Field')) return 'mountain';
    if (k.includes('Continuous')) return 'loop';
    if (k.includes('Quick-Play')) return 'bolt';
    if (k.includes('Ritual')) return 'flame';
    return 'sparkle';
  }
  if (k.includes('Trap')) {
    if (k.includes('Continuous')) return 'loop';
    if (k.includes('Counter')) return 'arrow';
    return 'spikes';
  }
  return RACE[/** @type {keyof typeof RACE} */ (c.race)] || 'diamond';
}

/** @param {any} c @returns {string[]} the card's three colours */
function colours(c) {
  const k = /** @type {string[]} */ (c.kind || []);
  if (k.includes('Spell')) return SPELL;
  if (k.includes('Trap')) return TRAP;
  return ATTR[/** @type {keyof typeof ATTR} */ (c.attribute)] || NEUTRAL;
}

/** @param {number} n @returns {string} */
const f = (n) => n.toFixed(1);

/** @type {Map<number, string>} */
const memo = new Map();

/**
 * illustrationSVG is a card's generated illustration as SVG markup (viewBox 100x100).
 * @param {any} c a card: {code, name, kind, attribute?, race?, level?}
 * @returns {string}
 */
export function illustrationSVG(c) {
  const seed = ((c.code >>> 0) ^ strHash(c.name || '')) >>> 0;
  const r = rng(seed);
  const [light, main, dark] = colours(c);
  const ang = Math.floor(r() * 360);
  const parts = [];
  parts.push(`<defs><linearGradient id="g" gradientTransform="rotate(${ang} .5 .5)"><stop offset="0" stop-color="${main}"/>` +
    `<stop offset="1" stop-color="${dark}"/></linearGradient><radialGradient id="h"><stop offset="0" stop-color="${light}" stop-opacity=".9"/>` +
    `<stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient></defs>`);
  parts.push('<rect width="100" height="100" fill="url(#g)"/>');
  // The backdrop: one of five patterns, from the passcode.
  const style = seed % 5;
  const op = (0.12 + r() * 0.15).toFixed(2);
  let back = '';
  if (style === 0) { // rays from a point
    const cx = 20 + r() * 60, cy = 20 + r() * 60, n = 10 + Math.floor(r() * 14);
    for (let i = 0; i < n; i += 2) {
      const a1 = (i / n) * Math.PI * 2, a2 = ((i + 1) / n) * Math.PI * 2;
      back += `M${f(cx)} ${f(cy)} L${f(cx + 150 * Math.cos(a1))} ${f(cy + 150 * Math.sin(a1))} L${f(cx + 150 * Math.cos(a2))} ${f(cy + 150 * Math.sin(a2))} Z `;
    }
    parts.push(`<path d="${back}" fill="${light}" opacity="${op}"/>`);
  } else if (style === 1) { // rings
    const cx = r() * 100, cy = r() * 100, step = 6 + r() * 8;
    for (let rr = step; rr < 150; rr += step * 2) parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr)}" fill="none" stroke="${light}" stroke-width="${f(step * 0.6)}" opacity="${op}"/>`);
  } else if (style === 2) { // scattered stars / bubbles
    const n = 14 + Math.floor(r() * 16);
    for (let i = 0; i < n; i++) parts.push(`<circle cx="${f(r() * 100)}" cy="${f(r() * 100)}" r="${f(1 + r() * 6)}" fill="${light}" opacity="${(0.15 + r() * 0.35).toFixed(2)}"/>`);
  } else if (style === 3) { // waves
    const amp = 3 + r() * 6, gap = 9 + r() * 8, ph = r() * 40;
    for (let y = -10; y < 110; y += gap) {
      back += `M-5 ${f(y)} `;
      for (let x = -5; x <= 105; x += 10) back += `Q${f(x + 5)} ${f(y + ((x + ph) % 20 < 10 ? -amp : amp))} ${f(x + 10)} ${f(y)} `;
    }
    parts.push(`<path d="${back}" fill="none" stroke="${light}" stroke-width="${f(1.5 + r() * 2.5)}" opacity="${op}"/>`);
  } else { // shards
    const n = 6 + Math.floor(r() * 6);
    for (let i = 0; i < n; i++) {
      const x = r() * 100, y = r() * 100, s = 10 + r() * 25;
      back += `M${f(x)} ${f(y)} L${f(x + s * (r() - 0.5) * 2)} ${f(y + s * (r() - 0.5) * 2)} L${f(x + s * (r() - 0.5) * 2)} ${f(y + s * (r() - 0.5) * 2)} Z `;
    }
    parts.push(`<path d="${back}" fill="${light}" opacity="${op}"/>`);
  }
  // The rosette: as many petals as the Level (3 to 12), their shape from the name.
  const lv = Math.max(3, Math.min(12, c.level || (3 + (seed >>> 8) % 6)));
  const cx = 50 + (r() - 0.5) * 16, cy = 50 + (r() - 0.5) * 16;
  const outer = 30 + r() * 12, inner = 10 + r() * 10, width = 0.25 + r() * 0.35;
  const rot = r() * 360;
  let petals = '';
  for (let i = 0; i < lv; i++) {
    const a = (i / lv) * Math.PI * 2, w = (width * Math.PI) / lv;
    const p = (/** @type {number} */ rad, /** @type {number} */ aa) => `${f(cx + rad * Math.cos(aa))} ${f(cy + rad * Math.sin(aa))}`;
    petals += `M${p(inner, a - w)} Q${p(outer * 0.8, a - w * 1.6)} ${p(outer, a)} Q${p(outer * 0.8, a + w * 1.6)} ${p(inner, a + w)} Z `;
  }
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(outer + 6)}" fill="url(#h)"/>`);
  parts.push(`<path d="${petals}" fill="${main}" stroke="${light}" stroke-width="1.2" opacity=".85" transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})"/>`);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(inner + 5)}" fill="${dark}" stroke="${light}" stroke-width="1.5"/>`);
  // The glyph of its Type (or sub-kind) in the middle.
  const gs = ((inner + 5) * 1.45) / 24;
  parts.push(`<path d="${G[/** @type {keyof typeof G} */ (glyphOf(c))]}" fill="${light}" fill-rule="evenodd" ` +
    `transform="translate(${f(cx - 12 * gs)} ${f(cy - 12 * gs)}) scale(${gs.toFixed(3)})"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">${parts.join('')}</svg>`;
}

/**
 * illustration is a card's generated illustration as a CSS background (a data: URL of
 * illustrationSVG), made once per passcode. @param {any} c @returns {string}
 */
export function illustration(c) {
  let s = memo.get(c.code);
  if (!s) {
    s = `center / cover no-repeat url("data:image/svg+xml,${encodeURIComponent(illustrationSVG(c))}")`;
    memo.set(c.code, s);
  }
  return s;
}

/**
 * picImg is a card's picture as an <img> over its drawing (cards.js cardEl), or null when the
 * server has none; a picture that fails to load is removed (the drawing shows) and not asked
 * again. @param {number} code @param {HTMLElement} box the card, marked "has-pic" while it shows
 * @returns {HTMLImageElement | null}
 */
export function picImg(code, box) {
  if (!hasPic(code)) return null;
  const img = document.createElement('img');
  img.className = 'pic';
  img.alt = '';
  img.draggable = false;
  img.decoding = 'async';
  img.src = picURL(code);
  img.onerror = () => { picMissing(code); img.remove(); box.classList.remove('has-pic'); };
  box.classList.add('has-pic');
  return img;
}

/**
 * Art is a card's art for the pages' tiles (card centre, deck builder, pack opening): its
 * generated illustration, and its picture over it when the server has one (the tile's class
 * "has-pic" is the caller's, from hasPic).
 * @param {{card: any}} props
 */
export function Art({ card }) {
  const pic = hasPic(card.code);
  return html`<span class="tart" aria-hidden="true" style=${{ background: illustration(card) }}>${pic && html`<img class="pic" alt=""
    loading="lazy" draggable="false" src=${picURL(card.code)} data-code=${card.code}
    onError=${(/** @type {Event} */ e) => { picMissing(card.code); const i = /** @type {HTMLElement} */ (e.target);
      i.hidden = true; i.closest('.has-pic')?.classList.remove('has-pic'); }} />`}</span>`;
}
