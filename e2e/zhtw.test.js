// End-to-end test of 繁體中文 on the collection (issue 33, defect 5): the collection's rows and its
// search use the cards' Traditional names (the catalog's nameTW), so 冰水精靈 finds Aqua Spirit's
// card, and no row shows a 简体 name where a 繁體 one exists. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, register, shot, test } from './lib.js';

await test('the collection searches and shows 繁體 names', async () => {
  const p = await page('zhtw', { viewport: { width: 1280, height: 900 } });
  await register(p, 'tw');
  await p.evaluate(() => localStorage.setItem('duelist.lang', 'zh-TW'));
  await p.goto(base + '/#/collection');
  await p.reload();
  await p.locator('#coll-search').waitFor({ timeout: 15000 });
  await p.fill('#coll-search', '冰水精靈');
  const found = await p.locator('#collection tr[data-passcode] td.name').first().waitFor({ timeout: 5000 }).then(() => true, () => false);
  check(found, 'the search for 冰水精靈 finds no card');
  const name = await p.locator('#collection tr[data-passcode] td.name').first().textContent();
  check(name === '冰水精靈', `the search for 冰水精靈 shows ${name}`);
  await shot(p, 'zhtw-collection-search');
  await p.fill('#coll-search', '');
  await p.waitForTimeout(300);
  // Every row with a Traditional name in the catalog shows it.
  const wrong = await p.evaluate(() => [...document.querySelectorAll('#collection tr[data-passcode]')].map((tr) => {
    return [Number(tr.dataset.passcode), tr.querySelector('td.name').textContent];
  }));
  const catalog = await p.evaluate(async () => (await (await fetch('api/cards')).json()).map((c) => [c.code, c.nameTW || '', c.nameZH || '']));
  const tw = new Map(catalog.map(([code, t]) => [code, t]));
  const bad = wrong.filter(([code, shown]) => tw.get(code) && shown !== tw.get(code));
  check(wrong.length > 20, `only ${wrong.length} rows`);
  check(!bad.length, `${bad.length} of ${wrong.length} rows show another name than the 繁體 one: ${bad.slice(0, 5).map(([c, s]) => `${s} (${tw.get(c)})`).join(', ')}`);
});

await test("rated play's refusal of a deck reads in 繁體, its problems and the decks that keep the list too", async () => {
  const p = await page('zhtw-rated', { viewport: { width: 1280, height: 900 } });
  await p.goto(base + '/');
  await p.evaluate(() => localStorage.setItem('duelist.lang', 'zh-TW'));
  await p.reload();
  await p.locator('#lobby').waitFor({ timeout: 15000 });
  // The server's two messages (server/roomdecks.go), worded by the page's own module.
  const said = await p.evaluate(async () => {
    const w = await import('./js/words.js');
    return [
      w.problemsText('rated play keeps banlist duelist-2008, and the preconstructed deck "yugi-40" does not ("Monster Reborn" is forbidden in banlist duelist-2008; "Change of Heart" is forbidden in banlist duelist-2008): choose one that does (yugi-legal, kaiba-legal), or play unrated'),
      w.problemsText('rated play keeps banlist duelist-2008, and the deck does not ("Monster Reborn" is forbidden in banlist duelist-2008): decks that do are yugi-legal, kaiba-legal'),
    ];
  });
  for (const s of said) {
    check(s.startsWith('排位對戰遵守禁限卡表 duelist-2008') && s.includes('在禁限卡表 duelist-2008 中被禁止') && s.includes('遊戲（40 張·無禁卡）'), `the refusal in 繁體: ${s}`);
    check(!/rated|forbidden|banlist |decks that|play unrated/.test(s), `English left in the refusal: ${s}`);
  }
});

await done();
