// End-to-end check of a refusal that says when to come back (issue 33): a login answered 429 with
// Retry-After: 3 (the server's answer to too many attempts, played here by the page's network
// layer so that no real limit must be reached) disables the button and says "try again in 3 s",
// counting down each second; when the wait is over the message goes, the button works again
// and the next attempt reaches the server. Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, page, shot, test } from './lib.js';

await test('a 429 with Retry-After counts down and gives the action back', async () => {
  const p = await page('retry', { viewport: { width: 1100, height: 800 } });
  let refused = 0;
  await p.route('**/api/account/login', (route) => {
    if (refused++) return route.continue();
    return route.fulfill({ status: 429, headers: { 'Retry-After': '3', 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: 'too many attempts; try again later' }) });
  });
  await p.goto(base + '/#/account');
  await p.locator('#acct-name').fill('nobody' + Date.now().toString(36));
  await p.locator('#acct-password').fill('a long enough password');
  await p.click('#acct-submit');
  const err = p.locator('#acct-error');
  await p.waitForFunction(() => /3 s/.test(document.getElementById('acct-error').textContent), null, { timeout: 3000 });
  check(await p.locator('#acct-submit').isDisabled(), 'the button is enabled during the wait');
  await shot(p, 'retry-countdown');
  const two = await p.waitForFunction(() => /2 s/.test(document.getElementById('acct-error').textContent), null, { timeout: 2000 })
    .then(() => true, () => false);
  check(two, `no countdown: "${await err.textContent()}"`);
  const over = await p.waitForFunction(() => !document.getElementById('acct-submit').disabled, null, { timeout: 4000 })
    .then(() => true, () => false);
  check(over, 'the button stays disabled after the wait');
  check((await err.textContent()).trim() === '', `the wait's message stays: "${await err.textContent()}"`);
  await p.click('#acct-submit');
  await p.waitForFunction(() => document.getElementById('acct-error').textContent.trim() !== '', null, { timeout: 5000 });
  check(refused === 2, `the second attempt did not reach the server (${refused} requests)`);
  check(!/\d s/.test(await err.textContent()), `the server's answer reads as a wait: "${await err.textContent()}"`);
});

await done();
