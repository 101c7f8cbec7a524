//go:build refcore

package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// findKey returns the index of the nth entry of l (code, con, loc, seq ...) with the key, or -1.
func findKey(l [][]int, key string, nth int) int {
	k := 0
	for i, e := range l {
		if yKey(e[0], e[1], e[2], e[3]) == key {
			if k == nth {
				return i
			}
			k++
		}
	}
	return -1
}

// nth is the 0-based effect or choice number of an option.
func nth(o engine.Option) int {
	switch {
	case o.Effect > 0:
		return int(o.Effect) - 1
	case o.Choice > 0:
		return int(o.Choice) - 1
	}
	return 0
}

// pickCards answers a card select of ygopro's with Duelist's cards, by key.
func pickCards(d *engine.Duel, ids []engine.CardID, cands [][]int) (string, error) {
	used := map[int]bool{}
	out := []string{}
	for _, id := range ids {
		k := dKey(d, id)
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
		out = append(out, strconv.Itoa(found))
	}
	return fmt.Sprintf("rb %d %s", len(out), strings.Join(out, " ")), nil
}

// translate returns the ygopro command for Duelist's answer o to prompt p, given ygopro's select s.
func translate(d *engine.Duel, p *engine.Prompt, o engine.Option, s *coreSel) (string, error) {
	key := ""
	if o.Card != engine.NoCard && o.Kind != engine.OptSelect {
		key = dKey(d, o.Card)
	}
	pick := func(l [][]int, typ int) (string, error) {
		i := findKey(l, key, nth(o))
		if i < 0 {
			i = findKey(l, key, 0)
		}
		if i < 0 {
			return "", fmt.Errorf("no ygopro entry for %s", key)
		}
		return fmt.Sprintf("ri %d", i<<16|typ), nil
	}
	switch s.Type {
	case msgSelectIdle:
		switch o.Kind {
		case engine.OptSummon:
			return pick(s.Summon, 0)
		case engine.OptSpecial:
			return pick(s.Spsummon, 1)
		case engine.OptFlip, engine.OptPosition:
			return pick(s.Repos, 2)
		case engine.OptSet:
			if d.Card(o.Card).Data.IsMonster() {
				return pick(s.Mset, 3)
			}
			return pick(s.Sset, 4)
		case engine.OptActivate:
			return pick(s.Act, 5)
		case engine.OptBattle:
			return "ri 6", nil
		case engine.OptEnd:
			return "ri 7", nil
		}
	case msgSelectBattle:
		switch o.Kind {
		case engine.OptActivate:
			return pick(s.Act, 0)
		case engine.OptAttack:
			return pick(s.Attack, 1)
		case engine.OptMain2:
			return "ri 2", nil
		case engine.OptEnd:
			return "ri 3", nil
		}
	case msgSelectChain:
		switch o.Kind {
		case engine.OptPass:
			return "ri -1", nil
		case engine.OptActivate:
			i := findKey(s.Chains, key, nth(o))
			if i < 0 {
				i = findKey(s.Chains, key, 0)
			}
			if i < 0 {
				return "", fmt.Errorf("no ygopro chain entry for %s", key)
			}
			return fmt.Sprintf("ri %d", i), nil
		}
	case msgSelectCard, msgSelectTribute:
		switch o.Kind {
		case engine.OptCancel:
			return "ri -1", nil
		case engine.OptSelect:
			return pickCards(d, p.Selected(o), s.Cards)
		}
	case msgSelectEffectYN, msgSelectYesNo:
		switch o.Kind {
		case engine.OptYes:
			return "ri 1", nil
		case engine.OptNo:
			return "ri 0", nil
		}
	case msgSelectPosition:
		switch o.Kind {
		case engine.OptAtk:
			return "ri 1", nil
		case engine.OptDef:
			return "ri 4", nil
		case engine.OptSetPos:
			return "ri 8", nil
		}
	case msgSelectOption:
		switch o.Kind {
		case engine.OptChoice:
			return fmt.Sprintf("ri %d", nth(o)), nil
		case engine.OptHeads: // AnnounceCoin: option 60 heads, 61 tails
			return "ri 0", nil
		case engine.OptTails:
			return "ri 1", nil
		}
	}
	return "", fmt.Errorf("no translation of %s (%s) for ygopro message %d", o.Kind, d.OptionText(o), s.Type)
}

// placeAnswer answers ygopro's zone prompt with the zone Duelist used: a zone of the asked
// player's allowed zones that holds a card in Duelist and none in ygopro; else the lowest free.
func placeAnswer(d *engine.Duel, c *core, s *coreSel) string {
	var free []int // bit numbers
	for b := 0; b < 32; b++ {
		w := b & 15
		if w == 7 {
			continue
		}
		if s.Flag>>b&1 == 0 {
			free = append(free, b)
		}
	}
	best := -1
	for _, b := range free {
		pl := s.Player
		if b >= 16 {
			pl = 1 - pl
		}
		w := b & 15
		loc, seq := engine.MZone, w
		yz := c.st.P[pl].M
		if w >= 8 {
			loc, seq = engine.SZone, w-8
			yz = c.st.P[pl].S
		}
		if seq >= 5 {
			continue
		}
		dz := d.Pile(engine.Seat(pl), loc)
		if seq < len(dz) && dz[seq] != engine.NoCard && (seq >= len(yz) || yz[seq] == nil) {
			best = b
			break
		}
	}
	if best < 0 && len(free) > 0 {
		best = free[0]
	}
	pl := s.Player
	if best >= 16 {
		pl = 1 - pl
	}
	w := best & 15
	loc, seq := 4, w
	if w >= 8 {
		loc, seq = 8, w-8
	}
	return fmt.Sprintf("rb %d %d %d", pl, loc, seq)
}

