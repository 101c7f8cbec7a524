// End-to-end test of the browser client: Playwright (playwright-core) drives Debian's chromium.
// Two pages create and join a room and play a duel to its end through the UI (select a card, then
// a verb; prompts as panels); then one page at a phone viewport, by touch, plays the AI to the
// end. Screenshots go to e2e/artifacts/. Run by .ci/e2e with DUELIST_URL set.
import { base, done, open, shot, test as runTest } from './lib.js';

const MAX_ACTIONS = 4000;
// Each test's own budget (set when it starts): one deadline for the whole script ran out on a
// loaded machine for the tests at its end.
let DEADLINE = 0;

const attackCancelled = new Set();
const attackPicked = new Map(); // pages whose attack target was just picked on the board
let twoClickAttacks = 0; // attacks on a monster made in two clicks
const resourced = new Map();
const blocked = new Set();
const blockers = new Set(); // kouhu pages that hold back to block
const shotKinds = new Set();

// The engine's event kinds (engine/event.go) and the client's words for them in each language.
import { EVENT_KINDS, EVENT_KEYS } from '../web/static/js/events.js';
const LANGS = Object.fromEntries(await Promise.all(['en', 'zh-CN', 'zh-TW'].map(async (l) =>
  [l, (await import(`../web/static/js/i18n/${l}.js`)).default])));

// inViewport fails when an element's box lies outside the window's width (the page would scroll
// sideways or cut it), at the page's current viewport.
async function inViewport(page, label) {
  const bad = await page.evaluate(() => {
    const W = window.innerWidth;
    const out = [];
    const sw = document.documentElement.scrollWidth;
    if (sw > W + 1) out.push(`the page is ${sw}px wide`);
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
      if (e.closest('#log, .fx')) continue; // scrolled inside its box; animations
      if (r.left < -1 || r.right > W + 1) {
        out.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${String(e.className).replace(/ /g, '.')} ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
    }
    return out.slice(0, 8);
  });
  if (bad.length) throw new Error(`${label}: outside the viewport: ${bad.join('; ')}`);
}

// handVisible fails when a prompt panel is shown and a card of the player's own hand is under it
// (their boxes meet) or off the screen, on a desktop as on a phone, or when the panel lies over
// the log's column beside the board (a desktop, a phone on its side).
async function handVisible(page, label) {
  const look = (ok) => {
    const panel = document.getElementById('prompt-panel');
    if (!panel || panel.hidden || panel.classList.contains('min')) return ok ? true : '';
    const pr = panel.getBoundingClientRect();
    const bad = [...document.querySelectorAll('#side-0 .hand .card')].map((c) => c.getBoundingClientRect())
      .filter((r) => (r.bottom > pr.top + 2 && r.top < pr.bottom - 2 && r.right > pr.left + 2 && r.left < pr.right - 2)
        || r.top < 0 || r.bottom > window.innerHeight + 1)
      .map((r) => `card ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    const log = document.getElementById('log-panel').getBoundingClientRect();
    const board = document.getElementById('board').getBoundingClientRect();
    if (log.left >= board.right && pr.right > log.left + 1 && pr.bottom > log.top && pr.top < log.bottom) {
      bad.push(`log column from x ${Math.round(log.left)}`);
    }
    if (ok) return !bad.length;
    return bad.length ? `panel ${Math.round(pr.left)}..${Math.round(pr.right)} x ${Math.round(pr.top)}..${Math.round(pr.bottom)}: ${bad.join(' ')}` : '';
  };
  // Up to 6 s for the layout to settle: on a loaded machine the panel was once still moving
  // after 2 s (the same look an instant later found nothing wrong).
  const ok = await page.waitForFunction(look, true, { timeout: 6000 }).then(() => true, () => false);
  if (!ok) throw new Error(`${label}: the prompt panel covers the hand or the log, or the hand is off the screen: ${await page.evaluate(look, false)}`);
}

// logShowsEvents fails unless every event kind the page received has a line of words in the log
// (not its raw kind, no unfilled field), in the page's language.
async function logShowsEvents(page, label, zh = false) {
  const r = await page.evaluate(() => {
    const entries = window.duelist.board.log.entries;
    const lis = [...document.querySelectorAll('#log li')];
    const kinds = [...new Set(entries.map((en) => en.e.k))];
    const missing = kinds.filter((k) => !document.querySelector(`#log li[data-k="${k}"]`));
    const raw = lis.filter((li) => li.textContent === li.dataset.k || /[{}]|\bev\./.test(li.textContent)).map((li) => li.textContent);
    const latin = lis.filter((li) => !/[\u4e00-\u9fff]/.test(li.textContent) && !/^[\w\s.]*$/.test(li.textContent)).length;
    return { kinds, missing, raw: raw.slice(0, 5), n: lis.length, entries: entries.length, latin };
  });
  if (r.n !== r.entries) throw new Error(`${label}: ${r.n} log lines for ${r.entries} events`);
  if (r.missing.length) throw new Error(`${label}: no log line for ${r.missing.join(', ')}`);
  if (r.raw.length) throw new Error(`${label}: raw log lines: ${r.raw.join(' | ')}`);
  if (zh && r.latin > r.n / 3) throw new Error(`${label}: ${r.latin} of ${r.n} log lines are not Chinese`);
  return r.kinds;
}

