// End-to-end test of the card centre and the deck builder: Playwright (playwright-core) drives
// Debian's chromium. A guest searches the card centre and opens a card's zoom (its limit under
// every banlist); a new account builds a deck of its starter cards by search and clicks, saves it,
// adds a forbidden card and sees it marked and listed (and missing), fixes it, draws a test hand,
// exports it and duels the AI with it; then a phone-sized touch screen opens the saved deck and
// edits it, a forbidden card marked. Screenshots go to e2e/artifacts/.
// Run by .ci/e2e with DUELIST_URL set (or: node decks.test.js against a running server).
import { base, check as expect, done, open, shot, test, watch } from './lib.js';

const POT_OF_GREED = 55144522;
const user = `e2e${Date.now().toString(36)}`;
const password = 'decks e2e password 1';

// account posts to the account API from the page (same origin, so the session cookie is set).
async function account(page, path) {
  const res = await page.evaluate(async ([path, name, password]) => {
    const r = await fetch('api/account/' + path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password }) });
    return { status: r.status, body: await r.text() };
  }, [path, user, password]);
  expect(res.status < 300, `${path}: ${res.status} ${res.body}`);
}

// search types a query into the search box and waits for the count to settle on a result.
async function search(page, q) {
  await page.fill('#f-q', q);
  await page.waitForFunction((q) => {
    const el = document.getElementById('f-q');
    return el && el.value === q && document.querySelector('#results .tile, #result-count[data-total="0"]');
  }, q);
  await page.waitForTimeout(400); // the search is debounced; let the last answer land
}

async function legal(page) {
  await page.waitForTimeout(500);
  await page.waitForFunction(() => document.getElementById('legal')?.dataset.legal !== '');
  return page.locator('#legal').getAttribute('data-legal');
}

let deckID = 0;
let mainSize = 0;

// addOwned clicks the results of a query, each as often as it is owned and allowed, until the
// Main Deck has target cards.
async function addOwned(page, q, target) {
  await search(page, q);
  const tiles = await page.$$eval('#results .tile', (els) => els.map((el) => [el.dataset.code, Number(el.dataset.owned), Number(el.dataset.limit)]));
  let main = Number(await page.locator('#deck-counters [data-sec=main] b').innerText());
  for (const [code, owned, limit] of tiles) {
    const copies = Math.min(3, owned, limit, target - main);
    for (let k = 0; k < copies; k++) await page.click(`#results .tile[data-code="${code}"]`);
    main += Math.max(copies, 0);
    if (main >= target) break;
  }
}

await test('the card centre searches and zooms a card with its limit under every banlist', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    const p = watch(await ctx.newPage(), 'decks');
    await p.goto(base + '/#/cards');
    await p.locator('#results .tile').first().waitFor();
    await search(p, 'pot of greed');
    const tile = p.locator(`#results .tile[data-code="${POT_OF_GREED}"]`);
    await tile.waitFor();
    expect(await tile.locator('.mark.lim0').count() === 1, 'Pot of Greed has no 禁 mark');
    await tile.locator('.zoom-btn').click();
    await p.locator('#card-zoom .limits tr').first().waitFor();
    expect(await p.locator('#card-zoom .limits tr').count() >= 2, 'the zoom lists fewer than 2 banlists');
    expect((await p.locator('#card-zoom .names').innerText()).includes('强欲之壶'), 'no Chinese name in the zoom');
    await search(p, 'atk>=2500 kind:monster');
    const n = Number(await p.locator('#result-count').getAttribute('data-total'));
    expect(n > 3, `atk>=2500 found ${n}`);
    await p.selectOption('#f-attr', 'DARK');
    await p.waitForTimeout(600);
    const dark = Number(await p.locator('#result-count').getAttribute('data-total'));
    expect(dark > 0 && dark < n, `attr DARK: ${dark} of ${n}`);
    await shot(p, 'cards-desktop');
    await p.selectOption('#lang', 'zh-CN');
    await p.locator('#cards h2', { hasText: '卡牌中心' }).waitFor();
    await shot(p, 'cards-desktop-zh');
    await search(p, 'atk>=lots');
    await p.locator('#search-error').waitFor();
  } finally {
    await ctx.close();
  }
});

// importWithForbidden puts one Pot of Greed into the Main Deck the way a player gets a forbidden
// card into a deck now that the builder refuses it by click or tap: an import of the deck's own
// .ydk with the card added (the import keeps every card and marks the illegal ones).
async function importWithForbidden(p) {
  const ydk = await p.evaluate(async () => {
    const main = [...document.querySelectorAll('#deck-main .tile')].map((el) => el.getAttribute('data-code'));
    return ['#main', ...main, '55144522', '#extra', '!side'].join('\n');
  });
  await p.click('#import');
  await p.fill('#import-text', ydk);
  await p.click('#import-go');
  await p.locator(`#deck-main .tile[data-code="${POT_OF_GREED}"]`).waitFor();
}

