// End-to-end check that a new account's starter decks are saved decks (issue 33, item 7): after
// registering, the deck builder's list of saved decks and the lobby's deck select ("Your decks")
// offer the starter decks (yugi, kaiba and kouhu's dragons and knights-and-mages), legal with the
// cards the account starts with, named in the player's language (游戏 in 简体中文), and one plays
// against the AI. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, register, shot, test } from './lib.js';

await test('a new account finds its starter decks saved, in the builder and the lobby', async () => {
  const p = await page('starter', { viewport: { width: 1280, height: 900 } });
  await register(p, 'st');
  const list = await p.evaluate(async () => (await fetch('api/decks/')).json());
  const names = list.map((d) => d.name).sort();
  check(JSON.stringify(names) === JSON.stringify(['dragons', 'kaiba', 'knights-and-mages', 'yugi']), `the saved decks: ${names}`);
  const yugi = list.find((d) => d.name === 'yugi');
  check(yugi.legal, `the yugi starter deck is not legal: ${JSON.stringify(yugi)}`);
  await p.goto(base + '/#/decks');
  await p.locator(`#saved option[value="${yugi.id}"]`).waitFor({ state: 'attached', timeout: 8000 });
  // In 简体中文 the starter decks are named as the preconstructed ones.
  await p.evaluate(() => localStorage.setItem('duelist.lang', 'zh-CN'));
  await p.reload();
  await p.locator(`#saved option[value="${yugi.id}"]`).waitFor({ state: 'attached', timeout: 8000 });
  const label = await p.locator(`#saved option[value="${yugi.id}"]`).textContent();
  check(label.startsWith('游戏'), `the yugi starter deck reads ${label} in 简体中文`);
  await p.goto(base + '/#/lobby');
  await p.evaluate(() => localStorage.setItem('duelist.lang', 'en'));
  await p.reload();
  const opt = p.locator(`#deck option[value="saved:${yugi.id}"]`);
  check(await opt.waitFor({ state: 'attached', timeout: 8000 }).then(() => true, () => false),
    `the lobby offers no saved yugi deck: ${await p.locator('#deck option').allTextContents()}`);
  await p.selectOption('#deck', `saved:${yugi.id}`);
  await p.locator('input[name=opponent][value=ai]').click();
  await p.click('#create');
  const ok = await p.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 }).then(() => true, () => false);
  check(ok, `no duel with the starter deck: ${await p.evaluate(() => window.duelist.lobbyError || '')}`);
  await shot(p, 'starter-duel');
});

await done();
