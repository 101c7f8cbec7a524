//go:build refcore

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// The child process ygodiff-core (C++, over ygopro-core's ocgapi; built outside this repository,
// see ../shared/tools/refcore/README.md) speaks a line protocol: `deck P CODE...` (top first),
// `extra P CODE...`, `start SEED`, `ri V`, `rb B...`, `quit`; after start/ri/rb it prints EV
// lines (a trace of the core's messages), a STATE line (the field) and a SEL line (the prompt) or
// an END line.

// coreState is the field as ygopro-core reports it after every stop.
type coreState struct {
	LP [2]int `json:"lp"`
	P  [2]struct {
		Hand  [][]int `json:"hand"`
		M     [][]int `json:"m"`
		S     [][]int `json:"s"`
		GY    [][]int `json:"gy"`
		RM    [][]int `json:"rm"`
		Deck  [][]int `json:"deck"` // bottom first
		Extra [][]int `json:"extra"`
	} `json:"p"`
}

// coreSel is ygopro-core's select message, parsed by the child.
type coreSel struct {
	Type     int     `json:"type"`
	Hint     int     `json:"hint"`
	Retry    int     `json:"retry"`
	Player   int     `json:"player"`
	Summon   [][]int `json:"summon"`
	Spsummon [][]int `json:"spsummon"`
	Repos    [][]int `json:"repos"`
	Mset     [][]int `json:"mset"`
	Sset     [][]int `json:"sset"`
	Act      [][]int `json:"act"`
	Bp       int     `json:"bp"`
	Ep       int     `json:"ep"`
	M2       int     `json:"m2"`
	Attack   [][]int `json:"attack"`
	Chains   [][]int `json:"chains"` // code, con, loc, seq, pos, desc, forced, edesc
	// Spe is MSG_SELECT_CHAIN's special count; spePickTriggers (0x7f) marks the window in
	// which a player picks among its optional triggers.
	Spe      int     `json:"spe"`
	Cancel   int     `json:"cancel"`
	Finish   int     `json:"finish"`
	Min      int     `json:"min"`
	Max      int     `json:"max"`
	Cards    [][]int `json:"cards"` // card: code, con, loc, seq, pos; tribute: code, con, loc, seq, release
	Unselect [][]int `json:"unselect"`
	Count    int     `json:"count"`
	Flag     uint32  `json:"flag"`
	Code     int     `json:"code"`
	Pos      int     `json:"pos"`
	Opts     []int   `json:"opts"`
	Desc     int     `json:"desc"`
	Card     []int   `json:"card"`
	Raw      string  `json:"raw"`
}

// The ygopro-core message numbers the driver reads.
const (
	msgSelectBattle   = 10
	msgSelectIdle     = 11
	msgSelectEffectYN = 12
	msgSelectYesNo    = 13
	msgSelectOption   = 14
	msgSelectCard     = 15
	msgSelectChain    = 16
	msgSelectPlace    = 18
	msgSelectPosition = 19
	msgSelectTribute  = 20
	msgSelectDisfield = 24
	msgSelectCounter  = 22
	msgSelectSum      = 23
	msgSortCard       = 25
	msgSelectUnselect = 26
	msgAnnounceRace   = 140
	msgAnnounceAttrib = 141
	msgAnnounceCard   = 142
	msgAnnounceNumber = 143
)

// coreEnd is the end of ygopro-core's duel.
type coreEnd struct {
	Winner int    `json:"winner"`
	Reason int    `json:"reason"`
	Error  string `json:"error"`
}

// core is the running child and what it last said.
type core struct {
	cmd *exec.Cmd
	in  *bufio.Writer
	out *bufio.Reader
	// the last stop
	ev    []string
	st    coreState
	prev  coreState // the state before the last one (lpzero.go's undo)
	sel   *coreSel
	end   *coreEnd
	trace []string // every EV line and command of this duel
	phase int      // the last MSG_NEW_PHASE
	turn  int      // MSG_NEW_TURN messages so far
	// the last answer was a pass at a chain window of this player (-1: not)
	lastPass      int
	lastPassChain string
	// picks: ygopro's random picks of this answer whose card's move is still to come (event)
	picks []pendingPick
	// tokenCodes: ygopro's token passcodes that are another passcode in Duelist (tokenCodes)
	tokenCodes   map[int]int
	lastPassHint uint32 // the timing hints of that window (hints)
	// battleHint: the last chain window with a timing hint had TIMING_BATTLE_PHASE (the Battle
	// Step's windows after an attack declaration); the windows with no hint that follow are the
	// Damage Step's start (MSG_DAMAGE_STEP_START, which the child does not print), never repeats
	battleHint bool
	// directAttack: ygopro's last attack (MSG_ATTACK) was a direct one (its target 0/0/0)
	directAttack bool
	// a "you can" effect: ygopro asked yes/no where Duelist asked a select with min 0; after
	// "yes", ygopro's next card select is answered with Duelist's selection
	followKeys  []string // the cards Duelist selected, as keys taken before its answer
	followCands []string // Duelist's candidates (normalised), compared with ygopro's select
	// the cards of a group Duelist selected at once that ygopro still asks one at a time
	seqKeys []string
	// procSelect: the last answer chose a Special Summon by a monster's own procedure at ygopro's
	// idle select (the selection of its cost that follows is cancelable there)
	procSelect bool
	seqDone    bool // the last card of such a group was just given: ygopro may ask to finish
	// declined: the phase triggers Duelist's player declined (yes/no answered no) in the phase
	// declinedAt (turn*16 + phase), which ygopro keeps listing in that phase's chain windows
	// (phasetrig.go); left out of the comparison there.
	declined    map[string]bool
	declinedAt  int
	declinedAtY int // the same phase as ygopro counts it (turn*16 + phase)
	// Duelist's order of simultaneous triggers still to give ygopro (forced-trigger windows)
	orderKeys []string
	orderSeat int
	// resetLast: Duelist chained the turn player's End Phase triggers before the control of a
	// monster returns (its choice, option 2): ygopro's forced windows get the triggers first
	resetLast bool
	// seats whose Deck Duelist shuffled since the last comparison (EvShuffle)
	shuffled     [2]bool
	gyOrderNoted bool
	// random outcomes ygopro drew (coin tosses, die rolls) that Duelist has not drawn yet, in
	// order: Duelist's duel takes them instead of its own (engine.Duel.RefcoreSetRandom)
	randoms []randomOutcome
}

