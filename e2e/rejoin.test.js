// End-to-end test of coming back to a room: a player creates a duel against the AI and chats; a
// spectator watches it and chats too. The spectator's reload returns to watching the same duel
// with its log and chat, a new tab opened at the spectator's address watches it too, and the
// player's reload takes back the seat. Screenshots go to e2e/artifacts/rejoin-*.png.
import { base, check, done, page, register, shot, test } from './lib.js';

/** @type {import('playwright-core').Page} */
let player;
/** @type {import('playwright-core').Page} */
let fan;
let room = '';

/** openChat opens a page's chat panel (the tab when it is collapsed). */
async function openChat(p) {
  if (await p.locator('#chat-panel').count()) return;
  await p.click('#chat-toggle');
  await p.locator('#chat-panel').waitFor();
}

/** say types a message in a page's chat and waits until it shows there. */
async function say(p, text) {
  await openChat(p);
  await p.fill('#chat-input', text);
  await p.click('#chat-say');
  await p.locator('#chat-panel .chat-body', { hasText: text }).last().waitFor({ timeout: 10000 });
}

/** watching waits until a page watches the room with its state, and returns its log's length. */
async function watching(p) {
  await p.waitForFunction((room) => {
    const app = window.duelist;
    return app.joined && app.joined.role === 'spectator' && app.joined.room === room && app.state;
  }, room, { timeout: 15000 });
  await p.locator('#log li').first().waitFor({ timeout: 10000 });
  return p.locator('#log li').count();
}

/** chatHas waits until a page's open chat panel shows every one of the texts. */
async function chatHas(p, texts) {
  await openChat(p);
  for (const text of texts) await p.locator('#chat-panel .chat-body', { hasText: text }).first().waitFor({ timeout: 10000 });
}

await test('a player duels the AI and a spectator watches; both chat', async () => {
  player = await page('player');
  fan = await page('fan');
  await register(player, 'rjp');
  await register(fan, 'rjf');
  await player.goto(base + '/#/lobby');
  await player.locator('#deck option').first().waitFor({ state: 'attached' });
  await player.check('input[name=opponent][value=ai]');
  await player.click('#create');
  await player.waitForFunction(() => window.duelist.joined && window.duelist.state, null, { timeout: 15000 });
  room = await player.evaluate(() => window.duelist.joined.room);
  await say(player, 'hello from the player');
  await fan.goto(base + '/#/lobby');
  await fan.fill('#join-code', room);
  await fan.click('#watch');
  await watching(fan);
  check(fan.url().endsWith(`#/duel?watch=${room}`), `the spectator's address is ${fan.url()}`);
  await say(fan, 'hello from the spectator');
  await chatHas(fan, ['hello from the player']);
});

await test("a spectator's reload returns to watching the same duel, with its log and chat", async () => {
  const lines = await fan.locator('#log li').count();
  await fan.reload();
  const after = await watching(fan);
  check(after >= lines, `after a reload the spectator's log has ${after} lines, not ${lines}`);
  check(fan.url().endsWith(`#/duel?watch=${room}`), `after a reload the address is ${fan.url()}`);
  await chatHas(fan, ['hello from the player', 'hello from the spectator']);
  await shot(fan, 'rejoin-spectator-reload');
});

await test("a new tab at the spectator's address watches the same duel", async () => {
  const tab = await fan.context().newPage();
  await tab.goto(fan.url());
  const lines = await watching(tab);
  check(lines > 0, 'the new tab has no log');
  await chatHas(tab, ['hello from the player', 'hello from the spectator']);
  await shot(tab, 'rejoin-spectator-tab');
  await tab.close();
});

await test('a spectator who leaves is not sent back to the room by a reload', async () => {
  const tab = await fan.context().newPage();
  await tab.goto(fan.url());
  await watching(tab);
  await tab.click('#leave');
  await tab.locator('#lobby').waitFor({ timeout: 10000 });
  await tab.reload();
  await tab.waitForFunction(() => window.duelist.welcome, null, { timeout: 10000 });
  await tab.waitForTimeout(500);
  check(!(await tab.evaluate(() => window.duelist.joined)), 'a reload after leaving watches again');
  check(await tab.locator('#lobby').count() === 1, 'a reload after leaving is not in the lobby');
  await tab.close();
});

await test('a watched room that is gone leads to the lobby', async () => {
  const tab = await fan.context().newPage();
  await tab.goto(base + '/#/duel?watch=ZZZZZZZZ');
  await tab.locator('#lobby').waitFor({ timeout: 10000 });
  check(!(await tab.evaluate(() => window.duelist.joined)), 'watching a room that does not exist');
  await tab.close();
});

await test("the player's reload takes back the seat", async () => {
  await player.reload();
  await player.waitForFunction((room) => window.duelist.joined && window.duelist.joined.role === 'player'
    && window.duelist.joined.room === room && window.duelist.state, room, { timeout: 15000 });
  check(!player.url().includes('watch='), `the player's address is ${player.url()}`);
  await chatHas(player, ['hello from the player']);
});

await done();
