package decklib_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/decklib"
)

func TestTextRoundTrip(t *testing.T) {
	d := yugi40(t)
	d.Extra = []card.Passcode{23995346}
	d.Side = []card.Passcode{potOfGreed, potOfGreed}
	txt := decklib.Text(d, card.Pool())
	if !strings.HasPrefix(txt, "Main Deck (40)\n") || !strings.Contains(txt, "\nSide Deck (2)\n2 Pot of Greed\n") {
		t.Errorf("Text =\n%s", txt)
	}
	back, err := decklib.ParseText(txt, card.Pool())
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Main) != 40 || back.Count(darkMagician) != d.Count(darkMagician) || len(back.Extra) != 1 || len(back.Side) != 2 {
		t.Errorf("read back %+v", back)
	}
	for _, f := range decklib.Formats {
		out, err := decklib.Export(d, f, card.Pool())
		if err != nil {
			t.Fatal(err)
		}
		in, got, err := decklib.Import(out, card.Pool())
		if err != nil || got != f {
			t.Fatalf("Import(%s) = %s, %v", f, got, err)
		}
		if f != decklib.FormatText && !in.Equal(d) {
			t.Errorf("%s round trip changed the deck", f)
		}
	}
	if _, err := decklib.Export(d, "pdf", card.Pool()); !errors.Is(err, decklib.ErrInvalid) {
		t.Errorf("Export pdf: %v", err)
	}
}

func TestParseTextForms(t *testing.T) {
	src := "// my deck\n3x Dark Magician\nPot of Greed x2\n黑魔术师\n1 #55144522\nblue-eyes white dragon\n" +
		"Blue-Eyes Ultimate Dragon\n\nSide:\n2 Mystical Elf\n"
	d, err := decklib.ParseText(src, card.Pool())
	if err != nil {
		t.Fatal(err)
	}
	if d.Count(darkMagician) != 4 || d.Count(potOfGreed) != 3 || len(d.Extra) != 1 || len(d.Side) != 2 || len(d.Main) != 8 {
		t.Errorf("parsed %+v", d)
	}
	_, err = decklib.ParseText("3 Dark Magician\n2 Nobody Card\n0 Pot of Greed\n#99\n", card.Pool())
	for _, want := range []string{"line 2", "Nobody Card", "line 3", "line 4"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("errors = %v, want %q", err, want)
		}
	}
	if _, _, err := decklib.Import(" \n", card.Pool()); !errors.Is(err, decklib.ErrInvalid) {
		t.Errorf("an empty import: %v", err)
	}
	if _, f, err := decklib.Import("#main\n12345\n", card.Pool()); f != decklib.FormatYDK || !errors.Is(err, decklib.ErrInvalid) {
		t.Errorf("a bad .ydk: %s %v", f, err)
	}
}
