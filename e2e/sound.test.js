// Sound cues (web/static/js/sound.js): with the setting on, the animator plays each event's cue
// on the page's AudioContext in the order of the events; with it off, none; with animations off,
// only the turn and win/lose cues. The page records every cue it schedules in
// window.duelistSound.played (the test hook); this script wraps the animator's play() to keep the
// events it was given and compares the two lists against a duel with the AI (the AI goes first,
// so the player's first turn brings "your-turn" and "draw"). Run by .ci/e2e with DUELIST_URL set.
import { base, check, done, launchArgs, page, test } from './lib.js';
import { CUE_NAMES, cueFor } from '../web/static/js/sound.js';

// Browsers keep audio suspended until a gesture; the flag lets the headless page start it.
const audioArgs = { viewport: { width: 1100, height: 900 }, args: [...launchArgs, '--autoplay-policy=no-user-gesture-required'] };

// duel opens a page with the sound and animation settings, creates a duel against the AI (which
// goes first) and waits until the player's first turn has been animated. Returns the cues played
// and the cues the events given to the animator call for.
async function duel(label, sound, anim) {
  const p = await page(label, audioArgs);
  await p.addInitScript(([sound, anim]) => {
    if (sound) localStorage.setItem('duelist.sound', JSON.stringify(sound));
    localStorage.setItem('duelist.anim', anim);
  }, [sound, anim]);
  await p.goto(base + '/');
  await p.locator('#lobby #deck option').first().waitFor({ state: 'attached' });
  await p.evaluate(() => {
    const anim = window.duelist.board.anim;
    window.animEvents = [];
    const play = anim.play.bind(anim);
    anim.play = (events) => { window.animEvents.push(...events); play(events); };
  });
  await p.locator('input[name=opponent][value=ai]').click();
  await p.selectOption('#first', 'B');
  await p.click('#create');
  await p.waitForFunction(() => {
    const st = window.duelist.state;
    return st && st.prompt && st.prompt.kind === 'idle' && st.view.turnPlayer === st.you && !window.duelist.board.anim.playing;
  }, null, { timeout: 90000 });
  await p.waitForTimeout(300);
  return p.evaluate(() => ({
    played: window.duelistSound.played.map((x) => x.cue), states: window.duelistSound.played.map((x) => x.state),
    events: window.animEvents, you: window.duelist.state.you,
  }));
}

// subsequence reports whether every item of a appears in b in the same order.
function subsequence(a, b) {
  let i = 0;
  for (const x of b) if (i < a.length && a[i] === x) i++;
  return i === a.length;
}

await test('cueFor names a known cue for every kind it answers', async () => {
  for (const k of ['draw', 'summon', 'special-summon', 'set', 'flip', 'attack', 'damage', 'destroy', 'activate', 'resolve', 'recover']) {
    const c = cueFor({ k, seat: 'A' }, 'A');
    check(CUE_NAMES.includes(c), `${k}: cue ${c}`);
  }
  check(cueFor({ k: 'turn', seat: 'A' }, 'A') === 'your-turn' && cueFor({ k: 'turn', seat: 'B' }, 'A') === '', 'the turn cue is the viewer\'s own turn only');
  check(cueFor({ k: 'win', seat: 'A' }, 'A') === 'win' && cueFor({ k: 'win', seat: 'B' }, 'A') === 'lose', 'win and lose');
  check(cueFor({ k: 'win', seat: 'A', amount: 1 }, 'A') === '' && cueFor({ k: 'win', seat: 'A' }, '') === '', 'a draw and a spectator: no cue');
  check(cueFor({ k: 'phase', seat: 'A' }, 'A') === '', 'a phase: no cue');
});

await test('with sound on the cues play in the order of the events', async () => {
  const r = await duel('sound-on', { on: true, volume: 0.5 }, 'fast');
  const want = r.events.map((e) => cueFor(e, r.you)).filter(Boolean);
  console.log(`     ${r.played.length} cues played: ${r.played.slice(0, 14).join(' ')}…`);
  check(r.played.length >= 3, `only ${r.played.length} cues: ${r.played}`);
  check(r.played.includes('your-turn') && r.played.includes('draw'), `no your-turn or draw cue: ${r.played}`);
  check(subsequence(r.played, want), `played ${r.played} is not in the order of the events' cues ${want}`);
  // Only the queue's cap (40 events) may drop cues, and only the oldest ones.
  check(r.played.length >= Math.min(want.length, 20), `played ${r.played.length} of ${want.length} cues`);
  check(r.states.every((s) => s === 'running'), `AudioContext states: ${[...new Set(r.states)]}`);
});

await test('with sound off no cue plays', async () => {
  const r = await duel('sound-off', null, 'fast');
  const want = r.events.map((e) => cueFor(e, r.you)).filter(Boolean);
  check(want.length >= 3, `the duel's events call for only ${want.length} cues`);
  check(r.played.length === 0, `${r.played.length} cues played with sound off: ${r.played}`);
});

await test('with animations off only the turn cue plays', async () => {
  const r = await duel('sound-anim-off', { on: true, volume: 0.5 }, 'off');
  check(r.played.length >= 1 && r.played.every((c) => c === 'your-turn' || c === 'win' || c === 'lose'), `cues: ${r.played}`);
});

await done();
