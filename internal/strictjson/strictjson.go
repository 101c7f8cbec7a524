// Package strictjson is the one JSON decoder of what clients send (the HTTP APIs' bodies, the
// WebSocket messages): exactly one value, no field the target does not have, no key given twice
// in an object, and no key that matches a field only by case-folding ("NAME" for "name", which
// encoding/json accepts). A body that two readers could read differently — a proxy taking the
// first "name", the server the last, or the decoder folding case where a logger does not — is
// refused instead (issue 35).
package strictjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
)

// Decode reads data into v (a pointer) strictly; the error says what is wrong and where.
func Decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := walk(dec, reflect.TypeOf(v), "$"); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value (data after the first)")
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

var (
	unmarshaler     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// walk reads one value from dec, checking its objects' keys against t (nil: any value, only
// duplicates are looked for).
func walk(dec *json.Decoder, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && (reflect.PointerTo(t).Implements(unmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) ||
		t.Kind() == reflect.Interface) {
		t = nil // its own decoding: only the keys' uniqueness is checked
	}
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '{':
		var fields map[string]reflect.Type
		var elem reflect.Type
		if t != nil {
			switch t.Kind() {
			case reflect.Struct:
				fields = fieldsOf(t)
			case reflect.Map:
				elem = t.Elem()
			}
		}
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			key, _ := kt.(string)
			if seen[key] {
				return fmt.Errorf("%s: the key %q is given twice", path, key)
			}
			seen[key] = true
			ft := elem
			if fields != nil {
				f, ok := fields[key]
				if !ok {
					return unknownField(path, key, fields)
				}
				ft = f
			}
			if err := walk(dec, ft, path+"."+key); err != nil {
				return err
			}
		}
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := walk(dec, elem, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// unknownField says a key is not a field, naming the field it folds to when there is one.
func unknownField(path, key string, fields map[string]reflect.Type) error {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return fmt.Errorf("%s: unknown field %q (the field is %q: keys are case-sensitive)", path, key, name)
		}
	}
	return fmt.Errorf("%s: unknown field %q", path, key)
}

var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// fieldsOf returns the JSON keys of a struct type and their types, as encoding/json names them
// (the json tag's name, or the field's; embedded structs' fields promoted; "-" and unexported
// fields left out).
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	m := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range fieldsOf(et) {
					if _, ok := m[k]; !ok {
						m[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = ft
	}
	fieldCache.Store(t, m)
	return m
}
