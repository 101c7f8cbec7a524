// Package seed registers the behaviour of the cards the user's documents name (the seed cards of
// the pool) that no starter deck holds.
package seed
