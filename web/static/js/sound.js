// Sound cues of the duel, synthesised with WebAudio (no audio files): one short, distinct cue per
// kind of event (a draw, a Normal or Special Summon, a Set, a flip, an attack, damage pitched by
// its amount, a destruction, a chain link, a resolution, an LP gain, the player's turn, a win or a
// loss). The animator (anim.js) plays them in step with the events. The setting is localStorage
// "duelist.sound": {"on": false, "volume": 0.6} (off by default: browsers keep audio silent until
// a user gesture anyway, and the settings' change is one).
//
// Test hook: every cue played is recorded in window.duelistSound.played as {cue, at, state} (the
// AudioContext's state and time when it was scheduled); nothing is recorded while sound is off.

export const SOUND_KEY = 'duelist.sound';

/** @typedef {{on: boolean, volume: number}} SoundSetting */

/** @returns {SoundSetting} the stored setting (off, volume 0.6 when unset or unreadable) */
export function getSound() {
  try {
    const s = JSON.parse(localStorage.getItem(SOUND_KEY) || '{}');
    const v = Number(s.volume);
    return { on: s.on === true, volume: Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.6 };
  } catch {
    return { on: false, volume: 0.6 };
  }
}

/** setSound stores the setting; turning it on starts (or resumes) the AudioContext. @param {SoundSetting} s */
export function setSound(s) {
  localStorage.setItem(SOUND_KEY, JSON.stringify({ on: !!s.on, volume: s.volume }));
  if (s.on) context();
}

/** @type {AudioContext | null} */
let ctx = null;

/** @returns {AudioContext | null} the page's AudioContext, made on first use */
function context() {
  const AC = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!AC) return null;
  if (!ctx) ctx = new AC();
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

/** @type {{played: {cue: string, at: number, state: string}[]}} */
const hook = { played: [] };
if (typeof window !== 'undefined') /** @type {any} */ (window).duelistSound = hook; // Node (e2e) imports cueFor

/**
 * A cue: notes played one after the other. Each note is [frequency Hz, length s, wave, glide-to
 * Hz (optional)]; a frequency of 0 is noise (a burst, for destruction).
 * @typedef {[number, number, OscillatorType, number?][]} Cue
 */

/** @type {Record<string, Cue>} */
const CUES = {
  draw: [[880, 0.05, 'triangle', 1320]],
  summon: [[392, 0.08, 'square'], [523, 0.12, 'square']],
  special: [[523, 0.07, 'sawtooth'], [659, 0.07, 'sawtooth'], [784, 0.16, 'sawtooth']],
  set: [[220, 0.07, 'triangle', 160]],
  flip: [[330, 0.05, 'square', 660], [660, 0.06, 'triangle']],
  attack: [[180, 0.16, 'sawtooth', 90]],
  damage: [[440, 0.2, 'square', 220]],
  destroy: [[0, 0.22, 'sawtooth']],
  chain: [[740, 0.06, 'sine'], [988, 0.1, 'sine']],
  resolve: [[988, 0.06, 'sine'], [740, 0.1, 'sine']],
  gain: [[523, 0.08, 'sine', 784], [1047, 0.14, 'sine']],
  'your-turn': [[659, 0.1, 'triangle'], [880, 0.18, 'triangle']],
  win: [[523, 0.12, 'triangle'], [659, 0.12, 'triangle'], [784, 0.12, 'triangle'], [1047, 0.35, 'triangle']],
  lose: [[392, 0.18, 'triangle'], [330, 0.18, 'triangle'], [262, 0.4, 'triangle', 196]],
};

/** The cue names, in the order above (for the settings' test button and the e2e test). */
export const CUE_NAMES = Object.keys(CUES);

/**
 * cueFor names the cue of an event, or '' for none. me is the viewer's seat ('' for a spectator).
 * @param {{k: string, seat?: string, amount?: number}} e @param {string} me
 */
