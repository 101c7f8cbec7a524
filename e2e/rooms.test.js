// End-to-end test of the lobby's room list (issue 17, "Rooms"): a private room is not listed, an
// open room is (with its host), the ruleset filter hides it, Join from the list seats a second
// player, and the duel then shows under the live duels, where Watch makes a spectator.
// Run with DUELIST_URL set (as .ci/e2e does); screenshots go to e2e/artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.DUELIST_URL || 'http://127.0.0.1:8080';
const artifacts = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let passed = 0;
let failed = 0;

async function test(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

async function enterLobby(page, name) {
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.stack}`));
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

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: launchArgs });
await test('the room list: private rooms hidden, join and watch from the list', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
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
    await b.screenshot({ path: join(artifacts, 'rooms-list.png'), fullPage: true });
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
    await d.screenshot({ path: join(artifacts, 'rooms-watching.png'), fullPage: true });
  } finally {
    await ctx.close();
  }
});
await test("a logged-in host is listed by the account's name", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const a = await ctx.newPage();
    await a.goto(base + '/');
    const acct = 'rooms' + Date.now().toString(36);
    const r = await a.evaluate(async (name) => {
      const res = await fetch('api/account/register', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, password: 'a long enough password' }),
      });
      return res.status;
    }, acct);
    if (r !== 200 && r !== 201) throw new Error(`register: ${r}`);
    await a.reload();
    await a.locator('#lobby').waitFor({ state: 'visible' });
    await a.locator('#account-name').waitFor({ timeout: 10000 });
    if (!(await a.locator('#name').isDisabled()) || (await a.inputValue('#name')) !== acct) {
      throw new Error(`the name field: ${await a.inputValue('#name')}`);
    }
    await a.locator('#deck option').first().waitFor({ state: 'attached' });
    const code = await createRoom(a);
    // The second page shares the cookie: a fresh guest context lists the room instead.
    const guest = await browser.newContext();
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
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
