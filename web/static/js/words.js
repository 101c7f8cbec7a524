// Words the server and the card data give in English, in the player's language: a
// preconstructed deck's name, a card's sub-kind ("Quick-Play", "Tuner"), a deck problem of the
// server's deck check (deck/validate.go: its rule, card and numbers are read back from the
// English message), an option's effect wording of the engine and the guest's name. What is not
// known is shown as it is. Strings in words.strings.js.
import { t, getLang } from './i18n.js';
import { cardByName, cardName } from './cards.js';
import './words.strings.js';
import { OPTIONS } from './words.opt.js';

const OPT = new Map(OPTIONS.map(([en, cn, tw]) => [en, { 'zh-CN': cn, 'zh-TW': tw }]));

/** tOr is t(key), or the fallback when no language has the key. @param {string} key @param {string} fallback */
function tOr(key, fallback) {
  const s = t(key);
  return s === key ? fallback : s;
}

/**
 * deckName is a preconstructed deck's name ("yugi-40" is 游戏（40 张）in 简体中文), also of a saved
 * deck named as one (a new account's starter decks, decklib/starter.go). @param {string} id
 */
export function deckName(id) { return tOr('w.precon.' + id, id); }

/** rulesetName is a ruleset's name ("classic" is 经典). @param {string} id */
export function rulesetName(id) { return tOr('rules.' + id + '.name', id); }

/** subKind words a card kind's word ("Quick-Play", "Tuner", "Normal"). @param {string} k */
export function subKind(k) { return tOr('w.sub.' + k, k); }

/** attrName words an attribute ("LIGHT"). @param {string} a */
export function attrName(a) { return tOr('attr.' + a, a); }

/** raceName words a monster type ("Spellcaster"). @param {string} r */
export function raceName(r) { return tOr('race.' + r, r); }

/** guestName is the name a guest plays under until they type one. */
export function guestName() { return t('w.guest'); }

/** optionText words an option's effect wording of the engine. @param {string} s */
export function optionText(s) {
  const o = OPT.get(s);
  return o && getLang() !== 'en' ? o[/** @type {'zh-CN' | 'zh-TW'} */ (getLang())] : s;
}

/** @param {string} s "Main Deck", "Extra Deck", "Fusion Deck" or "Side Deck" */
function section(s) {
  return ({ 'Main Deck': t('w.deckMain'), 'Extra Deck': t('w.deckExtra'), 'Fusion Deck': t('w.deckFusion'), 'Side Deck': t('w.deckSide') })[s] || s;
}

/** @param {string} n "39 cards" or "1 card" */
function cards(n) {
  const m = /^(\d+) cards?$/.exec(n);
  return m ? t('w.cards', m[1]) : n;
}

/**
 * problemText words a deck problem of the server's deck check ({rule, code, msg}, as the deck
 * API and the lobby's errors give it) in the player's language; a message it does not know is
 * given as it is.
 * @param {{rule?: string, code?: number, msg: string}} v
 * @returns {string}
 */
