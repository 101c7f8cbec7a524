// End-to-end check that the duel fits one screen (issue 33, defect 4): at 1920x1080, 1366x768,
// 1280x720, 844x390 and 390x844, against the AI, the page does not scroll, and both fields, both
// hands, the phase bar (with the chain above it) and the prompt panel lie inside the window, the
// panel over neither the own hand nor a field's zones. Every label reads: no pile label ("Deck
// 34", "Banished 0") runs into another or is cut, and each name on a card of the own hand has
// room for about five characters a line (a name cut to "S u.." fails). Measured at the first
// prompt (rock-paper-scissors, with the panel shown) and at the player's first idle prompt (the
// hands dealt).
// A tag duel's board (docs/tag.md, #board.tag; against the AI with AI partners) is measured at
// 1366x768, where all four fields and hands lie in the window with the same checks, and at 390x844,
// where the page does not scroll either: the opponent across, the middle bar and the own field and
// hand come first in the window, and each partner's field (#side-2, #side-3), scrolled to inside
// the board, lies in the window, across its width.
// Screenshots e2e/artifacts/fit-WxH-*.png. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, open, shot, test, watch } from './lib.js';

const SIZES = [[1920, 1080, false], [1366, 768, false], [1280, 720, false], [844, 390, true], [390, 844, true]];
const TAG_SIZES = [[1366, 768, false], [390, 844, true]];

// measure returns what lies outside the window, or under the prompt panel, as sentences (ok:
// whether nothing does). partners: a tag board whose partners' fields lie in the window too (a
// tag board on a phone leaves them below, to be scrolled to: partnersReachable measures them).
function measure([ok, partners]) {
  const W = window.innerWidth, H = window.innerHeight;
  const out = [];
  const se = document.scrollingElement;
  if (se.scrollHeight > H + 1) out.push(`the page scrolls: ${se.scrollHeight}px high in ${H}`);
  if (se.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${se.scrollWidth}px wide in ${W}`);
  const panel = document.getElementById('prompt-panel');
  const pr = panel && !panel.hidden ? panel.getBoundingClientRect() : null;
  const parts = {
    'opponent hand': '#side-1 .hand', 'opponent field': '#side-1 .rows', 'own field': '#side-0 .rows',
    'own hand': '#side-0 .hand', 'phase bar': '#phases', chain: '#chain', 'prompt panel': '#prompt-panel',
    ...(partners ? { 'partner field': '#side-2 .rows', 'partner hand': '#side-2 .hand', "opponent's partner field": '#side-3 .rows',
      "opponent's partner hand": '#side-3 .hand' } : {}),
  };
  for (const [name, sel] of Object.entries(parts)) {
    const e = document.querySelector(sel);
    if (!e || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.top < -1 || r.bottom > H + 1 || r.left < -1 || r.right > W + 1) {
      out.push(`${name} at ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    }
  }
  if (pr) {
    const under = (sel) => [...document.querySelectorAll(sel)].map((c) => c.getBoundingClientRect())
      .filter((r) => r.width && r.bottom > pr.top + 2 && r.top < pr.bottom - 2 && r.right > pr.left + 2 && r.left < pr.right - 2).length;
    const hand = under('#side-0 .hand .card');
    if (hand) out.push(`the prompt panel covers ${hand} card(s) of the own hand`);
    const zones = under('#side-0 .rows .zone, #side-1 .rows .zone, #side-2 .rows .zone, #side-3 .rows .zone');
    if (zones) out.push(`the prompt panel covers ${zones} zone(s) of the fields`);
  }
  // The piles' labels: inside the window, not cut (their text wider than their box), and none
  // over another (a tag board on a phone: those of the fields in the window).
  const shown = (/** @type {Element} */ e) => { const r = e.getBoundingClientRect(); return partners || (r.bottom > 0 && r.top < H); };
  const labels = [...document.querySelectorAll('.pile-label')].filter((e) => !e.closest('[hidden]') && shown(e));
  const boxes = labels.map((e) => ({ e, r: e.getBoundingClientRect() }));
  for (const { e, r } of boxes) {
    if (e.scrollWidth > e.clientWidth + 1) out.push(`the label "${e.textContent}" is cut (${e.scrollWidth}px of text in ${e.clientWidth}px)`);
    if (r.left < -1 || r.right > W + 1) out.push(`the label "${e.textContent}" lies outside the window`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].r, b = boxes[j].r;
      if (a.right > b.left + 1 && b.right > a.left + 1 && a.bottom > b.top + 1 && b.bottom > a.top + 1) {
        out.push(`the labels "${boxes[i].e.textContent}" and "${boxes[j].e.textContent}" overlap`);
      }
    }
  }
  // The names on the own hand's cards: a line of at least 3.5 em (about five characters).
  for (const n of document.querySelectorAll('#side-0 .hand .card .name')) {
    const em = parseFloat(getComputedStyle(n).fontSize);
    const w = n.getBoundingClientRect().width;
    if (w < 3.5 * em) out.push(`the name "${n.textContent}" in the own hand has ${w.toFixed(1)}px a line at ${em.toFixed(1)}px a letter`);
  }
  return ok ? out.length === 0 : out;
}

async function fits(p, label, partners = false) {
  const ok = await p.waitForFunction(measure, [true, partners], { timeout: 2500 }).then(() => true, () => false);
  if (!ok) throw new Error(`${label}: ${(await p.evaluate(measure, [false, partners])).join('; ')}`);
}

