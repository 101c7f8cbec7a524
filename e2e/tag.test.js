// End-to-end check of a tag duel in the browser (issue 33, "Tag duels in the browser";
// docs/tag.md, docs/web.md "Tag duels"): a player ticks "Tag duel (2 vs 2)" in the lobby with the
// AI as the opponents and as the partners, and the room fills at once: four seats (A, B, A2, B2).
// The board shows four fields with their players' names, LP and clocks, the partner's hand face
// down (the rules keep it hidden), and the player plays the duel to its end through the page:
// Normal Summons, attacks picked on the board (a monster of either opponent), End turn; the result
// box closes it. Then the lobby shows the tag option in 简体中文, and a tag duel is drawn at 390x844.
// Screenshots e2e/artifacts/tag-*.png. Run by .ci/e2e with DUELIST_URL set.
import { readFileSync } from 'node:fs';
import { base, check, done, open, register, shot, test, watch } from './lib.js';

const MAX_ACTIONS = 1500;

/** state reads the page's duel: the pending prompt and the result. */
function state(p) {
  return p.evaluate(() => {
    const st = window.duelist.state;
    const pr = st && st.prompt;
    return {
      n: pr ? pr.n : 0, kind: pr ? pr.kind : '', verbs: pr ? pr.options.map((o) => o.verb) : [],
      turn: st ? st.view.turn : 0, result: !!(st && st.result), shown: !document.getElementById('result').hidden,
    };
  });
}

/** tagRoom creates a tag room against the AI with AI partners and waits for the first prompt. */
async function tagRoom(p, url) {
  await p.goto(url + '/');
  await p.evaluate(() => localStorage.setItem('duelist.anim', 'off'));
  await p.locator('#lobby #create').waitFor();
  await p.locator('#deck option').first().waitFor({ state: 'attached' });
  await p.fill('#name', 'Tagger');
  await p.locator('input[name=opponent][value=ai]').click();
  await p.locator('#tag').check();
  await p.locator('#partners').selectOption('ai');
  check(!(await p.locator('#format').count()), 'a tag room offers a best of 3');
  await p.click('#create');
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 });
}

