// End-to-end test of saved decks as the deck to play (issue 33, defect 2): a new account saves a
// deck of its starter cards (through the deck API, as the builder does) and plays it against
// the AI from the lobby, in a best-of-3 room against a second account that plays its own saved
// deck, and in quick match; a saved deck that breaks the banlist is refused there
// with the reason in words. The saved decks have 41 and 42 cards, so that a duel dealt from a
// preconstructed deck (40) is told apart. Run by .ci/e2e with DUELIST_URL set.
import { readFileSync } from 'node:fs';
import { base, check, done, page, register, shot, test } from './lib.js';

const POT_OF_GREED = 55144522; // not a starter card: a new account does not own it
// The starter cards (decks/yugi.ydk and kaiba.ydk, one of each): a new account owns them.
const starter = [...new Set(['yugi', 'kaiba'].flatMap((d) => readFileSync(new URL(`../decks/${d}.ydk`, import.meta.url), 'utf8')
  .split('#extra')[0].split('\n').filter((l) => /^\d+$/.test(l.trim())).map(Number)))];

// legalStarter returns the starter cards that the default banlist allows (the deck check's
// violations left out), one of each.
async function legalStarter(p) {
  const r = await p.evaluate(async (main) => {
    const res = await fetch('api/decks/check', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'pool', ruleset: 'ocg', main, extra: [], side: [] }) });
    return res.json();
  }, starter);
  const bad = new Set((r.violations || []).filter((v) => v.code).map((v) => v.code));
  return starter.filter((c) => !bad.has(c));
}

// saveDeck saves a deck of the page's account and returns its id.
async function saveDeck(p, name, main) {
  const r = await p.evaluate(async ([name, main]) => {
    const res = await fetch('api/decks/', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, ruleset: 'ocg', main, extra: [], side: [] }) });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  }, [name, main]);
  check(r.status === 201 || r.status === 200, `saving ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  await p.goto(base + '/#/decks'); // as a player saves a deck: in the builder, then to another page
  await p.locator('#decks').waitFor();
  return r.body.id;
}

// dealt waits for the page's duel and returns the number of cards its own deck was dealt from
// (the Deck and the hand at the start) and whether every card in hand is one of main.
async function dealt(p, main) {
  const ok = await p.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 }).then(() => true, () => false);
  check(ok, `no duel: ${await p.evaluate(() => window.duelist.lobbyError || window.duelist.queueError || document.body.innerText.slice(0, 300))}`);
  return p.evaluate((main) => {
    const st = window.duelist.state;
    const me = st.view.seats[st.you === 'B' ? 1 : 0];
    return { cards: me.deck + me.hand.length, hand: me.hand.map((c) => c.code), fromSaved: me.hand.every((c) => main.includes(c.code)) };
  }, main);
}

// pick selects a saved deck in a select, failing when it is not offered.
async function pick(p, select, id) {
  const opt = p.locator(`${select} option[value="saved:${id}"]`);
  const offered = await opt.waitFor({ state: 'attached', timeout: 8000 }).then(() => true, () => false);
  check(offered, `${select} does not offer the saved deck ${id}: ${await p.locator(`${select} option`).allTextContents()}`);
  await p.selectOption(select, `saved:${id}`);
}

const concede = async (p) => {
  await p.locator('button.concede').first().click();
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.result, null, { timeout: 20000 });
};

let main41; let main42;
let a; let b; let idA; let idB;

await test('a saved deck plays the AI from the lobby, at the level chosen there', async () => {
  a = await page('A', { viewport: { width: 1366, height: 768 } });
  await register(a, 'sva');
  const pool = await legalStarter(a);
  main41 = pool.slice(0, 41);
  main42 = pool.slice(0, 42);
  check(main42.length === 42, `only ${pool.length} legal starter cards`);
  idA = await saveDeck(a, 'Forty-one', main41);
  // Every message the page sends is kept, to see the level the create message asks for.
  await a.addInitScript(() => {
    const send = WebSocket.prototype.send;
    /** @type {any} */ (window).sentMessages = [];
    WebSocket.prototype.send = function (data) { /** @type {any} */ (window).sentMessages.push(String(data)); return send.call(this, data); };
  });
  await a.goto(base + '/#/lobby');
  await a.reload();
  await pick(a, '#deck', idA);
  await a.locator('input[name=opponent][value=ai]').click();
  const levels = await a.locator('#ai-level option').evaluateAll((os) => os.map((o) => o.getAttribute('value')));
  check(levels.join() === 'greedy,easy,normal,hard', `the AI's levels offered: ${levels}`);
  await a.selectOption('#ai-level', 'normal');
  await shot(a, 'saved-lobby');
  await a.click('#create');
  // The saved deck is read before the create message goes out: wait for the message.
  await a.waitForFunction(() => /** @type {any} */ (window).sentMessages.some((m) => m.includes('"create"')), null, { timeout: 10000 }).catch(() => {});
  const create = await a.evaluate(() => /** @type {any} */ (window).sentMessages.map((m) => JSON.parse(m)).find((m) => m.t === 'create'));
  check(create && create.opponent === 'ai' && create.aiLevel === 'normal', `the room is not asked of the Normal AI: ${JSON.stringify(create)}`);
  const d = await dealt(a, main41);
  check(d.cards === 41 && d.fromSaved, `the duel is not dealt from the saved deck of 41: ${JSON.stringify(d)}`);
  await concede(a);
  await a.click('#leave');
  await a.locator('#lobby').waitFor();
});

