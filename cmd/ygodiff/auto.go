//go:build refcore

package main

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// stopInfo is why autoAnswer stopped the duel.
type stopInfo struct{ class, detail string }

// autoAnswer answers ygopro's prompts that carry no decision in Duelist (empty chain windows,
// zone placement, forced triggers, repeated windows, questions Duelist does not ask) until
// ygopro asks something Duelist asks too. It reports a failure to stop the duel with.
func (x *differ) autoAnswer(d *engine.Duel) (stopInfo, bool) {
	c := x.c
	send := func(cmd, why string) (stopInfo, bool) {
		if why != "" {
			c.trace = append(c.trace, why)
		}
		if err := c.send(cmd, true); err != nil {
			return stopInfo{"core", err.Error()}, true
		}
		return stopInfo{}, false
	}
	for guard := 0; c.sel != nil; guard++ {
		if guard > 1000 {
			return stopInfo{"loop", "ygopro keeps asking"}, true
		}
		s := c.sel
		p := d.Prompt()
		if s.Retry != 0 {
			return stopInfo{"ygopro-retry", "ygopro refused the translated answer: " + c.trace[len(c.trace)-2]}, true
		}
		if s.Type == msgSelectChain && len(s.Chains) == 0 && !x.opt.alwaysAsk {
			// Duelist skips empty windows: when it asks the same seat a chain window in the same
			// phase, ygopro's empty one is that window (compared: Duelist offers something ygopro
			// does not).
			if p != nil && p.Kind == engine.PromptChain && int(p.Seat) == s.Player && p.Phase == yPhase(c.phase) && x.opt.compareEmpty {
				return stopInfo{}, false
			}
		}
		if s.Type == msgSelectChain && len(s.Chains) == 0 {
			// With -always-ask Duelist opens every chain window too: an empty window of ygopro's
			// is compared with Duelist's when Duelist asks the same seat a chain window now;
			// otherwise it is passed and counted by its phase.
			if x.opt.alwaysAsk {
				// the same turn and phase: compare; Duelist's window earlier: let Duelist pass
				// its own (the lenient branch of play); ygopro's earlier: pass ygopro's.
				if p != nil && p.Kind == engine.PromptChain {
					dkey, ykey := d.Turn()*16+int(p.Phase), c.turn*16+int(yPhase(c.phase))
					if dkey == ykey && int(p.Seat) == s.Player || dkey < ykey {
						return stopInfo{}, false
					}
				}
				x.note(fmt.Sprintf("ygopro-only empty chain window for the %s in ygopro phase %s (Duelist at %s)", x.who(d, s.Player), yPhase(c.phase), promptName(p)), "[pass]")
			}
			if len(c.ev) > 0 {
				// something happened before this window (a chain resolved): the next window of
				// the seat that passed last is no repeat (PSV seed 15: the window after Gift of
				// the Mystical Elf's chain, behind the turn player's empty one)
				c.lastPass = -1
			}
			if r, stop := send("ri -1", ""); stop {
				return r, stop
			}
			continue
		}
		// A chain window of ygopro's that lists only forced triggers: the next of the triggers
		// Duelist ordered.
		// (In a phase, Duelist activates its ordered mandatory effects one chain each: ygopro's
		// window after the first one's chain lists the next beside the seat's activations.)
		if s.Type == msgSelectChain && len(c.orderKeys) > 0 && s.Player == c.orderSeat &&
			(allForced(s) || hasForced(s) && findKey(s.Chains, c.orderKeys[0], 0) >= 0) {
			i := findKey(s.Chains, c.orderKeys[0], 0)
			if i < 0 {
				return stopInfo{"options", fmt.Sprintf("ordered trigger %s not among ygopro's forced triggers %v", c.orderKeys[0], s.Chains)}, true
			}
			c.orderKeys = c.orderKeys[1:]
			if len(c.orderKeys) <= 1 {
				c.orderKeys = nil // ygopro adds the last one without asking
			}
			if r, stop := send(fmt.Sprintf("ri %d", i), "# auto: the next trigger in Duelist's order"); stop {
				return r, stop
			}
			continue
		}
		// Forced triggers while Duelist is not at a chain window of that seat, turn and phase:
		// Duelist puts mandatory triggers on the chain by itself.
		if s.Type == msgSelectChain && allForced(s) {
			if p != nil && p.Kind == engine.PromptOrder && int(p.Seat) == s.Player {
				return stopInfo{}, false // Duelist's order of the same triggers: compared and translated by play
			}
			if p != nil && p.Kind == engine.PromptChoice && p.Phase == engine.End && int(p.Seat) == s.Player && resetEntry(s, true) >= 0 {
				return stopInfo{}, false // Duelist's choice of a control that returns or the triggers first (mapping.controlOrder)
			}
			// Duelist already put that trigger on the chain (its cost paid: Jigen Bakudan's
			// tribute) and asks the same seat to respond: ygopro's entry of the same card is the
			// link Duelist has on top.
			if p != nil && p.Kind == engine.PromptChain && int(p.Seat) == s.Player {
				if i := forcedTopEntry(d, s); i >= 0 {
					x.autoNotes["forced-on-chain (ygopro's forced trigger entry that Duelist's chain already holds on top)"]++
					if r, stop := send(fmt.Sprintf("ri %d", i), "# auto: ygopro's forced trigger, on top of Duelist's chain"); stop {
						return r, stop
					}
					c.lastPass = -1
					continue
				}
			}
			// Duelist at a chain window of that seat with its chain empty has resolved the
			// triggers already (it chains mandatory triggers by itself, and a window that answers
			// their outcome follows: Numinous Healer after Burning Land's Standby Phase damage,
			// PSV seeds 3, 29, 32, 34); ygopro's forced window comes before their chain. The
			// states are compared at the next common prompt.
			emptyChain := p != nil && p.Kind == engine.PromptChain && len(d.ChainView()) == 0
			if p == nil || p.Kind != engine.PromptChain || int(p.Seat) != s.Player || p.Phase != yPhase(c.phase) || d.Turn() != c.turn || emptyChain {
				if emptyChain && int(p.Seat) == s.Player {
					x.autoNotes["forced-resolved (ygopro's forced triggers while Duelist, their chain resolved, asks the same seat with an empty chain)"]++
				}
				pick := 0
				if i := appliedEntry(d, x.lastEvents, s); i >= 0 {
					// A phase's Continuous effect that Duelist has applied already in this
					// answer, before the one its yes/no is about (Imperial Order's 700 LP,
					// then Mirror Wall's yes/no: PSV seed 16): that one first.
					pick = i
				} else if i := askedEntry(d, p, s); i >= 0 {
					// The entry whose card Duelist's pending yes/no is about (an upkeep Duelist
					// asks as it applies it: Messenger of Peace's 100 LP; two of them, MRL seed
					// 45): that one first.
					pick = i
				} else if i := automaticEntry(s); i >= 0 {
					// A phase's Continuous effect beside the triggers (Stim-Pack's loss beside
					// Mushroom Man 2's damage): Duelist applies it by itself before it chains
					// the triggers (EffectKind Automatic); first (lockstep MRD seed 117).
					pick = i
				} else if c.resetLast { // Duelist chained the triggers before the control returns
					if i := resetEntry(s, false); i >= 0 {
						pick = i
					} else {
						c.resetLast = false
					}
				}
				if r, stop := send(fmt.Sprintf("ri %d", pick), "# auto: ygopro's forced trigger"); stop {
					return r, stop
				}
				continue
			}
		}
		// A forced entry beside activations in ygopro's chain window that Duelist does not
		// offer: a Continuous effect of the phase (Swords of Revealing Light's count, an upkeep),
		// which ygopro lists for its player to apply before anything else and Duelist applies by
		// itself (EffectKind Automatic). Applied first.
		// (Not while Duelist asks a yes/no about an entry of the same window: a phase's "you can"
		// effect beside a forced one, Inspection beside Burning Land; phaseTrigger maps it.)
		if orderWindow(d, p, s) {
			return stopInfo{}, false // Duelist's order of the phase's forced entries: compared and translated by play
		}
		asked := askedEntry(d, p, s)
		if applied := appliedEntry(d, x.lastEvents, s); s.Type == msgSelectChain && !allForced(s) && applied >= 0 && asked >= 0 && s.Chains[asked][6] == 0 {
			// An upkeep Duelist applied already in this answer beside the "you can" effect its
			// yes/no is about (Stim-Pack's loss beside Blast Juggler's Standby Phase effect,
			// LOB,MRD seed 13): the upkeep first, phaseTrigger maps the yes/no after it.
			x.autoNotes["forced-continuous (ygopro lists a phase's Continuous effect beside the activations; Duelist applied it by itself)"]++
			if r, stop := send(fmt.Sprintf("ri %d", applied), "# auto: ygopro's forced Continuous effect Duelist applied"); stop {
				return r, stop
			}
			c.lastPass = -1
			continue
		}
		if s.Type == msgSelectChain && !allForced(s) && (asked < 0 || s.Chains[asked][6] != 0) {
			if i := forcedNotOffered(d, p, s); i >= 0 {
				if j := appliedEntry(d, x.lastEvents, s); j >= 0 {
					i = j // an upkeep Duelist applied already in this answer first (PSV seed 16)
				} else if asked >= 0 {
					i = asked // the forced entry Duelist's yes/no is about (an upkeep) first
				}
				x.autoNotes["forced-continuous (ygopro lists a phase's Continuous effect beside the activations; Duelist applied it by itself)"]++
				if r, stop := send(fmt.Sprintf("ri %d", i), "# auto: ygopro's forced Continuous effect"); stop {
					return r, stop
				}
				c.lastPass = -1 // something happened: the window that follows is no repeat
				continue
			}
		}
		// ygopro's "activate its effect at once?" (SELECT_EFFECTYN 94, get_cteffect: a Continuous
		// card just activated whose Quick effect could be used in the same chain link, Ultimate
		// Offering): Duelist activates the card alone, its effect separately. Answered no.
		if s.Type == msgSelectEffectYN && s.Desc == 94 {
			x.autoNotes["effect-at-once (ygopro asks whether a Continuous card just activated uses its Quick effect in the same chain link; answered no)"]++
			if r, stop := send("ri 0", "# auto: ygopro's 'activate the effect too?' (94): no"); stop {
				return r, stop
			}
			continue
		}
		// ANNOUNCE_NUMBER that Duelist does not ask (Ancient Telescope: how many cards, up to 5):
		// answer the largest.
		if s.Type == msgAnnounceNumber && (p == nil || p.Kind != engine.PromptDeclare) {
			x.autoNotes["announce-number (ygopro asks a number Duelist does not ask, e.g. Ancient Telescope's 'up to 5')"]++
			if r, stop := send(fmt.Sprintf("ri %d", announceLast(s)), "# auto: ygopro's announce number, the last option"); stop {
				return r, stop
			}
			continue
		}
		// ygopro asks the same player the same chain window again, with nothing happening in
		// between (after a chain resolves in a phase window, the window's procedure resumes at
		// the player who activated): a repeated pass, which Duelist does not ask.
		if s.Type == msgSelectChain && len(c.ev) == 0 && c.lastPass == s.Player && c.lastPassChain == chainKey(s) && c.isRepeat(s) {
			x.autoNotes["repeat-window (ygopro asks a player who just passed the same chain window again, nothing in between)"]++
			if r, stop := send("ri -1", "# auto: ygopro repeats the window to the same player"); stop {
				return r, stop
			}
			continue
		}
		// RULES.md: a direct attack has no "before damage calculation" window; ygopro-core
		// opens one (EVENT_BATTLE_CONFIRM: TIMING_DAMAGE_STEP without TIMING_DAMAGE_CAL) while
		// Duelist is further on in the same attack's Damage Step. A documented ruling: passed.
		if s.Type == msgSelectChain && c.directAttack && directBeforeCalc(s) {
			x.autoNotes["direct-before-calc (RULES.md: a direct attack has no before damage calculation window; ygopro's is passed)"]++
			if r, stop := send("ri -1", "# auto: ygopro's before-calc window on a direct attack (RULES.md)"); stop {
				return r, stop
			}
			continue
		}
		// a chain window of ygopro's that lists only the phase triggers Duelist's player
		// declined in this phase (phasetrig.go): Duelist opens none; passed.
		if c.askedAgain(s) && !sameYesNo(d, p, s) {
			x.autoNotes["declined-asked-again (ygopro asks again about a phase trigger Duelist's player declined in that phase: no)"]++
			if r, stop := send("ri 0", "# auto: a declined phase trigger asked again: no"); stop {
				return r, stop
			}
			continue
		}
		if c.onlyDeclined(s) {
			x.autoNotes["declined-only window (ygopro's chain window lists only phase triggers Duelist's player declined in that phase: passed)"]++
			if r, stop := send("ri -1", "# auto: only declined phase triggers"); stop {
				return r, stop
			}
			continue
		}
		// lenient: a chain window only ygopro opens (Duelist's pending prompt is not a chain
		// window of that seat): pass it, and count it by its shape.
		if x.opt.lenient && s.Type == msgSelectChain && len(s.Chains) > 0 && !allForced(s) && phaseTriggerEntry(d, p, s) < 0 {
			if p == nil || p.Kind != engine.PromptChain || int(p.Seat) != s.Player {
				_, ya := yNorm(c, s)
				x.note(fmt.Sprintf("ygopro-only chain window for the %s in ygopro phase %s (Duelist at %s)", x.who(d, s.Player), yPhase(c.phase), promptName(p)), fmt.Sprint(ya))
				if r, stop := send("ri -1", "# lenient: pass ygopro-only window"); stop {
					return r, stop
				}
				continue
			}
		}
		// the select after "yes" to a "you can" effect: Duelist's selection, if the candidates agree
		if c.followKeys != nil && (s.Type == msgSelectCard || s.Type == msgSelectTribute) {
			_, ya := yNorm(c, s)
			var yc []string
			for _, a := range ya {
				if strings.HasPrefix(a, "cand ") {
					yc = append(yc, a)
				}
			}
			sortStrings(yc)
			sortStrings(c.followCands)
			if fmt.Sprint(yc) != fmt.Sprint(c.followCands) {
				return stopInfo{"options", fmt.Sprintf("select after yes/no (a \"you can\" effect): candidates differ:\n  duelist only: %v\n  ygopro only:  %v", minus(c.followCands, yc), minus(yc, c.followCands))}, true
			}
			cmd, err := pickKeys(c.followKeys, s.Cards)
			if err != nil {
				return stopInfo{"translate", err.Error() + " after yes/no"}, true
			}
			c.followKeys, c.followCands = nil, nil
			if r, stop := send(cmd, "# auto: the select after yes, as Duelist selected"); stop {
				return r, stop
			}
			continue
		}
		// the rest of a group Duelist selected at once: the next card, then ygopro's "finish"
		if len(c.seqKeys) > 0 && (s.Type == msgSelectCard || s.Type == msgSelectUnselect || s.Type == msgSelectTribute) {
			cmd, ok := c.nextSeq()
			if !ok {
				return stopInfo{"options", fmt.Sprintf("group select: ygopro does not offer %v among %v", c.seqKeys, s.Cards)}, true
			}
			if r, stop := send(cmd, "# auto: the next card of Duelist's group"); stop {
				return r, stop
			}
			continue
		}
		// the non-Tuners of a Synchro Summon, whose Tuner was the group's first card: ygopro asks
		// them in one select whose Levels must total the Synchro Monster's
		if len(c.seqKeys) > 0 && s.Type == msgSelectSum {
			cmd, ok := c.sumAnswer()
			if !ok {
				must, may := sumCards(s)
				return stopInfo{"options", fmt.Sprintf("sum select: ygopro does not offer %v among %v (must %v)", c.seqKeys, may, must)}, true
			}
			if r, stop := send(cmd, "# auto: the rest of Duelist's group, as a sum"); stop {
				return r, stop
			}
			continue
		}
		// (not when Duelist picks its group one card at a time, engine/selectgroup.go, and asks
		// whether to stop: its answer is ygopro's finish or next card)
		if c.seqDone && s.Type == msgSelectUnselect && s.Finish != 0 && !groupPickStop(p) {
			c.seqDone = false
			if r, stop := send("ri -1", "# auto: the group is complete: finish"); stop {
				return r, stop
			}
			continue
		}
		c.seqDone = false
		// SORT_CARD of cards Duelist does not ask to order (one card, or copies of one card):
		// as listed.
		if s.Type == msgSortCard && (p == nil || p.Kind != engine.PromptOrder) {
			var keep []string
			for i := range sortCards(s) {
				keep = append(keep, fmt.Sprint(i))
			}
			if r, stop := send("rb "+strings.Join(keep, " "), "# auto: ygopro's sort of cards Duelist keeps in order"); stop {
				return r, stop
			}
			continue
		}
		// (not the zones Duelist asks for itself: Ground Collapse's, a declaration of zones)
		if s.Type == msgSelectPlace || s.Type == msgSelectDisfield && !zonesDeclared(p) {
			if r, stop := send(placeAnswer(d, c, s), ""); stop {
				return r, stop
			}
			continue
		}
		return stopInfo{}, false
	}
	return stopInfo{}, false
}

