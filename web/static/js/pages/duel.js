// The duel page: the board, the prompt panel, the log and the popups. It is drawn by the duel
// modules (board.js, prompt.js) into the elements below, which Preact renders once and never
// touches again.
import { html, useEffect } from '../lib.js';
import { t } from '../i18n.js';
import { ChatPanel } from '../chat.js';

/** @param {{app: any}} props */
export function DuelPage({ app }) {
  useEffect(() => { app.redraw(); }, []);
  return html`<main id="game" class="page">
    <div id="board">
      <div class="side opp" id="side-1"></div>
      <div class="side opp partner" id="side-3" hidden></div>
      <div id="midbar"><div id="match-score" hidden></div><div id="phases"></div><div id="chain"></div><div id="status"></div>
        <div id="pick-bar" hidden></div><div id="duel-tools"></div></div>
      <div class="side me" id="side-0"></div>
      <div class="side me partner" id="side-2" hidden></div>
    </div>
    <aside id="log-panel"><h3>${t('log')}</h3><ol id="log"></ol></aside>
    <div id="prompt-panel" hidden></div>
    <div id="card-popup" hidden></div>
    <div id="pile-popup" hidden></div>
    <div id="result" hidden></div>
    <div id="side-deck" hidden></div>
    <${ChatPanel} app=${app} />
  </main>`;
}
