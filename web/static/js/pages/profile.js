// A player's profile: name, ratings per ruleset and format with their history as an inline SVG
// chart (from the new player's 1500 when the whole history is shown), recent rated duels with their replays, and win rates per deck (api/ladder/profile).
import { html, useState, useEffect, useStore } from '../lib.js';
import { session } from './account.js';
import { t } from '../i18n.js';
import { api, useCSS } from './ladder.js';
import './profile.strings.js';

/**
 * Chart draws a rating history: the rating after each duel, and a band of ± its deviation.
 * @param {{points: {rating: number, rd: number}[]}} props
 */
export function Chart({ points }) {
  const W = 600, H = 200, pad = 30;
  if (points.length === 0) return null;
  const lo = Math.min(...points.map((p) => p.rating - p.rd));
  const hi = Math.max(...points.map((p) => p.rating + p.rd));
  const span = Math.max(hi - lo, 1);
  const x = (/** @type {number} */ i) => pad + (points.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1));
  const y = (/** @type {number} */ r) => H - pad / 2 - ((r - lo) / span) * (H - pad);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`)
    .concat(points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.rd).toFixed(1)}`).reverse()).join(' ');
  const last = points[points.length - 1];
  return html`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label=${t('profile.chart')}>
    <title>${t('profile.chart')}</title>
    <polygon class="band" points=${band} />
    <polyline points=${line} />
    ${points.map((p, i) => html`<circle cx=${x(i)} cy=${y(p.rating)} r="3" fill="currentColor"><title>${Math.round(p.rating)}</title></circle>`)}
    <text x="2" y=${y(hi) + 10}>${Math.round(hi)}</text>
    <text x="2" y=${y(lo)}>${Math.round(lo)}</text>
    <text x=${W - pad} y=${y(last.rating) - 8} text-anchor="end">${Math.round(last.rating)}</text>
  </svg>`;
}

/** @param {{app: import('../main.js').App, params: URLSearchParams}} props */
export function ProfilePage({ params }) {
  useCSS();
  const id = params.get('id') || 'me';
  const [p, setP] = useState(/** @type {any} */ (null));
  const [error, setError] = useState('');
  useStore(session);
  const guest = session.known && !session.user;
  useEffect(() => {
    setP(null);
    setError('');
    if (guest) return; // profiles are for players who log in (a guest's ask would be a 401)
    api('api/ladder/profile/' + encodeURIComponent(id)).then(setP, (e) =>
      setError(e.status === 401 ? t(id === 'me' ? 'profile.login' : 'profile.login-other') : e.status === 404 ? t('profile.notFound') : e.message));
  }, [id, guest]);
  if (guest) return html`<main id="profile" class="page social-page"><section class="panel"><p class="hint" id="profile-login">${t(id === 'me' ? 'profile.login' : 'profile.login-other')}</p></section></main>`;
  if (error) return html`<main id="profile" class="page social-page"><section class="panel"><p class="hint">${error}</p></section></main>`;
  if (!p) return html`<main id="profile" class="page social-page"></main>`;
  return html`<main id="profile" class="page social-page" data-account=${p.account}>
    <section class="panel">
      <h2 id="profile-name">${p.name}</h2>
      <h3>${t('profile.ratings')}</h3>
      ${p.ratings.length === 0 && html`<p class="hint">${t('profile.none')}</p>`}
      ${p.ratings.map((/** @type {any} */ q) => html`<div class="queue-rating" data-queue=${q.ruleset + '/' + q.format}>
        <p><strong>${q.ruleset} · ${q.format}</strong>: <span class="rating">${Math.round(q.rating)}</span> ± ${Math.round(q.rd)}
          · ${t('profile.rank', q.rank)} · ${q.wins}–${q.losses}–${q.draws}</p>
        <${Chart} points=${q.history.length === q.games ? [{ rating: 1500, rd: 350 }, ...q.history] : q.history} />
      </div>`)}
    </section>
    ${p.recent.length > 0 && html`<section class="panel">
      <h3>${t('profile.recent')}</h3>
      <table id="recent"><thead><tr><th>${t('profile.result')}</th><th>${t('profile.opponent')}</th>
        <th class="wide">${t('profile.deck')}</th><th class="num">${t('profile.change')}</th><th>${t('profile.replay')}</th></tr></thead>
      <tbody>${p.recent.map((/** @type {any} */ d) => html`<tr>
        <td class=${'result-' + d.result}>${t('profile.' + d.result)}</td><td>${d.opponent}</td>
        <td class="wide">${d.deck}</td><td class="num">${d.change > 0 ? '+' : ''}${d.change.toFixed(1)}</td>
        <td><a href=${'api/duels/' + d.duel + '/replay'} download=${'duel-' + d.duel + '.duel'}>${t('profile.replay')}</a></td></tr>`)}</tbody></table>
    </section>`}
    ${p.decks.length > 0 && html`<section class="panel">
      <h3>${t('profile.decks')}</h3>
      <table id="deck-rates"><thead><tr><th>${t('profile.deck')}</th><th class="num">${t('profile.games')}</th>
        <th class="num">${t('profile.winRate')}</th></tr></thead>
      <tbody>${p.decks.map((/** @type {any} */ d) => html`<tr><td>${d.deck}</td><td class="num">${d.games}</td>
        <td class="num">${Math.round(d.winRate * 100)} %</td></tr>`)}</tbody></table>
    </section>`}
  </main>`;
}