// pickKeys answers a card select of ygopro's with the cards of the keys.
func pickKeys(keys []string, cands [][]int) (string, error) {
	used := map[int]bool{}
	var out []string
	for _, k := range keys {
		found := -1
		for i, e := range cands {
			if !used[i] && yKey(e[0], e[1], e[2], e[3]) == k {
				found = i
				break
			}
		}
		if found < 0 {
			return "", fmt.Errorf("no ygopro candidate for %s", k)
		}
		used[found] = true
		out = append(out, fmt.Sprint(found))
	}
	return fmt.Sprintf("rb %d %s", len(out), strings.Join(out, " ")), nil
}

// who names a player by its role this turn.
func (x *differ) who(d *engine.Duel, player int) string {
	if player == int(d.TurnPlayer()) {
		return "turn player"
	}
	return "non-turn player"
}

// promptName says which prompt Duelist is at, for notes.
func promptName(p *engine.Prompt) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprintf("%s's %s", p.Seat, p.Kind)
}

// forcedNotOffered is the index of the first forced entry of ygopro's chain window s that
// Duelist's prompt p does not offer as an activation (p is not a chain window of that seat, or
// lists no such card), or -1.
func forcedNotOffered(d *engine.Duel, p *engine.Prompt, s *coreSel) int {
	offered := map[string]bool{}
	if p != nil && p.Kind == engine.PromptChain && int(p.Seat) == s.Player {
		_, acts := dNorm(d, p)
		for _, a := range acts {
			offered[a] = true
		}
	}
	for i, e := range s.Chains {
		if e[6] != 0 && !offered["act "+yKey(e[0], e[1], e[2], e[3])] {
			return i
		}
	}
	return -1
}

