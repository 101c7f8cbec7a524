package psv

import (
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	// Light of Intervention: while it is face-up, neither player can Set a monster or turn one
	// face-down; a Normal Summon may be in face-up Defense Position, and a monster that would be
	// Special Summoned face-down is Special Summoned face-up (engine.PFFaceUpMonsters).
	cards.Register(62867251, &engine.Script{
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{Kind: engine.Continuous, Static: engine.Static{
				PlayerFlags:   engine.PFFaceUpMonsters,
				AffectsPlayer: func(*ctx, engine.Seat) bool { return true },
			}},
		},
	})
}
