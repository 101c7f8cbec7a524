// End-to-end test of accounts, seats that follow the account, and replays (Playwright driving
// Debian's chromium, as duel.test.js): register, log out, log in (a wrong password first, its
// error in Chinese), change the password, play the AI, close the tab and get the seat back in a
// new one, concede, list the past duels, download the replay, and step through the replay viewer;
// then on a 390x844 phone: log in, watch the replay by touch, delete the account. Screenshots go
// to e2e/artifacts/account-*.png. Run by .ci/e2e with DUELIST_URL set.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, base, check, done, open as openContext, shot as saveShot, test } from './lib.js';

const name = `E2E${Date.now() % 1e9}`;
const password = 'first-password-1';
const password2 = 'second-password-2';

// open starts a browser context that accepts the replay's download.
const open = (contextOptions) => openContext({ acceptDownloads: true, ...contextOptions });

// shot saves e2e/artifacts/account-<n>.png.
const shot = (page, n) => saveShot(page, `account-${n}`);

// newPage logs the page's errors; its dialogs are accepted where the test expects them (not
// lib.js's watch, which accepts every dialog).
async function newPage(ctx, label) {
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error(`[${label}] page error: ${e.stack}`));
  return p;
}

async function navLabel(page) {
  return (await page.locator('nav a[data-page="/account"]').textContent()).trim();
}

async function login(page, pw) {
  await page.goto(base + '/#/account');
  await page.locator('#login-form').waitFor();
  await page.fill('#acct-name', name);
  await page.fill('#acct-password', pw);
  await page.click('#acct-submit');
}

// playSome makes a few answers through the UI (end the phase, pass a chain, the first option
// of a panel), then returns; the AI answers its own prompts.
async function playSome(page, count) {
  const until = Date.now() + 120000;
  for (let i = 0; i < count; i++) {
    if (Date.now() > until) throw new Error(`playSome: out of time after ${i} answers`);
    const s = await page.evaluate(() => {
      const st = window.duelist.state;
      const p = st && st.prompt;
      return { n: p ? p.n : 0, kind: p ? p.kind : '', min: p ? p.min || 0 : 0, max: p ? p.max || 0 : 0, result: !!(st && st.result),
        onlyPass: !!p && p.kind === 'chain' && p.options.length === 1 && p.options[0].verb === 'pass' };
    });
    if (s.result) return;
    if (!s.n) { await page.waitForTimeout(50); i--; continue; }
    const end = page.locator('#phases button[data-verb="end"]');
    const pass = page.locator('#prompt-panel button[data-verb="pass"]');
    const cands = page.locator('#prompt-panel .candidate');
    // A window whose only option is pass is the page's to pass (autopass.js, 400 ms): clicking
    // its Pass raced the page's own answer, whose state took the button away mid-click.
    if (s.onlyPass) { /* the page answers it */ }
    else if (await end.count()) await end.first().click();
    else if (await pass.count()) await pass.first().click();
    else if ((s.kind === 'select' || s.kind === 'target') && (await cands.count())) {
      if (s.min <= 1 && s.max === 1) await cands.first().click();
      else {
        for (let k = 0; k < Math.max(s.min, 1); k++) await cands.nth(k).click();
        await page.locator('#prompt-ok').click();
      }
    } else await page.locator('#prompt-panel button.opt').first().click();
    await page.waitForFunction((n) => {
      const st = window.duelist.state;
      return !st || !st.prompt || st.prompt.n !== n || st.result;
    }, s.n, { timeout: 30000 });
  }
}

