// End-to-end check of the card art (issue 33, "Card art"; docs/web.md "Card art"). With
// `duelist serve --pics DIR` every card shows DIR/<passcode>.jpg: the test makes a folder of tiny
// test JPEGs (drawn here by the browser's canvas: never a real card picture), one per passcode of
// the catalog but Pot of Greed's, starts its own server on it and checks the card centre (tiles
// and zoom), the deck builder, a pack opening and the hand of a duel against the AI show the
// pictures, loaded; Pot of Greed, whose picture is missing, falls back to its drawing; the
// pictures' answers carry their caching headers, and a name that is not <digits>.jpg is a 404.
// Without --pics (the main server, DUELIST_URL), every card shows its generated illustration (an
// SVG), no two cards of different passcodes alike. Screenshots e2e/artifacts/art-*.png.
// The binary is $DUELIST_BIN (set by .ci/e2e), or one built here.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base, check, done, open, shot, test, watch } from './lib.js';

const POT_OF_GREED = 55144522; // the one passcode the test folder lacks
const DARK_MAGICIAN = 46986414;
const W = 177, H = 254; // the size of YGOPro's pictures

const dir = mkdtempSync(join(tmpdir(), 'duelist-art-'));
let server = null;

/** @returns {Promise<number>} a free loopback port */
function freePort() {
  return new Promise((res) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); }); });
}

/** the binary under test: $DUELIST_BIN or one built now */
function binary() {
  if (process.env.DUELIST_BIN) return process.env.DUELIST_BIN;
  const out = join(dir, 'duelist');
  execFileSync('go', ['build', '-o', out, './cmd/duelist'], { cwd: new URL('..', import.meta.url).pathname, stdio: 'inherit' });
  return out;
}

/** advance plays the player's way to their first idle prompt (rock-paper-scissors, going first). */
async function advance(p) {
  for (let i = 0; i < 40; i++) {
    const s = await p.evaluate(() => { const st = window.duelist.state; return st && st.prompt ? { n: st.prompt.n, kind: st.prompt.kind } : null; });
    if (s && s.kind === 'idle') return;
    if (s && s.kind !== 'chain') {
      await p.locator('#prompt-panel button.opt').first().click();
      await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
    } else await p.waitForTimeout(250);
  }
}

/** duelAI opens a duel against the AI at the server's address and reaches the first idle prompt. */
async function duelAI(p, url) {
  await p.goto(url + '/');
  await p.evaluate(() => localStorage.setItem('duelist.anim', 'off'));
  await p.locator('#lobby #create').waitFor();
  await p.locator('input[name=opponent][value=ai]').click();
  await p.click('#create');
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
  await advance(p);
  await p.waitForTimeout(300);
}

// pics reads the pictures of a set of elements: for each, its code, whether it is marked
// has-pic, and its picture's state (none, loading, loaded WxH, broken).
const picsOf = (els) => els.map((e) => {
  const img = e.querySelector('img.pic');
  return {
    code: Number(e.getAttribute('data-code')), has: e.classList.contains('has-pic'),
    img: !img ? 'none' : !img.complete ? 'loading' : img.naturalWidth ? `${img.naturalWidth}x${img.naturalHeight}` : 'broken',
  };
});

/** allLoaded waits until every picture of the selector's elements has loaded or failed. */
async function settle(p, sel) {
  await p.waitForFunction((s) => [...document.querySelectorAll(s + ' img.pic')].every((i) => i.complete), sel, { timeout: 10000 });
  await p.waitForTimeout(100);
}

/** @param {{code: number, has: boolean, img: string}[]} list @param {string} where */
function allPics(list, where) {
  check(list.length > 0, `${where}: no cards`);
  for (const c of list) {
    if (c.code === POT_OF_GREED) {
      check(!c.has && c.img !== `${W}x${H}`, `${where}: Pot of Greed, whose picture is missing, is drawn as ${JSON.stringify(c)}`);
    } else {
      check(c.has && c.img === `${W}x${H}`, `${where}: card ${c.code} shows no picture: ${JSON.stringify(c)}`);
    }
  }
}

