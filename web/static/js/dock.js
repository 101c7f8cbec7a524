// Where the prompt panel goes. The duel fits one screen (app.css, e2e/fit.test.js): on a desktop
// and on a phone on its side the panel stands above the log, in the log's column, so it never
// covers the board; on a phone held upright the board is on top and the panel is docked at the
// bottom over the log only, its height the room under the board (--board-bottom, kept here as
// the window or the board changes size). body.prompting says a prompt is shown.

/** @type {ResizeObserver | null} */
let observer = null;

// measure keeps --board-bottom the bottom of the board in the window.
function measure() {
  const board = document.getElementById('board');
  if (!board) return;
  document.documentElement.style.setProperty('--board-bottom', `${Math.ceil(board.getBoundingClientRect().bottom)}px`);
}

/** dock marks a prompt as shown. @param {HTMLElement} _panel */
export function dock(_panel) {
  document.body.classList.add('prompting');
  const board = document.getElementById('board');
  if (board && typeof ResizeObserver !== 'undefined') {
    observer?.disconnect();
    observer = new ResizeObserver(measure);
    observer.observe(board);
  }
  measure();
}

/** undock marks that no prompt is shown. */
export function undock() {
  document.body.classList.remove('prompting');
}
