package engine_test

import (
	"testing"

	"github.com/duelistgame/duelist/engine"
)

// FuzzParseOption feeds a text to the notation's parser (issue 34: every parser fuzzed) at a
// prompt of a duel of Normal Monster decks, reached by steps answers: the text is refused and the
// duel is unchanged, or it names a listed option, whose own text names it again and which the
// duel accepts. Seat A's own reading (ParseOptionFor) obeys the same rule.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{"summon Mystical Elf", "set 1", "end", "battle", "main2", "attack Dark Magician",
		"direct", "pass", "select ?@B:M2", "select Dark Magician@A:H3, ?@B:M1", "activate 2", "option 1",
		"yes", "no", "", "\x00", "select", "order 3", "\"unclosed"} {
		f.Add(uint64(1), uint8(0), s)
		f.Add(uint64(3), uint8(40), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, text string) {
		d, err := newVanilla(seed)()
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		for i := 0; i < int(steps) && d.Prompt() != nil; i++ {
			if err := d.AnswerIndex((i * 7) % len(d.Prompt().Options())); err != nil {
				t.Fatal(err)
			}
		}
		if d.Prompt() == nil {
			return
		}
		before := d.Hash()
		check := func(who string, o engine.Option, err error) {
			if err != nil {
				if d.Hash() != before {
					t.Fatalf("%s: refusing %q changed the duel", who, text)
				}
				return
			}
			listed := false
			for _, x := range d.Prompt().Options() {
				listed = listed || x == o
			}
			if !listed {
				t.Fatalf("%s: %q names an option the prompt does not list: %+v", who, text, o)
			}
			again, err := d.ParseOption(d.OptionText(o))
			if err != nil || again != o {
				t.Fatalf("%s: the option's own text %q reads %+v, %v; want %+v", who, d.OptionText(o), again, err, o)
			}
		}
		o, err := d.ParseOptionFor(d.Prompt().Seat, text)
		check("its seat", o, err)
		o, err = d.ParseOption(text)
		check("omniscient", o, err)
		if err == nil {
			if err := d.Answer(o); err != nil {
				t.Fatalf("%q names a listed option the duel refuses: %v", text, err)
			}
		}
	})
}