await test('register, log out, log in, change the password; a seat follows the account; replays', async () => {
  const ctx = await open({ viewport: { width: 1280, height: 900 } });
  try {
    let page = await newPage(ctx, 'desktop');
    await page.goto(base + '/#/account');
    await page.locator('#login-form').waitFor();
    check((await navLabel(page)) === 'Log in', `the guest's nav label: ${await navLabel(page)}`);
    await shot(page, 'login');
    // Register: a bad name first, its error translated.
    await page.click('#acct-mode');
    await page.fill('#acct-name', 'ab');
    await page.fill('#acct-password', password);
    await page.click('#acct-submit');
    await page.locator('#acct-error', { hasText: 'A name has 3 to 20 characters.' }).waitFor();
    await page.fill('#acct-name', name);
    await page.click('#acct-submit');
    await page.locator(`#acct-user[data-user="${name}"]`).waitFor();
    check((await navLabel(page)) === name, `the nav does not name the player: ${await navLabel(page)}`);
    await shot(page, 'registered');

    await page.click('#acct-logout');
    await page.locator('#login-form').waitFor();
    await page.locator('#acct-notice', { hasText: 'You are logged out.' }).waitFor();
    check((await navLabel(page)) === 'Log in', 'still named after logging out');

    // A wrong password, in Chinese.
    await page.selectOption('#lang', 'zh-CN');
    await page.fill('#acct-name', name);
    await page.fill('#acct-password', 'not-the-password');
    await page.click('#acct-submit');
    await page.locator('#acct-error', { hasText: '名字或密码错误。' }).waitFor();
    await shot(page, 'wrong-password-zh');
    await page.selectOption('#lang', 'zh-TW');
    check((await page.locator('#acct-submit').textContent()).trim() === '登入', 'zh-TW login button');
    await page.selectOption('#lang', 'en');

    await login(page, password);
    await page.locator(`#acct-user[data-user="${name}"]`).waitFor();
    // Change the password: a mismatch first.
    await page.fill('#acct-old', password);
    await page.fill('#acct-new', password2);
    await page.fill('#acct-new2', password2 + 'x');
    await page.click('#acct-change');
    await page.locator('#acct-error', { hasText: 'The two new passwords differ.' }).waitFor();
    await page.fill('#acct-new2', password2);
    await page.click('#acct-change');
    await page.locator('#acct-password-form .ok').waitFor();
    await shot(page, 'password-changed');

    // A duel against the AI.
    await page.goto(base + '/#/lobby');
    await page.locator('#lobby').waitFor();
    await page.locator('#deck option').first().waitFor({ state: 'attached' });
    await page.locator('input[name=opponent][value=ai]').click();
    await page.selectOption('#first', 'A');
    await page.click('#create');
    await page.locator('#side-0 .info').waitFor();
    await playSome(page, 2);
    const room = await page.locator('#room-code').getAttribute('data-room');

    // The tab is closed; a new tab of the same browser has no seat token, but the account has
    // the seat: the lobby offers it back.
    await page.close();
    page = await newPage(ctx, 'desktop-2');
    await page.goto(base + '/');
    const banner = page.locator(`.seat-return [data-room="${room}"][data-status="dueling"]`);
    await banner.waitFor({ timeout: 15000 });
    await shot(page, 'seat-return');
    await banner.locator('button.seat-back').click();
    await page.locator('#side-0 .info').waitFor();
    await page.waitForFunction(() => window.duelist.state && window.duelist.state.you === 'A');
    check((await page.locator('#room-code').getAttribute('data-room')) === room, 'back in another room');
    await playSome(page, 4);
    if (!(await page.evaluate(() => !!window.duelist.state.result))) {
      page.once('dialog', (d) => d.accept());
      await page.click('#phases button.concede');
    }
    await page.locator('#result:not([hidden])').waitFor();
    await shot(page, 'duel-over');

    // The past duels, the download, the viewer.
    await page.click('#result button:not(#rematch)'); // leave the room: the client goes to the lobby
    await page.locator('#lobby').waitFor();
    await page.goto(base + '/#/replays');
    const item = page.locator('.replay-item').first();
    await item.waitFor();
    await shot(page, 'replays');
    const [dl] = await Promise.all([page.waitForEvent('download'), item.locator('a.download').click()]);
    const file = join(artifacts, 'account-replay.duel');
    await dl.saveAs(file);
    const text = readFileSync(file, 'utf8');
    check(/^moves:/m.test(text) && /seed:/.test(text), `the downloaded replay:\n${text.slice(0, 300)}`);
    // `duelist replay verify` plays the downloaded file again (go run, as .ci/e2e runs the server).
    const root = new URL('../', import.meta.url).pathname;
    console.log('     ' + execFileSync('go', ['run', './cmd/duelist', 'replay', 'verify', file],
      { cwd: root, encoding: 'utf8', timeout: 300000 }).trim().split('\n')[0]);

    await item.locator('a.watch').click();
    const move = page.locator('#rp-move');
    await move.waitFor();
    const pos = async () => Number(await move.getAttribute('data-pos'));
    check((await pos()) === 0, 'the viewer does not start at the start');
    for (let i = 0; i < 3; i++) await page.click('#rp-next');
    check((await pos()) === 3, `3 steps forward: at ${await pos()}`);
    await page.click('#rp-prev');
    check((await pos()) === 2, `1 step back: at ${await pos()}`);
    await page.click('#rp-play');
    await page.waitForFunction(() => Number(document.getElementById('rp-move').dataset.pos) >= 4, null, { timeout: 10000 });
    await page.click('#rp-play'); // pause
    const paused = await pos();
    await page.waitForTimeout(1200);
    check((await pos()) === paused, 'the viewer went on after the pause');
    const turns = await page.locator('#rp-turn option').count();
    check(turns >= 2, `${turns} turns to jump to`);
    await page.selectOption('#rp-turn', '2');
    await page.locator('#phases .turn', { hasText: '2' }).waitFor();
    const oppHand = await page.locator('#side-1 .hand .card:not(.back)').count();
    const myHand = await page.locator('#side-0 .hand .card:not(.back)').count();
    check(oppHand > 0 && myHand > 0, `both hands face up: AI ${oppHand}, mine ${myHand}`);
    check((await page.locator('#log li').count()) > 0, 'the log is empty');
    await shot(page, 'viewer');
    await page.click('#rp-last');
    const max = Number(await page.locator('#rp-range').getAttribute('max'));
    check((await pos()) === max, `the end is step ${max}, the viewer is at ${await pos()}`);
    await page.locator('#rp-result[data-winner="B"]').waitFor(); // the AI won, or A conceded
    await shot(page, 'viewer-end');
    console.log(`     room ${room}; ${await page.locator('#rp-range').getAttribute('max')} moves in the viewer`);
  } finally {
    await ctx.close();
  }
});

