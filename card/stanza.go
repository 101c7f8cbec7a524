package card

import (
	"fmt"
	"strings"
)

// Entry is one line "key value" of a card file.
type Entry struct {
	Key, Value string
	Line       int // 1-based
}

// Stanza is a block of fields of a card file, between blank lines: a set's header or one card.
type Stanza struct {
	Fields []Entry
	Line   int // the line of its first field
}

// Get returns the value of the field key and whether the stanza has it.
func (s Stanza) Get(key string) (string, bool) {
	for _, f := range s.Fields {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// ReadStanzas splits a card file into stanzas (docs/cards.md "The card files"): lines
// "key value" (the key is the line's first word, the value the rest after the spaces or tabs that
// follow it), stanzas separated by blank lines, '#' lines comments. name is the file's name for
// errors. A key given twice in a stanza, a key without a value and a line that starts with white
// space are errors that name the line.
func ReadStanzas(name, text string) ([]Stanza, error) {
	var (
		out []Stanza
		cur *Stanza
	)
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimRight(line, " \t\r")
		switch {
		case line == "":
			cur = nil
			continue
		case strings.HasPrefix(line, "#"):
			continue
		case line[0] == ' ' || line[0] == '\t':
			return nil, fmt.Errorf("%s line %d: a line starts with its key, not with white space", name, n)
		}
		key, value := line, ""
		if j := strings.IndexAny(line, " \t"); j >= 0 {
			key, value = line[:j], strings.TrimSpace(line[j:])
		}
		if value == "" {
			return nil, fmt.Errorf("%s line %d: %s has no value (leave the line out instead)", name, n, key)
		}
		if cur == nil {
			out = append(out, Stanza{Line: n})
			cur = &out[len(out)-1]
		}
		if _, dup := cur.Get(key); dup {
			return nil, fmt.Errorf("%s line %d: %s is given twice in one stanza", name, n, key)
		}
		cur.Fields = append(cur.Fields, Entry{Key: key, Value: value, Line: n})
	}
	return out, nil
}
