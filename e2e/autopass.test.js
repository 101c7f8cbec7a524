// Auto-pass (web/static/js/autopass.js): every server duel asks both seats at every chain window,
// and the client passes for the player as its chain setting (localStorage "duelist.chain") says.
// First the pure function; then, in Chromium against DUELIST_URL, a duel with the AI going first:
// with the default setting the player's windows of the AI's turn pass without a click, and with
// "always" the page stops at the first of them. Run by .ci/e2e.
import { base, done, open, test, watch } from './lib.js';
import { AUTOPASS_DELAY_MS, autoPass, chainSetting } from '../web/static/js/autopass.js';

function eq(got, want, what) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

const opt = (i, verb) => ({ i, verb, text: verb, cards: [], sel: [] });
const prompt = (kind, ...options) => ({ n: 7, kind, seat: 'A', phase: 'main1', candidates: [], options });

await test('autoPass answers as the chain setting says', async () => {
  const bare = prompt('chain', opt(0, 'pass'));
  const live = prompt('chain', opt(0, 'activate'), opt(1, 'pass'));
  const idle = prompt('idle', opt(0, 'end'));
  eq(autoPass(bare, 'respond'), { i: 0 }, 'a bare window, respond');
  eq(autoPass(live, 'respond'), null, 'a window with a response, respond');
  eq(autoPass(bare, 'never'), { i: 0 }, 'a bare window, never');
  eq(autoPass(live, 'never'), { i: 1 }, 'a window with a response, never');
  eq(autoPass(bare, 'always'), null, 'a bare window, always');
  eq(autoPass(live, 'always'), null, 'a window with a response, always');
  eq(autoPass(idle, 'never'), null, 'an idle prompt is never passed');
  eq(autoPass(prompt('chain', opt(0, 'activate')), 'never'), null, 'a window without pass');
  eq(autoPass(null, 'never'), null, 'no prompt');
  eq(chainSetting(), 'respond', 'the setting without storage');
  if (AUTOPASS_DELAY_MS < 100 || AUTOPASS_DELAY_MS > 2000) throw new Error(`delay ${AUTOPASS_DELAY_MS} ms`);
});

// aiDuel opens a page with the given chain setting (none: the default) and creates a duel
// against the AI, which goes first.
async function aiDuel(setting) {
  const ctx = await open();
  const close = () => ctx.close();
  const page = watch(await ctx.newPage(), 'autopass');
  if (setting) await page.addInitScript((s) => localStorage.setItem('duelist.chain', s), setting);
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#deck option').first().waitFor({ state: 'attached' });
  await page.locator('input[name=opponent][value=ai]').click();
  await page.selectOption('#first', 'B');
  // Every chain prompt the page is given, by its number.
  await page.evaluate(() => {
    window.chainPrompts = new Set();
    setInterval(() => {
      const p = window.duelist.state && window.duelist.state.prompt;
      if (p && p.kind === 'chain') window.chainPrompts.add(p.n);
    }, 10);
  });
  await page.click('#create');
  return { page, close };
}

await test('the default setting passes the windows of the AI\'s turn without a click', async () => {
  const { page, close } = await aiDuel(null);
  try {
    // No click at all: the duel reaches the player's own first turn.
    await page.waitForFunction(() => {
      const st = window.duelist.state;
      return st && st.prompt && st.prompt.kind === 'idle' && st.view.turnPlayer === st.you;
    }, null, { timeout: 60000 });
    const n = await page.evaluate(() => window.chainPrompts.size);
    if (n === 0) throw new Error('the player was asked at no chain window of the AI\'s turn');
    console.log(`     ${n} chain windows passed for the player`);
  } finally {
    await close();
  }
});

await test('with "always" the page stops at the first window', async () => {
  const { page, close } = await aiDuel('always');
  try {
    await page.waitForFunction(() => {
      const p = window.duelist.state && window.duelist.state.prompt;
      return p && p.kind === 'chain';
    }, null, { timeout: 60000 });
    const n = await page.evaluate(() => window.duelist.state.prompt.n);
    await page.waitForTimeout(3 * AUTOPASS_DELAY_MS);
    const still = await page.evaluate(() => window.duelist.state.prompt && window.duelist.state.prompt.n);
    if (still !== n) throw new Error(`the window ${n} was answered (now ${still}) though the setting is "always"`);
    await page.locator('#prompt-panel button[data-verb="pass"]').first().click();
    await page.waitForFunction((k) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== k, n);
  } finally {
    await close();
  }
});

await done();