// partnersReachable scrolls the tag board to each partner's field and says what of it is not then
// in the window (its zones and hand), or cut at the sides; it scrolls the board back to the top.
function partnersReachable() {
  const W = window.innerWidth, H = window.innerHeight;
  const out = [];
  const board = document.getElementById('board');
  if (document.scrollingElement.scrollHeight > H + 1) out.push('the page scrolls');
  for (const id of ['side-3', 'side-2']) {
    const side = document.getElementById(id);
    if (!side || side.hidden) { out.push(`#${id} is not drawn`); continue; }
    side.scrollIntoView({ block: 'nearest' });
    for (const sel of ['.rows', '.hand', '.info']) {
      const e = side.querySelector(sel);
      if (!e) { out.push(`#${id} has no ${sel}`); continue; }
      const r = e.getBoundingClientRect();
      if (r.top < -1 || r.bottom > H + 1 || r.left < -1 || r.right > W + 1) {
        out.push(`#${id} ${sel} at ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)} once scrolled to`);
      }
    }
    if (side.scrollWidth > side.clientWidth + 1) out.push(`#${id} is cut at the sides (${side.scrollWidth}px in ${side.clientWidth})`);
  }
  if (board) board.scrollTop = 0;
  return out;
}

for (const [w, h, touch] of SIZES) {
  await test(`the duel fits one screen at ${w}x${h}`, async () => {
    const ctx = await open({ viewport: { width: w, height: h }, isMobile: touch, hasTouch: touch, deviceScaleFactor: touch ? 2 : 1 });
    try {
      const p = await ctx.newPage();
      p.on('pageerror', (e) => console.error(`[${w}x${h}] page error: ${e.stack}`));
      await p.goto(base + '/');
      await p.evaluate(() => localStorage.setItem('duelist.anim', 'off'));
      await p.locator('#lobby #create').waitFor();
      await p.locator('input[name=opponent][value=ai]').click();
      await p.click('#create');
      await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
      const problems = [];
      const kind = await p.evaluate(() => window.duelist.state.prompt.kind);
      await shot(p, `fit-${w}x${h}-${kind}`);
      await fits(p, `${kind} prompt`).catch((e) => problems.push(e.message));
      // On to the player's own turn: rock-paper-scissors, who goes first, chain windows.
      for (let i = 0; i < 40; i++) {
        const s = await p.evaluate(() => { const st = window.duelist.state; return st.prompt ? { n: st.prompt.n, kind: st.prompt.kind } : null; });
        if (s && s.kind === 'idle') break;
        if (s && s.kind !== 'chain') {
          await p.locator('#prompt-panel button.opt').first().click();
          await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
        } else await p.waitForTimeout(250);
      }
      await p.waitForTimeout(300);
      await shot(p, `fit-${w}x${h}-idle`);
      await fits(p, 'idle prompt').catch((e) => problems.push(e.message));
      check(!problems.length, problems.join(' | '));
    } finally {
      await ctx.close();
    }
  });
}

for (const [w, h, touch] of TAG_SIZES) {
  await test(`the tag duel's board fits at ${w}x${h}`, async () => {
    const ctx = await open({ viewport: { width: w, height: h }, isMobile: touch, hasTouch: touch, deviceScaleFactor: touch ? 2 : 1 });
    try {
      const p = await ctx.newPage();
      watch(p, `tag ${w}x${h}`); // page errors logged, the leave button's question accepted
      await p.goto(base + '/');
      await p.evaluate(() => localStorage.setItem('duelist.anim', 'off'));
      await p.locator('#lobby #create').waitFor();
      await p.locator('input[name=opponent][value=ai]').click();
      await p.locator('#tag').check();
      await p.locator('#partners').selectOption('ai');
      await p.click('#create');
      await p.waitForFunction(() => window.duelist.state && window.duelist.state.prompt, null, { timeout: 20000 });
      check(await p.locator('#board.tag').count() === 1, 'the board is not drawn as a tag duel');
      const problems = [];
      for (let i = 0; i < 40; i++) {
        const s = await p.evaluate(() => { const st = window.duelist.state; return st.prompt ? { n: st.prompt.n, kind: st.prompt.kind } : null; });
        if (s && s.kind === 'idle') break;
        if (s && s.kind !== 'chain') {
          await p.locator('#prompt-panel button.opt').first().click();
          await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
        } else await p.waitForTimeout(250);
      }
      await p.waitForTimeout(300);
      const kind = await p.evaluate(() => window.duelist.state.prompt?.kind || 'none');
      check(kind === 'idle', `the player's turn never came (${kind})`);
      await shot(p, `fit-tag-${w}x${h}-idle`);
      await fits(p, 'tag idle prompt', !touch).catch((e) => problems.push(e.message));
      if (touch) {
        const far = await p.evaluate(partnersReachable);
        if (far.length) problems.push(`the partners' fields: ${far.join('; ')}`);
        await p.evaluate(() => document.getElementById('side-2')?.scrollIntoView({ block: 'nearest' }));
        await shot(p, `fit-tag-${w}x${h}-partners`);
        await p.evaluate(() => { const b = document.getElementById('board'); if (b) b.scrollTop = 0; });
      }
      check(!problems.length, problems.join(' | '));
      await p.click('#leave');
      await p.locator('#lobby').waitFor();
    } finally {
      await ctx.close();
    }
  });
}

await done();
