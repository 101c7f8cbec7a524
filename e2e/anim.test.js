// End-to-end check of the duel's animations and of the chain as a stack (issue 33, "a card game,
// not a page"; web/static/js/anim.js, board.js renderChain; docs/web.md "Animations and the chain
// stack"). Against the AI:
// - moves fly: the player's Normal Summon flies from the hand to its zone, a draw from the Deck to
//   the hand (window.duelistFx records what the animator showed);
// - the chain is a stack, driven by the events as the wire sends them (states given to the page's
//   App as they come from the server, over its live duel): each activation goes on top with its number, the newest link is
//   drawn above the older ones, and the chain resolves from the top, link by link, as the
//   resolutions play; a destruction during it flies to the Graveyard, an attack draws its line and
//   lunges, damage counts the LP down; in English, 简体中文 and, on a 390x844 phone, 繁體中文 (a
//   stack of six shows five and says how many more), with no raw i18n key;
// - prefers-reduced-motion: nothing flies, lunges or scales (the CSS animations running have no
//   transform, translate or scale), a move glows at its new place, and the chain still resolves
//   link by link.
// Screenshots e2e/artifacts/anim-*.png. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, open, shot, test, watch } from './lib.js';

/** aiDuel opens a duel against the AI and plays on to the player's first Main Phase prompt. */
async function aiDuel(label, { lang = 'en', anim = 'normal', ...ctxOpts } = {}) {
  const ctx = await open({ viewport: { width: 1366, height: 768 }, ...ctxOpts });
  const p = watch(await ctx.newPage(), label);
  await p.addInitScript(([lang, anim]) => {
    if (!sessionStorage.getItem('anim-test')) {
      sessionStorage.setItem('anim-test', '1');
      localStorage.setItem('duelist.lang', lang);
      localStorage.setItem('duelist.anim', anim);
    }
  }, [lang, anim]);
  await p.goto(base + '/');
  await p.locator('#lobby #create').waitFor();
  await p.locator('input[name=opponent][value=ai]').click();
  await p.click('#create');
  await p.waitForFunction(() => window.duelist.state && window.duelist.state.view, null, { timeout: 20000 });
  await untilIdle(p);
  return { ctx, p };
}

/** untilIdle answers rock-paper-scissors and who goes first until the player's Main Phase prompt. */
async function untilIdle(p, turnAfter = 0) {
  for (let i = 0; i < 400; i++) {
    const s = await p.evaluate(() => { const st = window.duelist.state; return st.prompt ? { n: st.prompt.n, kind: st.prompt.kind, turn: st.view.turn } : null; });
    if (s && s.kind === 'idle' && s.turn > turnAfter) return;
    if (s && s.kind !== 'chain' && s.kind !== 'idle') {
      await p.locator('#prompt-panel button.opt').first().click();
      await p.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n, s.n, { timeout: 10000 }).catch(() => {});
    } else await p.waitForTimeout(250);
  }
  throw new Error('the player\'s Main Phase never came');
}

/**
 * playChain plays a chain of n links into the page's Board over its live state, as the server
 * sends it: the activations (link 1, then the others in one state), then one state where the
 * links resolve from the top (a monster destroyed by the second one, an attack and damage among
 * them) and the chain ends. Returns the stack as drawn after each state and every distinct stack
 * seen while the resolutions played (the links' numbers from the top down), and what was shown.
 */
