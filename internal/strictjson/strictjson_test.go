package strictjson

import (
	"encoding/json"
	"strings"
	"testing"
)

type inner struct {
	Code int `json:"code"`
}

type base struct {
	Key string `json:"key"`
}

type body struct {
	base
	Name  string            `json:"name"`
	Count int               `json:"count,omitempty"`
	Cards []inner           `json:"cards"`
	Tags  map[string]string `json:"tags"`
	Raw   json.RawMessage   `json:"raw"`
	Any   any               `json:"any"`
	Plain string
	Gone  int `json:"-"`
}

// TestDecodeRefuses is issue 35's JSON bodies: duplicate keys, keys that match a field only by
// case-folding, trailing data, and unknown fields are refused, at any depth.
func TestDecodeRefuses(t *testing.T) {
	for name, c := range map[string]struct{ in, says string }{
		"duplicate key":        {`{"name":"a","name":"b"}`, `"name" is given twice`},
		"duplicate nested":     {`{"cards":[{"code":1,"code":2}]}`, `$.cards[0]: the key "code" is given twice`},
		"duplicate in a map":   {`{"tags":{"x":"1","x":"2"}}`, `"x" is given twice`},
		"duplicate in raw":     {`{"raw":{"a":1,"a":2}}`, `"a" is given twice`},
		"duplicate in any":     {`{"any":[{"a":1,"a":2}]}`, `"a" is given twice`},
		"case-folded key":      {`{"NAME":"a"}`, `the field is "name"`},
		"case-folded nested":   {`{"cards":[{"Code":1}]}`, `the field is "code"`},
		"case-folded promoted": {`{"KEY":"k"}`, `the field is "key"`},
		"unknown":              {`{"color":"red"}`, `unknown field "color"`},
		"dash field":           {`{"Gone":1}`, `unknown field "Gone"`},
		"trailing value":       {`{"name":"a"} {"name":"b"}`, "more than one JSON value"},
		"trailing garbage":     {`{"name":"a"}x`, ""},
		"not JSON":             {`{"name":`, ""},
	} {
		var b body
		err := Decode([]byte(c.in), &b)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: Decode(%s) = %v, want an error saying %q", name, c.in, err, c.says)
		}
	}
}

func TestDecodeAccepts(t *testing.T) {
	var b body
	in := `{"key":"k","name":"a","count":2,"cards":[{"code":1},{"code":2}],"tags":{"x":"1","y":"2"},
		"raw":{"free":[1,2]},"any":{"b":[true,null]},"Plain":"p"}`
	if err := Decode([]byte(in), &b); err != nil {
		t.Fatal(err)
	}
	if b.Key != "k" || b.Name != "a" || len(b.Cards) != 2 || b.Tags["y"] != "2" || b.Plain != "p" || string(b.Raw) != `{"free":[1,2]}` {
		t.Fatalf("decoded %+v", b)
	}
	var n int
	if err := Decode([]byte(" 7 \n"), &n); err != nil || n != 7 {
		t.Fatalf("a number with spaces around: %d, %v", n, err)
	}
}
