// Package sdk registers the behaviour of the cards whose first printing is Starter Deck: Kaiba (SDK).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in sdk.cards beside this file; docs/cards.md says how to add a card.
package sdk

import (
	"github.com/duelistgame/duelist/card"
)

// lordOfD is the passcode of Lord of D., which The Flute of Summoning Dragon asks for.
const lordOfD card.Passcode = 17985575