async function playChain(p, n, shotName) {
  const built = await p.evaluate(async (n) => {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const app = window.duelist, b = app.board;
    const st = app.state;
    const me = st.you, opp = me === 'A' ? 'B' : 'A';
    const turn = st.view.turn;
    const codes = [83764718, 5318639, 4206964, 44095762, 70368879, 19613556]; // Monster Reborn, MST, Trap Hole, Mirror Force, Upstart Goblin, Heavy Storm
    const links = Array.from({ length: n }, (_, i) => ({ link: i + 1, seat: i % 2 ? opp : me, code: codes[i % codes.length],
      place: `${i % 2 ? opp : me}:S${(i % 5) + 1}` }));
    const act = (l) => ({ k: 'activate', seat: l.seat, code: l.code, from: l.place, to: l.place, amount: l.link, turn });
    const stack = () => [...document.querySelectorAll('#chain .link[data-link]')].map((li) => li.getAttribute('data-link'));
    const tops = () => [...document.querySelectorAll('#chain .link[data-link]')].map((li) => Math.round(li.getBoundingClientRect().top));
    const baseSt = { ...st, prompt: null, waiting: opp, history: false };
    while (b.anim.playing) await sleep(50); // the events of the turn so far, played first
    window.duelistFx = [];
    app.takeState({ ...baseSt, events: [act(links[0])], chain: links.slice(0, 1) });
    await sleep(100);
    while (b.anim.playing) await sleep(50);
    const one = stack();
    app.takeState({ ...baseSt, events: links.slice(1).map(act), chain: links });
    while (b.anim.playing) await sleep(50);
    await sleep(200);
    const all = stack(), allTops = tops();
    const title = document.querySelector('#chain .chain-title')?.textContent || '';
    const text = document.getElementById('chain')?.innerText || '';
    const cr = document.getElementById('chain').getBoundingClientRect();
    const rect = { left: cr.left, right: cr.right, top: cr.top, bottom: cr.bottom, W: innerWidth, H: innerHeight };
    window.animTest = { links, baseSt, me, opp, turn, st };
    return { one, all, allTops, title, text, rect };
  }, n);
  if (shotName) await shot(p, shotName);
  const resolved = await p.evaluate(async () => {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    const app = window.duelist, b = app.board;
    const { links, baseSt, me, opp, turn, st } = window.animTest;
    const stack = () => [...document.querySelectorAll('#chain .link[data-link]')].map((li) => li.getAttribute('data-link'));
    // The resolutions, from the top; the second link destroys a monster of the opponent (its
    // zone: the board may hold none), an attack and its damage come between.
    const res = [];
    for (const l of [...links].reverse()) {
      res.push({ k: 'resolve', seat: l.seat, code: l.code, from: l.place, to: l.place, amount: l.link, turn });
      if (l.link === 2) res.push({ k: 'destroy', seat: opp, from: `${opp}:M1`, to: `${opp}:GY/${st.view.seats[opp === 'A' ? 0 : 1].gy.length}`, turn });
    }
    res.push({ k: 'chain-end', seat: me, turn });
    res.push({ k: 'attack', seat: me, from: `${me}:M1`, target: `${opp}:M2`, turn });
    res.push({ k: 'damage', seat: opp, amount: 500, turn });
    const seen = [stack().join()];
    let animated = []; // CSS animations with movement while it plays
    app.takeState({ ...baseSt, events: res, chain: [] });
    const t0 = performance.now();
    while ((b.anim.playing || stack().length) && performance.now() - t0 < 20000) {
      const s = stack().join();
      if (s !== seen[seen.length - 1]) seen.push(s);
      for (const a of document.getAnimations()) {
        const kf = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
        if (kf.some((f) => ['transform', 'translate', 'scale'].some((k) => f[k] && f[k] !== 'none' && f[k] !== '0 0' && f[k] !== '0px 0px' && f[k] !== '1'))) {
          animated.push(a.animationName || a.id || 'script');
        }
      }
      await sleep(40);
    }
    if (stack().join() !== seen[seen.length - 1]) seen.push(stack().join());
    animated = [...new Set(animated)];
    return { seen, fx: window.duelistFx, animated };
  });
  return { ...built, ...resolved };
}

await test('a move flies: the Normal Summon from the hand to its zone, a draw from the Deck to the hand', async () => {
  const { ctx, p } = await aiDuel('anim-moves');
  try {
    const me = await p.evaluate(() => window.duelist.state.you);
    await p.waitForFunction(() => !window.duelist.board.anim.playing, null, { timeout: 30000 }); // the turn so far, played
    await p.evaluate(() => { window.duelistFx = []; });
    const card = p.locator('#side-0 .hand .card.actionable[data-verbs~="summon"], #side-0 .hand .card.actionable[data-verbs~="set"]');
    check(await card.count() > 0, 'no card of the hand can be summoned or Set');
    await card.first().click();
    await p.locator('#card-popup button[data-verb="summon"], #card-popup button[data-verb="set"]').first().click();
    await p.waitForFunction((me) => (window.duelistFx || []).some((f) => f.fx === 'fly' && f.from.startsWith(`${me}:H/`)), me, { timeout: 10000 }).catch(() => {});
    await p.waitForTimeout(150);
    await shot(p, 'anim-summon-1366x768');
    // On to the next turn: the AI's draw (and the player's own, if the AI went first).
    await p.waitForFunction(() => window.duelist.state.prompt?.kind === 'idle', null, { timeout: 15000 });
    await p.locator('#phases button[data-verb="end"]').click();
    const turn = await p.evaluate(() => window.duelist.state.view.turn);
    await p.waitForFunction((t) => (window.duelistFx || []).some((f) => f.k === 'draw' && f.fx === 'fly') || window.duelist.state.view.turn > t + 1,
      turn, { timeout: 60000 });
    const fx = await p.evaluate(() => window.duelistFx);
    // The card played may be a monster, a Spell or Trap Set, or a Field Spell Set (a move to F):
    // the deal is random, and each flies from the hand to its zone.
    const summon = fx.find((f) => f.fx === 'fly' && f.from.startsWith(`${me}:H/`) && /:(M\d|S\d|F)$/.test(f.to));
    check(summon, `the summon's flight: ${JSON.stringify(fx.slice(0, 12))}`);
    const draw = fx.find((f) => f.k === 'draw' && f.fx === 'fly');
    check(draw && /:D$/.test(draw.from) && /:H\/\d+$/.test(draw.to), `a draw's flight: ${JSON.stringify(fx.slice(0, 20))}`);
    await p.click('#leave');
  } finally {
    await ctx.close();
  }
});