export function problemText(v) {
  const msg = v.msg || '';
  if (getLang() === 'en') return msg;
  const name = v.code ? cardName(v.code) : (/^"([^"]+)"/.exec(msg) || [])[1] || '';
  let m;
  if ((m = /^(Main Deck|Side Deck|Extra Deck|Fusion Deck) has (\d+ cards?); (\S+) needs exactly (.+)$/.exec(msg))) {
    return t('w.problem.size-exact', section(m[1]), cards(m[2]), rulesetName(m[3]), m[4].replace(/ or /g, ' / '));
  }
  if ((m = /^(Main Deck|Side Deck|Extra Deck|Fusion Deck) has (\d+ cards?); (\S+) needs (\d+)-(\d+)$/.exec(msg))) {
    return t('w.problem.size-range', section(m[1]), cards(m[2]), rulesetName(m[3]), m[4], m[5]);
  }
  if ((m = /^(Main Deck|Side Deck|Extra Deck|Fusion Deck) has (\d+ cards?); (\S+) needs (\d+) or more$/.exec(msg))) {
    return t('w.problem.size-min', section(m[1]), cards(m[2]), rulesetName(m[3]), m[4]);
  }
  if ((m = /^(Main Deck|Side Deck|Extra Deck|Fusion Deck) has (\d+ cards?); (\S+) allows 0-(\d+)$/.exec(msg))) {
    return t('w.problem.size-max', section(m[1]), cards(m[2]), rulesetName(m[3]), m[4]);
  }
  if ((m = /^passcode (\d+) is not a card/.exec(msg))) return t('w.problem.unknown', m[1]);
  if (/ is a Token; /.test(msg)) return t('w.problem.token', name);
  if ((m = / is in the Main Deck; .*belong in the (.+)$/.exec(msg))) return t('w.problem.extra-in-main', name, section(m[1]));
  if ((m = / is in the (.+?), which holds only /.exec(msg))) return t('w.problem.main-in-extra', name, section(m[1]));
  if ((m = /; (\S+) does not allow /.exec(msg))) return t('w.problem.kind', name, rulesetName(m[1]));
  if (!msg.includes('counted per team; ') && // one problem of a list (problemsText splits them)
    (m = /^"([^"]+)" x(\d+) in (.+)'s deck and x(\d+) in (.+)'s exceeds its limit (\d+) in banlist (\S+), counted per team$/.exec(msg))) {
    // A tag team's decks over a limit counted per team (server/roomdecks.go tagTeamCheck).
    const c = cardByName(m[1]);
    return t('w.problem.team', c ? cardName(c.code) : m[1], m[2], m[3], m[4], m[5], m[6], m[7]);
  }
  if ((m = / is forbidden in banlist (\S+)$/.exec(msg))) return t('w.problem.forbidden', name, m[1]);
  if ((m = / x(\d+) exceeds its limit (\d+) in banlist (\S+)$/.exec(msg))) return t('w.problem.limit', name, m[1], m[2], m[3]);
  if ((m = / x(\d+) exceeds the limit of (\d+) copies of a card in (\S+)$/.exec(msg))) {
    return t('w.problem.copies', name, m[1], m[2], rulesetName(m[3]));
  }
  return msg;
}

/**
 * problemsText words a server message that lists deck problems joined by "; " or ", " after a
 * prefix ("deck: Main Deck has 39 cards; ocg needs 40-60"), each as problemText does.
 * @param {string} msg
 */
export function problemsText(msg) {
  if (getLang() === 'en' || !msg) return msg;
  // Rated play's refusal of a deck that breaks the banlist (server/roomdecks.go), its problems inside.
  const r = /^rated play keeps banlist (\S+), and the (?:preconstructed deck "[^"]*"|deck) does not \((.*)\): (?:choose one that does \((.*)\), or play unrated|decks that do are (.*))$/.exec(msg);
  if (r) {
    const decks = (r[3] || r[4] || '').split(', ').filter(Boolean).map(deckName).join('、');
    return t('w.problem.rated', r[1], problemsText(r[2]), decks);
  }
  const one = problemText({ msg });
  if (one !== msg) return one;
  // Several problems: the size ones hold "; " themselves, so split before "Main/Extra/Side Deck" and quotes.
  const parts = msg.split(/[;,] (?=(?:Main|Extra|Side|Fusion) Deck has |")/);
  return parts.map((p) => problemText({ msg: p })).join('；');
}

/**
 * reasonText words the reason a duel ended in the current language: the engine's ("B's LP
 * reached 0", "A had to draw from an empty deck", a card's win) and the server's (time,
 * disconnected, left, conceded), with the players' names for the seats.
 * @param {string} r @param {(seat: string) => string} name
 */
export function reasonText(r, name) {
  let m;
  // A tag duel's reasons name A1 and B1 (the protocol's A and B) and list both members' reasons.
  const seat = (/** @type {string} */ x) => name(x.replace(/^([AB])1$/, '$1'));
  if ((m = /^([AB]\d?)'s LP reached 0$/.exec(r))) return t('reasons.lp', seat(m[1]));
  if ((m = /^([AB]\d?) had to draw from an empty deck$/.exec(r))) return t('reasons.deck', seat(m[1]));
  if ((m = /^team ([AB]) lost: (.*)$/.exec(r))) {
    return t('reasons.team', m[1], m[2].split(', ').map((x) => reasonText(x, name)).join(t('reasons.sep')));
  }
  if (r === 'both players lost at once' || r === 'both teams lost at once') return t('reasons.both');
  if (r === 'both players completed Destiny Board') return t('reasons.destiny-both');
  if (r === 'Destiny Board') return t('reasons.destiny');
  if (r === 'internal error') return t('reasons.internal');
  if (['conceded', 'time', 'disconnected', 'left'].includes(r)) return t('reasons.' + r);
  const card = cardByName(r);
  if (card) return t('reasons.exodia', cardName(card.code));
  return r;
}
