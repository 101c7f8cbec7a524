package mrl

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// Toon World and MRL's Toon monsters (the Toon rules are the kit's: cards.Toon).

func init() {
	lp1000 := cards.LPCost(1000)
	cards.Register(cards.ToonWorld, &engine.Script{ // Toon World
		Effects: []*engine.Effect{{
			Kind: engine.Activate, Desc: "activate this card",
			CanPay: lp1000.CanPay, Pay: lp1000.Pay,
		}},
	})

	for _, code := range []card.Passcode{
		53183600, // Blue-Eyes Toon Dragon
		38369349, // Manga Ryu-Ran
		65458948, // Toon Mermaid
		91842653, // Toon Summoned Skull
	} {
		cards.Register(code, cards.Toon(code, &engine.Script{}))
	}
}