// announceLast returns the index of the last number of an ANNOUNCE_NUMBER message (raw: type,
// player, count, then count uint32 values).
func announceLast(s *coreSel) int {
	if len(s.Raw) < 6 {
		return 0
	}
	n, _ := strconv.ParseUint(s.Raw[4:6], 16, 8)
	if n == 0 {
		return 0
	}
	return int(n) - 1
}

// nthPermutation is the engine's: the r-th permutation of 0..n-1 in lexicographic order (an
// order prompt's option Rank; the first is chain link 1).
func nthPermutation(n, r int) []int {
	items := make([]int, n)
	for i := range items {
		items[i] = i
	}
	fact := 1
	for i := 2; i < n; i++ {
		fact *= i
	}
	out := make([]int, 0, n)
	for i := n - 1; i >= 0; i-- {
		idx := 0
		if i > 0 {
			idx = r / fact
			r %= fact
			fact /= i
		}
		out = append(out, items[idx])
		items = append(items[:idx], items[idx+1:]...)
	}
	return out
}

// chainKey identifies a chain window by the set of its options (ygopro lists the same options in
// another order the second time).
func chainKey(s *coreSel) string {
	var k []string
	for _, e := range s.Chains {
		k = append(k, fmt.Sprint(e))
	}
	sortStrings(k)
	return strings.Join(k, ";")
}

// hints returns SELECT_CHAIN's hint_timing of both players, OR-ed (raw bytes 4..11,
// little-endian).
func hints(s *coreSel) uint32 {
	var h uint32
	for _, off := range []int{8, 16} {
		if len(s.Raw) >= off+8 {
			v, _ := strconv.ParseUint(s.Raw[off:off+8], 16, 32)
			b := uint32(v) // the hex is little-endian bytes
			h |= b>>24 | (b>>8)&0xff00 | (b<<8)&0xff0000 | b<<24
		}
	}
	return h
}

// isRepeat reports whether ygopro's chain window s, to the player who just passed a window with
// the same options and nothing in between, is one Duelist folds into the window just passed
// (the end of the Draw Phase after the draw's window; a phase window resumed after a chain).
// The Battle Phase's Start Step and End Step windows and the Damage Step's (TIMING_DAMAGE_STEP
// 0x2000, TIMING_DAMAGE_CAL 0x4000; TIMING_BATTLE_START 0x8, TIMING_BATTLE_END 0x10) are windows
// of their own in Duelist too, and are not repeats.
//
// A window with no hint after the Battle Step's windows of an attack (TIMING_BATTLE_PHASE,
// core.battleHint) is the Damage Step's start, also a window of its own in Duelist.
//
// A Start or End Step window that follows the seat's pass of the window after a chain
// (TIMING_CHAIN_END 0x8000) is that step's window resumed after the chain, which Duelist's
// window after the chain was: a repeat.
func (c *core) isRepeat(s *coreSel) bool {
	h := hints(s)
	if c.lastPassHint&timingChainEnd != 0 && h&(0x8|0x10) != 0 && h&(0x2000|0x4000) == 0 {
		return true
	}
	return h&(0x8|0x10|0x2000|0x4000) == 0 && !(h == 0 && c.battleHint)
}

// timingChainEnd is ygopro's TIMING_CHAIN_END hint.
const timingChainEnd = 0x8000

// timingBattlePhase is ygopro's TIMING_BATTLE_PHASE hint.
const timingBattlePhase = 0x1000000

// hasForced reports whether a chain window lists a forced trigger.
func hasForced(s *coreSel) bool {
	for _, e := range s.Chains {
		if e[6] != 0 {
			return true
		}
	}
	return false
}

// forcedKeys returns the keys of the forced entries of a chain window, sorted.
func forcedKeys(s *coreSel) []string {
	var out []string
	for _, e := range s.Chains {
		if e[6] != 0 {
			out = append(out, yKey(e[0], e[1], e[2], e[3]))
		}
	}
	sort.Strings(out)
	return out
}

// orderWindow reports whether ygopro's chain window s is where Duelist's order of simultaneous
// triggers p is answered: a window of forced triggers only, or, in a phase (Duelist's mandatory
// phase effects go one chain each in the order their seat gave: engine/trigger.go), a window of
// that seat whose forced entries are the ordered triggers beside its activations (two Snatch
// Steals beside a Set card: MRL seed 35).
func orderWindow(d *engine.Duel, p *engine.Prompt, s *coreSel) bool {
	if p == nil || p.Kind != engine.PromptOrder || s.Type != msgSelectChain || int(p.Seat) != s.Player {
		return false
	}
	if allForced(s) {
		return true
	}
	if !hasForced(s) || p.Phase != engine.Draw && p.Phase != engine.Standby && p.Phase != engine.End {
		return false
	}
	var dc []string
	for _, id := range p.Candidates {
		dc = append(dc, dKey(d, id))
	}
	sort.Strings(dc)
	return slices.Equal(dc, forcedKeys(s))
}

// allForced reports whether every entry of a chain window is a forced trigger.
func allForced(s *coreSel) bool {
	if len(s.Chains) == 0 {
		return false
	}
	for _, e := range s.Chains {
		if e[6] == 0 {
			return false
		}
	}
	return true
}