await test('a tag duel with AI partners, from the lobby to its end', async () => {
  const ctx = await open({ viewport: { width: 1366, height: 768 } });
  try {
    const p = watch(await ctx.newPage(), 'tag');
    await tagRoom(p, base);
    const room = await p.evaluate(() => window.duelist.room);
    check(room.tag && room.players.map((x) => `${x.seat}${x.ai ? '*' : ''}`).join() === 'A,B*,A2*,B2*',
      `the room: ${JSON.stringify(room.players)}`);
    // Four fields: each side named, its LP and clock; the partner's hand face down.
    const sides = await p.evaluate(() => [...document.querySelectorAll('#board .side')].filter((s) => !s.hidden).map((s) => ({
      seat: s.dataset.seat, who: s.querySelector('.who')?.textContent || '', lp: s.querySelector('.lp')?.textContent || '',
      clock: s.querySelector('.clock')?.textContent || '', zones: s.querySelectorAll('.zone[data-zone*=":M"]').length,
      hand: s.querySelectorAll('.hand .card').length, faceUp: s.querySelectorAll('.hand .card[data-code]').length })));
    check(sides.length === 4 && sides.map((s) => s.seat).sort().join() === 'A,A2,B,B2', `sides: ${JSON.stringify(sides)}`);
    for (const s of sides) {
      check(s.who && /\d/.test(s.lp) && /\d:\d\d/.test(s.clock) && s.zones === 5, `side ${s.seat}: ${JSON.stringify(s)}`);
      if (s.seat !== 'A') check(s.faceUp === 0, `seat ${s.seat}'s hand is face up to A: ${JSON.stringify(s)}`);
    }
    check(await p.locator('#board.tag').count() === 1, 'the board is not drawn as a tag duel');
    await shot(p, 'tag-start-1366x768');

    let actions = 0, attacks = 0, stuck = 0, shotMid = false;
    const press = (loc) => loc.first().click();
    for (;;) {
      const s = await state(p);
      if (s.result) break;
      if (!s.n) {
        if (++stuck > 2400) throw new Error(`nobody asks the player anything (turn ${s.turn})`);
        await p.waitForTimeout(25);
        continue;
      }
      stuck = 0;
      if (++actions > MAX_ACTIONS) throw new Error(`more than ${MAX_ACTIONS} actions (turn ${s.turn})`);
      if (!shotMid && s.turn >= 5) { shotMid = true; await shot(p, 'tag-mid-1366x768'); }
      const has = async (sel) => (await p.locator(sel).count()) > 0;
      // A card's popup left open (a card clicked whose action went at once) covers the board: close
      // it as a player would before the next click (CI: the popup intercepted the attacker's click).
      if (await has('#card-popup:not([hidden])')) await press(p.locator('#card-popup button.close'));
      let sent = true;
      if (s.kind === 'idle') {
        const card = p.locator('#side-0 .hand .card.actionable[data-verbs~="summon"]');
        if (await card.count()) {
          await press(card);
          await press(p.locator('#card-popup button[data-verb="summon"]'));
        } else if (await has('#phases button[data-verb="battle"]')) await press(p.locator('#phases button[data-verb="battle"]'));
        else await press(p.locator('#phases button[data-verb="end"]'));
      } else if (s.kind === 'battle') {
        const attacker = p.locator('#side-0 .zone .card.actionable[data-verbs="attack"]');
        if (await attacker.count()) {
          await press(attacker);
          await p.waitForTimeout(50);
          if (await has('#pick-bar:not([hidden])')) {
            // Either opponent's monsters glow: the first one is attacked.
            await press(p.locator('#side-1 .card.candidate-glow, #side-3 .card.candidate-glow'));
          }
          attacks++;
        } else await press(p.locator('#phases button[data-verb="end"]'));
      } else if (s.kind === 'chain') {
        if (s.verbs.length === 1) sent = false; // the page passes it (autopass.js)
        else await press(p.locator('#prompt-panel button[data-verb="pass"]'));
      } else if (s.kind === 'select') {
        if (await has('#prompt-panel button[data-verb="cancel"]')) await press(p.locator('#prompt-panel button[data-verb="cancel"]'));
        else {
          await press(p.locator('#prompt-panel .candidate'));
          if (await has('#prompt-ok:not([disabled])')) await press(p.locator('#prompt-ok'));
        }
      } else if (s.kind === 'target' && await has('#prompt-panel .candidate')) {
        await press(p.locator('#prompt-panel .candidate'));
      } else {
        await press(p.locator('#prompt-panel button.opt'));
      }
      await p.waitForFunction(([n, wait]) => {
        const st = window.duelist.state;
        const toast = document.getElementById('toast');
        return !st.prompt || st.prompt.n !== n || st.result || (!wait && toast && !toast.hidden);
      }, [s.n, !sent], { timeout: 30000 }).catch(() => {});
    }
    await p.locator('#result:not([hidden])').waitFor({ timeout: 10000 });
    const res = await p.evaluate(() => ({ result: window.duelist.state.result, text: document.getElementById('result').textContent,
      turn: window.duelist.state.view.turn }));
    console.log(`  the duel ended on turn ${res.turn} after ${actions} decisions (${attacks} attacks): ${res.result.winner}, ${res.result.reason}`);
    check(['A', 'B', 'draw'].includes(res.result.winner), `result ${JSON.stringify(res.result)}`);
    // The log's last line names the winning team, both players.
    const last = await p.evaluate(() => document.querySelector('#log li:last-child')?.textContent || '');
    const team = res.result.winner === 'A' ? ['Tagger', 'AI A2'] : ['AI B', 'AI B2'];
    // The reason names the players ("team A lost: Tagger's LP reached 0, AI A2's LP reached 0"),
    // not the engine's seats (A1's).
    check(!/[AB]1's/.test(res.text) && /Tagger's|AI B's|AI A2's|AI B2's|conceded|time/.test(res.text), `the result's reason: "${res.text}"`);
    if (res.result.winner !== 'draw') check(team.every((n) => last.includes(n)), `the log's last line: "${last}"`);
    await shot(p, 'tag-result-1366x768');
  } finally {
    await ctx.close();
  }
});

await test('the lobby offers tag duels in 简体中文, and a tag board is drawn on a phone', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const p = watch(await ctx.newPage(), 'tag-phone');
    await p.goto(base + '/');
    // Set the language once the page has started (CI set it while the page still loaded).
    await p.locator('#lobby #create').waitFor();
    await p.evaluate(() => localStorage.setItem('duelist.lang', 'zh-CN'));
    await p.reload();
    await p.locator('#lobby #create').waitFor();
    await p.locator('#tag').check();
    // The page's words arrive with its language's module: wait for them (CI read the lobby in
    // English once, before they came); the check below still fails if they never do.
    await p.waitForFunction(() => (document.querySelector('#lobby')?.textContent || '').includes('双打决斗'), null, { timeout: 10000 }).catch(() => {});
    const words = await p.locator('#lobby').innerText();
    check(words.includes('双打决斗') && words.includes('搭档'), `the lobby's tag option in 简体中文: ${words.slice(0, 400)}`);
    await shot(p, 'tag-lobby-390x844-zh-CN');
    await tagRoom(p, base);
    await p.waitForTimeout(500);
    const sides = await p.locator('#board .side:not([hidden])').count();
    check(sides === 4, `${sides} sides on the phone`);
    const wide = await p.evaluate(() => document.scrollingElement.scrollWidth > window.innerWidth + 1);
    check(!wide, 'the tag board scrolls sideways on a phone');
    await shot(p, 'tag-start-390x844');
    // Leave (the duel conceded): no live room is left for the other scripts' room lists.
    await p.click('#leave');
    await p.locator('#lobby').waitFor();
  } finally {
    await ctx.close();
  }
});

