// End-to-end test of the browser client: Playwright (playwright-core) drives Debian's chromium.
// Two pages create and join a room and play a duel to its end through the UI (select a card, then
// a verb; prompts as panels); then one page at a phone viewport, by touch, plays the AI to the
// end. Screenshots go to e2e/artifacts/. Run by .ci/e2e with DUELIST_URL set.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.DUELIST_URL || 'http://127.0.0.1:8080';
const artifacts = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MAX_ACTIONS = 4000;
const DEADLINE = Date.now() + 7 * 60 * 1000;

let passed = 0;
let failed = 0;

// open launches chromium with a fresh user-data-dir.
async function open(contextOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'duelist-e2e-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, args: launchArgs, ...contextOptions,
  });
  const close = ctx.close.bind(ctx);
  ctx.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  return ctx;
}

async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

async function enterLobby(page, name) {
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.stack}`));
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#deck option').first().waitFor({ state: 'attached' });
  await page.fill('#name', name);
}

// summary reads what the page shows: the pending prompt of this seat, and the result.
function summary(page) {
  return page.evaluate(() => {
    const st = window.duelist.state;
    const p = st && st.prompt;
    return {
      result: !document.getElementById('result').hidden,
      n: p ? p.n : 0, kind: p ? p.kind : '', min: p ? p.min : 0, max: p ? p.max : 0,
      turn: st ? st.view.turn : 0,
      verbs: p ? p.options.map((o) => o.verb) : [],
    };
  });
}

// act makes one decision through the UI for a page whose seat must answer.
async function act(page, s, tap) {
  const press = (loc) => (tap ? loc.first().tap() : loc.first().click());
  const has = async (sel) => (await page.locator(sel).count()) > 0;
  const cardVerb = async (verb) => {
    const card = page.locator(`#side-0 .hand .card.actionable[data-verbs~="${verb}"], #side-0 .zone .card.actionable[data-verbs~="${verb}"]`);
    if (!(await card.count())) return false;
    await press(card);
    await press(page.locator(`#card-popup button[data-verb="${verb}"]`));
    return true;
  };
  switch (s.kind) {
    case 'idle':
      if (await cardVerb('summon')) return;
      if (s.turn > 1 && (await has('#phases button[data-verb="battle"]'))) {
        return press(page.locator('#phases button[data-verb="battle"]'));
      }
      return press(page.locator('#phases button[data-verb="end"]'));
    case 'battle':
      if (await cardVerb('attack')) return;
      return press(page.locator('#phases button[data-verb="end"]'));
    case 'target':
      if (await has('#prompt-panel .candidate')) return press(page.locator('#prompt-panel .candidate'));
      return press(page.locator('#prompt-panel button.opt'));
    case 'select': {
      const cands = page.locator('#prompt-panel .candidate');
      const n = Math.max(s.min, 1);
      if (s.min === 1 && s.max === 1) return press(cands);
      if (s.min === 0 && (await has('#prompt-panel button[data-verb="cancel"]'))) {
        return press(page.locator('#prompt-panel button[data-verb="cancel"]'));
      }
      for (let i = 0; i < n; i++) await (tap ? cands.nth(i).tap() : cands.nth(i).click());
      return press(page.locator('#prompt-ok'));
    }
    case 'rps': { // the same hand on both sides would tie forever
      const hands = page.locator('#prompt-panel button.opt');
      const k = Math.floor(Math.random() * 3);
      return tap ? hands.nth(k).tap() : hands.nth(k).click();
    }
    case 'chain': // a window with nothing but pass: the client passes it (autopass.js)
      if (s.verbs.length === 1 && s.verbs[0] === 'pass') return;
      return press(page.locator('#prompt-panel button[data-verb="pass"]'));
    default:
      return press(page.locator('#prompt-panel button.opt'));
  }
}

// play drives the pages until every one of them shows the result.
async function play(pages, label, tap = false) {
  let actions = 0;
  let stuck = 0;
  for (;;) {
    if (Date.now() > DEADLINE) throw new Error(`${label}: out of time after ${actions} actions`);
    const sums = await Promise.all(pages.map(summary));
    if (sums.every((s) => s.result)) return actions;
    const i = sums.findIndex((s) => s.n && !s.result);
    if (i < 0) {
      if (++stuck > 400) throw new Error(`${label}: nobody has a prompt`);
      await pages[0].waitForTimeout(25);
      continue;
    }
    stuck = 0;
    const page = pages[i];
    const s = sums[i];
    if (process.env.DEBUG) console.log(label, i, JSON.stringify(s));
    await act(page, s, tap);
    actions++;
    if (actions === 25) for (const [k, p] of pages.entries()) await shot(p, `${label}-mid-${k}`);
    if (actions > MAX_ACTIONS) throw new Error(`${label}: more than ${MAX_ACTIONS} actions`);
    // Wait for the answer's state (a new prompt number or the result); an error toast means
    // the answer was refused: try again with a fresh look.
    await page.waitForFunction((n) => {
      const st = window.duelist.state;
      const toast = document.getElementById('toast');
      return !st.prompt || st.prompt.n !== n || st.result || (toast && !toast.hidden);
    }, s.n, { timeout: 30000 });
  }
}

async function test(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

await test('two pages create, join and play a duel to the end', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    await enterLobby(a, 'Alice');
    await enterLobby(b, 'Bob');
    await shot(a, 'lobby');
    await a.click('#create');
    const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
    if (!/^[A-Z0-9]{8}$/.test(code)) throw new Error(`room code ${code}`);
    await b.selectOption('#deck', 'kaiba-40');
    await b.fill('#join-code', code);
    await b.click('#join');
    await a.locator('#side-0 .info').waitFor();
    await b.locator('#side-0 .info').waitFor();
    await shot(a, 'duel-start-A');
    const actions = await play([a, b], 'desktop');
    // A card zoom and the language switch, on the finished board.
    const card = a.locator('#side-0 .zone .card, #side-0 .hand .card').first();
    if (await card.count()) {
      await card.click();
      await a.locator('#card-popup .card-info').waitFor();
      await shot(a, 'zoom');
      await a.click('#card-popup button.close');
    }
    await a.selectOption('#lang', 'zh-CN');
    await shot(a, 'end-A-zh');
    await shot(b, 'end-B');
    const ra = await a.locator('#result').getAttribute('data-winner');
    const rb = await b.locator('#result').getAttribute('data-winner');
    if (!ra || ra !== rb) throw new Error(`results differ: ${ra} / ${rb}`);
    console.log(`     ${actions} UI actions; winner ${ra}`);
  } finally {
    await ctx.close();
  }
});

await test('a phone-sized touch screen plays the AI to the end', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2 });
  try {
    const p = await ctx.newPage();
    await enterLobby(p, 'Phone');
    await shot(p, 'phone-lobby');
    await p.locator('input[name=opponent][value=ai]').tap();
    await p.locator('#create').tap();
    await p.locator('#side-0 .info').waitFor();
    await shot(p, 'phone-start');
    const actions = await play([p], 'phone', true);
    await shot(p, 'phone-end');
    console.log(`     ${actions} touch actions; winner ${await p.locator('#result').getAttribute('data-winner')}`);
  } finally {
    await ctx.close();
  }
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