await test('with --pics every card shows its picture: card centre, zoom, deck builder, pack opening, the duel', async () => {
  // The test pictures: a striped canvas with the passcode's digits, as JPEG.
  const ctx = await open({ viewport: { width: 1366, height: 768 } });
  try {
    const p0 = watch(await ctx.newPage(), 'art-make');
    const cards = await (await fetch(base + '/api/cards')).json();
    const jpg = await p0.evaluate(([w, h]) => {
      const c = document.createElement('canvas');
      c.width = w; c.height = h;
      const g = c.getContext('2d');
      for (let y = 0; y < h; y += 16) { g.fillStyle = (y / 16) % 2 ? '#e11d8f' : '#0ea5e9'; g.fillRect(0, y, w, 16); }
      g.fillStyle = '#fff'; g.font = 'bold 28px sans-serif'; g.fillText('TEST', 50, 130);
      return c.toDataURL('image/jpeg', 0.7).split(',')[1];
    }, [W, H]);
    const bytes = Buffer.from(jpg, 'base64');
    const pics = join(dir, 'pics');
    mkdirSync(pics);
    let n = 0;
    for (const c of cards) if (c.code !== POT_OF_GREED) { writeFileSync(join(pics, `${c.code}.jpg`), bytes); n++; }
    writeFileSync(join(dir, 'secret.jpg'), bytes);
    console.log(`  ${n} test pictures of ${bytes.length} bytes in ${pics}`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(binary(), ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'art.db'), '--pics', pics,
      '--registrations-per-addr', '1000', '--logins-per-addr', '1000'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(url + '/healthz').then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const p = watch(await ctx.newPage(), 'art-pics');
    // The pictures' answers: caching headers, the type; 404 for a missing one and a bad name.
    await p.goto(url + '/');
    const heads = await p.evaluate(async ([dm, pog]) => {
      const r = await fetch(`pics/${dm}.jpg`);
      const again = await fetch(`pics/${dm}.jpg`, { headers: { 'If-None-Match': r.headers.get('etag') || '' }, cache: 'no-store' });
      const st = async (u) => (await fetch(u)).status;
      return {
        status: r.status, type: r.headers.get('content-type'), cache: r.headers.get('cache-control'), etag: r.headers.get('etag'),
        again: again.status, missing: await st(`pics/${pog}.jpg`), name: await st('pics/secret.jpg'),
        up: await st('pics/..%2Fsecret.jpg'), png: await st(`pics/${dm}.png`),
      };
    }, [DARK_MAGICIAN, POT_OF_GREED]);
    check(heads.status === 200 && heads.type === 'image/jpeg' && /max-age=\d+/.test(heads.cache || '') && heads.etag && heads.again === 304,
      `a picture's answer: ${JSON.stringify(heads)}`);
    check(heads.missing === 404 && heads.name === 404 && heads.up === 404 && heads.png === 404, `refusals: ${JSON.stringify(heads)}`);

    // The card centre: tiles and a zoom.
    await p.goto(url + '/#/cards');
    await p.locator('#results .tile').first().waitFor();
    await settle(p, '#results');
    allPics(await p.locator('#results .tile').evaluateAll(picsOf), 'card centre');
    await shot(p, 'art-cards-pics');
    await p.locator('#results .tile').first().locator('.zoom-btn').click();
    await p.locator('#card-zoom .zoom-art').waitFor();
    await settle(p, '#card-zoom');
    const zoom = await p.locator('#card-zoom .zoom-art').evaluateAll((es) => es.map((e) => ({
      has: e.classList.contains('has-pic'), w: e.querySelector('img.pic')?.naturalWidth || 0 })));
    check(zoom[0].has && zoom[0].w === W, `the zoom shows no picture: ${JSON.stringify(zoom)}`);
    await shot(p, 'art-zoom-pics');
    // Pot of Greed: no picture; its drawing.
    await p.fill('#f-q', 'pot of greed');
    await p.waitForFunction((c) => document.querySelector(`#results .tile[data-code="${c}"]`), POT_OF_GREED);
    await settle(p, '#results');
    const pog = await p.locator(`#results .tile[data-code="${POT_OF_GREED}"]`).evaluateAll(picsOf);
    allPics(pog, 'Pot of Greed');
    const pogArt = await p.locator(`#results .tile[data-code="${POT_OF_GREED}"] .tart`).evaluate((e) => getComputedStyle(e).backgroundImage);
    check(pogArt.includes('data:image/svg+xml'), `Pot of Greed has no drawing: ${pogArt.slice(0, 80)}`);

    // The deck builder's search and a pack opening, as a new account.
    const reg = await p.evaluate(async (name) => (await fetch('api/account/register', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: 'a long enough password' }),
    })).status, `art${Date.now().toString(36).slice(-6)}`);
    check(reg === 200 || reg === 201, `register: ${reg}`);
    await p.goto(url + '/#/decks');
    await p.reload();
    await p.locator('#results .tile').first().waitFor();
    await settle(p, '#results');
    allPics(await p.locator('#results .tile').evaluateAll(picsOf), 'deck builder');
    await shot(p, 'art-decks-pics');
    await p.goto(url + '/#/packs');
    await p.locator('#wallet #gems').waitFor();
    await p.locator('.product[data-product=pool] button.buy1').click();
    await p.locator('#opening .pack-card').first().waitFor();
    await p.click('#reveal-all');
    await settle(p, '#opening');
    const opened = await p.locator('#opening .pack-card.up').evaluateAll((cs) => cs.map((c) => {
      const img = c.querySelector('img.pic');
      return { code: Number(c.getAttribute('data-passcode')), has: c.classList.contains('has-pic'),
        img: !img ? 'none' : img.naturalWidth ? `${img.naturalWidth}x${img.naturalHeight}` : 'broken' };
    }));
    allPics(opened, 'pack opening');
    await shot(p, 'art-packs-pics');

    // A duel: the hand, face-up.
    await duelAI(p, url);
    await settle(p, '#game');
    const hand = await p.locator('#side-0 .hand .card').evaluateAll(picsOf);
    allPics(hand, 'the hand');
    await shot(p, 'art-duel-pics');
  } finally {
    await ctx.close();
  }
});