// allKindsWorded fails unless the page words an event of every engine kind (with and without a
// target, hidden and shown) in its current language, with no raw kind and no unfilled field.
async function allKindsWorded(page, label) {
  const bad = await page.evaluate((kinds) => {
    const log = window.duelist.board.log;
    const out = [];
    for (const k of kinds) {
      for (const e of [{ k, seat: 'A', turn: 1, amount: 1 }, { k, seat: 'B', turn: 2, amount: 0, target: 'A:M1', battle: true,
        from: 'B:H/0', to: 'B:M1', phase: 'main1', timing: 'battle-step', pos: 'def' }]) {
        const s = log.text({ e });
        if (!s || s === k || /[{}]|undefined|ev\./.test(s)) out.push(`${k}: ${s}`);
      }
    }
    return out;
  }, EVENT_KINDS);
  if (bad.length) throw new Error(`${label}: ${bad.join(' | ')}`);
}

async function enterLobby(page, name) {
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.stack}`));
  // Record the animations the page plays (anim.js adds .fx elements and fx-* classes).
  await page.addInitScript(() => {
    window.__fx = {};
    new MutationObserver((ms) => {
      for (const m of ms) {
        const nodes = m.type === 'attributes' ? [m.target] : [...m.addedNodes];
        for (const n of nodes) {
          if (n.classList) for (const c of n.classList) if (c.startsWith('fx-')) window.__fx[c] = (window.__fx[c] || 0) + 1;
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#deck option').first().waitFor({ state: 'attached' });
  await page.fill('#name', name);
}

// summary reads what the page shows: the pending prompt of this seat, and the result.
function summary(page) {
  return page.evaluate(() => {
    const st = window.duelist.state;
    const p = st && st.prompt;
    return {
      result: !document.getElementById('result').hidden,
      n: p ? p.n : 0, kind: p ? p.kind : '', min: p ? p.min : 0, max: p ? p.max : 0,
      turn: st ? st.view.turn : 0, ruleset: window.duelist.room ? window.duelist.room.ruleset : '',
      verbs: p ? p.options.map((o) => o.verb) : [],
    };
  });
}

// act makes one decision through the UI for a page whose seat must answer.
async function act(page, s, tap) {
  const press = (loc) => (tap ? loc.first().tap() : loc.first().click());
  const has = async (sel) => (await page.locator(sel).count()) > 0;
  const cardVerb = async (verb, not = '') => {
    const card = page.locator(`#side-0 .hand .card.actionable[data-verbs~="${verb}"]${not}, #side-0 .zone .card.actionable[data-verbs~="${verb}"]${not}`);
    if (!(await card.count())) return false;
    await press(card);
    await press(page.locator(`#card-popup button[data-verb="${verb}"]`));
    return true;
  };
  if (s.kind !== 'target' && s.kind !== 'chain') attackPicked.delete(page);
  switch (s.kind) {
    case 'idle':
      if (s.verbs.includes('resource') && s.turn !== resourced.get(page)) { // kouhu: one resource a turn
        resourced.set(page, s.turn);
        // As a player would, a card that cannot be summoned now goes to the resource zone first:
        // resourcing the only creatures in hand left A with nothing to summon (a CI failure).
        if (await cardVerb('resource', ':not([data-verbs~="summon"])')) return;
        if (await cardVerb('resource')) return;
      }
      if (await cardVerb('summon')) return;
      if (s.turn > 1 && (await has('#phases button[data-verb="battle"]'))) {
        return press(page.locator('#phases button[data-verb="battle"]'));
      }
      return press(page.locator('#phases button[data-verb="end"]'));
    case 'battle':
      // kouhu: the blocking side keeps its creatures untapped until it has blocked once.
      if (s.ruleset === 'kouhu' && blockers.has(page) && !blocked.has(page)) return press(page.locator('#phases button[data-verb="end"]'));
      // (An opponent's Spell or Trap is no target: with no monster there the attack is direct.)
      if (s.ruleset !== 'kouhu' && (await has('#side-1 .zone[data-zone*=":M"] .card')) && (await has('#side-0 .zone .card.actionable[data-verbs="attack"]'))) {
        // An attack on a monster takes two clicks: the attacker (its monster's only action is
        // the attack, so the click opens the pick on the board: the opponent's monsters glow),
        // then the target; the target prompt that follows is answered by the page.
        await press(page.locator('#side-0 .zone .card.actionable[data-verbs="attack"]'));
        await page.waitForTimeout(50);
        if (!(await has('#pick-bar:not([hidden])')) || !(await has('#card-popup[hidden]'))) {
          throw new Error('a click on a monster that can only attack did not open the pick of its target on the board');
        }
        if (!attackCancelled.has(page)) { // once: cancel, and the attack is not sent
          attackCancelled.add(page);
          await press(page.locator('#attack-cancel'));
          return 'no-answer';
        }
        await press(page.locator('#side-1 .card.candidate-glow'));
        attackPicked.set(page, s.n);
        twoClickAttacks++;
        return;
      }
      if (await cardVerb('attack')) {
        // The target is picked on the board: the opponent's monsters glow (or the attack went).
        await page.waitForTimeout(50);
        if (await page.locator('#pick-bar:not([hidden])').count()) {
          await press(page.locator('#side-1 .card.candidate-glow'));
          attackPicked.set(page, s.n);
        }
        return;
      }
      return press(page.locator('#phases button[data-verb="end"]'));
    case 'block': { // kouhu: block with the first choice when there is one
      // Pick the first blocker on the board, as a player would, then Block.
      const glow = page.locator('#side-0 .card.candidate-glow');
      if (!(await glow.count())) return press(page.locator('#prompt-panel button[data-verb="no block"]'));
      // The Block button says what to do until a blocker is picked, then whom it blocks with.
      const lang = await page.evaluate(() => localStorage.getItem('duelist.lang') || 'en');
      const words = LANGS[lang] || LANGS.en;
      const ok = page.locator('#block-ok');
      if (!(await ok.isDisabled()) || (await ok.textContent()) !== words['block-pick']) {
        throw new Error(`the Block button before a pick: "${await ok.textContent()}", disabled ${await ok.isDisabled()}`);
      }
      await press(glow);
      const withText = await ok.textContent();
      const [pre, post] = words['block-with'].split('{0}');
      if ((await ok.isDisabled()) || !withText.startsWith(pre) || !withText.endsWith(post) || withText.length <= pre.length + post.length) {
        throw new Error(`the Block button after a pick: "${withText}"`);
      }
      blocked.add(page);
      await shot(page, 'kouhu-block-picked');
      return press(page.locator('#block-ok'));
    }
    case 'target':
      if (attackPicked.has(page)) { // the attack's target was picked on the board: the page answers this prompt
        attackPicked.delete(page);
        const gone = await page.waitForFunction((n) => !window.duelist.state.prompt || window.duelist.state.prompt.n !== n,
          s.n, { timeout: 3000 }).then(() => true, () => false);
        if (!gone) throw new Error('the attack asked for its target again after it was picked on the board');
        return 'no-answer';
      }
      if (await has('#prompt-panel .candidate')) return press(page.locator('#prompt-panel .candidate'));
      return press(page.locator('#prompt-panel button.opt'));
    case 'select': {
      const cands = page.locator('#prompt-panel .candidate');
      const n = Math.max(s.min, 1);
      if (s.min === 1 && s.max === 1) return press(cands);
      if (s.min === 0 && (await has('#prompt-panel button[data-verb="cancel"]'))) {
        return press(page.locator('#prompt-panel button[data-verb="cancel"]'));
      }
      for (let i = 0; i < n; i++) await (tap ? cands.nth(i).tap() : cands.nth(i).click());
      return press(page.locator('#prompt-ok'));
    }
    case 'rps': { // the same hand on both sides would tie forever
      const hands = page.locator('#prompt-panel button.opt');
      const k = Math.floor(Math.random() * 3);
      return tap ? hands.nth(k).tap() : hands.nth(k).click();
    }
    case 'chain': // a window with nothing but pass: the client passes it (autopass.js)
      if (s.verbs.length === 1 && s.verbs[0] === 'pass') return;
      return press(page.locator('#prompt-panel button[data-verb="pass"]'));
    default:
      return press(page.locator('#prompt-panel button.opt'));
  }
}

