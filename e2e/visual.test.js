// Visual regression: a few stable screens are compared with reference screenshots kept in
// e2e/reference/ (committed PNGs). A screen fails when more than MAX_DIFF of its pixels differ
// (pixelmatch, with its per-pixel colour threshold, so anti-aliasing noise does not count); the
// screenshot and a diff image (changed pixels in red) are saved in e2e/artifacts/. Text that
// changes between runs (the player's name field, a clock) is masked with a solid box.
//
//   UPDATE_REFERENCE=1 node visual.test.js    writes the references anew (look at them, commit)
//
// The duel board against the AI (desktop en and zh-CN, a 390x844 phone) needs a server that
// deals every duel alike: `duelist serve --test-seed N` at DUELIST_SEEDED_URL (.ci/e2e starts
// one with --test-seed 42 besides the main server); without it those screens are skipped. The
// player goes first, Normal Summons and Sets what the seed's hand offers, ends the turn and the
// shot is taken at the start of their second turn, after the AI's, with animations off.
// Run by .ci/e2e with DUELIST_URL (and DUELIST_SEEDED_URL) set.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { artifacts, base, done, launchArgs as quietArgs, open, test, watch } from './lib.js';

const seeded = process.env.DUELIST_SEEDED_URL || '';
const reference = new URL('./reference/', import.meta.url).pathname;
const update = process.env.UPDATE_REFERENCE === '1';
mkdirSync(reference, { recursive: true });

const MAX_DIFF = 0.01; // the share of pixels that may differ (runs on one machine differ by 0.00%)
const THRESHOLD = 0.1; // pixelmatch's per-pixel colour distance (0..1) below which pixels are alike
const POT_OF_GREED = 55144522;

// Text drawn alike every run: no hinting, no subpixel text, one colour profile.
const launchArgs = [...quietArgs, '--font-render-hinting=none', '--disable-lcd-text', '--force-color-profile=srgb'];

// The room list shows the rooms the other scripts left on the same server: its entries (and
// the "none" line that stands for no entries) are hidden so the lobby looks the same every run.
const ROOMS_VARY = '#rooms-open, #rooms-live, #room-list p.hint { display: none !important; }';

// The screens: where, at which size and language, what to wait for, and what to mask.
const SCREENS = [
  { name: 'lobby-1366x768', path: '/', viewport: { width: 1366, height: 768 }, lang: 'en',
    ready: '#lobby #deck option', mask: ['#name'], css: ROOMS_VARY },
  { name: 'lobby-390x844-zh-CN', path: '/', viewport: { width: 390, height: 844 }, lang: 'zh-CN',
    ready: '#lobby #deck option', mask: ['#name'], touch: true, css: ROOMS_VARY },
  { name: 'cards-1366x768', path: '/#/cards', viewport: { width: 1366, height: 768 }, lang: 'en',
    ready: '#results .tile', setup: finishedSet, mask: [] },
  { name: 'card-zoom-1366x768-zh-TW', path: `/#/cards?code=${POT_OF_GREED}`, viewport: { width: 1366, height: 768 },
    lang: 'zh-TW', ready: '#card-zoom .limits tr', setup: finishedSet, mask: [] },
  { name: 'duel-1366x768', path: '/', viewport: { width: 1366, height: 768 }, lang: 'en', seeded: true,
    ready: '#lobby #deck option', setup: duelBoard, mask: ['.clock', '#room-code'] },
  { name: 'duel-1366x768-zh-CN', path: '/', viewport: { width: 1366, height: 768 }, lang: 'zh-CN', seeded: true,
    ready: '#lobby #deck option', setup: duelBoard, mask: ['.clock', '#room-code'] },
  { name: 'duel-390x844', path: '/', viewport: { width: 390, height: 844 }, lang: 'en', seeded: true, touch: true,
    ready: '#lobby #deck option', setup: duelBoard, mask: ['.clock', '#room-code'] },
];

// finishedSet searches the card centre for a finished set's cards (LOB), so that the screen does
// not change whenever cards of the sets still being written land (the whole catalog's first page
// and count did, 22-29 % of the pixels).
async function finishedSet(page) {
  await page.fill('#f-q', 'set:LOB');
  await page.waitForFunction(() => document.querySelector('#result-count')?.getAttribute('data-total') === '126', null, { timeout: 15000 });
}

