// End-to-end check of the replay viewer's "Decisions only" (issue 33): a duel against the AI over
// a few turns (the chain windows passed by the client's chain setting are answers in the duel's
// log), then its replay: with the box ticked, ▶ steps from one decision to the next, over every
// chain window passed, and ◀ back the same way; unticked, ▶ visits every step. Run by .ci/e2e
// with DUELIST_URL set.
import { base, check, done, page, register, shot, test } from './lib.js';

// answerUntil answers the player's prompts (the first option; End turn at an idle or battle prompt;
// Pass at a chain window the chain setting leaves open) until the duel reaches the turn or ends.
async function answerUntil(p, turn) {
  for (let i = 0; i < 400; i++) {
    const s = await p.evaluate(() => {
      const st = window.duelist.state;
      return st ? { n: st.prompt && st.prompt.n, kind: st.prompt && st.prompt.kind, turn: st.view.turn, over: !!st.result } : null;
    });
    if (s && (s.over || s.turn >= turn)) return;
    if (s && (s.kind === 'idle' || s.kind === 'battle')) {
      await p.locator('#phases button.phase-btn[data-verb=end]').click({ timeout: 3000 }).catch(() => {});
    } else if (s && s.kind && s.kind !== 'chain') {
      await p.locator('#prompt-panel button.opt').first().click({ timeout: 3000 }).catch(() => {});
    } else if (s && s.kind === 'chain') { // a window the chain setting leaves to the player
      await p.waitForTimeout(300);
      await p.locator('#prompt-panel button.opt[data-verb=pass]').click({ timeout: 1000 }).catch(() => {});
    } else {
      await p.waitForTimeout(200);
      continue;
    }
    await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
  }
}

await test('the replay viewer steps decision by decision', async () => {
  const p = await page('replay-decisions', { viewport: { width: 1366, height: 768 } });
  await p.addInitScript(() => localStorage.setItem('duelist.anim', 'off'));
  await register(p, 'rd');
  await p.goto(base + '/#/lobby');
  await p.locator('#lobby #create').waitFor();
  await p.locator('input[name=opponent][value=ai]').click();
  await p.click('#create');
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
  await answerUntil(p, 3);
  if (!(await p.evaluate(() => !!window.duelist.state.result))) {
    await p.locator('button.concede').first().click();
  }
  await p.locator('#result:not([hidden])').waitFor({ timeout: 10000 });
  await p.click('#result button:not(#rematch)');
  await p.locator('#lobby').waitFor();
  await p.goto(base + '/#/replays');
  const item = p.locator('.replay-item').first();
  await item.waitFor({ timeout: 10000 });
  const id = await item.getAttribute('data-id');
  const views = await p.evaluate(async (id) => (await fetch(`api/duels/${id}/views`)).json(), id);
  const steps = views.steps;
  const isPass = (s) => !!s.move && s.move.kind === 'answer' && s.move.prompt === 'chain' && s.move.text === 'pass';
  const passes = steps.filter(isPass).length;
  check(passes > 0, `the duel has no chain window passed in ${steps.length} steps: nothing to skip`);
  await p.goto(`${base}/#/replays?id=${id}`);
  await p.locator('#rp-move').waitFor({ timeout: 10000 });
  const box = p.locator('#rp-decisions');
  check(await box.count() === 1, 'the viewer has no "Decisions only" box');
  const pos = async () => Number(await p.locator('#rp-move').getAttribute('data-pos'));
  // walk presses ▶ (or ◀) to the end (or the start) and returns the steps shown.
  const walk = async (button, stop) => {
    const seen = [];
    for (let i = 0; i < steps.length + 2; i++) {
      const at = await pos();
      seen.push(at);
      if (at === stop) break;
      await p.click(button);
      await p.waitForFunction((at) => Number(document.getElementById('rp-move').dataset.pos) !== at, at, { timeout: 3000 });
    }
    return seen;
  };
  await box.check();
  const fwd = await walk('#rp-next', steps.length - 1);
  await shot(p, 'replay-decisions');
  const skipped = fwd.slice(1, -1).filter((i) => isPass(steps[i]));
  check(!skipped.length, `decisions only stopped at chain windows passed: steps ${skipped.join(', ')}`);
  const want = steps.filter((s, i) => i === 0 || i === steps.length - 1 || !isPass(s)).length;
  check(fwd.length === want, `decisions only showed ${fwd.length} steps of ${steps.length}, not ${want}`);
  const back = await walk('#rp-prev', 0);
  check(JSON.stringify(back) === JSON.stringify([...fwd].reverse()), `◀ does not retrace ▶: ${back} against ${fwd}`);
  await box.uncheck();
  const all = await walk('#rp-next', steps.length - 1);
  check(all.length === steps.length, `every step: ${all.length} of ${steps.length}`);
  console.log(`     ${steps.length} steps, ${passes} chain windows passed, ${fwd.length} shown with decisions only`);
});

await done();
