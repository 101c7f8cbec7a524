// End-to-end check that long names fit a phone (issue 33; docs/web.md "Long names"): at 390x844,
// players with the longest names the server takes (24 characters: a Latin word without a space,
// and 24 wide CJK characters in 繁體中文) are drawn without anything overflowing or overlapping, in
// the measured style of fit.test.js: the page does not scroll; on the duel screen each side's
// info bar (name, LP, clock, hand) keeps to one line as a short name's does (before: the bar grew
// to two lines, pushing the board down), its parts inside it and apart, the name cut with an
// ellipsis (the whole name its title); the chain stack's links keep their number, card and player inside
// them; the log's lines and the result box stay in the window; the lobby's room list shows the
// long-named host's room to another player within its row. Screenshots e2e/artifacts/names-*.png.
// Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, open, shot, test, watch } from './lib.js';

const NAMES = [['en', 'Wolfeschlegelsteinhausen'], ['zh-TW', '長長長長長長長長長長長長長長長長長長長長長長長長']];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// overflows returns, as sentences, what lies outside the window sideways, what runs out of its
// box (text wider than its element with no ellipsis, a child outside its parent) and the parts of
// a row that overlap, for the elements of the selectors.
function overflows(sels) {
  const W = window.innerWidth;
  const out = [];
  if (document.scrollingElement.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth}px in ${W}`);
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} "${(e.textContent || '').slice(0, 30)}"`;
  for (const [rowSel, partSel] of sels) {
    for (const row of document.querySelectorAll(rowSel)) {
      if (row.closest('[hidden]')) continue;
      const rr = row.getBoundingClientRect();
      if (!rr.width) continue;
      if (rr.left < -1 || rr.right > W + 1) out.push(`${name(row)} at ${Math.round(rr.left)}..${Math.round(rr.right)} in ${W}`);
      const parts = [...row.querySelectorAll(partSel)].filter((e) => e.getBoundingClientRect().width);
      const boxes = parts.map((e) => ({ e, r: e.getBoundingClientRect() }));
      for (const { e, r } of boxes) {
        if (r.left < rr.left - 1 || r.right > rr.right + 1) out.push(`${name(e)} runs out of ${name(row)} (${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(rr.left)}..${Math.round(rr.right)})`);
        const cs = getComputedStyle(e);
        if (e.scrollWidth > e.clientWidth + 1 && cs.textOverflow !== 'ellipsis' && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll') {
          out.push(`${name(e)}: ${e.scrollWidth}px of text in ${e.clientWidth}px, not cut with an ellipsis`);
        }
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].r, b = boxes[j].r;
          if (boxes[i].e.contains(boxes[j].e) || boxes[j].e.contains(boxes[i].e)) continue;
          if (a.right > b.left + 1 && b.right > a.left + 1 && a.bottom > b.top + 1 && b.bottom > a.top + 1) {
            out.push(`${name(boxes[i].e)} and ${name(boxes[j].e)} overlap`);
          }
        }
      }
    }
  }
  return out;
}

for (const [lang, longName] of NAMES) {
  await test(`a ${longName.length}-character name fits the duel screen on a phone (${lang}, 390x844)`, async () => {
    const ctx = await open(PHONE);
    try {
      const p = watch(await ctx.newPage(), `names-${lang}`);
      await p.addInitScript((lang) => {
        if (!sessionStorage.getItem('names-test')) {
          sessionStorage.setItem('names-test', '1');
          localStorage.setItem('duelist.lang', lang);
          localStorage.setItem('duelist.anim', 'off');
        }
      }, lang);
      await p.goto(base + '/');
      await p.locator('#lobby #create').waitFor();
      await p.fill('#name', longName);
      await p.locator('input[name=opponent][value=ai]').click();
      await p.click('#create');
      await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
      for (let i = 0; i < 60; i++) {
        const s = await p.evaluate(() => { const st = window.duelist.state; return st.prompt ? { n: st.prompt.n, kind: st.prompt.kind } : null; });
        if (s && s.kind === 'idle') break;
        if (s && s.kind !== 'chain') {
          await p.locator('#prompt-panel button.opt').first().click();
          await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
        } else await p.waitForTimeout(250);
      }
      const who = await p.locator('#side-0 .who').innerText();
      check(who.includes(longName.slice(0, 3)), `the player's name on the board: "${who}"`);
      // The bar keeps to one line, as the AI's short name's does (a bar of two lines pushes the
      // board down: the duel must fit one screen), and the page does not scroll.
      const bars = await p.evaluate(() => ({ me: document.querySelector('#side-0 .info').getBoundingClientRect().height,
        opp: document.querySelector('#side-1 .info').getBoundingClientRect().height,
        title: document.querySelector('#side-0 .who').getAttribute('title'),
        scroll: document.scrollingElement.scrollHeight - innerHeight }));
      check(bars.me <= bars.opp + 2, `the long name's bar is ${bars.me}px high, the AI's ${bars.opp}px`);
      check(bars.title === longName, `the whole name is not the bar's title: ${bars.title}`);
      check(bars.scroll <= 1, `the page scrolls by ${bars.scroll}px`);
      // A chain link of the player (as the server sends it), to measure the stack with the name.
      await p.evaluate(() => {
        const app = window.duelist, st = app.state, me = st.you;
        const l = { link: 1, seat: me, code: 44095762, place: `${me}:S1` };
        app.takeState({ ...st, prompt: null, history: false, chain: [l],
          events: [{ k: 'activate', seat: me, code: l.code, from: l.place, to: l.place, amount: 1, turn: st.view.turn }] });
      });
      await p.waitForTimeout(300);
      const problems = await p.evaluate(overflows, [['#board .side > .info', ':scope > *'], ['#chain .link', ':scope > *'],
        ['#top', ':scope > *'], ['#log li', ':scope'], ['#midbar', ':scope > *']]);
      await shot(p, `names-duel-390x844-${lang}`);
      check(!problems.length, problems.join(' | '));
      // The result box, after a concession.
      await p.locator('button.concede').first().click();
      await p.locator('#result:not([hidden])').waitFor({ timeout: 20000 });
      await p.waitForTimeout(300);
      const after = await p.evaluate(overflows, [['#result', '*'], ['#board .side > .info', ':scope > *']]);
      await shot(p, `names-result-390x844-${lang}`);
      check(!after.length, after.join(' | '));
    } finally {
      await ctx.close();
    }
  });
}

await test('a long-named host\'s room fits the lobby\'s room list on a phone', async () => {
  const ctxs = [await open({ viewport: { width: 1366, height: 768 } }), await open(PHONE)];
  try {
    const host = watch(await ctxs[0].newPage(), 'names-host');
    const guest = watch(await ctxs[1].newPage(), 'names-guest');
    await host.goto(base + '/');
    await host.locator('#lobby #create').waitFor();
    await host.fill('#name', NAMES[0][1]);
    await host.click('#create');
    await host.waitForFunction(() => window.duelist.joined, null, { timeout: 20000 });
    const code = await host.evaluate(() => window.duelist.joined.room);
    await guest.goto(base + '/');
    await guest.locator('#lobby #create').waitFor();
    const row = guest.locator(`#rooms-open li[data-room="${code}"]`);
    await row.waitFor({ timeout: 15000 });
    const problems = await guest.evaluate(overflows, [[`#rooms-open li`, ':scope > *']]);
    await shot(guest, 'names-lobby-390x844');
    check(!problems.length, problems.join(' | '));
    await host.click('#leave');
  } finally {
    for (const c of ctxs) await c.close();
  }
});

await done();
