// Package cards holds the behaviour of the card pool: one file per card or small group, each
// registering its card's Script in init(), as Caddy's modules register themselves. The engine
// reads scripts through Library().
package cards

import (
	"fmt"
	"sort"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// registry maps passcodes to scripts. It is written only by init functions, before any duel
// runs, and read-only afterwards.
var registry = map[card.Passcode]*engine.Script{}

// Register records a card's script; registering a passcode twice, or one missing from the card
// pool and the kouhu set, panics at start-up.
func Register(code card.Passcode, sc *engine.Script) {
	if _, dup := registry[code]; dup {
		panic(fmt.Sprintf("cards: card %d registered twice", code))
	}
	if _, ok := card.Pool().ByPasscode(code); !ok {
		if _, ok := kouhu.CardDB().ByPasscode(code); !ok {
			panic(fmt.Sprintf("cards: card %d is neither in the card pool nor in the kouhu set", code))
		}
	}
	sc.Prepare()
	registry[code] = sc
}

type library struct{}

func (library) Script(code card.Passcode) *engine.Script { return registry[code] }

// Library returns the registered card behaviours for engine.Config.Cards.
func Library() engine.Library { return library{} }

// Registered lists the passcodes with a script, in order.
func Registered() []card.Passcode {
	out := make([]card.Passcode, 0, len(registry))
	for c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Script returns a card's script, or nil.
func Script(code card.Passcode) *engine.Script { return registry[code] }

// Implemented reports whether the engine plays a card fully: a Normal Monster (no behaviour
// needed) or a card with a registered script.
func Implemented(code card.Passcode) bool {
	if _, ok := registry[code]; ok {
		return true
	}
	d, ok := card.Pool().ByPasscode(code)
	return ok && d.IsNormalMonster()
}