// duelBoard plays the fixed start of a duel against the AI on the seeded server: the player
// (Alice) goes first, Normal Summons the first monster offered, Sets the first Spell/Trap
// offered, ends the turn, and waits for their next turn's first prompt with nothing animating.
async function duelBoard(page) {
  await page.locator('input[name=opponent][value=ai]').click();
  await page.selectOption('#first', 'A');
  await page.click('#create');
  const myIdle = (turn) => page.waitForFunction((turn) => {
    const st = window.duelist.state;
    return st && st.prompt && st.prompt.kind === 'idle' && st.view.turnPlayer === st.you && st.view.turn >= turn
      && !document.body.classList.contains('sent');
  }, turn, { timeout: 60000 });
  // answer gives the first option with one of the verbs, if the idle prompt has one.
  const answer = async (verbs) => {
    await myIdle(1);
    const n = await page.evaluate((verbs) => {
      const p = window.duelist.state.prompt;
      const o = p.options.find((o) => verbs.includes(o.verb));
      if (!o) return -1;
      window.duelist.answer({ i: o.i }, p.n);
      return p.n;
    }, verbs);
    if (n >= 0) await page.waitForFunction((n) => window.duelist.state.prompt?.n !== n, n);
  };
  await answer(['summon']);
  await answer(['set']);
  await answer(['end']);
  await myIdle(3);
  await page.waitForFunction(() => !document.body.classList.contains('animating'));
}

// capture opens a screen in a fresh browser profile and returns its PNG (the viewport only).
async function capture(s) {
  const ctx = await open({
    args: launchArgs, viewport: s.viewport, deviceScaleFactor: 1, hasTouch: !!s.touch, isMobile: !!s.touch, reducedMotion: 'reduce',
    locale: 'en-US', timezoneId: 'UTC', colorScheme: 'dark',
  });
  try {
    const page = watch(ctx.pages()[0] || await ctx.newPage(), s.name);
    await page.addInitScript((lang) => {
      localStorage.setItem('duelist.lang', lang);
      localStorage.setItem('duelist.name', 'Alice');
      localStorage.setItem('duelist.anim', 'off');
      localStorage.setItem('duelist.chain', 'never');
    }, s.lang);
    if (s.css) await page.addInitScript((css) => addEventListener('DOMContentLoaded', () => {
      const st = document.createElement('style');
      st.textContent = css;
      document.head.append(st);
    }), s.css);
    await page.goto((s.seeded ? seeded : base) + s.path);
    await page.locator(s.ready).first().waitFor({ state: 'attached', timeout: 15000 });
    if (s.setup) await s.setup(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    await page.waitForTimeout(600); // a debounced search or a late layout settles
    return await page.screenshot({
      animations: 'disabled', caret: 'hide', scale: 'css',
      mask: s.mask.map((m) => page.locator(m)), maskColor: '#ff00ff',
    });
  } finally {
    await ctx.close();
  }
}

// compare returns the share of pixels that differ between two PNGs and writes the diff image.
function compare(name, got, want) {
  const a = PNG.sync.read(got);
  const b = PNG.sync.read(want);
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`${name}: the screenshot is ${a.width}x${a.height}, the reference ${b.width}x${b.height}`);
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const n = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: THRESHOLD });
  writeFileSync(join(artifacts, `visual-${name}-diff.png`), PNG.sync.write(diff));
  return n / (a.width * a.height);
}

for (const s of SCREENS) {
  if (process.env.ONLY && !s.name.includes(process.env.ONLY)) continue;
  if (s.seeded && !seeded) {
    console.log(`skip ${s.name}: no DUELIST_SEEDED_URL (a server started with --test-seed)`);
    continue;
  }
  const ref = join(reference, `${s.name}.png`);
  await test(s.name, async () => {
    const png = await capture(s);
    writeFileSync(join(artifacts, `visual-${s.name}.png`), png);
    if (update) {
      writeFileSync(ref, png);
      console.log(`     ${s.name}: reference written (${png.length} bytes)`);
      return;
    }
    if (!existsSync(ref)) throw new Error(`no reference ${ref}; run with UPDATE_REFERENCE=1 and commit it`);
    const share = compare(s.name, png, readFileSync(ref));
    const pct = (share * 100).toFixed(2);
    if (share > MAX_DIFF) {
      throw new Error(`${pct}% of the pixels differ (more than ${MAX_DIFF * 100}%); see artifacts/visual-${s.name}-diff.png`);
    }
    console.log(`     ${s.name}: ${pct}% of the pixels differ`);
  });
}

// The comparison can fail: the lobby moved down by 40 pixels differs by more than
// MAX_DIFF from its reference.
if (!update && (!process.env.ONLY || 'changed'.includes(process.env.ONLY))) {
  await test('a changed lobby is caught', async () => {
    const s = { ...SCREENS[0], css: '#lobby { margin-top: 40px }' };
    const share = compare('lobby-changed', await capture(s), readFileSync(join(reference, `${s.name}.png`)));
    if (share <= MAX_DIFF) throw new Error(`the lobby moved down differs by only ${(share * 100).toFixed(2)}%`);
    console.log(`     ${(share * 100).toFixed(2)}% of the pixels differ`);
  });
}

await done();
