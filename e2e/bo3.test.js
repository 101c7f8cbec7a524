// End-to-end test of best-of-3 matches (issues 15 and 17): two pages create and join a Bo3
// free-cards room with a pasted deck that has a Side Deck, play duel 1 for a few turns, then the
// loser concedes it; on the side-deck screen the loser swaps a Main Deck card for a Side Deck card
// and chooses to go second, both press Ready; the score shows on the duel screen; duel 2 and 3
// are conceded and the match's result shows to both. No error toast may show during a match: an
// answer clicked right after one's own concede, and an answer on its way when the opponent
// concedes, both end quietly. Between duels the side-deck screen is the page (no board under it),
// checked on a 1100x980 desktop and on 390x844 and 844x390 phones, in English, 简体中文 and
// 繁體中文, for overflow, cut text and untranslated words. Then a Bo3 quick match from the ladder
// page, and the rated rematch (both ask: rated; one asks: unrated). Screenshots go to
// e2e/artifacts/bo3-*.png.
import { readFileSync } from 'node:fs';
import { base, check, done, page as openPage, register, shot, test } from './lib.js';

const OUT = 15025844; // the first card of yugi-40's Main Deck
const IN = 89631139; // Blue-Eyes White Dragon, in the Side Deck
const main = readFileSync(new URL('../decks/yugi-40.ydk', import.meta.url), 'utf8').split('#main\n')[1].split('#extra')[0];
const YDK = `#main\n${main}#extra\n66889139\n!side\n${IN}\n23995346\n`;

/** enter opens the lobby with a name and the pasted deck. */
async function enter(p, name) {
  await p.goto(base + '/');
  await p.locator('#lobby').waitFor({ state: 'visible' });
  await p.locator('#deck option').first().waitFor({ state: 'attached' });
  await p.fill('#name', name);
  await p.selectOption('#deck', '*paste');
  await p.fill('#deck-paste', YDK);
}

const DESKTOP = { width: 1100, height: 980 };

/**
 * page opens a player's page (lib.js) that records every toast it shows (window.__toasts) and the
 * server's errors (p.errors), so that a match can be checked to have shown none.
 */