// play drives the pages until every one of them shows the result.
async function play(pages, label, tap = false, enough = async () => false) {
  let actions = 0;
  let stuck = 0;
  for (;;) {
    if (Date.now() > DEADLINE) throw new Error(`${label}: out of time after ${actions} actions`);
    const sums = await Promise.all(pages.map(summary));
    if (sums.every((s) => s.result)) return actions;
    if (await enough()) return actions;
    const i = sums.findIndex((s) => s.n && !s.result);
    if (i < 0) {
      if (++stuck > 400) throw new Error(`${label}: nobody has a prompt`);
      await pages[0].waitForTimeout(25);
      continue;
    }
    stuck = 0;
    const page = pages[i];
    const s = sums[i];
    if (process.env.DEBUG) console.log(label, i, JSON.stringify(s));
    if (['chain', 'select', 'target', 'block', 'yesno', 'choice'].includes(s.kind) && !shotKinds.has(label + s.kind)) {
      shotKinds.add(label + s.kind);
      await shot(page, `${label}-prompt-${s.kind}`);
    }
    if (!['idle', 'battle'].includes(s.kind)) await handVisible(page, `${label} ${s.kind} prompt`);
    const r = await act(page, s, tap);
    actions++;
    if (r === 'no-answer') continue;
    if (actions === 25) for (const [k, p] of pages.entries()) await shot(p, `${label}-mid-${k}`);
    if (actions > MAX_ACTIONS) throw new Error(`${label}: more than ${MAX_ACTIONS} actions`);
    // Wait for the answer's state (a new prompt number or the result); an error toast means
    // the answer was refused: try again with a fresh look.
    await page.waitForFunction((n) => {
      const st = window.duelist.state;
      const toast = document.getElementById('toast');
      return !st.prompt || st.prompt.n !== n || st.result || (toast && !toast.hidden);
    }, s.n, { timeout: 30000 });
  }
}

