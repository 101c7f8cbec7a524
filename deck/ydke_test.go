package deck_test

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
)

// A URL computed independently (Python: base64 of struct.pack('<I', ...)).
const knownYDKE = "ydke://o6lXBaOpVwVKcEkD!fb2fAw==!!"

func TestYDKEKnown(t *testing.T) {
	want := deck.Deck{Main: []card.Passcode{blueEyes, blueEyes, potOfGreed}, Extra: []card.Passcode{junkWarrior}}
	got, err := deck.ParseYDKE(knownYDKE, card.Pool())
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Errorf("ParseYDKE = %v, want %v", got, want)
	}
	if url := want.YDKE(); url != knownYDKE {
		t.Errorf("YDKE() = %q, want %q", url, knownYDKE)
	}
	if url := (deck.Deck{}).YDKE(); url != "ydke://!!!" {
		t.Errorf("empty deck YDKE() = %q", url)
	}
}

func TestYDKERoundTrip(t *testing.T) {
	var all []card.Passcode
	for _, c := range card.Pool().All() {
		all = append(all, c.Passcode)
	}
	decks := []deck.Deck{
		{},
		{Main: []card.Passcode{kuriboh}},
		{Main: all[:60], Extra: all[60:75], Side: all[75:90]},
		{Side: []card.Passcode{utopia, utopia}},
	}
	for _, d := range decks {
		url := d.YDKE()
		got, err := deck.ParseYDKE(url, card.Pool())
		if err != nil {
			t.Errorf("ParseYDKE(%q): %v", url, err)
			continue
		}
		if !got.Equal(d) || got.YDKE() != url {
			t.Errorf("round trip of %q gave %v", url, got)
		}
		// The .ydk and ydke forms agree.
		fromYDK, err := deck.ParseYDK(strings.NewReader(d.YDK()), card.Pool())
		if err != nil || fromYDK.YDKE() != url {
			t.Errorf("YDK and YDKE disagree for %v: %v", d, err)
		}
	}
}

func TestParseYDKETolerant(t *testing.T) {
	for _, url := range []string{"  " + knownYDKE + "\r\n", "YDKE://o6lXBaOpVwVKcEkD!fb2fAw==!!"} {
		if _, err := deck.ParseYDKE(url, card.Pool()); err != nil {
			t.Errorf("ParseYDKE(%q): %v", url, err)
		}
	}
}

func TestParseYDKEErrors(t *testing.T) {
	tests := []struct{ name, url, wantErr string }{
		{"not ydke", "https://example.com/deck", `deck: "https://example.com/deck" is not a ydke:// URL`},
		{"no parts", "ydke://", "deck: ydke URL has 0 '!' separators; want 3"},
		{"two parts", "ydke://o6lXBQ==!!", "deck: ydke URL has 2 '!' separators; want 3"},
		{"four parts", "ydke://o6lXBQ==!!!!", "deck: ydke URL has 4 '!' separators; want 3"},
		{"no final bang", "ydke://o6lXBQ==!!o6lXBQ==", "deck: ydke URL lacks the '!' that ends its Side Deck part; is it truncated?"},
		{"text after final bang", "ydke://o6lXBQ==!!!x", "deck: ydke URL has 3 '!' separators; want 3"},
		{"truncated base64", "ydke://o6lXBaOpVw!!!", "deck: ydke Main Deck part is not valid base64: it ends early"},
		{"truncated base64 in extra", "ydke://!fb2fA!!", "deck: ydke Extra Deck part is not valid base64: it ends early"},
		{"bad character", "ydke://o6l*BQ==!!!", "deck: ydke Main Deck part is not valid base64: bad character 4"},
		{"partial passcode", "ydke://o6lXBaOp!!!", "deck: ydke Main Deck part holds 6 bytes, not a whole number of 4-byte passcodes"},
		{"unknown passcode", "ydke://o6lXBUBCDwA=!!!", "deck: ydke Main Deck card 2: unknown passcode 1000000"},
		{"unknown in side", "ydke://!!QEIPAA==!", "deck: ydke Side Deck card 1: unknown passcode 1000000"},
	}
	for _, tt := range tests {
		_, err := deck.ParseYDKE(tt.url, card.Pool())
		if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
			t.Errorf("%s: ParseYDKE(%q) error = %v, want prefix %q", tt.name, tt.url, err, tt.wantErr)
		}
	}
	// Every bad part is reported.
	_, err := deck.ParseYDKE("ydke://o6lXBaOp!fb2f*w==!QEIPAA==!", card.Pool())
	if err == nil || strings.Count(err.Error(), "\n") != 2 {
		t.Errorf("three bad parts gave %v", err)
	}
}
