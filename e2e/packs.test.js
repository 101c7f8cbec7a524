// End-to-end test of the packs page: Playwright (playwright-core) drives Debian's chromium. A new
// account (registered through the account API from the page, which sets its session cookie) sees
// its starter wallet, opens a 10-pack and sees every card revealed, then dismantles and crafts a
// card on the collection page; a guest is asked to log in; a phone viewport opens a pack by touch. Screenshots go to e2e/artifacts/
// (packs-*.png). Run with DUELIST_URL set (as .ci/e2e does for duel.test.js).
import { base, done, open, register, shot as saveShot, test, watch } from './lib.js';

// shot saves e2e/artifacts/packs-<name>.png.
const shot = (page, name) => saveShot(page, `packs-${name}`);

async function gems(page) {
  return Number(await page.locator('#gems').getAttribute('data-gems'));
}

await test('a guest is asked to log in', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    const p = watch(await ctx.newPage(), 'packs');
    await p.goto(base + '/#/packs');
    await p.locator('#packs-login').waitFor();
  } finally {
    await ctx.close();
  }
});

// revealed waits (up to 30 s) for n cards turned up: "Reveal all" re-renders the opening, and 80
// cards with their drawn illustrations took longer than the next line on a loaded CI machine
// (16 of 80 counted; 73 of 80 after 10 s at a load of 50 on two cores). The count that follows
// still fails on fewer.
async function revealed(p, n) {
  await p.waitForFunction((n) => document.querySelectorAll('#opening .pack-card.up').length >= n, n, { timeout: 30000 }).catch(() => {});
}

await test('a new account opens a 10-pack, sees what came out, dismantles and crafts a card', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    const p = watch(await ctx.newPage(), 'packs');
    await p.goto(base + '/');
    await register(p, 'packs');
    await p.goto(base + '/#/packs');
    await p.locator('#wallet #gems').waitFor();
    const g0 = await gems(p);
    if (g0 !== 1000) throw new Error(`a new account has ${g0} gems; want 1000`);
    if (await p.locator('#odds tr[data-odds]').count() !== 4) throw new Error('the odds table has not 4 rows');
    // Every product the server sells is shown (products.json's five, and a booster of each card
    // set marked finished as the pool grows): the page against the API, and at least the five.
    const sold = await p.evaluate(async () => (await (await fetch('api/packs/')).json()).products.map((x) => x.id));
    const products = await p.locator('.product').evaluateAll((ps) => ps.map((x) => x.getAttribute('data-product')));
    if (sold.length < 5 || products.join() !== sold.join()) throw new Error(`products shown ${products}; the server sells ${sold}`);
    await shot(p, 'start');

    await p.locator('.product[data-product=pool] button.buy10').click();
    await p.locator('#opening .pack-card').first().waitFor();
    await shot(p, 'revealing');
    await p.click('#reveal-all');
    await revealed(p, 80);
    const up = await p.locator('#opening .pack-card.up').count();
    if (up !== 80) throw new Error(`${up} cards revealed; want 80`);
    const rarities = await p.locator('#opening .pack-card.up').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-rarity')));
    if (!rarities.some((r) => r === 'SR' || r === 'UR')) throw new Error('a 10-pack without an SR or UR');
    for (let i = 7; i < 80; i += 8) {
      if (rarities[i] === 'N') throw new Error(`pack ${(i + 1) / 8}'s last card is N`);
    }
    await p.waitForFunction(() => document.querySelector('#gems')?.getAttribute('data-gems') === '0');
    await shot(p, 'opened-10');
    console.log(`     10-pack: ${['N', 'R', 'SR', 'UR'].map((r) => `${r} ${rarities.filter((x) => x === r).length}`).join(', ')}`);

    // No gems left: the buttons are disabled; the server refuses a purchase too.
    if (!(await p.locator('.product[data-product=sdy] button.buy1').isDisabled())) throw new Error('buy enabled with 0 gems');
    const refused = await p.evaluate(async () => {
      const r = await fetch('api/packs/buy', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ product: 'sdy', count: 1, key: crypto.randomUUID() }) });
      return [r.status, (await r.json()).code];
    });
    if (refused[0] !== 409 || refused[1] !== 'insufficient') throw new Error(`buy with 0 gems: ${refused}`);

    // Chinese names on the reveal.
    await p.selectOption('#lang', 'zh-CN');
    await shot(p, 'opened-10-zh');
    await p.selectOption('#lang', 'en');

    // The collection: dismantle an owned N card (+10 N points), then craft it back (-30).
    await p.goto(base + '/#/collection');
    await p.locator('#coll-wallet').waitFor();
    const points = async () => Number((await p.locator('[data-points=N]').textContent()).replace(/\D+/g, ''));
    const n0 = await points();
    await p.selectOption('#coll-own', 'owned');
    await p.selectOption('#coll-rarity', 'N');
    // A card owned 1 to 3 times (a 4th copy cannot be crafted back after its dismantle).
    const [code, owned0] = await p.evaluate(() => {
      const row = [...document.querySelectorAll('tr[data-passcode]')].find((r) => Number(r.getAttribute('data-owned')) <= 3);
      return [row.getAttribute('data-passcode'), Number(row.getAttribute('data-owned'))];
    });
    await p.selectOption('#coll-own', 'all'); // the card stays listed when its last copy goes
    await p.locator(`tr[data-passcode="${code}"] button.dismantle`).click();
    await p.waitForFunction(([c, o]) => document.querySelector(`tr[data-passcode="${c}"]`)?.getAttribute('data-owned') === String(o - 1), [code, owned0]);
    if (await points() !== n0 + 10) throw new Error(`N points ${await points()} after a dismantle; want ${n0 + 10}`);
    await p.locator(`tr[data-passcode="${code}"] button.craft`).click();
    await p.waitForFunction(([c, o]) => document.querySelector(`tr[data-passcode="${c}"]`)?.getAttribute('data-owned') === String(o), [code, owned0]);
    if (await points() !== n0 - 20) throw new Error(`N points ${await points()} after a craft; want ${n0 - 20}`);
    const kinds = await p.locator('#ledger tr[data-entry]').count();
    if (kinds < 3) throw new Error(`${kinds} ledger rows shown`);
    await shot(p, 'collection');
  } finally {
    await ctx.close();
  }
});

await test('a phone opens a pack by touch', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const p = watch(await ctx.newPage(), 'packs');
    await p.goto(base + '/');
    await register(p, 'phone');
    await p.goto(base + '/#/packs');
    await p.locator('#wallet #gems').waitFor();
    await p.locator('.product[data-product=kouhu] button.buy1').tap();
    await p.locator('#opening .pack-card').first().waitFor();
    await p.locator('#reveal-all').tap();
    await revealed(p, 8);
    const up = await p.locator('#opening .pack-card.up').count();
    if (up !== 8) throw new Error(`${up} cards revealed; want 8`);
    await p.waitForFunction(() => document.querySelector('#gems')?.getAttribute('data-gems') === '900');
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) throw new Error(`the page is ${width} px wide on a 390 px phone`);
    await shot(p, 'phone');
  } finally {
    await ctx.close();
  }
});

await done();