await test('without --pics each card has its own generated illustration', async () => {
  const ctx = await open({ viewport: { width: 1366, height: 768 } });
  try {
    const p = watch(await ctx.newPage(), 'art-drawn');
    const drawn = async (sel, artSel) => p.locator(sel).evaluateAll((es, a) => es.map((e) => ({
      code: e.getAttribute('data-code'), pic: !!e.querySelector('img.pic'),
      bg: getComputedStyle(e.querySelector(a)).backgroundImage })), artSel);
    const distinct = (list, where) => {
      check(list.length > 1, `${where}: ${list.length} cards`);
      const byCode = new Map(list.map((c) => [c.code, c.bg]));
      for (const c of list) {
        check(!c.pic, `${where}: card ${c.code} has a picture on a server without --pics`);
        check(c.bg.includes('data:image/svg+xml'), `${where}: card ${c.code} has no illustration: ${c.bg.slice(0, 80)}`);
      }
      const bgs = new Set(byCode.values());
      check(bgs.size === byCode.size, `${where}: ${byCode.size} passcodes but ${bgs.size} illustrations`);
    };
    await p.goto(base + '/#/cards');
    await p.locator('#results .tile').first().waitFor();
    await p.waitForTimeout(300);
    distinct(await drawn('#results .tile', '.tart'), 'card centre');
    await shot(p, 'art-cards-drawn');
    await duelAI(p, base);
    const hand = await drawn('#side-0 .hand .card', '.art');
    distinct(hand, 'the hand');
    await shot(p, 'art-duel-drawn');
  } finally {
    await ctx.close();
  }
});

if (server) { try { process.kill(-server.pid); } catch { /* gone */ } }
rmSync(dir, { recursive: true, force: true });
await done();
