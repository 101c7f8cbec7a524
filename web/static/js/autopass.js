// Auto-pass: every duel the server hosts asks both seats at every chain window, also a seat
// with nothing it could activate, so that the opponent and the spectators cannot tell from the
// wait whether a player holds a response (docs/protocol.md "Chain windows"). The client answers
// pass on the player's behalf, as the player's chain setting says, always after the same delay.

/** @typedef {import('./protocol').Prompt} Prompt */

/**
 * When the player wants to be asked at a chain window: 'always' (every window, to bluff or to
 * think), 'respond' (only where they can activate something; the default) or 'never' (every
 * window is passed for them).
 * @typedef {'always' | 'respond' | 'never'} ChainSetting
 */

/** The localStorage key of the player's chain setting. */
export const CHAIN_SETTING_KEY = 'duelist.chain';

/** How long the client waits before it passes, the same whether or not a response exists. The
 * server's bots wait as long (server.AutoPassDelay). */
export const AUTOPASS_DELAY_MS = 400;

/** @type {readonly ChainSetting[]} */
export const CHAIN_SETTINGS = ['always', 'respond', 'never'];

/**
 * chainSetting returns the player's chain setting from localStorage ('respond' when unset or
 * not one of the settings).
 * @returns {ChainSetting}
 */
export function chainSetting() {
  let v = null;
  try { v = localStorage.getItem(CHAIN_SETTING_KEY); } catch { /* no storage: the default */ }
  return CHAIN_SETTINGS.includes(/** @type {ChainSetting} */ (v)) ? /** @type {ChainSetting} */ (v) : 'respond';
}

/**
 * autoPass returns the answer that passes prompt for the player, or null when the player is to
 * answer it: only a chain window is passed, with 'respond' only when pass is its only option,
 * with 'never' always, with 'always' never.
 * @param {Prompt | null | undefined} prompt the pending prompt of the player's seat
 * @param {ChainSetting} setting
 * @returns {{i: number} | null}
 */
export function autoPass(prompt, setting) {
  if (!prompt || prompt.kind !== 'chain' || setting === 'always') return null;
  const pass = prompt.options.find((o) => o.verb === 'pass');
  if (!pass) return null;
  if (setting === 'respond' && prompt.options.length > 1) return null;
  return { i: pass.i };
}

let scheduled = ''; // the duel and prompt number whose pass is on its way

/**
 * schedulePass answers a state's prompt with pass after AUTOPASS_DELAY_MS when autoPass says so
 * under the player's setting; answer is given the answer and the prompt's number (so that it
 * answers nothing if the prompt has changed meanwhile). A prompt is passed once, however many
 * states repeat it.
 * @param {{duel: number, prompt: Prompt | null, result?: object, history?: boolean}} state a state message
 * @param {(a: {i: number}, n: number) => void} answer
 */
export function schedulePass(state, answer) {
  const p = state && !state.result && !state.history ? state.prompt : null;
  const a = autoPass(p, chainSetting());
  const key = `${state.duel}:${p?.n}`;
  if (!a || key === scheduled) return;
  scheduled = key;
  setTimeout(() => answer(a, p.n), AUTOPASS_DELAY_MS);
}
