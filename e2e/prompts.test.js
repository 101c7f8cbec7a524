// End-to-end test of what a prompt says it is about (issue 33, defect 7): the "About"/"Respond to"
// line names the last card play of the log that opened a decision, but never an activation whose
// chain has resolved (chain-end). Played into the page's own Board with events as the server
// sends them. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, test } from './lib.js';

await test('a prompt is not about a chain that already resolved', async () => {
  const p = await page('prompts');
  await p.goto(base + '/');
  await p.waitForFunction(() => window.duelist && window.duelist.welcome);
  const r = await p.evaluate(() => {
    const b = window.duelist.board;
    const view = { turn: 3, seats: [] };
    b.take({ duel: 77, view, events: [{ k: 'activate', seat: 'A', code: 83764718, from: 'A:S1', turn: 3 }] });
    const during = b.contextText();
    b.take({ duel: 77, view, events: [{ k: 'resolve', seat: 'A', code: 83764718, turn: 3 }, { k: 'chain-end', turn: 3 }] });
    const after = b.contextText();
    b.clearLog();
    return { during, after };
  });
  check(r.during !== '', 'no context while the chain is open');
  check(r.after === '', `after the chain resolved the prompt is still about: ${r.after}`);
});

await done();
