// End-to-end test of quick match, the ladder, the profile and friends (issue 17): two accounts
// (each in its own browser, so each has its own session cookie) queue for quick match from the
// ladder page, are paired into one rated room, one concedes through the duel screen; both see
// their ratings change on the profile and the leaderboard. Then one asks the other to be a
// friend, the other accepts, a chat message typed as HTML arrives as plain text, and a challenge
// sent through the chat brings both into one room.
// Run with DUELIST_URL set (as .ci/e2e does for duel.test.js); screenshots go to e2e/artifacts/.
import { base, done, page, register, shot as saveShot, test } from './lib.js';

// browser opens a page in its own browser profile (its own session cookie), dialogs accepted
// (the concede button asks first).
const browser = (name) => page(name, { viewport: { width: 1100, height: 900 } });

// shot saves e2e/artifacts/ladder-<name>.png.
const shot = (p, name) => saveShot(p, `ladder-${name}`);

async function profileRating(page) {
  await page.goto(base + '/#/profile');
  await page.locator('#profile .queue-rating[data-queue="ocg/bo1"] .rating').waitFor({ timeout: 10000 });
  return Number(await page.locator('#profile .queue-rating[data-queue="ocg/bo1"] .rating').textContent());
}

// The accounts' names (fresh each run: the database may be reused), set when they register.
const names = [];
let a;
let b;

await test('two accounts quick match, one concedes, ratings and the board change', async () => {
  a = await browser('A');
  b = await browser('B');
  names[0] = (await register(a, 'ana')).name;
  names[1] = (await register(b, 'ben')).name;
  for (const p of [a, b]) {
    await p.goto(base + '/#/ladder');
    await p.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  }
  await shot(a, 'ladder-before');
  // Quick match is rated: it offers the decks that keep the default banlist (issue 33), yugi-legal
  // by default, not the Starter Decks as printed (yugi-40 holds Monster Reborn and Change of Heart).
  const offered = await a.locator('#ladder-deck option').evaluateAll((os) => os.map((o) => o.value));
  if (!offered.includes('yugi-legal') || !offered.includes('kaiba-legal') || offered.includes('yugi-40') || offered.includes('kaiba-40')) {
    throw new Error(`quick match offers the decks ${offered}`);
  }
  if (await a.inputValue('#ladder-deck') !== 'yugi-legal') throw new Error(`quick match's deck: ${await a.inputValue('#ladder-deck')}`);
  await a.click('#queue');
  await a.locator('#searching').waitFor();
  await b.selectOption('#ladder-deck', 'kaiba-legal');
  await b.click('#queue');
  // Paired: both land on the duel screen of one room.
  for (const p of [a, b]) await p.waitForFunction(() => window.duelist.joined && window.duelist.state, null, { timeout: 20000 });
  const rooms = await Promise.all([a, b].map((p) => p.evaluate(() => window.duelist.joined.room)));
  if (rooms[0] !== rooms[1]) throw new Error(`paired into rooms ${rooms}`);
  await shot(a, 'duel');
  await a.locator('button.concede').first().click();
  for (const p of [a, b]) await p.waitForFunction(() => window.duelist.state && window.duelist.state.result, null, { timeout: 20000 });
  const result = await b.evaluate(() => ({ you: window.duelist.state.you, winner: window.duelist.state.result.winner }));
  if (result.you !== result.winner) throw new Error(`B should have won: ${JSON.stringify(result)}`);
  const ra = await profileRating(a);
  const rb = await profileRating(b);
  await shot(b, 'profile');
  if (!(ra < 1500 && rb > 1500)) throw new Error(`ratings after the duel: A ${ra}, B ${rb}`);
  if ((await b.locator('#recent tbody tr').count()) < 1) throw new Error('no recent duel on the profile');
  if ((await b.locator('#profile svg.chart polyline').count()) < 1) throw new Error('no rating chart');
  await b.goto(base + '/#/ladder');
  await b.locator('#leaderboard tr.me').waitFor({ timeout: 10000 });
  const board = await b.locator('#leaderboard tbody').textContent();
  if (!board.includes(names[0]) || !board.includes(names[1])) throw new Error(`the board lacks a player: ${board}`);
  await shot(b, 'ladder-after');
});

