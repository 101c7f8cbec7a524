package engine

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/duelistgame/duelist/card"
)

// TestHashCoversTheWholeState changes every field of the duel's state in turn (found by
// reflection: the game, each card's state, each player, and the structs inside them, a zero
// element added to an empty list so that its fields are reached too) and checks that the hash
// changes each time. A field added to the state that Hash cannot write, or that it leaves out
// without a reason in hashSkip, fails here.
func TestHashCoversTheWholeState(t *testing.T) {
	d, err := New(Config{Rules: OCG(), Seed: 5, Decks: [2]DeckList{{Main: normalDeck(1)}, {Main: normalDeck(2)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for i := 0; i < 12 && d.Prompt() != nil; i++ {
		if err := d.Answer(d.Prompt().Options()[0]); err != nil {
			t.Fatal(err)
		}
	}
	hc := hashCheck{t: t, d: d, depth: map[reflect.Type]int{}}
	hc.structFields(reflect.ValueOf(d.g).Elem(), "game")
	if hc.fields < 100 {
		t.Fatalf("only %d fields checked", hc.fields)
	}
	// The PRNG's state (hashed apart, by its binary form).
	before := d.Hash()
	saved, _ := d.g.pcg.MarshalBinary()
	d.g.pcg.Uint64()
	if d.Hash() == before {
		t.Error("drawing from the PRNG does not change Hash")
	}
	if err := d.g.pcg.UnmarshalBinary(saved); err != nil || d.Hash() != before {
		t.Fatalf("restoring the PRNG: %v", err)
	}
}

type hashCheck struct {
	t      *testing.T
	d      *Duel
	depth  map[reflect.Type]int
	fields int
}

// settable gives write access to a field, exported or not.
func settable(v reflect.Value) reflect.Value {
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

func (hc *hashCheck) structFields(v reflect.Value, path string) {
	typ := v.Type()
	if hc.depth[typ] >= 2 { // a struct type reached again deeper down: once is enough
		return
	}
	hc.depth[typ]++
	defer func() { hc.depth[typ]-- }()
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Name() + "." + typ.Field(i).Name
		if _, skip := hashSkip[name]; skip {
			continue
		}
		hc.field(settable(v.Field(i)), path+"."+typ.Field(i).Name)
	}
}

// field changes one field (restoring it after) and checks that the hash changes.
func (hc *hashCheck) field(f reflect.Value, path string) {
	t := hc.t
	hc.fields++
	orig := reflect.New(f.Type()).Elem()
	orig.Set(f)
	defer f.Set(orig)
	base := hc.d.Hash()
	changed := func(what string) {
		if hc.d.Hash() == base {
			t.Errorf("%s: %s does not change Hash", path, what)
		}
		base = hc.d.Hash()
	}
	switch f.Kind() {
	case reflect.Bool:
		f.SetBool(!f.Bool())
		changed("flipping it")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.SetInt(f.Int() + 1)
		changed("adding 1")
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f.SetUint(f.Uint() + 1)
		changed("adding 1")
	case reflect.String:
		f.SetString(f.String() + "x")
		changed("changing it")
	case reflect.Slice:
		f.Set(reflect.Append(f, reflect.Zero(f.Type().Elem())))
		changed("adding an element")
		hc.element(f.Index(f.Len()-1), path+"[last]")
	case reflect.Array:
		if f.Len() > 0 {
			hc.element(f.Index(0), path+"[0]")
		}
	case reflect.Map:
		if f.IsNil() {
			f.Set(reflect.MakeMap(f.Type()))
		}
		k := reflect.New(f.Type().Key()).Elem()
		if k.Kind() == reflect.String {
			k.SetString("hash-check")
		}
		v := reflect.New(f.Type().Elem()).Elem()
		f.SetMapIndex(k, v)
		changed("adding an entry")
	case reflect.Struct:
		hc.structFields(f, path)
	case reflect.Pointer:
		switch {
		case f.Type() == cardDataType:
			n := &card.Data{}
			if !f.IsNil() {
				*n = *f.Interface().(*card.Data)
			}
			n.Passcode++
			f.Set(reflect.ValueOf(n))
			changed("another card")
		case f.Type() == effectType:
			n := &Effect{}
			if !f.IsNil() {
				n.index = f.Interface().(*Effect).index
			}
			n.index++
			f.Set(reflect.ValueOf(n))
			changed("another effect")
		case f.Type() == cardExtType:
			// Hashed as its lists, nil as empty ones: each of its fields must change the hash.
			if f.IsNil() {
				f.Set(reflect.New(f.Type().Elem()))
			}
			hc.field(f.Elem(), path+"*")
		case f.IsNil():
			f.Set(reflect.New(f.Type().Elem()))
			changed("pointing it at a value")
			hc.field(f.Elem(), path+"*")
		default:
			hc.field(f.Elem(), path+"*")
			f.Set(reflect.Zero(f.Type()))
			changed("setting it to nil")
		}
	default:
		t.Errorf("%s: Hash cannot write a %s: list it in hashSkip with the reason", path, f.Kind())
	}
}

func (hc *hashCheck) element(e reflect.Value, path string) {
	if e.Kind() == reflect.Struct {
		hc.structFields(e, path)
		return
	}
	hc.field(e, path)
}

// BenchmarkHash measures Hash on a duel a few turns in.
func BenchmarkHash(b *testing.B) {
	d, err := New(Config{Rules: OCG(), Seed: 5, Decks: [2]DeckList{{Main: normalDeck(1)}, {Main: normalDeck(2)}}})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	for i := 0; i < 30 && d.Prompt() != nil; i++ {
		if err := d.Answer(d.Prompt().Options()[0]); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		d.Hash()
	}
}
