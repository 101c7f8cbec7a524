package engine

import (
	"fmt"
	"reflect"
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
		if a.Pointer() == b.Pointer() {
			*out = append(*out, path)
			return
		}
		sharedMemory(a.Elem(), b.Elem(), path, out)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			name := a.Type().Field(i).Name
			switch a.Type().String() + "." + name {
			case "engine.game.lib", "engine.game.yield", "engine.game.db":
				continue // the library is immutable; the hand-off is a func
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
