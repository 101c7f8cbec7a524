// End-to-end test of watching and chatting (issue 17): two accounts quick match and are paired;
// a third finds the live duel in the lobby's room list, watches it and chats as a spectator; the
// players chat too. It checks who reads which message (the players' chat reaches everyone, the
// spectators' only spectators), that markup shows as text, the unread count, a refusal in words,
// mute and report from the panel, the recent chat after a reload, and that the panel fits a phone
// held either way. The players play a few turns and one concedes; the ratings change on the
// profile and the leaderboard. Screenshots go to e2e/artifacts/spectate-*.png.
import { base, check, done, page, register, shot, test } from './lib.js';

/** @type {import('playwright-core').Page[]} */
let players = [];
/** @type {import('playwright-core').Page} */
let fan;
let names = [];
let room = '';

/** chatTexts returns the message bodies a page's open chat panel shows. */
const chatTexts = (p) => p.locator('#chat-panel .chat-body').allTextContents();

/** openChat opens a page's chat panel (the tab when it is collapsed). */
async function openChat(p) {
  if (await p.locator('#chat-panel').count()) return;
  await p.click('#chat-toggle');
  await p.locator('#chat-panel').waitFor();
}

/** say types a message in a page's chat and waits until it shows there. */
async function say(p, text) {
  await openChat(p);
  await p.fill('#chat-input', text);
  await p.click('#chat-say');
  await p.locator('#chat-panel .chat-body', { hasText: text }).last().waitFor({ timeout: 10000 });
}

/** waitText waits until a page's open panel shows a message with the text. */
const waitText = (p, text) => p.locator('#chat-panel .chat-body', { hasText: text }).first().waitFor({ timeout: 10000 });

/** profileRating reads the ocg/bo1 rating on a page's profile. */
async function profileRating(p) {
  await p.goto(base + '/#/profile');
  const r = p.locator('#profile .queue-rating[data-queue="ocg/bo1"] .rating');
  await r.waitFor({ timeout: 10000 });
  return Number(await r.textContent());
}

/**
 * playTurns answers the players' prompts in the page (end the phase, pass, the first choice)
 * until the duel reaches the turn or ends.
 */
async function playTurns(turn) {
  for (let steps = 0; steps < 400; steps++) {
    const st = await Promise.all(players.map((p) => p.evaluate(() => {
      const s = window.duelist.state;
      return s ? { turn: s.view.turn, n: s.prompt ? s.prompt.n : 0, result: !!s.result } : { turn: 0, n: 0, result: false };
    })));
    if (st.some((s) => s.result) || st.every((s) => s.turn >= turn)) return st;
    const i = st.findIndex((s) => s.n);
    if (i < 0) {
      await players[0].waitForTimeout(50);
      continue;
    }
    await players[i].evaluate((n) => {
      const app = window.duelist;
      const p = app.state && app.state.prompt;
      // The prompt read above may be gone already (the page's autopass answered a pass-only
      // window meanwhile): then there is nothing to answer now.
      if (!p || p.n !== n) return undefined;
      const by = (v) => p.options.find((o) => o.verb === v);
      if (p.kind === 'rps') return app.answer({ i: Math.floor(Math.random() * 3) }, p.n);
      const o = by('end') || by('main2') || by('pass') || by('no') || by('cancel');
      if (o) return app.answer({ i: o.i }, p.n);
      if (!p.options.length && p.candidates.length) {
        return app.answer({ sel: [...Array(Math.max(p.min, 1)).keys()] }, p.n);
      }
      return app.answer({ i: p.options[0].i }, p.n);
    }, st[i].n);
    await players[i].waitForFunction((n) => !window.duelist.state || !window.duelist.state.prompt || window.duelist.state.prompt.n !== n
      || window.duelist.state.result, st[i].n, { timeout: 20000 });
  }
  throw new Error(`the duel did not reach turn ${turn}`);
}