// directBeforeCalc reports whether ygopro's chain window s, in a direct attack's Damage Step
// (core.directAttack), is its "before damage calculation" window (hinted TIMING_DAMAGE_STEP, not
// TIMING_DAMAGE_CAL), which RULES.md does not have on a direct attack.
func directBeforeCalc(s *coreSel) bool {
	h := hints(s)
	return h&timingDamageStep != 0 && h&timingDamageCal == 0
}

// ygopro's timing hints of the Damage Step's windows.
const (
	timingDamageStep = 0x2000
	timingDamageCal  = 0x4000
)

// forcedTopEntry is the index of the forced entry of ygopro's chain window s whose card is the
// card of Duelist's top chain link (by passcode: the card may have moved as its cost), or -1.
func forcedTopEntry(d *engine.Duel, s *coreSel) int {
	top, seat := d.ChainTop()
	if top == engine.NoCard {
		return -1
	}
	code := int(d.Card(top).Data.Passcode)
	for i, e := range s.Chains {
		if e[6] != 0 && e[0] == code && e[1] == int(seat) {
			return i
		}
	}
	return -1
}

// automaticEntry returns the index of the first entry of ygopro's chain window s whose card's
// effect Duelist applies by itself, an Automatic effect answering the start of a phase (Stim-Pack's
// Standby Phase loss, Swords of Revealing Light's count), or -1.
func automaticEntry(s *coreSel) int {
	for i, e := range s.Chains {
		sc := cards.Script(card.Passcode(e[0]))
		if sc == nil {
			continue
		}
		for _, ef := range sc.Effects {
			if ef.Kind == engine.Automatic && ef.On.Matches(&engine.Event{Kind: engine.EvPhase}) {
				return i
			}
		}
	}
	return -1
}

