// End-to-end test of the lobby's room list (issue 17, "Rooms"): a private room is not listed, an
// open room is (with its host), the ruleset filter hides it, Join from the list seats a second
// player, and the duel then shows under the live duels, where Watch makes a spectator.
// Run with DUELIST_URL set (as .ci/e2e does); screenshots go to e2e/artifacts/.
import { base, done, open as openContext, register, shot, test, watch } from './lib.js';

async function enterLobby(page, name) {
  watch(page, name);
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#deck option').first().waitFor({ state: 'attached' });
  await page.fill('#name', name);
}

async function createRoom(page, opts = {}) {
  if (opts.private) await page.check('#private');
  if (opts.noWatch) await page.check('#no-watch');
  await page.click('#create');
  return page.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
}

await test('the room list: private rooms hidden, join and watch from the list', async () => {
  const ctx = await openContext({ viewport: { width: 1100, height: 900 } });
  try {
    const [a, b, c, d] = await Promise.all([ctx.newPage(), ctx.newPage(), ctx.newPage(), ctx.newPage()]);
    await enterLobby(a, 'Alice');
    await enterLobby(b, 'Bob');
    await enterLobby(c, 'Carol');
    const secret = await createRoom(a, { private: true });
    const open = await createRoom(c);
    const row = b.locator(`#rooms-open li[data-room="${open}"]`);
    await row.waitFor({ timeout: 15000 });
    if (!(await row.textContent()).includes('Carol')) throw new Error(`the open room's row: ${await row.textContent()}`);
    if (await b.locator(`#room-list li[data-room="${secret}"]`).count()) throw new Error('the private room is listed');
    await shot(b, 'rooms-list');
    await b.selectOption('#room-filter', 'classic');
    await row.waitFor({ state: 'detached', timeout: 10000 });
    await b.selectOption('#room-filter', 'ocg');
    await row.waitFor({ timeout: 10000 });
    await b.selectOption('#deck', 'kaiba-40');
    await row.locator('.room-join').click();
    await b.locator('#side-0 .info').waitFor({ timeout: 15000 });
    await c.locator('#side-0 .info').waitFor({ timeout: 15000 });
    await enterLobby(d, 'Dave');
    const live = d.locator(`#rooms-live li[data-room="${open}"]`);
    await live.waitFor({ timeout: 15000 });
    const text = await live.textContent();
    if (!text.includes('Carol') || !text.includes('Bob')) throw new Error(`the live duel's row: ${text}`);
    await live.locator('.room-watch').click();
    await d.locator('#side-0 .info').waitFor({ timeout: 15000 });
    await shot(d, 'rooms-watching');
  } finally {
    await ctx.close();
  }
});
await test("a logged-in host is listed by the account's name", async () => {
  const ctx = await openContext({ viewport: { width: 1100, height: 900 } });
  try {
    const a = await ctx.newPage();
    await a.goto(base + '/');
    const { name: acct } = await register(a, 'rooms');
    await a.locator('#lobby').waitFor({ state: 'visible' });
    await a.locator('#account-name').waitFor({ timeout: 10000 });
    if (!(await a.locator('#name').isDisabled()) || (await a.inputValue('#name')) !== acct) {
      throw new Error(`the name field: ${await a.inputValue('#name')}`);
    }
    await a.locator('#deck option').first().waitFor({ state: 'attached' });
    const code = await createRoom(a);
    // The second page shares the cookie: a fresh guest context lists the room instead.
    const guest = await openContext();
    try {
      const g = await guest.newPage();
      await enterLobby(g, 'Guest');
      const row = g.locator(`#rooms-open li[data-room="${code}"] .room-host`);
      await row.waitFor({ timeout: 15000 });
      if ((await row.textContent()) !== acct) throw new Error(`the host is listed as ${await row.textContent()}`);
    } finally {
      await guest.close();
    }
  } finally {
    await ctx.close();
  }
});
await done();