await test('two accounts quick match; a third watches from the room list', async () => {
  players = [await page('A'), await page('B')];
  fan = await page('C');
  for (const [i, p] of [...players, fan].entries()) names.push((await register(p, ['ana', 'ben', 'cat'][i])).name);
  for (const p of players) {
    await p.goto(base + '/#/ladder');
    await p.locator('#queue:not([disabled])').waitFor({ timeout: 10000 });
  }
  await players[0].click('#queue');
  await players[0].locator('#searching').waitFor();
  await players[1].selectOption('#ladder-deck', 'kaiba-legal');
  await players[1].click('#queue');
  for (const p of players) await p.waitForFunction(() => window.duelist.joined && window.duelist.state, null, { timeout: 20000 });
  const rooms = await Promise.all(players.map((p) => p.evaluate(() => window.duelist.joined.room)));
  check(rooms[0] === rooms[1], `paired into rooms ${rooms}`);
  room = rooms[0];
  await fan.goto(base + '/#/lobby');
  const live = fan.locator(`#rooms-live li[data-room="${room}"] .room-watch`);
  await live.waitFor({ timeout: 20000 }); // the room list is read every few seconds
  await live.click();
  await fan.waitForFunction(() => window.duelist.joined && window.duelist.joined.role === 'spectator' && window.duelist.state,
    null, { timeout: 10000 });
  check(await fan.evaluate(() => window.duelist.joined.room) === room, 'watching another room');
  await fan.locator('#chat-toggle').waitFor();
});

await test('the players chat: markup shows as text, everyone reads it, an unread count while collapsed', async () => {
  const [a, b] = players;
  await say(a, '<b>gl</b> & <img src=x onerror="window.pwned=1">hf');
  await b.locator('#chat-toggle .chat-unread').waitFor({ timeout: 10000 });
  check(await b.locator('#chat-toggle .chat-unread').textContent() === '1', 'the unread count is not 1');
  await shot(b, 'spectate-chat-collapsed');
  for (const p of [b, fan]) {
    await openChat(p);
    await waitText(p, 'gl');
    const [text] = await chatTexts(p);
    check(text === '<b>gl</b> & <img src=x onerror="window.pwned=1">hf', `the message shows as ${JSON.stringify(text)}`);
    check(await p.locator('#chat-panel b, #chat-panel img').count() === 0, 'the markup was drawn');
    check(!(await p.evaluate(() => window.pwned)), 'the markup ran');
  }
  check(await fan.locator('#chat-panel .chat-msg[data-channel="players"] .chat-tag').count() === 1, 'no channel tag for the spectator');
  await say(b, 'thanks, you too');
  await waitText(a, 'thanks');
});

await test('the spectator chats with spectators only; the players do not read it', async () => {
  const [a, b] = players;
  await say(fan, 'psst, B holds a trap');
  check(await fan.locator('#chat-panel .chat-msg[data-channel="spectators"]').count() === 1, 'the spectator message has no channel');
  await say(a, 'your move');
  await waitText(b, 'your move');
  for (const p of [a, b]) {
    const texts = await chatTexts(p);
    check(!texts.some((x) => x.includes('psst')), `a player reads the spectators' chat: ${texts}`);
  }
  await waitText(fan, 'your move');
  await shot(fan, 'spectate-chat-desktop');
});

await test('a guest spectator reads the players\' chat and is told to log in to chat', async () => {
  const guest = await page('guest');
  await guest.goto(base + '/#/lobby');
  await guest.waitForFunction(() => window.duelist && window.duelist.welcome);
  await guest.evaluate((room) => window.duelist.send({ t: 'watch', room }), room);
  await guest.waitForFunction(() => window.duelist.joined && window.duelist.joined.role === 'spectator', null, { timeout: 10000 });
  await openChat(guest);
  await waitText(guest, 'your move');
  await guest.locator('#chat-panel .chat-login').waitFor();
  check(await guest.locator('#chat-input').count() === 0, 'a guest has a chat input');
  await guest.evaluate(() => window.duelist.send({ t: 'chat', text: 'let me talk' }));
  await guest.locator('#chat-panel .chat-error', { hasText: 'Log in' }).waitFor({ timeout: 10000 });
  await shot(guest, 'spectate-chat-guest');
  await guest.context().close();
});

await test('limits: an overlong message is refused in words', async () => {
  const [a] = players;
  await a.evaluate(() => window.duelist.send({ t: 'chat', text: 'x'.repeat(301) }));
  const err = a.locator('#chat-panel .chat-error');
  await err.waitFor({ timeout: 10000 });
  const text = await err.textContent();
  check(/301/.test(text) && /300/.test(text), `the refusal reads ${JSON.stringify(text)}`);
  check(await a.locator('#toast').count() === 0, 'a chat refusal also made a toast');
});

