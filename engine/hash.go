package engine

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"

	"github.com/duelistgame/duelist/card"
)

// hashSkip names the fields of the duel's state that Hash leaves out, each with the reason. Every
// other field is hashed, found by reflection, so a field added to the state is hashed without
// anyone remembering to; TestHashCoversTheWholeState changes each field in turn and fails when the
// hash does not change.
var hashSkip = map[string]string{
	"game.db":             "the card database, fixed for the duel",
	"game.lib":            "the card behaviours, fixed for the duel",
	"game.rng":            "a view of pcg, whose state is hashed",
	"game.pcg":            "hashed by its binary form (it has no exported fields)",
	"game.negCache":       "a cache of values derived from the state",
	"game.negCacheAt":     "the cache's stamp",
	"game.contBy":         "derived from the cards' scripts (contCards by kind of effect)",
	"game.negSrcs":        "derived from the cards' scripts (which cards can negate)",
	"game.actCands":       "derived from the cards' places and actLocs (activation candidates)",
	"game.freshKinds":     "derived from fresh (the kinds of its events)",
	"game.resReady":       "derived from the cost cards' marks (how many can pay)",
	"game.contOn":         "derived from the cards' places and scripts (continuous effects on the field)",
	"game.negMods":        "a hint for the negation cache (a negating modifier was ever added)",
	"game.adjustedAt":     "a hint: the state-based rules already ran at this change stamp",
	"game.contFlagsAll":   "derived from the cards' scripts (the flags continuous effects give)",
	"game.modsHeld":       "a hint for the expiry sweeps (whether a card may hold a modifier)",
	"cardState.trigLocs":  "derived from the card's data and script (where its triggers work)",
	"cardState.actLocs":   "derived from the card's data and script (where it has effects to activate)",
	"game.bufs":           "the arrays the state's slices are carved from, hashed through them",
	"game.panicStack":     "diagnostics of an internal error",
	"game.extPool":        "scratch: cardExt records not handed out yet",
	"game.modPool":        "scratch: room for the cards' modifiers not handed out yet",
	"game.counterPool":    "scratch: room for the cards' counters not handed out yet",
	"game.subsetBuf":      "scratch: the group selections' sub-sets (selectgroup.go)",
	"game.ctxs":           "scratch contexts of the effect running now",
	"game.ctxDepth":       "the depth of those scratch contexts",
	"game.yield":          "the coroutine's hand-off",
	"game.selScratch":     "scratch space of selections",
	"game.listTop":        "scratch: the used part of listArena",
	"game.seatTop":        "scratch: the used part of seatArena",
	"game.listArena":      "scratch space of the card lists of card code",
	"game.seatArena":      "scratch space of the seat lists of card code",
	"game.waitBuf":        "scratch: chainTriggers' copy of the waiting triggers",
	"game.waitBusy":       "scratch: waitBuf is in use",
	"game.tgtPool":        "the arrays the chain links' targets are carved from, hashed through the links",
	"game.tgtMovesPool":   "the arrays the chain links' target moves are carved from, hashed through the links",
	"game.tgtTop":         "scratch: the used part of tgtPool",
	"game.answer":         "the answer being handed to the procedure, consumed at once",
	"game.modLive":        "derived from the cards' modifiers (how many each card is the source of)",
	"game.trigBy":         "derived from the cards' scripts (trigCards by the events their triggers answer)",
	"game.trigOn":         "derived from the cards' scripts (the events their triggers answer)",
	"game.events":         "the events of the last answer: output for the host, not state",
	"cardState.script":    "the card's behaviour, fixed by its data",
	"game.ruleData":       "the cards' ruleset data (Procedures.CardData), fixed by their data",
	"Rules.Procedures":    "the ruleset's procedures, fixed for the duel (its parameters are hashed)",
	"cardState.known":     "what the seats learned of the card (Determinize), not the position",
	"cardState.knownDeck": "what the seats learned of the card (Determinize), not the position",
}

