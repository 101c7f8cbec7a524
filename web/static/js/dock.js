// The prompt panel docked at the bottom of the board's column (over the whole width on a phone
// held upright, never over the log's column): its height is bounded, the room it takes at the
// bottom is the CSS variable --prompt-h, and while a prompt is shown (body.prompting) the player's
// own hand sticks just above it (app.css), so the panel never covers the hand. When a prompt comes
// (or the shown panel grows) and the own side (hand and info bar) ends under the panel, the page
// scrolls it above the panel, on a desktop as on a phone, and scrolls back when the prompt is
// answered.

/**
 * Where the page was before reveal scrolled it (-1: not scrolled): the page goes back there on
 * undock, unless the player scrolled meanwhile (a wheel, a touch or a key forgets it).
 */
let before = -1;
for (const ev of ['wheel', 'touchmove', 'keydown']) addEventListener(ev, () => { before = -1; }, { passive: true });

/** @type {ResizeObserver | null} */
let observer = null;
/** @type {HTMLElement | null} */
let observed = null;

/** @param {HTMLElement} panel */
function measure(panel) {
  // From the panel's top to the bottom of the window (the panel may float a little above it).
  const h = panel.hidden ? 0 : Math.max(0, window.innerHeight - panel.getBoundingClientRect().top);
  document.documentElement.style.setProperty('--prompt-h', `${Math.ceil(h)}px`);
}

/**
 * reveal scrolls the page so that the own side ends above the panel, when the panel covers it:
 * the side's box, which the sticky hand does not move, so the hand lies in its place, not over the
 * own field. @param {HTMLElement} panel
 */
function reveal(panel) {
  const side = document.getElementById('side-0');
  if (!side || panel.hidden) return;
  const s = side.getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  // Not past the side's top: a side taller than the room above the panel keeps its field in view.
  if (s.bottom <= p.top + 1) return;
  if (before < 0) before = window.scrollY;
  window.scrollBy(0, Math.min(s.bottom - p.top + 2, Math.max(0, s.top)));
}

/** dock marks a prompt as shown and keeps --prompt-h the panel's height. @param {HTMLElement} panel */
export function dock(panel) {
  document.body.classList.add('prompting');
  if (observed !== panel && typeof ResizeObserver !== 'undefined') {
    observer?.disconnect();
    // The panel may grow while it is shown (a prompt's options wrapping, its candidates' images
    // loading): --prompt-h follows, which moves the sticky hand up, so the page scrolls the own side
    // above the panel again; else the hand would stick over the own Spell/Trap row.
    observer = new ResizeObserver(() => {
      measure(panel);
      reveal(panel);
    });
    observer.observe(panel);
    observed = panel;
  }
  measure(panel);
  requestAnimationFrame(() => reveal(panel));
}

/** undock marks that no prompt is shown. */
export function undock() {
  // The page goes back to the view it had (the opponent's side at the top), unless the player
  // scrolled meanwhile. (Before the page's room at the bottom goes, which could move the page.)
  if (before >= 0) window.scrollTo(0, before);
  before = -1;
  document.body.classList.remove('prompting');
  document.documentElement.style.setProperty('--prompt-h', '0px');
}
