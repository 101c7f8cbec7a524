//go:build refcore

package main

import (
	"fmt"
	"slices"

	"github.com/duelistgame/duelist/engine"
)

// A "you can" effect of a phase (Mushroom Man 2's End Phase, Blast Juggler's Standby Phase):
// Duelist asks its player yes or no as the phase's triggers go on the chain, once; ygopro-core
// lists it (EVENT_PHASE, an optional trigger) in its player's chain windows of that phase. Mapped:
// Duelist's yes is ygopro's activation of that entry, Duelist's no leaves ygopro's window pending
// and the entry is left out of the phase's chain windows after it (declined). The same holds in
// the Damage Step for the optional trigger of the player who is not the turn player, set off with
// one of the turn player's (two Giant Rats destroyed by one battle): ygopro-core asks the turn
// player's SELECT_EFFECTYN, then lists the other's trigger in that player's chain window after
// the turn player's link (MRL probes Giant Rat seed 19, Flying Kamakiri 1 seed 15).

// phaseTrigger answers Duelist's yes/no about a phase trigger that ygopro's pending chain window
// of the same player lists. It reports whether it answered, or a failure class and detail.
func (x *differ) phaseTrigger(d *engine.Duel, answer func(*engine.Prompt, engine.Option) error) (bool, string, string) {
	c, s, p := x.c, x.c.sel, d.Prompt()
	at := phaseTriggerEntry(d, p, s)
	if at < 0 {
		return false, "", ""
	}
	key := dKey(d, p.Subject)
	opts := p.Options()
	o := opts[x.rng.IntN(len(opts))]
	c.trace = append(c.trace, fmt.Sprintf("# %s: %s   [phase trigger %s, duelist turn %d %s]", p.Seat, d.OptionText(o), key, d.Turn(), p.Phase))
	x.autoNotes["phase-trigger (Duelist's yes/no of a phase's \"you can\" effect is ygopro's entry in the phase's chain window; a no leaves it out of that phase's windows)"]++
	if o.Kind == engine.OptYes {
		c.lastPass = -1
		if err := c.send(fmt.Sprintf("ri %d", at), true); err != nil {
			return false, "core", err.Error()
		}
	} else {
		c.decline(d, p)
	}
	if err := answer(p, o); err != nil {
		return false, "duelist-answer", err.Error()
	}
	return true, "", ""
}

// spePickTriggers is the special count of ygopro-core's chain window in which a player picks
// among its optional triggers set off at once (several of them, or one beside a chain already
// built from the mandatory ones; a single one alone is a yes/no): Duelist asks a yes/no for each.
// Mapped as a phase's "you can" effect: a yes is the pick of that entry, a no leaves it out of
// the windows of the phase.
const spePickTriggers = 0x7f

// phaseTriggerEntry returns the index of the entry of ygopro's chain window s that is the phase
// trigger Duelist's yes/no p asks about, or -1.
func phaseTriggerEntry(d *engine.Duel, p *engine.Prompt, s *coreSel) int {
	if p == nil || s == nil || p.Kind != engine.PromptYesNo || s.Type != msgSelectChain ||
		int(p.Seat) != s.Player || p.Subject == engine.NoCard ||
		(p.Phase != engine.Standby && p.Phase != engine.End && !d.Timing().InDamageStep() && s.Spe != spePickTriggers) {
		return -1
	}
	key := dKey(d, p.Subject)
	for i, e := range s.Chains {
		if e[6] == 0 && yKey(e[0], e[1], e[2], e[3]) == key {
			return i
		}
	}
	return -1
}

// withoutDeclined leaves the phase triggers declined in Duelist's current phase out of ygopro's
// chain window options ("act KEY").
func (c *core) withoutDeclined(d *engine.Duel, ya []string) []string {
	p := d.Prompt()
	if len(c.declined) == 0 || p == nil || c.declinedAt != d.Turn()*16+int(p.Phase) {
		return ya
	}
	return slices.DeleteFunc(slices.Clone(ya), func(a string) bool {
		return len(a) > 4 && a[:4] == "act " && c.declined[a[4:]]
	})
}

// onlyDeclined reports whether ygopro's chain window s, in the phase where Duelist's player
// declined phase triggers, lists nothing but those triggers: Duelist, which asked its yes/no and
// has nothing else to offer there, opens no such window (two Mushroom Man 2 declined in one End
// Phase: lockstep MRD seed 72).
func (c *core) onlyDeclined(s *coreSel) bool {
	if s.Type != msgSelectChain || len(s.Chains) == 0 || len(c.declined) == 0 ||
		c.declinedAtY != c.turn*16+int(yPhase(c.phase)) {
		return false
	}
	for _, e := range s.Chains {
		if !c.declined[yKey(e[0], e[1], e[2], e[3])] {
			return false
		}
	}
	return true
}

// decline records that Duelist's player declined the phase trigger of yes/no p in this phase.
func (c *core) decline(d *engine.Duel, p *engine.Prompt) {
	if now := d.Turn()*16 + int(p.Phase); c.declinedAt != now || c.declined == nil {
		c.declined, c.declinedAt = map[string]bool{}, now
		c.declinedAtY = c.turn*16 + int(yPhase(c.phase))
	}
	c.declined[dKey(d, p.Subject)] = true
}

// askedAgain reports whether ygopro's SELECT_EFFECTYN s asks again about a phase trigger that
// Duelist's player declined in this phase (ygopro asks a lone one again once the phase's windows
// have passed; Duelist asks once: lockstep LOB,MRD seed 19, Mushroom Man 2).
func (c *core) askedAgain(s *coreSel) bool {
	if s.Type != msgSelectEffectYN || len(s.Card) < 4 || len(c.declined) == 0 ||
		c.declinedAtY != c.turn*16+int(yPhase(c.phase)) {
		return false
	}
	return c.declined[yKey(s.Card[0], s.Card[1], s.Card[2], s.Card[3])]
}
