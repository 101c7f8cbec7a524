package engine

// Version names the engine's behaviour for answer logs: two builds with the same Version replay
// every logged duel the same way. Bump it with a change that makes a logged answer lead
// elsewhere (an option added before others, a rule that changes what follows an answer): a duel
// log records it (its header), and only nodes of the same Version take over each other's rooms
// (docs/deploy.md "Upgrades").
const Version = "1"
