package main

import (
	"fmt"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

func main() {
	bl := deck.DefaultBanlists()[0]
	for _, d := range card.Pool().All() {
		lim := bl.Limit(d.Passcode)
		fmt.Printf("%s\t%v\t%d\t%d\t%d\t%s\n", d.Rarity, d.Kind, d.Stars(), d.ATK, lim, d.Name)
	}
}
