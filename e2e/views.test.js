// End-to-end test of what the engine's card views carry onto the duel screen: counters (a badge
// per kind, named) and equip links (drawn from the view's `equip` field). One page plays the AI
// under ocg with a pasted deck of Frequency Magicians (a Spell Counter when Normal Summoned) and
// Equip Spells, until the board shows a counter and an equip link. Run by .ci/e2e with DUELIST_URL.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.DUELIST_URL || 'http://127.0.0.1:8080';
const artifacts = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });
const DEADLINE = Date.now() + 4 * 60 * 1000;

// 40 cards: Frequency Magician, Equip Spells (Sword of Dark Destruction, Book of Secret Arts,
// Dark Energy) and monsters they can equip (Feral Imp, Mystical Elf, Dark Magician ...).
const DECK = ['#main',
  ...Array(3).fill('62154416'), // Frequency Magician
  ...Array(3).fill('37120512'), // Sword of Dark Destruction
  ...Array(3).fill('91595718'), // Book of Secret Arts
  ...Array(3).fill('4614116'), // Dark Energy
  ...Array(3).fill('41392891'), // Feral Imp
  ...Array(3).fill('15025844'), // Mystical Elf
  '87796900', '70781052', '32452818', '46986414', '6368038', '28279543', '91152256', '13429800',
  '13039848', '47060154', '53129443', '84257639', '93221206', '66788016', '4206964', '83887306',
  '19159413', '16972957', '17814387', '36304921', '87557188', '13945283',
  '#extra', '!side'].join('\n');

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// what the page's state and board show: the prompt, and the counters and equip links of the view
// with the board's drawing of each.
function look(page) {
  return page.evaluate(() => {
    const st = window.duelist.state;
    const p = st && st.prompt;
    const counters = [];
    const equips = [];
    if (st) {
      for (const sv of st.view.seats) {
        for (const c of [...sv.monsters, ...sv.spells, sv.field]) {
          if (!c) continue;
          const node = document.querySelector(`#board .zone[data-zone="${c.place}"]`);
          if (c.counters) {
            for (const [k, n] of Object.entries(c.counters)) {
              const b = node && node.querySelector(`.counter[data-counter="${k}"]`);
              counters.push({ place: c.place, k, n, badge: b ? b.textContent : null });
            }
          }
          if (c.equip) {
            const mon = document.querySelector(`#board .zone[data-zone="${c.equip}"]`);
            equips.push({ place: c.place, to: c.equip, link: !!(node && node.querySelector('.equip-link')),
              linked: node ? node.dataset.equips : null, equipped: !!(mon && mon.classList.contains('equipped')) });
          }
        }
      }
    }
    return {
      result: !document.getElementById('result').hidden, n: p ? p.n : 0, kind: p ? p.kind : '',
      min: p ? p.min : 0, max: p ? p.max : 0, turn: st ? st.view.turn : 0,
      options: p ? p.options.map((o) => ({ verb: o.verb, text: o.text, place: o.cards && o.cards[0] ? o.cards[0].place : '' })) : [],
      counters, equips,
    };
  });
}

// act answers one prompt through the UI: summon Frequency Magician first, then any monster,
// activate an Equip Spell, and otherwise end the turn; other prompts take their first choice.
async function act(page, s) {
  const click = (sel) => page.locator(sel).first().click();
  const viaCard = async (o) => {
    await click(`#side-0 .card[data-place="${o.place}"]`);
    await click(`#card-popup button[data-verb="${o.verb}"]`);
  };
  const find = (verb, re) => s.options.find((o) => o.verb === verb && re.test(o.text) && o.place);
  switch (s.kind) {
    case 'idle': {
      const o = find('summon', /Frequency Magician/) || find('summon', /./) ||
        find('activate', /Sword of Dark Destruction|Book of Secret Arts|Dark Energy/);
      if (o) return viaCard(o);
      return click('#phases button[data-verb="end"]');
    }
    case 'battle':
      return click('#phases button[data-verb="end"]');
    case 'select': case 'target': {
      const cands = page.locator('#prompt-panel .candidate');
      if (s.min === 1 && s.max === 1 && (await cands.count())) return cands.first().click();
      if (s.min === 0 && (await page.locator('#prompt-panel button[data-verb="cancel"]').count())) {
        return click('#prompt-panel button[data-verb="cancel"]');
      }
      if (await cands.count()) {
        for (let i = 0; i < Math.max(s.min, 1); i++) await cands.nth(i).click();
        return click('#prompt-ok');
      }
      return click('#prompt-panel button.opt');
    }
    case 'rps':
      return page.locator('#prompt-panel button.opt').nth(Math.floor(Math.random() * 3)).click();
    case 'chain':
      return click('#prompt-panel button[data-verb="pass"]');
    default:
      return click('#prompt-panel button.opt');
  }
}

