// The lighter wire (docs/protocol.md "Bytes on the wire", docs/web.md "Caching"), in Chromium
// against DUELIST_URL: what a page load downloads, first and on a returning visit (the bytes
// Chromium reads from the network, headers included, from its network events), and a duel
// against the AI whose board the player's and a spectator's pages keep by deltas alone: no delta
// missed, no view with another hash than the server's. Run by .ci/e2e.
import { base, check, done, open, test, watch } from './lib.js';

/**
 * visit loads the lobby in a page of ctx and returns the bytes read from the network until the
 * page is idle (the catalog loaded, the WebSocket welcomed), and the requests made.
 * @param {import('playwright-core').BrowserContext} ctx
 */
async function visit(ctx) {
  const page = watch(await ctx.newPage(), 'wire');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let ws = 0;
  /** @type {Map<string, string>} */
  const urls = new Map();
  /** @type {string[]} */
  const fetched = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (e.encodedDataLength > 0) fetched.push(`${(urls.get(e.requestId) || '?').replace(base, '')} ${e.encodedDataLength}`);
  });
  cdp.on('Network.webSocketFrameReceived', (e) => { ws += e.response.payloadData.length; });
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.waitForFunction(() => window.duelist && window.duelist.welcome);
  await page.waitForTimeout(1500); // the lobby's first requests (rooms, account) come and go
  await page.close();
  return { bytes, ws, fetched };
}

await test('a returning visit downloads at most 150 KB', async () => {
  const ctx = await open({ viewport: { width: 1100, height: 900 } });
  try {
    const first = await visit(ctx);
    const again = await visit(ctx);
    console.log(`     first visit: ${(first.bytes / 1000).toFixed(1)} KB over HTTP (${first.fetched.length} answers) + ${(first.ws / 1000).toFixed(1)} KB of WebSocket messages`);
    console.log(`     returning visit: ${(again.bytes / 1000).toFixed(1)} KB over HTTP (${again.fetched.length} answers: ${again.fetched.join(', ')}) + ${(again.ws / 1000).toFixed(1)} KB of WebSocket messages`);
    check(first.bytes > 20000, `the first visit read only ${first.bytes} bytes: the measure sees nothing`);
    check(again.bytes + again.ws <= 150000, `a returning visit read ${again.bytes + again.ws} bytes`);
    check(again.bytes < first.bytes / 4, `a returning visit read ${again.bytes} bytes, the first ${first.bytes}: the cache does not work`);
    check(!again.fetched.some((f) => /\/js\/|vendor\/|api\/cards/.test(f)), `modules or the catalog fetched again: ${again.fetched.join(', ')}`);
  } finally {
    await ctx.close();
  }
});

await test('a duel against the AI keeps the board by deltas, for the player and a spectator', async () => {
  const ctx = await open();
  const sctx = await open();
  try {
    const page = watch(await ctx.newPage(), 'wire-player');
    await page.addInitScript(() => localStorage.setItem('duelist.anim', 'off'));
    await page.goto(base + '/');
    await page.locator('#lobby').waitFor({ state: 'visible' });
    await page.locator('#deck option').first().waitFor({ state: 'attached' });
    await page.locator('input[name=opponent][value=ai]').click();
    await page.selectOption('#first', 'A');
    await page.click('#create');
    await page.waitForFunction(() => window.duelist.state && window.duelist.joined);
    const room = await page.evaluate(() => window.duelist.joined.room);
    const spec = watch(await sctx.newPage(), 'wire-spectator');
    await spec.addInitScript(() => localStorage.setItem('duelist.anim', 'off'));
    await spec.goto(`${base}/#/duel?watch=${room}`);
    await spec.waitForFunction(() => window.duelist.state);
    // The player answers at random (a seeded choice) until 150 answers or the end.
    await page.evaluate(async () => {
      let seed = 7;
      const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      for (let k = 0; k < 150; k++) {
        const deadline = Date.now() + 20000;
        let p;
        while (Date.now() < deadline) {
          const st = window.duelist.state;
          if (st && st.result) return;
          p = st && st.prompt;
          if (p && !document.body.classList.contains('sent')) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        if (!p) throw new Error('no prompt for 20 s');
        window.duelist.answer({ i: p.options[rnd(p.options.length)].i }, p.n);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.waitForTimeout(1000);
    const counts = async (p) => p.evaluate(() => {
      const w = window.duelist.wire;
      return { boards: w.boards, deltas: w.deltas, gaps: w.gaps, resyncs: w.resyncs, seq: window.duelist.state.seq };
    });
    const pc = await counts(page);
    const sc = await counts(spec);
    console.log(`     player ${JSON.stringify(pc)}, spectator ${JSON.stringify(sc)}`);
    for (const [who, c] of [['player', pc], ['spectator', sc]]) {
      check(c.deltas >= 50, `the ${who} got ${c.deltas} deltas`);
      check(c.gaps === 0 && c.resyncs === 0, `the ${who} lost its board: ${JSON.stringify(c)}`);
      check(c.boards <= 2, `the ${who} got ${c.boards} boards`);
    }
    check(pc.seq === sc.seq, `the player is at ${pc.seq}, the spectator at ${sc.seq}`);
    // A reload rejoins the seat with a board, and deltas follow it.
    await page.reload();
    await page.waitForFunction(() => window.duelist.state && window.duelist.wire.boards === 1);
    const card = await page.locator('#board .card').count();
    check(card > 0, 'the board is drawn after the reload');
  } finally {
    await ctx.close();
    await sctx.close();
  }
});

await done();
