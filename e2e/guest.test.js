// End-to-end test of a guest's page loads (issue 33, defect 7 and the fair-play refusals): a guest
// who opens the lobby, the card centre, the deck builder, the ladder, a profile and the replays
// makes no request the server refuses (no 401 in the console: the page asks GET
// /api/account/session, which answers a guest {"user": null}, and asks nothing that needs a login),
// and a profile tells a guest to log in. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, test } from './lib.js';

await test('a guest loads every page without a refused request', async () => {
  const p = await page('guest', { viewport: { width: 1280, height: 800 } });
  const refused = [];
  p.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  const errors = [];
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  for (const path of ['/', '/#/lobby', '/#/cards', '/#/decks', '/#/ladder', '/#/profile?id=1', '/#/replays']) {
    await p.goto(base + path);
    await p.waitForFunction(() => window.duelist && window.duelist.welcome, null, { timeout: 10000 });
    await p.waitForTimeout(700);
  }
  check(!refused.length, `refused requests: ${refused.join(', ')}`);
  check(!errors.length, `console errors: ${errors.join(' | ')}`);
  await p.goto(base + '/#/profile?id=1');
  await p.locator('#profile-login').waitFor({ timeout: 5000 });
});

await done();