const dir = mkdtempSync(join(tmpdir(), 'duelist-e2e-'));
const ctx = await chromium.launchPersistentContext(dir, {
  executablePath: '/usr/bin/chromium', headless: true, args: launchArgs, viewport: { width: 1366, height: 768 },
});
let ok = false;
try {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.stack}`));
  await page.goto(base + '/');
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#deck option').first().waitFor({ state: 'attached' });
  await page.fill('#name', 'Views');
  await page.selectOption('#ruleset', 'ocg');
  await page.selectOption('#deck', '*paste');
  await page.fill('#deck-paste', DECK);
  await page.locator('input[name=opponent][value=ai]').click();
  await page.click('#create');
  await page.locator('#side-0 .info').waitFor({ timeout: 15000 }).catch(async (e) => {
    await page.screenshot({ path: join(artifacts, 'views-no-duel.png'), fullPage: true });
    throw new Error(`no duel: ${await page.locator('#toast').textContent().catch(() => '')} (${e.message})`);
  });
  let s;
  let actions = 0;
  for (;;) {
    if (Date.now() > DEADLINE) throw new Error(`out of time after ${actions} actions`);
    s = await look(page);
    if (s.counters.length && s.equips.length) break;
    if (s.result) throw new Error(`the duel ended after ${actions} actions before the board showed a counter and an equip link (${JSON.stringify(s.counters)} ${JSON.stringify(s.equips)})`);
    if (!s.n) { await page.waitForTimeout(50); continue; }
    await act(page, s);
    actions++;
    await page.waitForFunction((n) => {
      const st = window.duelist.state;
      const toast = document.getElementById('toast');
      return !st.prompt || st.prompt.n !== n || st.result || (toast && !toast.hidden);
    }, s.n, { timeout: 30000 });
  }
  await page.waitForTimeout(400); // the animations of the last answer
  s = await look(page);
  await page.screenshot({ path: join(artifacts, 'views-counters-equip.png'), fullPage: true });
  console.log(`     ${actions} actions; counters ${JSON.stringify(s.counters)}; equips ${JSON.stringify(s.equips)}`);
  for (const c of s.counters) {
    if (c.badge !== `Spell ${c.n}` && !(c.k !== 'spell' && c.badge)) throw new Error(`the counter ${c.k} ×${c.n} at ${c.place} is drawn as ${c.badge}`);
  }
  for (const e of s.equips) {
    if (!e.link || e.linked !== e.to || !e.equipped) throw new Error(`the equip card at ${e.place} is not drawn linked to ${e.to}: ${JSON.stringify(e)}`);
  }
  // The zoom of a card with counters names them.
  const c = s.counters[0];
  await page.locator(`#board .zone[data-zone="${c.place}"] .card`).first().click();
  const info = await page.locator('#card-popup .card-info').textContent();
  if (!info.includes(`Counters: ${c.k === 'spell' ? 'Spell' : c.k} ×${c.n}`)) throw new Error(`the zoom does not name the counters: ${info}`);
  await page.screenshot({ path: join(artifacts, 'views-counter-zoom.png'), fullPage: true });
  ok = true;
  console.log('ok   the board draws the view\'s counters and equip links');
} catch (e) {
  console.log(`FAIL the board draws the view's counters and equip links: ${e.stack || e}`);
} finally {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}
process.exit(ok ? 0 : 1);