await test('mute and report from the panel', async () => {
  const [a, b] = players;
  // The spectator mutes player B: B's messages go from the panel, and new ones do not come.
  await fan.locator('#chat-panel .chat-msg', { hasText: 'thanks' }).locator('.chat-name').click();
  await fan.click('#chat-panel .chat-mute');
  await fan.locator('#chat-panel .chat-note').waitFor();
  check(!(await chatTexts(fan)).some((x) => x.includes('thanks')), 'the muted player still shows');
  await say(b, 'can the fan read this');
  await say(a, 'after the muted one');
  await waitText(fan, 'after the muted one');
  check(!(await chatTexts(fan)).some((x) => x.includes('can the fan')), 'a muted player\'s new message reached the spectator');
  // Player A reports B's message; the report is stored (the API answers with its id).
  const reported = a.waitForResponse((r) => r.url().endsWith('/api/social/report'));
  await a.locator('#chat-panel .chat-msg', { hasText: 'can the fan' }).locator('.chat-name').click();
  await a.click('#chat-panel .chat-report');
  const r = await reported;
  check(r.status() === 200 && (await r.json()).report > 0, `the report answered ${r.status()}`);
  await a.locator('#chat-panel .chat-note', { hasText: names[1] }).waitFor();
  await shot(a, 'spectate-chat-reported');
});

await test('a reload gets the recent chat', async () => {
  const [a] = players;
  await a.reload();
  await a.waitForFunction(() => window.duelist.joined && window.duelist.state, null, { timeout: 20000 });
  await openChat(a);
  await waitText(a, 'after the muted one');
  const texts = await chatTexts(a);
  check(texts[0].startsWith('<b>gl</b>') && !texts.some((x) => x.includes('psst')), `after a reload: ${texts}`);
});

await test('the chat panel fits a phone held either way', async () => {
  for (const [w, h] of [[390, 844], [844, 390]]) {
    await fan.setViewportSize({ width: w, height: h });
    await fan.waitForTimeout(200);
    for (const open of [false, true]) {
      if (open) await openChat(fan);
      else if (await fan.locator('#chat-panel').count()) await fan.click('#chat-panel .chat-close');
      const sel = open ? '#chat-panel' : '#chat-toggle';
      const box = await fan.locator(sel).boundingBox();
      check(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= w + 0.5 && box.y + box.height <= h + 0.5,
        `${sel} at ${w}x${h}: ${JSON.stringify(box)}`);
      const wide = await fan.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(wide <= 0, `the page is ${wide}px wider than the ${w}x${h} screen`);
      if (open) {
        const input = await fan.locator('#chat-input').boundingBox();
        check(input && input.x + input.width <= w && input.y + input.height <= h, `the input at ${w}x${h} is off screen`);
      }
      await shot(fan, `spectate-chat-phone-${w}x${h}-${open ? 'open' : 'closed'}`);
    }
  }
  await fan.setViewportSize({ width: 1100, height: 900 });
});

await test('block from the panel; a flood is refused in words, in 简体中文', async () => {
  const [a] = players;
  await fan.locator('#chat-panel .chat-msg', { hasText: 'your move' }).locator('.chat-name').click();
  await fan.click('#chat-panel .chat-block');
  await fan.locator('#chat-panel .chat-note', { hasText: 'blocked' }).waitFor();
  check(!(await chatTexts(fan)).some((x) => x.includes('your move')), 'the blocked player still shows');
  await say(a, 'a blocked message');
  await say(fan, 'a marker after it');
  check(!(await chatTexts(fan)).some((x) => x.includes('a blocked message')), 'a blocked player\'s message reached the spectator');
  await fan.selectOption('#lang', 'zh-CN');
  await fan.evaluate(() => { for (let i = 0; i < 8; i++) window.duelist.send({ t: 'chat', text: 'flood ' + i }); });
  await fan.locator('#chat-panel .chat-error', { hasText: '发送太快' }).waitFor({ timeout: 10000 });
  await shot(fan, 'spectate-chat-rate-zh');
  await fan.selectOption('#lang', 'en');
});

await test('the players play a few turns, one concedes, the ratings change', async () => {
  const [a, b] = players;
  const st = await playTurns(3);
  check(st.every((s) => s.turn >= 3) || st.some((s) => s.result), `the duel stopped at ${JSON.stringify(st)}`);
  await a.locator('button.concede').first().click();
  for (const p of [a, b, fan]) await p.waitForFunction(() => window.duelist.state && window.duelist.state.result, null, { timeout: 20000 });
  const ra = await profileRating(a);
  const rb = await profileRating(b);
  check(ra < 1500 && rb > 1500, `ratings after the duel: A ${ra}, B ${rb}`);
  await b.goto(base + '/#/ladder');
  await b.locator('#leaderboard tr.me').waitFor({ timeout: 10000 });
  const board = await b.locator('#leaderboard tbody').textContent();
  check(board.includes(names[0]) && board.includes(names[1]), `the board lacks a player: ${board}`);
  await shot(b, 'spectate-ladder-after');
});

await done();
