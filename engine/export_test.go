package engine

import (
	"fmt"
	"reflect"
	"slices"
	"unsafe"
)

// SharedMemory lists the places where two duels' states share mutable memory (a slice's array, a
// map, a pointer other than to immutable data): a copy made by Clone must share none.
func SharedMemory(a, b *Duel) []string {
	var out []string
	sharedMemory(reflect.ValueOf(a.g).Elem(), reflect.ValueOf(b.g).Elem(), "game", &out)
	return out
}

// immutable names the pointer types whose targets never change during a duel.
var immutable = map[string]bool{"*card.Data": true, "*engine.Effect": true, "*engine.Script": true,
	"*kouhu.Card": true, "*card.DB": true}

func sharedMemory(a, b reflect.Value, path string, out *[]string) {
	switch a.Kind() {
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
		for i := 0; i < a.Len() && i < b.Len(); i++ {
			sharedMemory(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			sharedMemory(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() || immutable[a.Type().String()] || a.Type().String() == "*engine.game" {
			return // the back pointer of a Ctx to its game is walked from the root
		}
		if a.Type().Elem().Size() == 0 {
			return // a zero-size value holds nothing to share (kouhu's procedures)
		}
		if a.Pointer() == b.Pointer() {
			*out = append(*out, path)
			return
		}
		sharedMemory(a.Elem(), b.Elem(), path, out)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			name := a.Type().Field(i).Name
			switch a.Type().String() + "." + name {
			case "engine.game.lib", "engine.game.yield", "engine.game.db", "engine.game.ruleData":
				continue // the library is immutable; the hand-off is a func; ruleData is copied on write (redeal)
			}
			sharedMemory(a.Field(i), b.Field(i), path+"."+name, out)
		}
	case reflect.Interface:
		if !a.IsNil() && !b.IsNil() {
			sharedMemory(a.Elem(), b.Elem(), path, out)
		}
	}
}

// AnswersSinceOpen returns how many answers a duel that keeps its open states has been given since
// the last one (what Clone replays).
func AnswersSinceOpen(d *Duel) int {
	if d.track == nil {
		return 0
	}
	return len(d.track.answers)
}

// StateBytes returns the bytes of a duel's game value and its cards: what Clone must copy at the
// least.
func StateBytes(d *Duel) int {
	return int(unsafe.Sizeof(*d.g)) + len(d.g.cards)*int(unsafe.Sizeof(cardState{}))
}

// HiddenCount returns how many cards of owner o seat s cannot see.
func HiddenCount(d *Duel, s, o Seat) int {
	n := 0
	for i := range d.g.cards {
		if d.g.cards[i].owner == o && !d.g.visibleTo(CardID(i), s) {
			n++
		}
	}
	return n
}

// OwnedCodes lists, per owner and sorted, the passcodes of every card of the duel.
func OwnedCodes(d *Duel) []string {
	var out []string
	for i := range d.g.cards {
		c := &d.g.cards[i]
		out = append(out, fmt.Sprintf("%d:%d", c.owner, c.data.Passcode))
	}
	slices.Sort(out)
	return out
}

// HandOf and DeckOf write a seat's hand (sorted) and Deck (in order) as text.
func HandOf(d *Duel, s Seat) string {
	var out []int
	for _, id := range d.g.pl(s).hand {
		out = append(out, int(d.g.c(id).data.Passcode))
	}
	slices.Sort(out)
	return fmt.Sprint(out)
}

// DeckOf writes a seat's Deck, bottom first, as text.
func DeckOf(d *Duel, s Seat) string {
	var out []int
	for _, id := range d.g.pl(s).deck {
		out = append(out, int(d.g.c(id).data.Passcode))
	}
	return fmt.Sprint(out)
}

// WatchListsMatch reports whether the lists of cards the kernel watches (triggers, continuous
// effects, activations, checks, Graveyard activations) are those the cards' scripts give.
func WatchListsMatch(d *Duel) bool {
	g := d.g
	want := *g
	want.trigCards, want.contCards, want.actCards, want.checkCards = nil, nil, nil, nil
	want.gyActs = [MaxSeats]int{}
	for i := range g.cards {
		want.watch(CardID(i))
	}
	return slices.Equal(want.trigCards, g.trigCards) && slices.Equal(want.contCards, g.contCards) &&
		slices.Equal(want.actCards, g.actCards) && slices.Equal(want.checkCards, g.checkCards) &&
		want.gyActs == g.gyActs
}
