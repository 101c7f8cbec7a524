// End-to-end scan for English left in 简体中文 and 繁體中文 (issue 33, defect 5): every page of
// the client as a guest and as a player logged in, a duel against the AI to the player's first
// turn (every card of the hand opened) and its result, and the replay list and viewer, in zh-CN
// and in zh-TW. On each screen it reads every text a player sees (text nodes of shown elements,
// the options of shown selects, placeholders, titles and aria-labels) and fails on an English
// word of three letters or more that is not allowed: the brand and a few names (ALLOWED), the
// player's own name and other players' (the rooms', the ladder's), room codes, deck and banlist
// ids ("yugi-40", "duelist-2008"), set codes (LOB), the card search's terms ("atk>=2000
// kind:spell"), commands in backquotes, file extensions (.duel), the keys Home and End, a card's
// name in English where it is given as such (the zoom's .alt-name, [lang=en]), and the words of card names the card
// data has no Chinese name for.
// Run by .ci/e2e with DUELIST_URL set; screenshots e2e/artifacts/untranslated-<lang>-<page>.png.
import { base, check, done, page, register, shot, test } from './lib.js';

// Words a Chinese page may show as they are: the brand, the language's own name in the language
// menu, file formats and names that are names in every language (OCG, YGOPro, 5D's).
const ALLOWED = new Set(['duelist', 'english', 'ydk', 'ydke', 'ocg', 'tcg', 'ygopro', 'kouhu', "d's", 'd’s']);

// Every page, and the card centre's zoom of a Spell (Pot of Greed) and of a monster (Dark Magician).
const PAGES = ['lobby', 'account', 'replays', 'packs', 'collection', 'decks', 'cards', 'ladder', 'profile', 'friends',
  'cards?code=55144522', 'cards?code=46986414'];

