// The router: one page per hash path ("#/lobby", "#/duel", "#/decks" ...), so any URL of the
// client is served by the same index.html and the Go server needs no route per page. Pages are
// listed in pages/index.js (docs/web.md says how to add one).

/**
 * @typedef {object} Page
 * @property {string} path     the hash path, "/lobby"
 * @property {string} title    the i18n key of the page's name (nav bar, document title)
 * @property {(props: {app: any, params: URLSearchParams}) => any} component
 * @property {boolean} [nav]   listed in the navigation bar
 */

/** Router follows location.hash and tells its listeners about every change. */
export class Router {
  /** @param {Page[]} pages  the first is the default page */
  constructor(pages) {
    this.pages = pages;
    /** @type {Set<() => void>} */
    this.listeners = new Set();
    addEventListener('hashchange', () => this.listeners.forEach((f) => f()));
  }

  /** @returns {{page: Page, params: URLSearchParams}} the page the hash names (the default if none) */
  current() {
    const [path, query] = (location.hash.slice(1) || '/').split('?');
    const page = this.pages.find((p) => p.path === path) || this.pages[0];
    return { page, params: new URLSearchParams(query || '') };
  }

  /** @param {string} path  a page's path, with an optional "?query" */
  go(path) {
    if (location.hash.slice(1) !== path) location.hash = '#' + path;
  }

  /** @param {() => void} fn @returns {() => void} unsubscribe */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
