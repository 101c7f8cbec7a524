// The deck builder's drag and drop and its per-card Craft button (web/static/js/pages/decks.js):
// a new account drags a search result into the Main Deck, moves it to the Side Deck, drags it back
// out onto the results to take it out; an Extra Deck monster dropped on the Main Deck is refused
// with a message and taken by the Extra Deck; a card it does not own (Red-Eyes B. Dragon) gets a
// "Craft ×1" button in the deck, which crafts it with the starter's crafting points.
// Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, register, shot, test } from './lib.js';

// Red-Eyes B. Dragon (LOB, SR): not in the starter decks, unlimited under the default banlist (a
// forbidden card such as Pot of Greed is refused by the builder before it can be crafted).
const RED_EYES = 74677422;

// search types a query into the search box and waits for the results to settle.
async function search(p, q) {
  await p.fill('#f-q', q);
  await p.waitForFunction((q) => {
    const el = document.getElementById('f-q');
    return el && el.value === q && document.querySelector('#results .tile, #result-count[data-total="0"]');
  }, q);
  await p.waitForTimeout(400); // the search is debounced; let the last answer land
}

// count reads a section's number of cards (main, extra, side).
const count = async (p, sec) => Number(await p.locator(`#deck-counters [data-sec=${sec}] b`).innerText());

await test('cards are dragged between the search results and Main, Extra and Side', async () => {
  const p = await page('decks-dnd', { viewport: { width: 1280, height: 900 } });
  await p.goto(base + '/#/decks');
  await register(p, 'dnd');
  await p.goto(base + '/#/decks');
  await p.locator('#save').waitFor();
  await search(p, 'owned:yes kind:monster -kind:extra');
  const code = await p.locator('#results .tile').first().getAttribute('data-code');
  await p.locator(`#results .tile[data-code="${code}"]`).dragTo(p.locator('#deck-main'));
  await p.locator(`#deck-main .tile[data-code="${code}"]`).waitFor();
  check(await count(p, 'main') === 1, `main ${await count(p, 'main')} after a drop`);
  // Main -> Side moves the copy.
  await p.locator(`#deck-main .tile[data-code="${code}"]`).dragTo(p.locator('#deck-side'));
  await p.locator(`#deck-side .tile[data-code="${code}"]`).waitFor();
  check(await count(p, 'main') === 0 && await count(p, 'side') === 1, `main ${await count(p, 'main')}, side ${await count(p, 'side')} after a move`);
  // Side -> the results takes it out.
  await p.locator(`#deck-side .tile[data-code="${code}"]`).dragTo(p.locator('#results .tile').first());
  await p.locator(`#deck-side .tile[data-code="${code}"]`).waitFor({ state: 'detached' });
  check(await count(p, 'side') === 0, 'the card dragged out is still in the Side Deck');

  // An Extra Deck monster: refused by the Main Deck, taken by the Extra Deck.
  await search(p, 'kind:extra');
  const ex = await p.locator('#results .tile').first().getAttribute('data-code');
  await p.locator(`#results .tile[data-code="${ex}"]`).dragTo(p.locator('#deck-main'));
  await p.locator('#deck-error').waitFor();
  check(await count(p, 'main') === 0, 'an Extra Deck monster went into the Main Deck');
  await p.locator(`#results .tile[data-code="${ex}"]`).dragTo(p.locator('#deck-extra'));
  await p.locator(`#deck-extra .tile[data-code="${ex}"]`).waitFor();
  check(await count(p, 'extra') === 1, `extra ${await count(p, 'extra')}`);
  // Clicks still work: a click on the deck's card takes it out.
  await p.locator(`#deck-extra .tile[data-code="${ex}"]`).click();
  check(await count(p, 'extra') === 0, 'a click did not take the card out');

  // A card not owned: a Craft button on it in the deck, which crafts the copy.
  await search(p, 'red-eyes');
  await p.locator(`#results .tile[data-code="${RED_EYES}"]`).dragTo(p.locator('#deck-main'));
  const craft = p.locator(`#deck-main .tile-craft[data-code="${RED_EYES}"] .craft-one`);
  await craft.waitFor();
  check((await craft.innerText()).includes('1'), `the craft button reads "${await craft.innerText()}"`);
  await shot(p, 'decks-dnd-craft');
  await craft.click();
  await craft.waitFor({ state: 'detached' });
  const owned = await p.evaluate(async (code) => {
    const r = await (await fetch('api/collection/cards')).json();
    const c = r.cards.find((c) => c.passcode === code);
    return c ? c.owned : 0;
  }, RED_EYES);
  check(owned === 1, `owned ${owned} Red-Eyes B. Dragon after crafting`);
  await p.locator(`#deck-main .tile[data-code="${RED_EYES}"]`).waitFor();
  await shot(p, 'decks-dnd-crafted');
});

await done();
