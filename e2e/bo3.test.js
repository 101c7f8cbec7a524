// End-to-end test of best-of-3 matches (issues 15 and 17): two pages create and join a Bo3
// free-cards room with a pasted deck that has a Side Deck, play duel 1 for a few turns, then the
// loser concedes it; on the side-deck screen the loser swaps a Main Deck card for a Side Deck card
// and chooses to go second, both press Ready; the score shows on the duel screen; duel 2 and 3
// are conceded and the match's result shows to both. Screenshots of the side-deck screen in
// English, in 简体中文 and on a 390x844 phone (checked for overflow) go to e2e/artifacts/.
import { readFileSync } from 'node:fs';
import { base, check, done, page, register, shot, test } from './lib.js';

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

/** noOverflow checks that nothing on the side-deck screen is wider than the page. */
async function noOverflow(p) {
  const bad = await p.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > w + 1) out.push(`page ${document.documentElement.scrollWidth} > ${w}`);
    for (const e of document.querySelectorAll('#side-deck, #side-deck *')) {
      const r = e.getBoundingClientRect();
      if (r.width && (r.right > w + 1 || r.left < -1)) out.push(`${e.tagName}#${e.id}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out;
  });
  check(bad.length === 0, `overflow on the side-deck screen: ${bad.slice(0, 5).join('; ')}`);
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

  // Duel 1 is played a few turns, then A concedes it.
  await playTurns(a, b, 3);
  await a.click('#midbar .concede');
  await sideShown(a);
  await sideShown(b);
  check((await a.textContent('#side-deck .side-score')).includes('0 – 1'), `A's side score: ${await a.textContent('#side-deck .side-score')}`);
  check(await b.locator('#side-go-first').count() === 0, 'the winner is offered the choice');
  await a.locator('#side-go-second').waitFor();
  await shot(a, 'bo3-side-en');

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
  await b.click('#midbar .concede');

  // The side-deck screen of duel 3 in 简体中文, and on a phone.
  await sideShown(b);
  await b.selectOption('#lang', 'zh-CN');
  await b.locator('#side-deck h2', { hasText: '副卡组' }).waitFor({ timeout: 10000 });
  check((await b.textContent('#side-deck')).includes('准备好了'), 'the side-deck screen is not in Chinese');
  await shot(b, 'bo3-side-zh-CN');
  await b.setViewportSize({ width: 390, height: 844 });
  await b.waitForTimeout(300);
  await noOverflow(b);
  await shot(b, 'bo3-side-phone');
  await b.setViewportSize({ width: 1100, height: 900 });
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
  await a.check('#private');
  await a.click('#create');
  const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
  await b.fill('#join-code', code);
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
});

await done();
