// End-to-end test of quick match across a dropped connection: the server forgets the queue of a
// connection that closed (a drop, a restart, a node that died or handed its queues over), so the
// page queues again once it has reconnected, and a player who searched before the drop is
// paired after it; the server's "unqueued" (an unqueue said elsewhere, a pairing that failed)
// takes the page out of "searching". Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, register, test } from './lib.js';

const browser = (name) => page(name, { viewport: { width: 1100, height: 900 } });
let a;
let b;

await test('a player searching when the connection drops is queued again and paired', async () => {
  a = await browser('A');
  b = await browser('B');
  await register(a, 'rqa');
  await register(b, 'rqb');
  for (const p of [a, b]) {
    await p.goto(base + '/#/ladder');
    await p.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  }
  await a.click('#queue');
  await a.locator('#searching').waitFor();
  await a.waitForFunction(() => window.duelist.net.welcomed, null, { timeout: 10000 });
  await a.waitForTimeout(300); // the server has the queue message
  // The connection drops: the server unqueues it; the page reconnects and queues again.
  const old = await a.evaluate(() => { const ws = window.duelist.net.ws; ws.close(); return ws.url; });
  check(old.endsWith('/ws'), `the socket: ${old}`);
  await a.waitForFunction(() => window.duelist.net.welcomed && window.duelist.net.ws.readyState === 1, null, { timeout: 15000 });
  check(await a.locator('#searching').isVisible(), 'the page no longer says it is searching after the reconnection');
  await b.click('#queue');
  for (const p of [a, b]) {
    const ok = await p.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 }).then(() => true, () => false);
    check(ok, `no duel after the requeue: ${await p.evaluate(() => window.duelist.queueError || window.duelist.lobbyError || document.body.innerText.slice(0, 200))}`);
  }
  for (const p of [a, b]) {
    await p.evaluate(() => window.duelist.send({ t: 'leave' }));
    await p.waitForFunction(() => !window.duelist.joined, null, { timeout: 10000 });
  }
});

await test("the server's unqueued takes the page out of searching", async () => {
  await a.goto(base + '/#/ladder');
  await a.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  await a.click('#queue');
  await a.locator('#searching').waitFor();
  await a.waitForFunction(() => window.duelist.net.queued, null, { timeout: 10000 });
  // An unqueue the page did not send through its button (as from a server that gave up on it).
  await a.evaluate(() => window.duelist.net.sendNow({ t: 'unqueue' }));
  await a.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  check(!(await a.locator('#searching').isVisible()), 'still searching after unqueued');
  check(!(await a.evaluate(() => window.duelist.net.queued)), 'the connection would queue again after unqueued');
});

await done();