await test('a 390x844 phone: log in, watch the replay by touch, delete the account', async () => {
  const ctx = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await newPage(ctx, 'phone');
    await login(page, password);
    await page.locator('#acct-error', { hasText: 'Wrong name or password.' }).waitFor(); // the old password
    await page.fill('#acct-password', password2);
    await page.locator('#acct-submit').tap();
    await page.locator(`#acct-user[data-user="${name}"]`).waitFor();
    await shot(page, 'phone-account');
    await page.goto(base + '/#/replays');
    await page.locator('.replay-item').first().waitFor();
    await shot(page, 'phone-replays');
    await page.locator('.replay-item a.watch').first().tap();
    await page.locator('#rp-move').waitFor();
    for (let i = 0; i < 5; i++) await page.locator('#rp-next').tap();
    check(Number(await page.locator('#rp-move').getAttribute('data-pos')) === 5, 'five taps forward');
    await shot(page, 'phone-viewer');

    await page.goto(base + '/#/account');
    await page.fill('#acct-del-password', password2);
    page.once('dialog', (d) => d.accept());
    await page.locator('#acct-delete').tap();
    await page.locator('#acct-notice', { hasText: 'The account was deleted.' }).waitFor();
    await login(page, password2);
    await page.locator('#acct-error', { hasText: 'Wrong name or password.' }).waitFor();
    await shot(page, 'phone-deleted');
  } finally {
    await ctx.close();
  }
});

await done();