await test('two accounts play a best-of-3 room with their saved decks', async () => {
  b = await page('B', { viewport: { width: 1100, height: 900 } });
  await register(b, 'svb');
  idB = await saveDeck(b, 'Forty-two', main42);
  await a.goto(base + '/#/lobby');
  await pick(a, '#deck', idA);
  await a.locator('input[name=opponent][value=player]').click();
  await a.selectOption('#format', 'bo3');
  await a.click('#create');
  const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
  await b.goto(base + '/#/lobby');
  await pick(b, '#deck', idB);
  await b.fill('#join-code', code);
  await b.click('#join');
  const [da, db] = [await dealt(a, main41), await dealt(b, main42)];
  check(da.cards === 41 && da.fromSaved, `A's duel is not dealt from its saved deck of 41: ${JSON.stringify(da)}`);
  check(db.cards === 42 && db.fromSaved, `B's duel is not dealt from its saved deck of 42: ${JSON.stringify(db)}`);
  await a.locator('button.concede-match, #concede-match').first().click().catch(() => a.evaluate(() => window.duelist.concede(true)));
  await a.waitForFunction(() => window.duelist.match && window.duelist.match.phase === 'over', null, { timeout: 20000 });
  for (const p of [a, b]) {
    await p.evaluate(() => window.duelist.send({ t: 'leave' }));
    await p.locator('#lobby').waitFor();
  }
});

await test('quick match takes a saved deck, and refuses one that breaks the banlist', async () => {
  for (const [p, id] of [[a, idA], [b, idB]]) {
    await p.goto(base + '/#/ladder');
    await p.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
    await pick(p, '#ladder-deck', id);
  }
  await a.click('#queue');
  await a.locator('#searching').waitFor();
  await b.click('#queue');
  const [da, db] = [await dealt(a, main41), await dealt(b, main42)];
  check(da.cards === 41 && db.cards === 42 && da.fromSaved && db.fromSaved, `quick match is not dealt from the saved decks: ${JSON.stringify([da, db])}`);
  await concede(a);
  await b.waitForFunction(() => window.duelist.state && window.duelist.state.result, null, { timeout: 20000 });
  for (const p of [a, b]) {
    await p.evaluate(() => window.duelist.send({ t: 'leave' }));
    await p.waitForFunction(() => !window.duelist.joined, null, { timeout: 10000 });
  }
  // Pot of Greed is forbidden (and no starter card): the server refuses the deck, the page says why.
  const bad = await saveDeck(a, 'Greedy', [...main41.slice(0, 40), POT_OF_GREED]);
  await a.goto(base + '/#/ladder');
  await a.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  await pick(a, '#ladder-deck', bad);
  await a.click('#queue');
  await a.locator('#queue-error').waitFor({ timeout: 10000 });
  const why = await a.locator('#queue-error').textContent();
  check(/Pot of Greed|own|forbidden/i.test(why), `the refusal does not say why: ${why}`);
  check(await a.locator('#queue:not([disabled])').count() === 1, 'the page still searches after the refusal');
  await shot(a, 'saved-refused');
});

await done();