// Hash returns a hash of the duel's whole state: every field of the state (zones, LP, turn,
// phase, each card's state with its once-per-turn uses, Set turns and active flags, the chain,
// pending triggers, modifiers, the PRNG's state, the pending prompt ...), apart from the fixed
// data and scratch space listed in hashSkip. Two duels with the same hash stand in the same
// position when they are at open states (Open); at a prompt inside a procedure, where the
// procedure is (which summon a tribute is being chosen for ...) lives on its coroutine's stack,
// not in the state, and two such prompts may hash alike with different futures.
func (d *Duel) Hash() uint64 {
	w := hashWriter{out: make([]byte, 0, 32<<10), fields: map[reflect.Type][]int{}}
	w.bool(d.pending)
	w.value(reflect.ValueOf(d.g).Elem())
	if b, err := d.g.pcg.MarshalBinary(); err == nil {
		w.out = append(w.out, b...)
	}
	h := fnv.New64a()
	h.Write(w.out)
	return h.Sum64()
}

// hashWriter writes the values of the state out, for one hash.
type hashWriter struct {
	out    []byte                 // the state written out, hashed at the end
	fields map[reflect.Type][]int // per struct type, the indices of the fields hashed
}

// hashedFields returns the indices of a struct type's fields that are not in hashSkip.
func (w *hashWriter) hashedFields(t reflect.Type) []int {
	if f, ok := w.fields[t]; ok {
		return f
	}
	var f []int
	for i := 0; i < t.NumField(); i++ {
		if _, skip := hashSkip[t.Name()+"."+t.Field(i).Name]; !skip {
			f = append(f, i)
		}
	}
	w.fields[t] = f
	return f
}

func (w *hashWriter) int(n int64) {
	w.out = binary.AppendVarint(w.out, n)
}

func (w *hashWriter) bool(b bool) {
	if b {
		w.int(1)
	} else {
		w.int(0)
	}
}

var (
	cardDataType = reflect.TypeOf((*card.Data)(nil))
	effectType   = reflect.TypeOf((*Effect)(nil))
	cardExtType  = reflect.TypeOf((*cardExt)(nil))
)

// value writes any value of the state: scalars, strings, slices, arrays, maps (in key order),
// structs (field by field, less hashSkip), pointers (a card's data by passcode, an effect by its
// number, a card's cardExt as its lists, nil as empty ones, others by what they point to). A kind
// the hash cannot write (a func, a channel, an interface) must be listed in hashSkip: it panics,
// so the test finds it.
func (w *hashWriter) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		w.bool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.int(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.int(int64(v.Uint()))
	case reflect.String:
		w.int(int64(v.Len()))
		w.out = append(w.out, v.String()...)
	case reflect.Slice, reflect.Array:
		w.int(int64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			w.value(v.Index(i))
		}
	case reflect.Map:
		w.int(int64(v.Len()))
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return compareKeys(a, b) })
		for _, k := range keys {
			w.value(k)
			w.value(v.MapIndex(k))
		}
	case reflect.Struct:
		for _, i := range w.hashedFields(v.Type()) {
			w.value(v.Field(i))
		}
	case reflect.Pointer:
		if v.Type() == cardExtType {
			// A card's rarely used lists: no record and a record of empty lists are the same state.
			if v.IsNil() {
				w.value(reflect.ValueOf(cardExt{}))
			} else {
				w.value(v.Elem())
			}
			return
		}
		if v.IsNil() {
			w.int(0)
			return
		}
		w.int(1)
		switch v.Type() {
		case cardDataType:
			w.int(int64(v.Elem().FieldByName("Passcode").Uint()))
		case effectType:
			w.int(v.Elem().FieldByName("index").Int())
		default:
			w.value(v.Elem())
		}
	default:
		panic(fmt.Sprintf("engine: Hash cannot write a %s (%s): list the field in hashSkip", v.Kind(), v.Type()))
	}
}

// compareKeys orders map keys (strings or integers) for hashing.
func compareKeys(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.String:
		switch {
		case a.String() < b.String():
			return -1
		case a.String() > b.String():
			return 1
		}
		return 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return int(min(max(a.Int()-b.Int(), -1), 1))
	}
	panic(fmt.Sprintf("engine: Hash cannot order map keys of kind %s", a.Kind()))
}
