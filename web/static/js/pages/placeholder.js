// A page still to be written: its title and a line saying so.
import { html } from '../lib.js';
import { t } from '../i18n.js';

/** @param {string} title the i18n key of the page's name */
export function placeholder(title) {
  return function Placeholder() {
    return html`<main class="page placeholder" data-page=${title}>
      <section class="panel"><h2>${t(title)}</h2><p class="hint">${t('page.soon')}</p></section>
    </main>`;
  };
}
