// Package sdk registers the behaviour of the cards of Starter Deck: Kaiba (SDK) that no other set
// of this project registers.
package sdk