// test runs one test, or skips it when ONLY is set and not part of its name (ONLY=phone: one test).
async function test(name, fn) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  DEADLINE = Date.now() + 6 * 60 * 1000;
  await runTest(name, fn);
}

await test('every engine event kind has words in every language', async () => {
  const src = (await import('node:fs')).readFileSync(new URL('../engine/event.go', import.meta.url), 'utf8');
  const names = [...src.slice(src.indexOf('var eventNames')).split('}')[0].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
  if (names.join() !== EVENT_KINDS.join()) throw new Error(`events.js lists ${EVENT_KINDS.length} kinds, engine/event.go ${names.length}`);
  for (const [l, d] of Object.entries(LANGS)) {
    for (const k of EVENT_KINDS) {
      for (const key of EVENT_KEYS[k] || [k]) if (typeof d.ev[key] !== 'string') throw new Error(`${l}: no ev.${key}`);
    }
  }
  const same = EVENT_KINDS.filter((k) => LANGS['zh-TW'].ev[k] === LANGS['zh-CN'].ev[k]).length;
  if (same > EVENT_KINDS.length / 2) throw new Error(`zh-TW has the zh-CN words of ${same} event kinds`);
});

await test('two pages create, join and play a duel to the end', async () => {
  const ctx = await open({ viewport: { width: 1366, height: 768 } });
  try {
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    await b.setViewportSize({ width: 1100, height: 900 }); // Bob plays on a smaller desktop window
    await enterLobby(a, 'Alice');
    await enterLobby(b, 'Bob');
    await shot(a, 'lobby');
    await a.click('#create');
    const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
    if (!/^[A-Z0-9]{8}$/.test(code)) throw new Error(`room code ${code}`);
    await b.selectOption('#deck', 'kaiba-40');
    await b.fill('#join-code', code);
    await b.click('#join');
    await a.locator('#side-0 .info').waitFor();
    await b.locator('#side-0 .info').waitFor();
    await shot(a, 'duel-start-A');
    await inViewport(a, 'desktop 1366x768');
    const actions = await play([a, b], 'desktop');
    const kinds = await logShowsEvents(a, 'desktop A');
    await allKindsWorded(a, 'en');
    // A spectator who comes late gets the whole log (the server's history on watching).
    const c = await ctx.newPage();
    await enterLobby(c, 'Carol');
    await c.fill('#join-code', code);
    await c.click('#watch');
    await c.locator('#log li[data-k="win"]').waitFor({ timeout: 15000 });
    const turnsA = await a.locator('#log li[data-k="turn"]').count();
    const turnsC = await c.locator('#log li[data-k="turn"]').count();
    if (turnsA !== turnsC || !turnsC) throw new Error(`the late spectator's log has ${turnsC} turns, the player's ${turnsA}`);
    await logShowsEvents(c, 'late spectator');
    await shot(c, 'spectator-late');
    await logShowsEvents(b, 'desktop B');
    const fx = await a.evaluate(() => window.__fx);
    // A draw, a summon's card and a card sent to the Graveyard fly (fx-fly, anim.js); a summon lands.
    for (const c of ['fx-fly', 'fx-land', 'fx-line', 'fx-num']) if (!fx[c]) throw new Error(`no ${c} animation: ${JSON.stringify(fx)}`);
    console.log(`     animations: ${JSON.stringify(fx)}`);
    await inViewport(a, 'desktop 1366x768 at the end');
    console.log(`     ${kinds.length} event kinds in the log: ${kinds.join(' ')}`);
    // The Graveyard viewer, and a card's zoom opened from it shows on top of it.
    const gy = a.locator('#side-0 .pile.open[data-pile$=":GY"]');
    if (await a.locator('#side-0 .pile.open[data-pile$=":GY"] .card').count()) {
      await gy.click();
      await a.locator('#pile-popup .pile-list .card').first().click();
      await a.locator('#card-popup .card-info').waitFor();
      const onTop = await a.evaluate(() => {
        const r = document.querySelector('#card-popup .popup-inner').getBoundingClientRect();
        const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!e && !!e.closest('#card-popup');
      });
      if (!onTop) throw new Error('the zoom of a Graveyard card opens behind the pile viewer');
      await shot(a, 'gy-zoom');
      await a.click('#card-popup button.close');
      await a.click('#pile-popup button.close');
    }
    // A card zoom and the language switch, on the finished board.
    const card = a.locator('#side-0 .zone .card, #side-0 .hand .card').first();
    if (await card.count()) {
      await card.click();
      await a.locator('#card-popup .card-info').waitFor();
      await shot(a, 'zoom');
      await a.click('#card-popup button.close');
    }
    await a.selectOption('#lang', 'zh-CN');
    await logShowsEvents(a, 'desktop A in zh-CN', true);
    await allKindsWorded(a, 'zh-CN');
    const why = await a.locator('#result p').textContent();
    if (!/[\u4e00-\u9fff]/.test(why)) throw new Error(`the result's reason is not in Chinese: ${why}`);
    await shot(a, 'end-A-zh');
    await a.selectOption('#lang', 'zh-TW');
    await logShowsEvents(a, 'desktop A in zh-TW', true);
    await allKindsWorded(a, 'zh-TW');
    await shot(a, 'end-A-tw');
    await shot(b, 'end-B');
    const ra = await a.locator('#result').getAttribute('data-winner');
    const rb = await b.locator('#result').getAttribute('data-winner');
    if (!ra || ra !== rb) throw new Error(`results differ: ${ra} / ${rb}`);
    console.log(`     ${actions} UI actions; winner ${ra}`);
    // A rematch: Bob asks and waits for Alice; Alice sees the offer, accepts, a new duel starts.
    await b.click('#rematch');
    await b.locator('#result[data-rematch="asked"] #rematch-note').waitFor({ timeout: 10000 });
    const waitNote = await b.locator('#rematch-note').textContent();
    if (!waitNote.includes('Alice')) throw new Error(`the asker's note does not name Alice: ${waitNote}`);
    if (!(await b.locator('#rematch').isDisabled())) throw new Error('the asker can ask again');
    await a.locator('#result[data-rematch="offered"] #rematch-note').waitFor({ timeout: 10000 });
    const offer = await a.locator('#rematch-note').textContent();
    if (!offer.includes('Bob')) throw new Error(`the offer does not name Bob: ${offer}`);
    const accept = await a.locator('#rematch').textContent();
    if (accept !== LANGS['zh-TW']['rematch-accept']) throw new Error(`the accept button reads ${accept}`);
    await shot(a, 'rematch-offer-tw');
    await shot(b, 'rematch-wait-B');
    await a.click('#rematch');
    for (const p of [a, b]) {
      await p.locator('#result').waitFor({ state: 'hidden', timeout: 15000 });
      await p.waitForFunction(() => !!document.querySelector('#side-0 .info') && !document.querySelector('#log li[data-k="win"]'), null, { timeout: 15000 });
    }
  } finally {
    await ctx.close();
  }
});

await test('a phone-sized touch screen plays the AI to the end under anime', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2 });
  try {
    const p = await ctx.newPage();
    await enterLobby(p, 'Phone');
    await p.selectOption('#lang', 'zh-CN');
    await inViewport(p, 'phone lobby 390x844');
    await p.selectOption('#ruleset', 'kouhu');
    await inViewport(p, 'phone lobby 390x844 with kouhu');
    await p.selectOption('#ruleset', 'anime'); // every ruleset is played through the page: ocg by two pages, kouhu below
    await shot(p, 'phone-lobby');
    await p.locator('input[name=opponent][value=ai]').tap();
    await p.locator('#create').tap();
    await p.locator('#side-0 .info').waitFor();
    const phoneRules = await p.evaluate(() => window.duelist.room && window.duelist.room.ruleset);
    if (phoneRules !== 'anime') throw new Error(`the phone's duel is under ${phoneRules}, not anime`);
    await shot(p, 'phone-start');
    await inViewport(p, 'phone 390x844');
    const actions = await play([p], 'phone', true);
    await inViewport(p, 'phone 390x844 at the end');
    const before = await logShowsEvents(p, 'phone', true);
    const lines = await p.locator('#log li').count();
    await shot(p, 'phone-end');
    await p.reload();
    await p.locator('#log li').nth(lines - 1).waitFor({ timeout: 10000 });
    if ((await p.locator('#log li').count()) !== lines) throw new Error(`after a reload the log has ${await p.locator('#log li').count()} lines, not ${lines}`);
    await logShowsEvents(p, 'phone after a reload', true);
    void before;
    console.log(`     ${actions} touch actions; ${twoClickAttacks} attacks on a monster in two taps so far; winner ${await p.locator("#result").getAttribute("data-winner")}`);
  } finally {
    await ctx.close();
  }
});

