// Package sdk registers the behaviour of the cards of Starter Deck: Kaiba (SDK) that no other set
// of this project registers, and of the seed cards its chain examples need: Ring of Destruction
// and the Counter Traps Barrel Behind the Door, Magic Jammer and Seven Tools of the Bandit.
package sdk
