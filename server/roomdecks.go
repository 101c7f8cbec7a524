package server

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// BanlistNone is the banlist name of a room that plays no banlist. Only a free-cards room may
// choose it (a room of owned cards always keeps a list: owning three Pot of Greed does not make
// them legal).
const BanlistNone = "none"

// roomDecks is the deck rules a room's host chose: the banlist every pasted deck is checked
// against and whether the room is "free cards" (any card of the pool, as in YGOPro) or plays
// owned cards only.
//
// The rules, for every seat's deck (create and join; a rematch keeps the decks):
//   - A preconstructed deck is played as printed, by anyone, in every room: the Starter Decks are
//     the house's decks (some predate the banlist, as the AI's deck does).
//   - A pasted deck (.ydk, ydke://) must keep the room's banlist (none for BanlistNone).
//   - Unless the room is free cards, a logged-in player's pasted deck must be owned
//     (Options.Owned, collection.Check); a guest owns no cards, so a guest pastes decks only in a
//     free-cards room and otherwise plays the preconstructed decks. A server without
//     Options.Owned (tests, a server without collections) checks no ownership.
type roomDecks struct {
	banlist   string        // the list's name, or BanlistNone
	bl        *deck.Banlist // nil for BanlistNone
	freeCards bool
}

// shippedBanlists are the lists the project ships (deck.DefaultBanlists), parsed once and shared
// by every room and deck check, which only read them (each room parsed its own copy before: 1 KB
// of maps a room for the collector to scan, issue 17).
var shippedBanlists = sync.OnceValue(deck.DefaultBanlists)

// defaultBanlist is the shared deck.DefaultBanlist.
func defaultBanlist() *deck.Banlist {
	b, err := deck.Pick(shippedBanlists(), deck.DefaultBanlistName)
	if err != nil {
		panic(err) // deck's tests rule it out
	}
	return b
}

// banlistInfo is a banlist a room may choose, as the welcome message lists it.
type banlistInfo struct {
	Name string `json:"name"`
	Date string `json:"date,omitempty"` // the day it takes effect, 2008-09-01
}

// banlistInfos lists the server's banlists, the default first (deck.DefaultBanlists).
func banlistInfos() []banlistInfo {
	var out []banlistInfo
	for _, b := range shippedBanlists() {
		out = append(out, banlistInfo{Name: b.Name, Date: b.Date})
	}
	return out
}

// newRoomDecks checks a create message's banlist and freeCards: "" is the default list.
func newRoomDecks(name string, free bool) (roomDecks, *protoError) {
	if name == "" {
		name = deck.DefaultBanlistName
	}
	rd := roomDecks{banlist: name, freeCards: free}
	if name == BanlistNone {
		if !free {
			return roomDecks{}, perr(ErrBadRequest, `banlist %q needs a free-cards room ("freeCards": true)`, BanlistNone)
		}
		return rd, nil
	}
	bl, err := deck.Pick(shippedBanlists(), name)
	if err != nil {
		return roomDecks{}, perr(ErrBadRequest, "%s; or %q in a free-cards room", strings.TrimPrefix(err.Error(), "deck: "), BanlistNone)
	}
	rd.bl = bl
	return rd, nil
}

// roomDecksOf gives back the deck rules of a room recovered from its duel log header; a header
// written before rooms chose them has the default list and owned cards.
func roomDecksOf(hd duels.Header) roomDecks {
	rd, e := newRoomDecks(hd.Banlist, hd.FreeCards)
	if e != nil { // a list the server no longer ships: the default one
		rd, _ = newRoomDecks("", hd.FreeCards)
	}
	return rd
}

// deckList is a deck without its Side Deck, as a duel plays it.
func deckList(d deck.Deck) engine.DeckList { return engine.DeckList{Main: d.Main, Extra: d.Extra} }

// seatFullDeck reads the deck a player brings to a seat of a room with the deck rules rd, Side
// Deck included (a best-of-3 match sides with it), and checks it against them (roomDecks). def is
// the seat's preconstructed deck when dc is nil.
func (h *Hub) seatFullDeck(c *Conn, dc *DeckChoice, rs ruleset.Ruleset, rd roomDecks, def string) (deck.Deck, *protoError) {
	dl, err := loadFullDeck(dc, rs, def, rd.bl)
	if err != nil {
		return deck.Deck{}, perr(ErrDeck, "%v", err)
	}
	if rd.freeCards || rs.Kouhu() || h.opts.Owned == nil || dc == nil || dc.Precon != "" {
		return dl, nil
	}
	if c.account == 0 {
		return deck.Deck{}, perr(ErrDeck, "this room plays owned cards and guests own none: "+
			"choose a preconstructed deck, log in, or play in a free-cards room")
	}
	ctx, cancel := context.WithTimeout(context.Background(), logTimeout)
	defer cancel()
	owned, err := h.opts.Owned(ctx, c.account)
	if err != nil {
		return deck.Deck{}, perr(ErrUnavailable, "your collection could not be read; try again")
	}
	if owned == nil {
		return dl, nil
	}
	l := collection.Check(dl, card.Pool(), rs, nil, owned)
	if l.Legal() {
		return dl, nil
	}
	const shown = 5
	names := make([]string, 0, shown)
	for i, m := range l.Missing {
		if i == shown {
			names = append(names, fmt.Sprintf("and %d more", len(l.Missing)-shown))
			break
		}
		names = append(names, fmt.Sprintf("%q x%d (you own %d)", m.Name, m.Need, m.Owned))
	}
	return deck.Deck{}, perr(ErrDeck, "this room plays owned cards (not free cards); your deck needs %s",
		strings.Join(names, ", "))
}