// randomOutcome is one coin toss (Kind RandomCoin, Value 0 heads, 1 tails), die roll
// (RandomDie, Value 0..5) or card picked at random (RandomPick, Key the card) of ygopro's.
type randomOutcome struct {
	Kind  engine.RandomKind
	Value int
	Key   string
}

// yPhase maps ygopro's phase to Duelist's.
func yPhase(ph int) engine.Phase {
	switch {
	case ph <= 1:
		return engine.Draw
	case ph == 2:
		return engine.Standby
	case ph == 4:
		return engine.Main1
	case ph >= 8 && ph <= 0x80:
		return engine.Battle
	case ph == 0x100:
		return engine.Main2
	}
	return engine.End
}

func startCore(bin, scripts, cdb string) (*core, error) {
	cmd := exec.Command(bin, "--scripts", scripts, "--cdb", cdb)
	cmd.Stderr = os.Stderr
	w, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	r, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	return &core{cmd: cmd, in: bufio.NewWriter(w), out: bufio.NewReaderSize(r, 1<<20)}, nil
}

// send writes a command; with wait it reads the child's answer up to its next stop.
func (c *core) send(line string, wait bool) error {
	c.trace = append(c.trace, "> "+line)
	c.procSelect = false
	if c.sel != nil && c.sel.Type == msgSelectIdle {
		var v int
		if _, err := fmt.Sscanf(line, "ri %d", &v); err == nil && v >= 0 && v&0xffff == 1 {
			c.procSelect = true // ygopro's idle answer: index<<16 | kind, kind 1 a Special Summon
		}
	}
	fmt.Fprintln(c.in, line)
	if err := c.in.Flush(); err != nil {
		return fmt.Errorf("core: %v", err)
	}
	if !wait {
		return nil
	}
	c.ev, c.sel, c.end = c.ev[:0], nil, nil
	c.picks = c.picks[:0]
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			return fmt.Errorf("core: %v", err)
		}
		l = strings.TrimRight(l, "\n")
		switch {
		case strings.HasPrefix(l, "EV "):
			c.event(l[3:])
		case strings.HasPrefix(l, "STATE "):
			c.prev, c.st = c.st, coreState{}
			if err := json.Unmarshal([]byte(l[6:]), &c.st); err != nil {
				return fmt.Errorf("core state: %v", err)
			}
			for i := range c.st.P {
				y := &c.st.P[i]
				c.mapTokens(y.Hand, y.M, y.S, y.GY, y.RM, y.Deck, y.Extra)
			}
		case strings.HasPrefix(l, "SEL "):
			c.sel = &coreSel{}
			if err := json.Unmarshal([]byte(l[4:]), c.sel); err != nil {
				return fmt.Errorf("core select: %v: %s", err, l)
			}
			c.trace = append(c.trace, "  SEL "+l[4:min(len(l), 400)])
			s := c.sel
			c.mapTokens(s.Summon, s.Spsummon, s.Repos, s.Mset, s.Sset, s.Act, s.Attack, s.Chains, s.Cards, s.Unselect)
			switch h := hints(c.sel); {
			case c.sel.Type != msgSelectChain:
				c.battleHint = false
			case h&timingBattlePhase != 0:
				c.battleHint = true
			case h != 0:
				c.battleHint = false
			}
			return nil
		case strings.HasPrefix(l, "END "):
			c.end = &coreEnd{}
			if err := json.Unmarshal([]byte(l[4:]), c.end); err != nil {
				return fmt.Errorf("core end: %v: %s", err, l)
			}
			c.trace = append(c.trace, "  END "+l[4:])
			return nil
		case strings.HasPrefix(l, "ERR "):
			return fmt.Errorf("core: %s", l[4:])
		default:
			return fmt.Errorf("core: unexpected line %q", l)
		}
	}
}