async function page(label, viewport = DESKTOP) {
  const p = await openPage(label, { viewport });
  p.errors = [];
  p.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const s = String(f.payload);
    if (s.startsWith('{"t":"error"')) p.errors.push(JSON.parse(s));
  }));
  await p.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__toasts = [];
    new MutationObserver(() => {
      const t = document.getElementById('toast');
      if (t && t.textContent && t.dataset.seen !== t.textContent) {
        t.dataset.seen = t.textContent;
        w.__toasts.push(t.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return p;
}

/** noToasts checks that the page has shown no toast since it opened, and shows none now. */
async function noToasts(p, when) {
  const ts = await p.evaluate(() => /** @type {any} */ (window).__toasts || []);
  const now = await p.locator('#toast').count();
  check(ts.length === 0 && now === 0, `${when}: an error toast showed: ${JSON.stringify(ts)} (server errors: ${JSON.stringify(p.errors)})`);
}

/** heldBy answers the other page's prompts until this page holds a prompt; returns its number. */
async function heldBy(p, other) {
  for (let k = 0; k < 300; k++) {
    const n = await p.evaluate(() => {
      const st = /** @type {any} */ (window).duelist.state;
      return st && st.prompt && !st.result ? st.prompt.n : 0;
    });
    if (n) return n;
    await answerOnce(other);
    await p.waitForTimeout(50);
  }
  throw new Error('the page was never prompted');
}

/** answer answers this page's pending prompt as a quick player would: end the phase, pass, else the first option. */
async function answerOnce(p) {
  return p.evaluate(() => {
    const app = /** @type {any} */ (window).duelist;
    const st = app.state;
    if (!st || !st.prompt || st.result) return st ? st.view.turn : 0;
    const o = st.prompt.options.find((x) => x.verb === 'end') || st.prompt.options.find((x) => x.verb === 'pass') ||
      st.prompt.options[0];
    app.answer({ i: o.i }, st.prompt.n);
    return st.view.turn;
  });
}

/** playTurns answers both pages' prompts until the duel reaches the turn. */
async function playTurns(a, b, turn) {
  for (let k = 0; k < 600; k++) {
    const ta = await answerOnce(a);
    const tb = await answerOnce(b);
    if (Math.min(ta, tb) >= turn) return;
    await a.waitForTimeout(60);
  }
  throw new Error(`the duel did not reach turn ${turn}`);
}

/**
 * sideIsThePage checks the side-deck screen at the page's size: it is the page's content (nothing
 * of the board, the log or the prompt is drawn, the page is no taller than the screen's content),
 * nothing is wider than the page, no text is cut, and, in Chinese, no English word is left.
 */
async function sideIsThePage(p, lang) {
  const bad = await p.evaluate((lang) => {
    const w = document.documentElement.clientWidth;
    const out = [];
    for (const id of ['board', 'log-panel', 'prompt-panel', 'result', 'card-popup']) {
      const e = document.getElementById(id);
      if (e && e.getClientRects().length) out.push(`#${id} is drawn under the side-deck screen`);
    }
    if (document.documentElement.scrollWidth > w + 1) out.push(`page ${document.documentElement.scrollWidth} > ${w}`);
    for (const e of document.querySelectorAll('#side-deck, #side-deck *')) {
      const r = e.getBoundingClientRect();
      if (r.width && (r.right > w + 1 || r.left < -1)) out.push(`${e.tagName}#${e.id}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
      if (e instanceof HTMLElement && e.offsetParent && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 2) &&
        getComputedStyle(e).overflowY !== 'auto' && e.id !== 'side-deck') out.push(`cut: ${e.tagName}.${e.className} "${e.textContent}"`);
    }
    const box = /** @type {HTMLElement} */ (document.getElementById('side-deck'));
    const bottom = box.getBoundingClientRect().bottom + window.scrollY;
    if (document.documentElement.scrollHeight > Math.max(bottom, window.innerHeight) + 40) { // its margins and the page's padding
      out.push(`the page (${document.documentElement.scrollHeight} px) is taller than the side-deck screen (${Math.round(bottom)} px)`);
    }
    // The pinned button bar keeps to one line: every item shares a band of the bar's height.
    const items = [...box.querySelectorAll('.side-foot > *')].map((e) => e.getBoundingClientRect()).filter((r) => r.width);
    if (items.length && Math.max(...items.map((r) => r.top)) >= Math.min(...items.map((r) => r.bottom))) {
      out.push(`the button bar wraps: ${items.map((r) => Math.round(r.top)).join(',')}`);
    }
    if (lang !== 'en' && /你\s[\u4e00-\u9fff]/.test(box.textContent)) { // "你 获胜"; "你 1 – 1 Bob" is the score
      out.push(`a space after 你: ${box.textContent.match(/.{0,6}你\s[\u4e00-\u9fff].{0,6}/)[0]}`);
    }
    if (lang !== 'en') {
      const c = /** @type {HTMLElement} */ (box.cloneNode(true));
      for (const x of c.querySelectorAll('.side-card')) x.remove(); // card names are the catalog's
      const words = c.textContent.replace(/Alice|Bob/g, '').match(/[A-Za-z]{3,}/g);
      if (words) out.push(`untranslated in ${lang}: ${words.join(' ')}`);
    }
    return out;
  }, lang);
  check(bad.length === 0, `the side-deck screen at ${JSON.stringify(p.viewportSize())} in ${lang}: ${bad.slice(0, 6).join('; ')}`);
}

/** sizes checks the side-deck screen on the desktop and both phone sizes, with a screenshot of each. */
async function sizes(p, lang, name) {
  for (const [v, tag] of [[DESKTOP, 'desktop'], [{ width: 390, height: 844 }, 'phone'], [{ width: 844, height: 390 }, 'phone-land']]) {
    await p.setViewportSize(v);
    await p.waitForTimeout(300);
    await sideIsThePage(p, lang);
    await shot(p, `${name}-${tag}`);
  }
  await p.setViewportSize(DESKTOP);
}

const sideShown = (p) => p.locator('#side-deck:not([hidden])').waitFor({ timeout: 20000 });

await test('a best-of-3 match: a played duel, side decking with a real swap, the loser chooses, the score and the result', async () => {
  const a = await page('alice');
  const b = await page('bob');
  await enter(a, 'Alice');
  await enter(b, 'Bob');
  await a.check('#free-cards');
  await a.selectOption('#banlist', 'none');
  await a.selectOption('#format', 'bo3');
  await a.selectOption('#first', 'A');
  await a.click('#create');
  const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
  await b.fill('#join-code', code);
  await b.click('#join');
  await a.locator('#match-score:not([hidden])').waitFor({ timeout: 15000 });
  check((await a.textContent('#match-score')).includes('0 – 0'), `duel 1's score: ${await a.textContent('#match-score')}`);

  // Duel 1 is played a few turns, then A concedes it while holding a prompt, and answers the prompt
  // at once (a click, or the auto-pass, before the duel's end has arrived): the answer is not sent.
  await playTurns(a, b, 3);
  for (let k = 0; ; k++) {
    await heldBy(a, b);
    const done = await a.evaluate(() => {
      const app = /** @type {any} */ (window).duelist, p = app.state.prompt;
      if (!p || app.state.result) return false; // passed meanwhile: try the next prompt
      /** @type {HTMLElement} */ (document.querySelector('#midbar .concede')).click(); // the test accepts confirm()
      app.answer({ i: p.options[0].i }, p.n);
      return true;
    });
    if (done) break;
    check(k < 20, 'A never held a prompt long enough to concede');
  }
  await sideShown(a);
  await sideShown(b);
  check((await a.textContent('#side-deck .side-score')).includes('0 – 1'), `A's side score: ${await a.textContent('#side-deck .side-score')}`);
  check(await b.locator('#side-go-first').count() === 0, 'the winner is offered the choice');
  await a.locator('#side-go-second').waitFor();
  await a.waitForTimeout(500); // an error would have come back by now
  await noToasts(a, "A's side-deck screen after A's concede");
  await noToasts(b, "B's side-deck screen after A's concede");
  await sizes(a, 'en', 'bo3-side-en');

  // A clicks a Main Deck card, then a Side Deck card: they swap, the sizes stay.
  await a.click(`#side-main .side-card[data-code="${OUT}"] >> nth=0`);
  await a.click(`#side-side .side-card[data-code="${IN}"]`);
  check((await a.textContent('#side-swaps')).includes('1'), `swaps: ${await a.textContent('#side-swaps')}`);
  check(await a.locator('#side-main .side-card').count() === 40, 'the Main Deck changed size');
  check(await a.locator(`#side-side .side-card[data-code="${OUT}"]`).count() === 1, 'the card taken out is not in the Side Deck');
  check(await a.locator(`#side-main .side-card[data-code="${IN}"]`).count() === 1, 'the card put in is not in the Main Deck');
  await a.click('#side-go-second');
  await a.locator('#side-choose', { hasText: /Bob/ }).waitFor({ timeout: 10000 });
  await a.click('#side-ready');
  await a.waitForFunction((inCode) => {
    const m = /** @type {any} */ (window).duelist.match;
    return m && m.phase === 'side' && m.ready.A && m.deck.main.includes(inCode);
  }, IN, { timeout: 10000 });
  await b.locator('#side-readiness', { hasText: 'Alice: ready' }).waitFor({ timeout: 10000 });
  check((await b.textContent('#side-readiness')).includes('You: side decking'), `B's readiness line: ${await b.textContent('#side-readiness')}`);
  await b.click('#side-ready');

  // Duel 2: B goes first (A chose second); the score shows on both duel screens.
  await a.locator('#side-deck[hidden]').waitFor({ state: 'attached', timeout: 20000 });
  await a.waitForFunction(() => /** @type {any} */ (window).duelist.state?.duel === 2, null, { timeout: 20000 });
  for (const p of [a, b]) {
    const s = await p.textContent('#match-score');
    check(s.includes('2') && (s.includes('0 – 1') || s.includes('1 – 0')), `duel 2's score bar: ${s}`);
  }
  const first = await a.evaluate(() => /** @type {any} */ (window).duelist.state.view.turnPlayer);
  check(first === 'B', `duel 2's first player is ${first}`);

  // B concedes while A holds a prompt; A's answer to it was on its way: the server says the
  // decision has passed (stale, not no-prompt), and A's page shows no error for it.
  const n = await heldBy(a, b);
  await b.click('#midbar .concede');
  await sideShown(a);
  await a.evaluate((n) => /** @type {any} */ (window).duelist.send({ t: 'answer', prompt: n, i: 0 }), n);
  for (let k = 0; k < 40 && !a.errors.some((e) => e.re === 'answer'); k++) await a.waitForTimeout(50);
  const late = a.errors.find((e) => e.re === 'answer');
  check(late && late.code === 'stale', `the late answer's reply: ${JSON.stringify(late)}`);
  a.errors = a.errors.filter((e) => e !== late);
  await noToasts(a, "A's side-deck screen after B's concede and A's late answer");

  // The side-deck screen of duel 3 in 简体中文 (B) and 繁體中文 (A), on the desktop and the phones.
  await sideShown(b);
  await b.selectOption('#lang', 'zh-CN');
  await b.locator('#side-deck h2', { hasText: '副卡组' }).waitFor({ timeout: 10000 });
  check((await b.textContent('#side-deck')).includes('准备好了'), 'the side-deck screen is not in Chinese');
  await sizes(b, 'zh-CN', 'bo3-side-zh-CN');
  await a.selectOption('#lang', 'zh-TW');
  await a.locator('#side-deck h2', { hasText: '副牌組' }).waitFor({ timeout: 10000 });
  await sizes(a, 'zh-TW', 'bo3-side-zh-TW');
  await a.selectOption('#lang', 'en');
  await b.click('#side-go-first');
  await b.click('#side-ready');
  await a.click('#side-ready');
  await a.waitForFunction(() => /** @type {any} */ (window).duelist.state?.duel === 3, null, { timeout: 20000 });

  // Duel 3: A concedes; B wins the match 2–1, which both see.
  await a.click('#midbar .concede');
  await a.locator('#match-result[data-winner="B"]').waitFor({ timeout: 20000 });
  await b.locator('#match-result[data-winner="B"]').waitFor({ timeout: 20000 });
  const ra = await a.textContent('#match-result'), rb = await b.textContent('#match-result');
  check(ra.includes('You lost the match') && ra.includes('1 – 2'), `A's match result: ${ra}`);
  check(rb.includes('你赢得了比赛') && rb.includes('2 – 1'), `B's match result: ${rb}`);
  await shot(a, 'bo3-result');
  await noToasts(a, "A's page after the match");
  await noToasts(b, "B's page after the match");
});

await test('a rated best-of-3 room: the guest accepts the offer, the match is rated, a match concession ends it', async () => {
  const a = await page('host');
  const b = await page('guest');
  await register(a, 'bo3h');
  await register(b, 'bo3g');
  for (const p of [a, b]) {
    await p.goto(base + '/#/lobby');
    await p.locator('#deck option').first().waitFor({ state: 'attached' });
  }
  await a.selectOption('#format', 'bo3');
  await a.check('#rated');
  // A rated room keeps its banlist with every deck (issue 33): the host is offered the decks that
  // keep it, yugi-legal first, and not the Starter Decks as printed (yugi-40 holds Monster Reborn).
  const offered = await a.locator('#deck option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  check(offered.includes('yugi-legal') && !offered.includes('yugi-40'), `a rated room's decks: ${offered}`);
  check(await a.inputValue('#deck') === 'yugi-legal', `a rated room's deck: ${await a.inputValue('#deck')}`);
  await a.check('#private');
  await a.click('#create');
  const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
  // The guest's lobby deck is yugi-40 (unrated play's default): joining the rated room with it is
  // refused, saying why and which decks keep the list; with kaiba-legal the guest is seated.
  await b.fill('#join-code', code);
  await b.click('#join');
  await b.locator('#lobby-error', { hasText: 'duelist-2008' }).waitFor({ timeout: 10000 });
  const why = await b.textContent('#lobby-error');
  check(why.includes('Monster Reborn') && why.includes('kaiba-legal'), `the refusal: ${why}`);
  await shot(b, 'bo3-rated-refused-deck');
  await b.evaluate(() => { /** @type {any} */ (window).__toasts = []; }); // that refusal was expected
  b.errors = [];
  await b.selectOption('#deck', 'kaiba-legal');
  await b.click('#join');
  await b.locator('#rated-ask #rated-accept').waitFor({ timeout: 15000 });
  await a.locator('#rated-ask').waitFor({ timeout: 15000 });
  check(await a.locator('#rated-accept').count() === 0, 'the host is asked to accept its own offer');
  await shot(b, 'bo3-rated-offer');
  await b.click('#rated-accept');
  await a.locator('#match-score:not([hidden])', { hasText: 'rated' }).waitFor({ timeout: 15000 });
  await b.click('#midbar .concede-match');
  await a.locator('#match-result[data-winner="A"]').waitFor({ timeout: 20000 });
  check((await a.textContent('#match-result')).includes('You won the match'), `the host's result: ${await a.textContent('#match-result')}`);
  await noToasts(a, "the host's page after the match");
  await noToasts(b, "the guest's page after the match");
});

/** newMatch waits until the page plays duel 1 of a new match, after a rematch. */
async function newMatch(p) {
  await p.waitForFunction(() => {
    const app = /** @type {any} */ (window).duelist, m = app.match;
    return m && m.phase === 'duel' && m.duels.length === 0 && app.state && !app.state.result;
  }, null, { timeout: 20000 });
}

await test('a Bo3 quick match from the ladder page; a rated rematch when both ask, unrated when one asks', async () => {
  const a = await page('qa');
  const b = await page('qb');
  await register(a, 'bo3qa');
  await register(b, 'bo3qb');
  for (const p of [a, b]) {
    await p.goto(base + '/#/ladder');
    await p.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
    await p.selectOption('#ladder-format', 'bo3');
  }
  await a.click('#queue');
  await a.locator('#searching').waitFor();
  await b.click('#queue');
  for (const p of [a, b]) await p.locator('#match-score:not([hidden])', { hasText: 'Best of 3' }).waitFor({ timeout: 20000 });
  const rooms = await Promise.all([a, b].map((p) => p.evaluate(() => /** @type {any} */ (window).duelist.joined.room)));
  check(rooms[0] === rooms[1], `paired into rooms ${rooms}`);
  for (const p of [a, b]) {
    const bar = await p.textContent('#match-score');
    check(bar.includes('Best of 3') && bar.includes('rated') && bar.includes('0 – 0'), `the quick match's score bar: ${bar}`);
  }
  await shot(a, 'bo3-quick');

  // B concedes the match; both ask for a rated rematch: the next match is rated.
  await b.click('#midbar .concede-match');
  for (const p of [a, b]) await p.locator('#match-result[data-winner="A"]').waitFor({ timeout: 20000 });
  await a.click('#rematch-rated');
  await b.locator('#result[data-rematch="offered"]').waitFor({ timeout: 10000 });
  await shot(b, 'bo3-rematch-offered');
  const offer = await b.textContent('#rematch-note');
  check(offer.includes('wants a rated rematch'), `the rated rematch offer: ${offer}`);
  check((await b.textContent('#rematch-rated')).includes('Accept rated'), `the rated accept: ${await b.textContent('#rematch-rated')}`);
  await b.click('#rematch-rated');
  for (const p of [a, b]) await newMatch(p);
  for (const p of [a, b]) {
    check(await p.evaluate(() => /** @type {any} */ (window).duelist.match.rated) === true, 'both asked for a rated rematch: the match is unrated');
    await p.locator('#match-score', { hasText: 'rated' }).waitFor({ timeout: 5000 });
  }

  // A concedes that match; A asks for a rated rematch, B for a plain one: the next is unrated.
  await a.click('#midbar .concede-match');
  for (const p of [a, b]) await p.locator('#match-result[data-winner="B"]').waitFor({ timeout: 20000 });
  await a.click('#rematch-rated');
  await b.locator('#result[data-rematch="offered"]').waitFor({ timeout: 10000 });
  check((await b.textContent('#rematch')).includes('Play unrated'), `the plain accept of a rated ask: ${await b.textContent('#rematch')}`);
  await b.click('#rematch');
  for (const p of [a, b]) await newMatch(p);
  for (const p of [a, b]) {
    check(await p.evaluate(() => /** @type {any} */ (window).duelist.match.rated) === false, 'one asked for a rated rematch: the match is rated');
    const bar = await p.textContent('#match-score');
    check(bar.includes('Best of 3') && !bar.includes('rated'), `the unrated rematch's score bar: ${bar}`);
  }
  await noToasts(a, "A's page after the quick matches");
  await noToasts(b, "B's page after the quick matches");
});

await done();
