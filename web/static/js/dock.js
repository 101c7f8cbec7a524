// The prompt panel docked on a phone: the panel keeps to the bottom of the screen with a bounded
// height, the room it takes at the bottom is the CSS variable --prompt-h, and while a prompt is shown (body.prompting)
// the player's own hand sticks just above it (app.css), so the panel never covers the hand. When
// a prompt comes and the hand is under the panel, the page scrolls it into view above the panel.

/** Screens that dock the panel: a phone upright or on its side (as the phone rules in app.css). */
const PHONE = '(max-width: 760px), (max-height: 500px)';

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

/** reveal scrolls the page so that the own hand is above the panel, when the panel covers it. @param {HTMLElement} panel */
function reveal(panel) {
  const hand = document.querySelector('#side-0 .hand');
  if (!hand || !hand.children.length || panel.hidden) return;
  const h = hand.getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  if (h.bottom > p.top + 1) window.scrollBy(0, h.bottom - p.top + 2);
}

/** dock marks a prompt as shown and keeps --prompt-h the panel's height. @param {HTMLElement} panel */
export function dock(panel) {
  document.body.classList.add('prompting');
  if (observed !== panel && typeof ResizeObserver !== 'undefined') {
    observer?.disconnect();
    observer = new ResizeObserver(() => measure(panel));
    observer.observe(panel);
    observed = panel;
  }
  measure(panel);
  if (matchMedia(PHONE).matches) requestAnimationFrame(() => reveal(panel));
}

/** undock marks that no prompt is shown. */
export function undock() {
  document.body.classList.remove('prompting');
  document.documentElement.style.setProperty('--prompt-h', '0px');
}
