// Languages: English, 简体中文 and 繁體中文. Each language is a module of i18n/ exporting one
// object of the same shape as i18n/en.js; a key a language lacks falls back to English. Card
// names come from the card data (name, nameZH).
import en from './i18n/en.js';
import zhCN from './i18n/zh-CN.js';
import zhTW from './i18n/zh-TW.js';

/** @type {Record<string, any>} */
const dict = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The languages offered, with their own names. */
export const LANGS = [
  { id: 'en', name: 'English' }, { id: 'zh-CN', name: '简体中文' }, { id: 'zh-TW', name: '繁體中文' },
];

/** @param {string} l a stored or browser language tag */
function pick(l) {
  if (l in dict) return l;
  if (l === 'zh') return 'zh-CN';
  if (/^zh-(TW|HK|MO|Hant)/i.test(l)) return 'zh-TW';
  if (l.startsWith('zh')) return 'zh-CN';
  return 'en';
}

let lang = pick(localStorage.getItem('duelist.lang') || navigator.language || 'en');

/** @returns {string} the current language: "en", "zh-CN" or "zh-TW" */
export function getLang() { return lang; }

/** @returns {boolean} the current language is a Chinese one */
export function isZH() { return lang !== 'en'; }

/** @param {string} l */
export function setLang(l) {
  lang = pick(l);
  localStorage.setItem('duelist.lang', lang);
  document.documentElement.lang = lang;
}

/** @param {any} d @param {string} key */
function lookup(d, key) {
  let v = d;
  for (const part of key.split('.')) v = v && v[part];
  return v;
}

/**
 * t looks a key up ("verb.summon" reaches into groups) and fills {0}, {1} ... with args; an
 * unknown key is returned as it is.
 * @param {string} key @param {...any} args
 * @returns {string}
 */
export function t(key, ...args) {
  let v = lookup(dict[lang], key);
  if (typeof v !== 'string') v = lookup(dict.en, key);
  if (typeof v !== 'string') return key;
  return v.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ''));
}

/**
 * register adds a page's own strings under one top-level key (its namespace), so that each page
 * keeps its words in its own file (pages/<name>.strings.js) instead of the shared language files:
 * register('decks', { en: {...}, 'zh-CN': {...}, 'zh-TW': {...} }) makes t('decks.title') work.
 * A language a table lacks falls back to English, as everywhere.
 * @param {string} ns @param {Record<string, Record<string, any>>} tables
 */
export function register(ns, tables) {
  for (const [l, table] of Object.entries(tables)) {
    if (!(l in dict)) throw new Error(`i18n.register(${ns}): unknown language ${l}`);
    if (ns in dict[l] && dict[l][ns] !== table) throw new Error(`i18n.register: namespace ${ns} is taken in ${l}`);
    dict[l][ns] = table;
  }
}

/** @param {string} key @returns {boolean} the key has a text in English */
export function has(key) { return typeof lookup(dict.en, key) === 'string'; }

/**
 * fill replaces {name} fields of a template.
 * @param {string} template @param {Record<string, any>} fields
 */
export function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ''));
}
