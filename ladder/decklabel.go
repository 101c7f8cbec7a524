package ladder

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/decks"
)

// DeckLabel names a deck for the win rates per deck: the name of the preconstructed deck it is
// (its cards in any order), or "deck-" and 8 hex digits of a hash of its sorted Main and Extra
// Decks, so that the same list always gets the same label.
func DeckLabel(main, extra []card.Passcode) string {
	m, x := sorted(main), sorted(extra)
	for _, name := range decks.Names() {
		d, err := decks.Get(name)
		if err == nil && slices.Equal(sorted(d.Main), m) && slices.Equal(sorted(d.Extra), x) {
			return name
		}
	}
	h := sha256.New()
	var b [4]byte
	for _, part := range [][]card.Passcode{m, x} {
		for _, p := range part {
			binary.LittleEndian.PutUint32(b[:], uint32(p))
			h.Write(b[:])
		}
		h.Write([]byte{0xff, 0xff, 0xff, 0xff}) // Main | Extra
	}
	return "deck-" + hex.EncodeToString(h.Sum(nil)[:4])
}

func sorted(ps []card.Passcode) []card.Passcode {
	out := slices.Clone(ps)
	slices.Sort(out)
	return out
}