await test('a joiner chooses a team from the room list; a team over its banlist limits is refused in words', async () => {
  const ctxs = [await open({ viewport: { width: 1366, height: 768 } }), await open({ viewport: { width: 1366, height: 768 } })];
  try {
    const host = watch(await ctxs[0].newPage(), 'tag-host');
    const joiner = watch(await ctxs[1].newPage(), 'tag-joiner');
    // The host pastes the Starter Deck kept to the banlist (Dark Hole, Last Will, Man-Eater Bug at 1).
    const ydk = readFileSync(new URL('../decks/yugi-legal.ydk', import.meta.url), 'utf8');
    await host.goto(base + '/');
    await host.evaluate(() => localStorage.setItem('duelist.anim', 'off'));
    await host.locator('#lobby #create').waitFor();
    await host.fill('#name', 'Tagger');
    await host.locator('#tag').check();
    await host.locator('#partners').selectOption('player');
    await host.locator('#free-cards').check(); // a guest pastes decks in a free-cards room only
    await host.selectOption('#deck', '*paste');
    await host.fill('#deck-paste', ydk);
    await host.click('#create');
    await host.waitForFunction(() => window.duelist.joined && window.duelist.room, null, { timeout: 20000 });
    const code = await host.evaluate(() => window.duelist.joined.room);
    // The joiner reads the lobby in 简体中文: the room offers team A (1 of 2 seated) and team B.
    await joiner.goto(base + '/');
    await joiner.locator('#lobby #create').waitFor();
    await joiner.evaluate(() => localStorage.setItem('duelist.lang', 'zh-CN'));
    await joiner.reload();
    await joiner.locator('#lobby #create').waitFor();
    await joiner.fill('#name', 'Partner');
    const teamA = joiner.locator(`#rooms-open li[data-room="${code}"] .room-join-team[data-team="A"]`);
    const teamB = joiner.locator(`#rooms-open li[data-room="${code}"] .room-join-team[data-team="B"]`);
    await teamA.waitFor({ timeout: 15000 });
    const words = [await teamA.innerText(), await teamB.innerText()];
    check(words[0].includes('A 队') && words[0].includes('1/2') && words[1].includes('0/2'), `the team buttons: ${words}`);
    // The same deck for A2: the team holds Dark Hole twice over its limit 1.
    await joiner.selectOption('#deck', '*paste');
    await joiner.fill('#deck-paste', ydk);
    await teamA.click();
    await joiner.waitForFunction(() => (document.getElementById('lobby-error')?.textContent || '').length > 0, null, { timeout: 10000 });
    const refusal = await joiner.locator('#lobby-error').innerText();
    check(refusal.includes('双打队伍合计') && refusal.includes('Partner') && refusal.includes('Tagger') && !refusal.includes('counted per team'),
      `the refusal in 简体中文: ${refusal}`);
    check(!(await joiner.evaluate(() => window.duelist.joined)), 'the refused joiner holds a seat');
    // Normal monsters only: within the team's limits, the joiner takes A2.
    await joiner.selectOption('#deck', 'normal-monsters');
    await teamA.click();
    await joiner.waitForFunction(() => window.duelist.joined, null, { timeout: 10000 });
    const seat = await joiner.evaluate(() => window.duelist.joined.seat);
    check(seat === 'A2', `the joiner of team A sits at ${seat}`);
    await shot(joiner, 'tag-joined-team-a-1366x768-zh-CN');
    for (const p of [joiner, host]) {
      await p.click('#leave');
      await p.locator('#lobby').waitFor();
    }
  } finally {
    for (const c of ctxs) await c.close();
  }
});