// texts returns what a player sees on the page, one string per text node or attribute.
function texts() {
  const shown = (/** @type {Element} */ e) => {
    if (e.closest('[hidden]')) return false;
    const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden') return false;
    return e.getClientRects().length > 0;
  };
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const parent = n.parentElement;
    if (!parent || ['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(parent.tagName)) continue;
    if (parent.closest('.alt-name, [lang=en]')) continue; // the English name, shown as such
    if (!n.textContent.trim() || !shown(parent)) continue;
    out.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll('select')) {
    if (!shown(e)) continue;
    for (const o of e.options) out.push(o.textContent.trim());
  }
  for (const e of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
    if (!shown(e)) continue;
    for (const a of ['placeholder', 'title', 'aria-label']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  if (document.title) out.push(document.title);
  return out;
}

// english returns the words of the texts that are English and not allowed.
function english(list, allowed, names) {
  const bad = new Map();
  for (let s of list) {
    for (const n of names) if (n) s = s.split(n).join(' ');
    // Ids and codes: "yugi-40", "duelist-2008", a room code, "ydke://...", the search's terms, a
    // command in backquotes, a file's extension, the keys Home and End.
    const clean = s.replace(/`[^`]*`/g, ' ').replace(/(^|\s)\.\w+/g, ' ').replace(/Home \/ End/g, ' ').replace(/[\w-]+(?:[:<>=]+)[^\s、，,（(]*/g, ' ').replace(/docs\/[\w./]+/g, ' ').replace(/\b[\w.]+-\d[\w.-]*/g, ' ').replace(/\b[A-Z0-9]{8}\b/g, ' ').replace(/ydke:\/\/\S*/g, ' ');
    for (const m of clean.matchAll(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g)) {
      const w = m[0];
      if (w.length < 3 || allowed.has(w.toLowerCase())) continue;
      if (!bad.has(w)) bad.set(w, s.slice(0, 80));
    }
  }
  return bad;
}

// allowedWords adds to ALLOWED the player's name and the words of card names without a Chinese
// name in the language.
async function allowedWords(p, lang) {
  const cards = await p.evaluate(async () => (await (await fetch('api/cards')).json()).map((c) => [c.name, c.nameZH || '', c.nameTW || '']));
  const sets = await p.evaluate(async () => (await (await fetch('api/cards/filters')).json()).sets || []);
  const words = new Set(ALLOWED);
  for (const s of sets) words.add(s.toLowerCase());
  for (const [en, zh, tw] of cards) {
    if ((lang === 'zh-TW' ? tw || zh : zh)) continue;
    for (const w of en.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) || []) words.add(w.toLowerCase());
  }
  return words;
}

// otherNames returns the names of other players a page may list: the rooms' players and the
// ladder's boards.
function otherNames() {
  return (async () => {
    const out = [];
    const rooms = await (await fetch('api/rooms')).json().catch(() => ({}));
    for (const r of [...(rooms.open || []), ...(rooms.live || [])]) out.push(...(r.players || []));
    for (const rs of ['ocg', 'classic', 'anime', 'kouhu']) {
      for (const f of ['bo1', 'bo3']) {
        const b = await (await fetch(`api/ladder/board?ruleset=${rs}&format=${f}`)).json().catch(() => ({}));
        for (const x of b.top || []) out.push(x.name);
      }
    }
    return out.filter(Boolean);
  })();
}

async function scan(p, lang, label, allowed, found, names = []) {
  await p.waitForTimeout(600);
  const others = await p.evaluate(otherNames);
  const bad = english(await p.evaluate(texts), allowed, [...names, ...others].sort((a, b) => b.length - a.length));
  for (const [w, where] of bad) found.push(`${label}: "${w}" in "${where}"`);
  await shot(p, `untranslated-${lang}-${label}`);
}

// toIdle answers every prompt (the first option) up to the player's first idle prompt.
async function toIdle(p) {
  for (let i = 0; i < 60; i++) {
    const s = await p.evaluate(() => { const st = window.duelist.state; return st && st.prompt ? { n: st.prompt.n, kind: st.prompt.kind } : null; });
    if (s && s.kind === 'idle') return;
    if (s && s.kind !== 'chain') {
      await p.locator('#prompt-panel button.opt').first().click();
      await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
    } else await p.waitForTimeout(250);
  }
}

// duel plays the AI to the first idle prompt, opens a card of the hand and concedes, scanning
// each screen.
async function duel(p, lang, label, allowed, found, names) {
  await p.goto(base + '/#/lobby');
  await p.locator('#lobby #create').waitFor();
  await p.locator('input[name=opponent][value=ai]').click();
  await p.click('#create');
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
  await scan(p, lang, `${label}-start`, allowed, found, names);
  await toIdle(p);
  await scan(p, lang, `${label}-idle`, allowed, found, names);
  // Each card of the hand opened: its zoom and its actions with their effects' wording.
  const n = await p.locator('#side-0 .hand .card').count();
  for (let i = 0; i < n; i++) {
    await p.locator('#side-0 .hand .card').nth(i).click();
    if (await p.locator('#card-popup:not([hidden])').waitFor({ timeout: 2000 }).then(() => true, () => false)) {
      await scan(p, lang, `${label}-zoom${i}`, allowed, found, names);
      await p.locator('#card-popup button.close').click();
    } else await p.locator('#pick-bar button').last().click().catch(() => {});
  }
  await p.locator('button.concede').first().click();
  await p.locator('#result:not([hidden])').waitFor({ timeout: 10000 });
  await scan(p, lang, `${label}-result`, allowed, found, names);
  await p.click('#result button:not(#rematch)'); // leave the room: the client goes to the lobby
  await p.locator('#lobby').waitFor();
}

for (const lang of ['zh-CN', 'zh-TW']) {
  await test(`no English on any page nor in a duel in ${lang} as a guest`, async () => {
    const p = await page(`untranslated-${lang}`, { viewport: { width: 1366, height: 768 } });
    await p.addInitScript((l) => { localStorage.setItem('duelist.lang', l); localStorage.setItem('duelist.anim', 'off'); }, lang);
    await p.goto(base + '/');
    const found = [];
    const allowed = await allowedWords(p, lang);
    for (const pg of PAGES) {
      await p.goto(`${base}/#/${pg}`);
      await scan(p, lang, `guest-${pg.replace(/\W/g, '-')}`, allowed, found);
    }
    // The card centre's tiles of Spells (their sub-kinds: 通常, 速攻 ...).
    await p.goto(`${base}/#/cards`);
    await p.selectOption('#f-kind', 'spell');
    await scan(p, lang, 'guest-cards-spells', allowed, found);
    await duel(p, lang, 'guest-duel', allowed, found, []);
    check(!found.length, `${found.length} English word(s) left:\n  ${found.join('\n  ')}`);
  });

  await test(`no English on any page, in a duel nor in its replay in ${lang} logged in`, async () => {
    const p = await page(`untranslated-user-${lang}`, { viewport: { width: 1366, height: 768 } });
    await p.addInitScript((l) => { localStorage.setItem('duelist.lang', l); localStorage.setItem('duelist.anim', 'off'); }, lang);
    await p.goto(base + '/');
    const me = await register(p, 'zh');
    const names = [me.name];
    const found = [];
    const allowed = await allowedWords(p, lang);
    for (const pg of PAGES) {
      await p.goto(`${base}/#/${pg}`);
      await scan(p, lang, pg.replace(/\W/g, '-'), allowed, found, names);
    }
    await duel(p, lang, 'duel', allowed, found, names);
    await p.goto(`${base}/#/replays`);
    await p.locator('#replay-list .replay-item').first().waitFor({ timeout: 10000 });
    await scan(p, lang, 'replays-list', allowed, found, names);
    await p.locator('#replay-list .watch').first().click();
    await p.waitForTimeout(1500);
    await scan(p, lang, 'replay-viewer', allowed, found, names);
    check(!found.length, `${found.length} English word(s) left:\n  ${found.join('\n  ')}`);
  });
}

await done();
