package lob

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(exodia, &engine.Script{ // Exodia the Forbidden One
		Check:   cards.HandWin(append([]card.Passcode{exodia}, forbiddenLimbs[:]...), "Exodia the Forbidden One"),
		CheckIn: engine.Locs(engine.Hand), // HandWin looks for this card in the hand first
	})
}
