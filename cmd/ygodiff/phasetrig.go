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
// and the entry is left out of the phase's chain windows after it (declined).

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
		if now := d.Turn()*16 + int(p.Phase); c.declinedAt != now {
			c.declined, c.declinedAt = map[string]bool{}, now
		}
		c.declined[key] = true
	}
	if err := answer(p, o); err != nil {
		return false, "duelist-answer", err.Error()
	}
	return true, "", ""
}

// phaseTriggerEntry returns the index of the entry of ygopro's chain window s that is the phase
// trigger Duelist's yes/no p asks about, or -1.
func phaseTriggerEntry(d *engine.Duel, p *engine.Prompt, s *coreSel) int {
	if p == nil || s == nil || p.Kind != engine.PromptYesNo || s.Type != msgSelectChain ||
		int(p.Seat) != s.Player || p.Subject == engine.NoCard ||
		(p.Phase != engine.Standby && p.Phase != engine.End) {
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
