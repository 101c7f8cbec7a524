// Package sdy registers the behaviour of the cards of Starter Deck: Yugi (SDY) that no other set
// of this project registers.
package sdy