await test('a tag duel is in the replay list of the partner, with the four players and their clocks', async () => {
  const ctxs = [await open({ viewport: { width: 1366, height: 768 } }), await open({ viewport: { width: 1366, height: 768 } })];
  try {
    const host = watch(await ctxs[0].newPage(), 'tag-rp-host');
    const partner = watch(await ctxs[1].newPage(), 'tag-rp-partner');
    const hostAcc = await register(host, 'th');
    const partnerAcc = await register(partner, 'tp');
    await host.goto(base + '/#/lobby');
    await host.locator('#lobby #create').waitFor();
    await host.locator('input[name=opponent][value=ai]').click();
    await host.locator('#tag').check();
    await host.locator('#partners').selectOption('player');
    await host.click('#create');
    await host.waitForFunction(() => window.duelist.joined, null, { timeout: 20000 });
    const code = await host.evaluate(() => window.duelist.joined.room);
    await partner.goto(base + '/#/lobby');
    await partner.locator('#lobby #create').waitFor();
    await partner.fill('#join-code', code);
    await partner.selectOption('#join-team', 'A');
    await partner.click('#join');
    await partner.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 });
    check(await partner.evaluate(() => window.duelist.joined.seat) === 'A2', 'the partner is not A2');
    // The host concedes for the team: the duel ends for both.
    await host.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 });
    await host.locator('button.concede').first().click();
    await partner.locator('#result:not([hidden])').waitFor({ timeout: 20000 });
    await partner.goto(base + '/#/replays');
    const item = partner.locator('.replay-item[data-tag]').first();
    await item.waitFor({ timeout: 10000 });
    const line = await item.innerText();
    check([hostAcc.name, partnerAcc.name, 'AI B', 'AI B2'].every((n) => line.includes(n)) && line.indexOf(hostAcc.name) < line.indexOf('AI B'),
      `the partner's replay list: ${line}`);
    await item.locator('a.watch').click();
    await partner.locator('#rp-move').waitFor({ timeout: 15000 });
    const head = await partner.locator('.replay-head h2').innerText();
    check([hostAcc.name, partnerAcc.name, 'AI B', 'AI B2'].every((n) => head.includes(n)), `the viewer's heading: ${head}`);
    const sides = await partner.locator('#replay-board .side:not([hidden])').count();
    check(sides === 4, `the viewer draws ${sides} sides`);
    // The four clocks as they were at the end (the log keeps the partners' banks since migration
    // 00056; before, A2's and B2's read —).
    await partner.click('#rp-last');
    await partner.waitForTimeout(300);
    const clocks = await partner.evaluate(() => [...document.querySelectorAll('#replay-board .side:not([hidden]) .clock')]
      .map((c) => `${c.getAttribute('data-seat')}=${c.textContent}`));
    check(clocks.length === 4 && clocks.every((c) => /=\d+:\d\d$/.test(c)), `the viewer's clocks: ${clocks}`);
    await shot(partner, 'tag-replay-1366x768');
  } finally {
    for (const c of ctxs) await c.close();
  }
});

await done();
