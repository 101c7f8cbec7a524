// End-to-end test of a quiet connection and unsaved work (issue 33, defect 3): the server closes a
// WebSocket that is in no room and says nothing for 5 minutes (closed, code idle, then the
// socket's close); the page opens another without a word and stays where the player is. The deck
// being built is kept in this browser until it is saved: a reload brings it back, a save forgets
// it. The server's close is played into the page as the server sends it (the message, then the
// socket's close), so the test does not wait 5 minutes. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, register, shot, test } from './lib.js';

// counts reads the builder's Main, Extra and Side counters.
const counts = (p) => p.$$eval('#deck-counters [data-sec] b', (bs) => bs.map((b) => Number(b.textContent)));

// idleClose does what the server does to an idle connection: "closed" with code idle, then the close.
async function idleClose(p) {
  await p.evaluate(() => {
    const ws = window.duelist.net.ws;
    ws.onmessage({ data: JSON.stringify({ t: 'closed', code: 'idle', reason: 'no message for 5m0s' }) });
    ws.close(1000);
  });
}

let p;
await test('an idle close outside a duel reconnects silently and keeps the deck being built', async () => {
  p = await page('idle', { viewport: { width: 1280, height: 900 } });
  await register(p, 'idl');
  await p.goto(base + '/#/decks');
  await p.locator('#results .tile').first().waitFor();
  await p.fill('#deck-name', 'Unsaved work');
  for (let i = 0; i < 3; i++) await p.locator('#results .tile').nth(i).click();
  await p.waitForTimeout(300);
  const before = await counts(p);
  check(before[0] + before[1] === 3, `three cards were not added: ${before}`);
  await idleClose(p);
  await p.waitForFunction(() => document.getElementById('conn-status')?.dataset.status === 'online' && window.duelist.net.welcomed,
    null, { timeout: 10000 });
  const where = await p.evaluate(() => location.hash);
  check(where.startsWith('#/decks'), `the idle close took the player to ${where}`);
  check(!(await p.locator('#toast').count()), `a toast after the idle close: ${await p.locator('#toast').textContent().catch(() => '')}`);
  const after = await counts(p);
  check(after.join() === before.join(), `the deck being built changed: ${before} -> ${after}`);
  // The lobby too: no error, no move.
  await p.goto(base + '/#/lobby');
  await p.locator('#lobby #create').waitFor();
  await idleClose(p);
  await p.waitForFunction(() => window.duelist.net.welcomed && document.getElementById('conn-status')?.dataset.status === 'online', null, { timeout: 10000 });
  const err = await p.locator('#lobby-error').textContent();
  check(!err, `the lobby shows an error after the idle close: ${err}`);
});

await test('the unsaved deck comes back after a reload, and is forgotten once saved', async () => {
  await p.goto(base + '/#/decks');
  await p.reload();
  await p.locator('#draft-note').waitFor({ timeout: 10000 });
  const back = await counts(p);
  check(back[0] + back[1] === 3, `after a reload the builder has ${back}, not the 3 unsaved cards`);
  check((await p.inputValue('#deck-name')) === 'Unsaved work', `the draft's name is ${await p.inputValue('#deck-name')}`);
  await shot(p, 'idle-draft-back');
  await p.click('#save');
  await p.locator('#deck-msg').waitFor();
  await p.goto(base + '/#/decks');
  await p.reload();
  await p.locator('#results .tile').first().waitFor();
  await p.waitForTimeout(300);
  check(!(await p.locator('#draft-note').count()), 'a saved deck still comes back as a draft');
  const fresh = await counts(p);
  check(fresh.join() === '0,0,0', `a new deck after the save starts with ${fresh}`);
});

await test('a 4th copy is refused, not added then flagged', async () => {
  await p.goto(base + '/#/decks');
  await p.locator('#results .tile').first().waitFor();
  const tile = p.locator('#results .tile[data-limit="3"]').first();
  for (let i = 0; i < 4; i++) await tile.click();
  await p.waitForTimeout(200);
  const c = await counts(p);
  check(c[0] + c[1] + c[2] === 3, `4 clicks on one card put ${c} in the deck`);
  await p.locator('#deck-error').waitFor();
  check(/3/.test(await p.locator('#deck-error').textContent()), 'the refusal does not say 3 copies');
});

await done();
