// Shared start-up for the e2e scripts: the server's address, the screenshot folder, a browser
// context with its own profile (so cookies do not leak between players), a test runner that
// counts passes and failures, and a few helpers every script needs.
// A script imports what it uses and ends with `await done()`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** The server under test (set by .ci/e2e). */
export const base = process.env.DUELIST_URL || 'http://127.0.0.1:8080';
/** Where screenshots go (not committed). */
export const artifacts = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });

/** Chromium's flags for a quiet headless run on a shared machine. */
export const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const opened = [];
let passed = 0;
let failed = 0;

/**
 * open starts a browser context with a fresh profile directory; closing it removes the directory.
 * @param {object} [contextOptions] Playwright's launchPersistentContext options (viewport, locale, ...).
 */
export async function open(contextOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'duelist-e2e-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, args: launchArgs, ...contextOptions,
  });
  const close = ctx.close.bind(ctx);
  let closed = false;
  ctx.close = async () => {
    if (closed) return;
    closed = true;
    await close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  opened.push(ctx);
  return ctx;
}

/**
 * page opens a context and returns its first page, logging page errors under the label and
 * accepting dialogs (the concede button asks first).
 * @param {string} label
 * @param {object} [contextOptions]
 */
export async function page(label, contextOptions = { viewport: { width: 1100, height: 900 } }) {
  const ctx = await open(contextOptions);
  const p = ctx.pages()[0] || (await ctx.newPage());
  watch(p, label);
  return p;
}

/** watch logs a page's errors under a label and accepts its dialogs. */
export function watch(p, label) {
  p.on('pageerror', (e) => console.error(`[${label}] page error: ${e.stack}`));
  p.on('dialog', (d) => d.accept());
  return p;
}

/** shot saves a full-page screenshot as e2e/artifacts/<name>.png. */
export async function shot(p, name) {
  await p.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** check throws with the message when the condition is false. */
export function check(cond, what) {
  if (!cond) throw new Error(what);
}

/**
 * register makes an account with a fresh name from the page (the response sets the session
 * cookie) and reloads, so that the WebSocket opens as that account. Returns {id, name}.
 * @param {import('playwright-core').Page} p
 * @param {string} prefix
 */
export async function register(p, prefix, password = 'a long enough password') {
  const name = `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e3)}`;
  if (!p.url().startsWith(base)) await p.goto(base + '/');
  const r = await p.evaluate(async ([name, password]) => {
    const res = await fetch('api/account/register', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password }),
    });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  }, [name, password]);
  if (r.status !== 200 && r.status !== 201) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  await p.reload();
  await p.waitForFunction(() => window.duelist && window.duelist.welcome);
  return { id: r.body.id, name };
}

/**
 * test runs one named test, printing ok or FAIL with its time; a failure does not stop the script.
 * ONLY=text in the environment runs only the tests whose names hold the text.
 */
export async function test(name, fn) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

/** done closes every context still open, prints the count and exits non-zero on any failure. */
export async function done() {
  for (const ctx of opened) await ctx.close().catch(() => {});
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