export function cueFor(e, me) {
  switch (e.k) {
    case 'draw': return 'draw';
    case 'summon': case 'flip-summon': return 'summon';
    case 'special-summon': return 'special';
    case 'set': case 'set-spell': return 'set';
    case 'flip': return 'flip';
    case 'attack': return 'attack';
    case 'damage': case 'pay-lp': return 'damage';
    case 'destroy': return 'destroy';
    case 'activate': return 'chain';
    case 'resolve': return 'resolve';
    case 'recover': return 'gain';
    case 'turn': return me && e.seat === me ? 'your-turn' : '';
    case 'win':
      if (!me || e.amount === 1) return ''; // a spectator, or a draw
      return e.seat === me ? 'win' : 'lose';
  }
  return '';
}

/**
 * play plays a cue now when sound is on. For damage, amount sets the pitch: the more damage, the
 * lower the note (1000 LP a fourth below 100).
 * @param {string} name @param {number} [amount]
 */
export function play(name, amount = 0) {
  const s = getSound();
  const cue = CUES[name];
  if (!s.on || !cue || s.volume <= 0) return;
  const ac = context();
  if (!ac) return;
  let t = ac.currentTime + 0.01;
  hook.played.push({ cue: name, at: t, state: ac.state });
  if (hook.played.length > 500) hook.played.splice(0, hook.played.length - 500);
  const scale = name === 'damage' ? Math.pow(2, -Math.min(4000, Math.max(0, amount)) / 2000) : 1;
  const out = ac.createGain();
  out.gain.value = 0.25 * s.volume;
  out.connect(ac.destination);
  for (const [f, len, wave, glide] of cue) {
    const env = ac.createGain();
    env.gain.setValueAtTime(0.0001, t);
    env.gain.exponentialRampToValueAtTime(1, t + 0.008);
    env.gain.exponentialRampToValueAtTime(0.0001, t + len);
    env.connect(out);
    if (f === 0) noise(ac, env, t, len);
    else {
      const o = ac.createOscillator();
      o.type = wave;
      o.frequency.setValueAtTime(f * scale, t);
      if (glide) o.frequency.exponentialRampToValueAtTime(glide * scale, t + len);
      o.connect(env);
      o.start(t);
      o.stop(t + len + 0.02);
    }
    t += len;
  }
  setTimeout(() => out.disconnect(), (t - ac.currentTime + 0.2) * 1000);
}

/** noise plays a burst of white noise through a falling low-pass filter (a card shattering). */
function noise(/** @type {AudioContext} */ ac, /** @type {AudioNode} */ to, /** @type {number} */ t, /** @type {number} */ len) {
  const buf = ac.createBuffer(1, Math.ceil(ac.sampleRate * len), ac.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  const src = ac.createBufferSource();
  src.buffer = buf;
  const lp = ac.createBiquadFilter();
  lp.type = 'lowpass';
  lp.frequency.setValueAtTime(4000, t);
  lp.frequency.exponentialRampToValueAtTime(300, t + len);
  src.connect(lp);
  lp.connect(to);
  src.start(t);
}

/**
 * soundTool draws the setting for the duel screen's tools: a select (off, on) and a volume slider
 * shown while on; a change plays the summon cue as a sample. @param {(key: string) => string} t
 */
export function soundTool(t) {
  const s = getSound();
  const l = document.createElement('label');
  l.className = 'tool sound-tool';
  const span = document.createElement('span');
  span.textContent = t('sound');
  const sel = document.createElement('select');
  sel.id = 'sound-mode';
  for (const v of ['off', 'on']) {
    const op = document.createElement('option');
    op.value = v;
    op.textContent = t('sound-' + v);
    sel.append(op);
  }
  sel.value = s.on ? 'on' : 'off';
  const vol = document.createElement('input');
  vol.type = 'range';
  vol.id = 'sound-volume';
  vol.min = '0';
  vol.max = '100';
  vol.step = '5';
  vol.value = String(Math.round(s.volume * 100));
  vol.title = vol.ariaLabel = t('sound-volume');
  vol.hidden = !s.on;
  const change = () => {
    setSound({ on: sel.value === 'on', volume: Number(vol.value) / 100 });
    vol.hidden = sel.value !== 'on';
    play('summon');
  };
  sel.addEventListener('change', change);
  vol.addEventListener('change', change);
  l.append(span, sel, vol);
  return l;
}