// sameYesNo reports whether Duelist's pending prompt p is a yes/no about the card of ygopro's
// SELECT_EFFECTYN s (a declined phase trigger asked again after another one's chain, which
// Duelist asks again too: engine/trigger.go; MRD seed 72).
func sameYesNo(d *engine.Duel, p *engine.Prompt, s *coreSel) bool {
	return p != nil && p.Kind == engine.PromptYesNo && p.Subject != engine.NoCard && len(s.Card) >= 4 &&
		int(p.Seat) == s.Player && dKey(d, p.Subject) == yKey(s.Card[0], s.Card[1], s.Card[2], s.Card[3])
}

// appliedEntry returns the index of a forced entry of ygopro's chain window s whose card's
// Automatic phase effect Duelist applied in its last answer (an event that effect caused: Imperial
// Order's LP paid), or -1.
func appliedEntry(d *engine.Duel, evs []engine.Event, s *coreSel) int {
	for _, ev := range evs {
		if ev.Reason == engine.NoCard || ev.Kind == engine.EvActivate || ev.Kind == engine.EvResolve {
			continue
		}
		i := findKey(s.Chains, dKey(d, ev.Reason), 0)
		if i < 0 || s.Chains[i][6] == 0 {
			continue
		}
		if sc := cards.Script(card.Passcode(s.Chains[i][0])); sc != nil {
			for _, ef := range sc.Effects {
				if ef.Kind == engine.Automatic && ef.On.Matches(&engine.Event{Kind: engine.EvPhase}) {
					return i
				}
			}
		}
	}
	return -1
}

// askedEntry returns the index of the entry of ygopro's chain window s whose card Duelist's
// pending yes/no p (of the same player) is about, or -1.
func askedEntry(d *engine.Duel, p *engine.Prompt, s *coreSel) int {
	if p == nil || p.Kind != engine.PromptYesNo || p.Subject == engine.NoCard || int(p.Seat) != s.Player {
		return -1
	}
	return findKey(s.Chains, dKey(d, p.Subject), 0)
}