// event records one EV line: the turn and phase, and ygopro's random outcomes (`coin R...`,
// `dice R...`; a child built before these carried results prints bare `coin`/`dice`, which
// leaves Duelist's PRNG to decide).
func (c *core) event(ev string) {
	c.ev = append(c.ev, ev)
	c.trace = append(c.trace, "  "+ev)
	f := strings.Fields(ev)
	switch {
	case len(f) >= 2 && f[0] == "turn":
		c.turn++
	case len(f) >= 2 && f[0] == "phase":
		v, _ := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 32)
		c.phase = int(v)
	case f[0] == "attack":
		c.directAttack = strings.HasSuffix(ev, "-> 0/0/0")
	case f[0] == "random-selected":
		// con/loc/seq of each card, named from the field as ygopro last showed it
		type pick struct{ con, loc, seq int }
		var picks []pick
		whole := true // every card of the hand picked from: Duelist draws nothing then
		for _, r := range f[1:] {
			var con, loc, seq int
			if n, _ := fmt.Sscanf(r, "%d/%d/%d", &con, &loc, &seq); n != 3 {
				continue
			}
			picks = append(picks, pick{con, loc, seq})
			if loc != 2 || con < 0 || con > 1 || len(c.st.P[con].Hand) != len(f)-2 {
				whole = false
			}
		}
		// ygopro reports a "random" pick of the whole hand (Robbin' Goblin's discard from a hand
		// of 1 card); Duelist's Ctx.RandomCards takes them all without a draw, so it is not queued
		// (a stale pick was consumed by a later one: MRD 200 random duels, random-unsynced 33 -> 5).
		if whole {
			break
		}
		for _, p := range picks {
			c.picks = append(c.picks, pendingPick{at: len(c.randoms), con: p.con, loc: p.loc, seq: p.seq})
			c.randoms = append(c.randoms, randomOutcome{Kind: engine.RandomPick, Key: c.keyAt(p.con, p.loc, p.seq)})
		}
	case f[0] == "move" && len(f) >= 3 && len(c.picks) > 0:
		// The card a pick names is the one that then moves from its place: the last state is
		// stale after an earlier pick of the same answer moved a card (two Robbin' Goblins
		// discarding from one hand: seq 2 both times, two different cards).
		code, _ := strconv.Atoi(f[1])
		var con, seq int
		var loc uint
		if n, _ := fmt.Sscanf(strings.TrimPrefix(f[2], "from="), "%d/0x%x/%d", &con, &loc, &seq); n != 3 {
			break
		}
		for i, pk := range c.picks {
			if pk.con == con && pk.loc == int(loc) && pk.seq == seq {
				c.randoms[pk.at].Key = yKey(code, con, pk.loc, seq)
				c.picks = append(c.picks[:i], c.picks[i+1:]...)
				break
			}
		}
	case f[0] == "coin" || f[0] == "dice":
		kind := engine.RandomCoin
		if f[0] == "dice" {
			kind = engine.RandomDie
		}
		for _, r := range f[1:] {
			if strings.Contains(r, "=") {
				continue // player=N
			}
			v, err := strconv.Atoi(r)
			if err != nil {
				continue
			}
			if kind == engine.RandomCoin {
				v = 1 - v // ygopro: 1 heads, 0 tails
			} else {
				v-- // faces 1..6
			}
			c.randoms = append(c.randoms, randomOutcome{Kind: kind, Value: v})
		}
	}
}

// keyAt is the key of the card ygopro's last state shows at (con, loc, seq), or "" when it shows
// none there.
func (c *core) keyAt(con, loc, seq int) string {
	if con < 0 || con > 1 {
		return ""
	}
	p := &c.st.P[con]
	var l [][]int
	switch loc {
	case 1:
		l = p.Deck
	case 2:
		l = p.Hand
	case 4:
		l = p.M
	case 8:
		l = p.S
	case 0x10:
		l = p.GY
	case 0x20:
		l = p.RM
	case 0x40:
		l = p.Extra
	}
	if seq < 0 || seq >= len(l) || l[seq] == nil {
		return ""
	}
	return yKey(l[seq][0], con, loc, seq)
}

// mapTokens rewrites the token passcodes of ygopro's card lists (code first in each entry) to
// Duelist's (tokenCodes).
func (c *core) mapTokens(lists ...[][]int) {
	if len(c.tokenCodes) == 0 {
		return
	}
	for _, l := range lists {
		for _, e := range l {
			if len(e) > 0 {
				if d, ok := c.tokenCodes[e[0]]; ok {
					e[0] = d
				}
			}
		}
	}
}

// pendingPick is a random pick of ygopro's (c.randoms[at]) at con/loc/seq, named again by the
// move from that place that follows it.
type pendingPick struct{ at, con, loc, seq int }
