// Package themes holds no code: its tests play random duels of theme decks built around cards of
// several sets (the 5D's starter's effects; the seeds' alternate wins, tokens, coin tosses and
// Traps from the hand; Fusion, Ritual and Xyz Summons and the linked Continuous Traps), so that
// their effects are reached often, and check the duel's invariants after every answer
// (internal/duelcheck). They are a package of their own so that they run beside cards/all.
package themes
