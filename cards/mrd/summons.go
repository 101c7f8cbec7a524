package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(41462083, &engine.Script{ // Thousand Dragon
		Materials: []card.Passcode{timeWizard, babyDragon},
	})
}