await test('a new account builds a deck by search and clicks, saves it, sees an illegal card marked and fixes it', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    const p = watch(await ctx.newPage(), 'decks');
    await p.goto(base + '/#/decks');
    await p.locator('#login-hint').waitFor();
    await account(p, 'register');
    await p.reload();
    await p.locator('#save').waitFor();
    // The starter collection: add every owned Main Deck monster as often as it is owned and the
    // banlist allows, then Spells, until the Main Deck has 40 cards.
    await addOwned(p, 'owned:yes kind:monster -kind:extra sort:-owned', 40);
    await addOwned(p, 'owned:yes kind:spell sort:-owned', 40);
    const main = Number(await p.locator('#deck-counters [data-sec=main] b').innerText());
    expect(main >= 40, `Main is only ${main}`);
    await search(p, 'dark magician');
    expect(await legal(p) === 'true', `a deck of owned cards is not legal: ${await p.locator('#problems').innerText().catch(() => '')}`);
    await p.fill('#deck-name', 'E2E deck');
    await p.click('#save');
    await p.locator('#deck-msg').waitFor();
    deckID = Number(new URL(p.url()).hash.split('id=')[1]);
    expect(deckID > 0, `no deck id in ${p.url()}`);
    await p.locator(`#saved option[value="${deckID}"]`).waitFor({ state: 'attached', timeout: 10000 }).catch(() => {});
    expect(await p.locator(`#saved option[value="${deckID}"]`).count() === 1, 'the saved deck is not in the list');

    // A forbidden card: a click does not add it (the builder says why); imported, it is marked
    // 禁 in the deck, the deck not legal, the rule listed.
    await search(p, 'pot of greed');
    await p.locator(`#results .tile[data-code="${POT_OF_GREED}"]`).click();
    await p.locator('#deck-error').waitFor();
    expect(await p.locator(`#deck-main .tile[data-code="${POT_OF_GREED}"]`).count() === 0, 'a click added the forbidden Pot of Greed');
    await importWithForbidden(p);
    expect(await legal(p) === 'false', 'Pot of Greed under duelist-2008 is legal');
    const bad = p.locator(`#deck-main .tile[data-code="${POT_OF_GREED}"]`);
    expect(await bad.evaluate((el) => el.classList.contains('bad')), 'the forbidden card is not marked');
    expect(await bad.locator('.mark.lim0').count() === 1, 'the forbidden card has no 禁 mark');
    await p.locator(`#problems li[data-rule="banlist"][data-code="${POT_OF_GREED}"]`).waitFor();
    // The starter collection has no Pot of Greed: it is listed as missing too, to craft.
    await p.locator(`#missing li[data-code="${POT_OF_GREED}"]`).waitFor();
    await shot(p, 'decks-illegal-desktop');
    // "Craft the missing cards" crafts it with the starter's crafting points: no longer missing
    // (still forbidden), and the collection owns one.
    await p.click('#craft');
    await p.locator(`#missing li[data-code="${POT_OF_GREED}"]`).waitFor({ state: 'detached' });
    const owned = await p.evaluate(async (code) => {
      const r = await (await fetch('api/collection/cards')).json();
      const c = r.cards.find((/** @type {any} */ c) => c.passcode === code);
      return c ? c.owned : 0;
    }, POT_OF_GREED);
    expect(owned > 0, 'the crafted Pot of Greed is not in the collection');
    expect(await legal(p) === 'false', 'a crafted forbidden card made the deck legal');
    // Fix it: click the card in the deck to take it out.
    await bad.click();
    expect(await legal(p) === 'true', 'the deck is not legal again');
    await p.click('#save');
    await p.locator('#deck-msg').waitFor();

    await p.click('#draw6');
    expect(await p.locator('#test-hand .tile').count() === 6, 'the test hand is not 6 cards');
    await p.click('#export');
    await p.waitForFunction(() => document.getElementById('export-text')?.value.startsWith('#created by duelist'));
    await p.selectOption('#export-format', 'ydke');
    await p.waitForFunction(() => document.getElementById('export-text')?.value.startsWith('ydke://'));
    await shot(p, 'decks-desktop');
    const saved = await p.evaluate(async (id) => (await fetch('api/decks/' + id)).json(), deckID);
    mainSize = saved.main.length;
    expect(mainSize >= 40 && saved.legality.legal, `saved deck: ${JSON.stringify(saved).slice(0, 300)}`);

    // Duel the AI with it: the duel screen opens.
    await p.click('#duel-ai');
    await p.locator('#side-0 .info').waitFor({ timeout: 30000 });
    await shot(p, 'decks-duel-ai');
  } finally {
    await ctx.close();
  }
});

await test('a phone-sized touch screen opens the saved deck and edits it, the counters in view', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const p = watch(await ctx.newPage(), 'decks');
    await p.goto(base + '/#/cards');
    await account(p, 'login');
    await p.goto(base + `/#/decks?id=${deckID}`);
    await p.reload();
    await p.waitForFunction(() => document.getElementById('deck-name')?.value === 'E2E deck');
    // A forbidden card tapped is refused; imported, it is marked, and tapping it in the deck
    // takes it out.
    await search(p, 'pot of greed');
    await p.locator(`#results .tile[data-code="${POT_OF_GREED}"]`).tap();
    await p.locator('#deck-error').waitFor();
    expect(await p.locator('#deck-counters [data-sec=main] b').innerText() === String(mainSize), 'a tap added the forbidden Pot of Greed');
    await importWithForbidden(p);
    expect(await p.locator('#deck-counters [data-sec=main] b').innerText() === String(mainSize + 1), 'the import added nothing');
    expect(await legal(p) === 'false', 'Pot of Greed is legal');
    await p.locator(`#problems li[data-rule="banlist"][data-code="${POT_OF_GREED}"]`).waitFor();
    await p.locator(`#deck-main .tile.bad[data-code="${POT_OF_GREED}"]`).tap();
    expect(await p.locator('#deck-counters [data-sec=main] b').innerText() === String(mainSize), 'the tap took nothing out');
    await p.locator('#results').scrollIntoViewIfNeeded();
    const box = await p.locator('#deck-counters').boundingBox();
    expect(box && box.y >= -1 && box.y < 60, `the counters are out of view: ${JSON.stringify(box)}`);
    await shot(p, 'decks-phone');
    expect(await legal(p) === 'true', 'the phone deck is not legal');
  } finally {
    await ctx.close();
  }
});

await done();
