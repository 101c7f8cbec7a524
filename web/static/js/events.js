// The engine's event kinds, in engine order (engine/event.go eventNames), and the keys of their
// sentences in the language files (ev.<key>): some kinds have variants (a direct attack, battle
// damage, a draw). No imports, so that Node (e2e) can read it too.
export const EVENT_KINDS = ['start', 'rps', 'coin', 'first', 'shuffle', 'turn', 'phase', 'step',
  'draw', 'move', 'summon', 'set', 'flip-summon', 'position', 'tribute', 'attack', 'replay',
  'attack-end', 'flip', 'battle', 'damage', 'destroy', 'discard', 'lp', 'win', 'special-summon',
  'summoning', 'activate', 'resolve', 'negated', 'chain-end', 'target', 'set-face-down',
  'modified', 'equip', 'reveal', 'recover', 'pay-lp', 'set-spell', 'control', 'retarget', 'confirm',
  'out', 'tap', 'dice', 'declare'];

/** The sentence keys each kind may use. */
export const EVENT_KEYS = {
  first: ['first-1', 'first-0'], attack: ['attack', 'attack-direct'], battle: ['battle', 'battle-direct'],
  damage: ['damage', 'damage-battle'], destroy: ['destroy', 'destroy-battle'], win: ['win', 'win-draw', 'win-team'],
  tap: ['tap-1', 'tap-0', 'tap-cost-1', 'tap-cost-0'], out: ['out', 'out-card'], move: ['move', 'resource'],
};