await test('friends: ask by name, accept, chat as plain text', async () => {
  if (!a || !b) throw new Error('no accounts');
  await a.goto(base + '/#/friends');
  await a.fill('#friend-name', names[1].toUpperCase()); // names compare case-insensitively
  await a.click('#friend-add');
  await a.locator('#friends-note').waitFor();
  await b.goto(base + '/#/friends');
  await b.locator('#incoming .accept').click();
  await b.locator(`#friend-list .friend`).waitFor();
  await a.goto(base + '/#/lobby');
  await a.goto(base + '/#/friends');
  await a.locator('#friend-list .friend .chat').click();
  await a.fill('#chat-text', '<b>hi</b> & bye');
  await a.click('#chat-send');
  await b.locator('#friend-list .friend .chat').click();
  await b.locator('#chat .chat-log .body').first().waitFor({ timeout: 10000 });
  const text = await b.locator('#chat .chat-log .body').first().textContent();
  const bold = await b.locator('#chat .chat-log b').count();
  if (text !== '<b>hi</b> & bye' || bold !== 0) throw new Error(`the message shows as ${JSON.stringify(text)} with ${bold} <b>`);
  await shot(b, 'friends-chat');
});

await test('friends chat: pushed over the WebSocket, read over HTTP while the socket is down', async () => {
  if (!a || !b) throw new Error('no accounts');
  let reads = 0; // B's reads of the conversation over HTTP
  const count = (r) => { if (r.method() === 'GET' && r.url().includes('/api/social/chat/friend/')) reads++; };
  b.on('request', count);
  try {
    await a.fill('#chat-text', 'pushed to you');
    await a.click('#chat-send');
    await b.locator('#chat .chat-log .body', { hasText: 'pushed to you' }).waitFor({ timeout: 10000 });
    if (reads) throw new Error(`B read the chat ${reads} times over HTTP while its socket was up`);
    // B's socket goes down and stays down: the page reads the chat over HTTP instead.
    await b.evaluate(() => { const net = window.duelist.net; net.connect = () => {}; net.ws.close(); });
    await b.waitForFunction(() => window.duelist.status === 'offline');
    await a.fill('#chat-text', 'read over http');
    await a.click('#chat-send');
    await b.locator('#chat .chat-log .body', { hasText: 'read over http' }).waitFor({ timeout: 10000 });
    if (!reads) throw new Error('B got the message without reading it, with its socket down');
    const texts = await b.locator('#chat .chat-log .body').allTextContents();
    if (new Set(texts).size !== texts.length) throw new Error(`a message shows twice: ${texts}`);
  } finally {
    b.off('request', count);
    await b.reload();
    await b.waitForFunction(() => window.duelist && window.duelist.welcome);
  }
});

await test('challenge a friend: a room, its code in the chat, the friend joins', async () => {
  if (!a || !b) throw new Error('no accounts');
  for (const p of [a, b]) { // out of the finished quick-match room
    if (await p.evaluate(() => !!window.duelist.joined)) {
      await p.evaluate(() => window.duelist.send({ t: 'leave' }));
      await p.waitForFunction(() => !window.duelist.joined);
    }
  }
  await a.goto(base + '/#/friends');
  await a.locator('#friend-list .friend .challenge').click();
  await a.waitForFunction(() => window.duelist.joined && window.duelist.joined.role === 'player', null, { timeout: 10000 });
  const room = await a.evaluate(() => window.duelist.joined.room);
  await b.goto(base + '/#/lobby');
  await b.goto(base + '/#/friends');
  await b.locator('#friend-list .friend .chat').click();
  await b.locator('#chat .join-challenge').click({ timeout: 15000 });
  await b.waitForFunction(() => window.duelist.joined && window.duelist.state, null, { timeout: 10000 });
  const joined = await b.evaluate(() => window.duelist.joined.room);
  if (joined !== room) throw new Error(`the friend joined ${joined}, not ${room}`);
  await shot(b, 'challenge-duel');
});

await done();