await test('a phone on its side (844x390) plays the AI in 繁體中文 under classic', async () => {
  const ctx = await open({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const p = await ctx.newPage();
    await enterLobby(p, 'Side');
    await p.selectOption('#lang', 'zh-TW');
    await p.selectOption('#ruleset', 'classic');
    await inViewport(p, 'landscape lobby');
    await p.locator('input[name=opponent][value=ai]').tap();
    await p.locator('#create').tap();
    await p.locator('#side-0 .info').waitFor();
    const sideRules = await p.evaluate(() => window.duelist.room && window.duelist.room.ruleset);
    if (sideRules !== 'classic') throw new Error(`the landscape duel is under ${sideRules}, not classic`);
    await inViewport(p, 'landscape 844x390');
    await shot(p, 'landscape-start');
    const actions = await play([p], 'landscape', true);
    await inViewport(p, 'landscape 844x390 at the end');
    await logShowsEvents(p, 'landscape', true);
    await shot(p, 'landscape-end');
    console.log(`     ${actions} touch actions; ${twoClickAttacks} attacks on a monster in two taps so far`);
  } finally {
    await ctx.close();
  }
});

await test('kouhu through the page: resources, a paid summon, a block (简体中文 and English)', async () => {
  const ctx = await open({ viewport: { width: 1366, height: 768 } });
  try {
    // Two players: A (in Chinese) holds its creatures back to block; B (in English) attacks.
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    await enterLobby(a, 'Kouhu');
    await enterLobby(b, 'Blue');
    await a.selectOption('#lang', 'zh-CN');
    await a.selectOption('#ruleset', 'kouhu');
    await a.click('#create');
    const code = await a.locator('#room-code[data-room]').getAttribute('data-room', { timeout: 10000 });
    await b.fill('#join-code', code);
    await b.click('#join');
    await a.locator('#side-0 .resource-zone').waitFor();
    await b.locator('#side-0 .resource-zone').waitFor();
    blockers.add(a);
    const mine = (p) => p.evaluate(() => {
      const en = window.duelist.board.log.entries.map((x) => x.e);
      const me = window.duelist.state.you;
      return {
        resource: en.filter((e) => e.k === 'move' && e.seat === me && /:R/.test(e.to || '')).length,
        summon: en.filter((e) => e.k === 'summon' && e.seat === me).length,
        costTapped: en.filter((e) => e.k === 'tap' && e.seat === me && e.amount === 1 && /:R\//.test(e.to || '')).length,
      };
    });
    const enough = async () => {
      const m = await mine(a);
      return blocked.has(a) && m.resource && m.summon && m.costTapped;
    };
    const actions = await play([a, b], 'kouhu', false, enough);
    await a.waitForTimeout(300);
    await inViewport(a, 'kouhu 1366x768');
    await inViewport(b, 'kouhu 1366x768 (B)');
    const kinds = await logShowsEvents(a, 'kouhu A', true);
    await logShowsEvents(b, 'kouhu B');
    await shot(a, 'kouhu-A');
    await shot(b, 'kouhu-B');
    const m = await mine(a);
    console.log(`     ${actions} actions; A: ${JSON.stringify(m)}; blocked: ${blocked.has(a)}; kinds: ${kinds.join(' ')}`);
    if (!m.resource) throw new Error('no card was put into the resource zone');
    if (!m.summon || !m.costTapped) throw new Error('no summon paid with cost cards');
    if (!blocked.has(a)) throw new Error('no block prompt was answered');
    // Leave asks before conceding.
    let asked = '';
    a.once('dialog', (d) => { asked = d.message(); d.accept(); });
    await a.click('#leave');
    await a.locator('#lobby').waitFor();
    if (!asked) throw new Error('Leave did not ask before conceding');
  } finally {
    await ctx.close();
  }
});

await done();
