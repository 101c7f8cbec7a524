// The lobby: your name, creating a room (ruleset, deck, opponent, the AI's deck, who goes first,
// the time bank), and joining or watching one by its code.
import { html, useState } from '../lib.js';
import { t } from '../i18n.js';

const KOUHU_DECKS = ['dragons', 'knights-and-mages'];

/** @param {string} key @param {string} fallback */
const tOr = (key, fallback) => (t(key) === key ? fallback : t(key));

/** @param {{app: import('../main.js').App}} props */
export function Lobby({ app }) {
  const w = app.welcome;
  const [name, setName] = useState(app.net.name);
  const [ruleset, setRuleset] = useState('');
  const [deck, setDeck] = useState('yugi-40');
  const [paste, setPaste] = useState('');
  const [opponent, setOpponent] = useState('player');
  const [aiDeck, setAIDeck] = useState('');
  const [first, setFirst] = useState('rps');
  const [limit, setLimit] = useState(0);
  const [code, setCode] = useState('');
  // The room's deck rules (server/roomdecks.go): a banlist, and "free cards" (any card of the pool).
  const [banlist, setBanlist] = useState('');
  const [freeCards, setFreeCards] = useState(false);
  if (!w) return html`<main id="lobby" class="page"><p class="hint">${t('connecting')}</p></main>`;
  const rulesets = w.rulesets.filter((r) => r.playable);
  const rs = ruleset || rulesets[0]?.id || '';
  const desc = rulesets.find((r) => r.id === rs);
  // kouhu plays its own card set: its decks (server/hub.go kouhuDefault) instead of the others.
  const deckNames = rs === 'kouhu' ? KOUHU_DECKS : w.decks;
  const deckVal = deck === '*paste' || deckNames.includes(deck) ? deck : deckNames[0];
  const aiVal = aiDeck === '' || aiDeck === '*paste' || deckNames.includes(aiDeck) ? aiDeck : '';

  /** @param {string} v @returns {import('../protocol.js').DeckChoice} */
  const choice = (v) => {
    if (v !== '*paste') return { precon: v };
    const text = paste.trim();
    return text.startsWith('ydke://') ? { ydke: text } : { ydk: text };
  };
  const room = () => code.trim().toUpperCase();
  /** @param {Event} e */
  const val = (e) => /** @type {HTMLInputElement} */ (e.target).value;

  const create = () => app.withName(name, () => {
    /** @type {any} */
    const m = { t: 'create', ruleset: rs, deck: choice(deckVal), opponent, timeLimit: Number(limit) || w.timeLimit };
    if (opponent === 'ai' && aiVal) m.aiDeck = choice(aiVal);
    if (first !== 'rps') m.first = first;
    if (banlist && (banlist !== 'none' || freeCards)) m.banlist = banlist;
    if (freeCards) m.freeCards = true;
    app.send(m);
  });

  return html`<main id="lobby" class="page">
    <section class="panel">
      <h2>${t('you')}</h2>
      <label><span>${t('name')}</span>
        <input id="name" maxlength="24" autocomplete="nickname" value=${name} onInput=${(e) => setName(val(e))} /></label>
    </section>
    <section class="panel">
      <h2>${t('create')}</h2>
      <label><span>${t('ruleset')}</span>
        <select id="ruleset" value=${rs} onChange=${(e) => setRuleset(val(e))}>
          ${rulesets.map((r) => html`<option value=${r.id}>${tOr('rules.' + r.id + '.name', r.id)}</option>`)}
        </select></label>
      ${desc && html`<p class="hint ruleset-desc">${tOr('rules.' + desc.id + '.desc', desc.description)}</p>`}
      <label><span>${t('deck')}</span>
        <select id="deck" value=${deckVal} onChange=${(e) => setDeck(val(e))}>
          ${deckNames.map((d) => html`<option value=${d}>${d}</option>`)}
          ${rs !== 'kouhu' && html`<option value="*paste">${t('paste-deck')}</option>`}
        </select></label>
      ${(deck === '*paste' || aiDeck === '*paste') && html`<textarea id="deck-paste" rows="5" placeholder=".ydk / ydke://"
        value=${paste} onInput=${(e) => setPaste(val(e))}></textarea>`}
      <fieldset class="row">
        <legend>${t('opponent')}</legend>
        <label><input type="radio" name="opponent" value="player" checked=${opponent === 'player'}
          onChange=${() => setOpponent('player')} /> <span>${t('opp-player')}</span></label>
        <label><input type="radio" name="opponent" value="ai" checked=${opponent === 'ai'}
          onChange=${() => setOpponent('ai')} /> <span>${t('opp-ai')}</span></label>
      </fieldset>
      ${opponent === 'ai' && html`<label><span>${t('ai-deck')}</span>
        <select id="ai-deck" value=${aiVal} onChange=${(e) => setAIDeck(val(e))}>
          <option value="">${t('ai-deck-auto')}</option>
          ${deckNames.map((d) => html`<option value=${d}>${d}</option>`)}
        </select></label>`}
      <label><span>${t('first')}</span>
        <select id="first" value=${first} onChange=${(e) => setFirst(val(e))}>
          ${['rps', 'coin', 'A', 'B'].map((f) => html`<option value=${f}>${t('first-' + f)}</option>`)}
        </select></label>
      <label><span>${t('time-limit')}</span>
        <input id="time-limit" type="number" min="10" max="3600" step="10" value=${limit || w.timeLimit}
          onInput=${(e) => setLimit(Number(val(e)))} /></label>
      ${rs !== 'kouhu' && html`<label><span>${t('banlist')}</span>
        <select id="banlist" value=${banlist === 'none' && !freeCards ? '' : banlist} onChange=${(e) => setBanlist(val(e))}>
          ${(w.banlists || []).map((b, i) => html`<option value=${i ? b.name : ''}>${b.name}${b.date ? ` (${b.date})` : ''}</option>`)}
          ${freeCards && html`<option value="none">${t('banlist-none')}</option>`}
        </select></label>
      <label><span>${t('free-cards')}</span><input id="free-cards" type="checkbox" checked=${freeCards}
        onChange=${(e) => setFreeCards(/** @type {HTMLInputElement} */ (e.target).checked)} /></label>
      <p class="hint">${t(freeCards ? 'free-cards-hint' : 'owned-cards-hint')}</p>`}
      <button id="create" type="button" class="primary" onClick=${create}>${t('create-btn')}</button>
    </section>
    <section class="panel">
      <h2>${t('join')}</h2>
      <label><span>${t('room-code')}</span>
        <input id="join-code" maxlength="8" autocapitalize="characters" autocomplete="off" value=${code}
          onInput=${(e) => setCode(val(e))} /></label>
      <div class="row">
        <button id="join" type="button" class="primary"
          onClick=${() => app.withName(name, () => app.send({ t: 'join', room: room(), deck: choice(deckVal) }))}>${t('join-btn')}</button>
        <button id="watch" type="button"
          onClick=${() => app.withName(name, () => app.send({ t: 'watch', room: room() }))}>${t('watch-btn')}</button>
      </div>
      <p class="hint">${t('join-hint')}</p>
    </section>
    <p id="lobby-error" class="error" role="alert">${app.lobbyError}</p>
  </main>`;
}