for (const [lang, size, title, more] of /** @type {const} */ ([['en', [1366, 768], 'Chain', ''], ['zh-CN', [1366, 768], '连锁', ''],
  ['zh-TW', [390, 844], '連鎖', '下面還有 1 個連鎖']])) {
  await test(`the chain is a stack that resolves from the top (${lang}, ${size.join('x')})`, async () => {
    const phone = size[0] < 500;
    const { ctx, p } = await aiDuel(`anim-chain-${lang}`, { lang, viewport: { width: size[0], height: size[1] },
      ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
    try {
      const n = phone ? 6 : 3;
      const r = await playChain(p, n, `anim-chain-${size.join('x')}-${lang}`);
      check(r.one.join() === '1', `one activation: the stack holds ${r.one}`);
      const want = Array.from({ length: Math.min(n, 5) }, (_, i) => String(n - i));
      check(r.all.join() === want.join(), `the stack, top down: ${r.all}, want ${want}`);
      check(r.allTops.every((y, i) => i === 0 || y > r.allTops[i - 1]), `the newest link is not on top: ${r.allTops}`);
      check(r.title === `${title} ${n}`, `the stack's title: "${r.title}"`);
      if (more) check(r.text.includes(more), `the stack of ${n} does not say "${more}": ${r.text}`);
      check(!/\b[a-z]+-[a-z]+\b|\bundefined\b/.test(r.text), `a raw key in the stack: ${r.text}`);
      check(r.rect.left >= 0 && r.rect.right <= r.rect.W && r.rect.top >= 0 && r.rect.bottom <= r.rect.H,
        `the stack lies outside the window: ${JSON.stringify(r.rect)}`);
      // Resolved from the top: each stack seen is the one before without its top link.
      const seen = r.seen.map((s) => s.split(',').filter(Boolean));
      check(seen[0].join() === want.join() && seen[seen.length - 1].length === 0, `the stacks seen while it resolved: ${r.seen.join(' | ')}`);
      // Each stack seen has a lower link on top than the one before (the top left first); on a
      // phone a link below the five shown comes into view as the top leaves.
      const top = (s) => (s.length ? Number(s[0]) : 0);
      for (let i = 1; i < seen.length; i++) {
        check(top(seen[i]) < top(seen[i - 1]) && !seen[i].includes(seen[i - 1][0]), `the chain did not resolve from the top: ${r.seen.join(' | ')}`);
      }
      check(seen.length >= 4, `the links did not go one by one: ${r.seen.join(' | ')}`);
      const kinds = (k, fx) => r.fx.some((f) => f.k === k && f.fx === fx);
      check(kinds('destroy', 'fly') && kinds('destroy', 'burst'), `the destroyed monster's flight to the Graveyard: ${JSON.stringify(r.fx)}`);
      check(kinds('attack', 'line') && kinds('attack', 'lunge'), `the attack: ${JSON.stringify(r.fx)}`);
      check(kinds('lp', 'count'), `the LP count-down: ${JSON.stringify(r.fx)}`);
      await p.click('#leave');
    } finally {
      await ctx.close();
    }
  });
}

await test('prefers-reduced-motion: nothing moves, the chain still resolves link by link', async () => {
  const { ctx, p } = await aiDuel('anim-reduced', { reducedMotion: 'reduce' });
  try {
    check(await p.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), 'the page does not see reduced motion');
    const r = await playChain(p, 3, 'anim-chain-reduced-1366x768');
    check(r.all.join() === '3,2,1', `the stack: ${r.all}`);
    check(r.seen.join(' | ') === '3,2,1 | 2,1 | 1 | ', `the stacks seen while it resolved: ${r.seen.join(' | ')}`);
    const moved = r.fx.filter((f) => f.fx === 'fly' || f.fx === 'lunge' || f.fx === 'land');
    check(!moved.length, `with reduced motion: ${JSON.stringify(moved)}`);
    check(r.fx.some((f) => f.k === 'destroy' && f.fx === 'glow'), `the destroyed card's glow: ${JSON.stringify(r.fx)}`);
    check(!r.animated.length, `animations that move with reduced motion: ${r.animated}`);
    await p.click('#leave');
  } finally {
    await ctx.close();
  }
});

await done();
