package server

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
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
//   - A preconstructed deck is played as printed, by anyone, in an unrated room: the Starter Decks
//     are the house's decks (some predate the banlist, as the AI's deck does). Rated play (quick
//     match, a room offering a rated duel, a rated rematch) keeps the banlist with every deck,
//     the preconstructed ones included (loadRatedDeck, issue 33): yugi-legal and kaiba-legal are
//     the Starter Decks kept to the default list, and rated play's default decks.
//   - A pasted deck (.ydk, ydke://) must keep the room's banlist (none for BanlistNone).
//   - Unless the room is free cards, a logged-in player's pasted deck must be owned
//     (Options.Owned, deck.CheckOwned); a guest owns no cards, so a guest pastes decks only in a
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
	Name  string   `json:"name"`
	Date  string   `json:"date,omitempty"` // the day it takes effect, 2008-09-01
	Decks []string `json:"decks"`          // the preconstructed decks that keep it: those rated play under it takes
}

// banlistInfos lists the server's banlists, the default first (deck.DefaultBanlists); worked out
// once (every welcome sends it, and reads it only).
var banlistInfos = sync.OnceValue(func() []banlistInfo {
	var out []banlistInfo
	bls := shippedBanlists()
	for i := range bls {
		b := &bls[i]
		out = append(out, banlistInfo{Name: b.Name, Date: b.Date, Decks: legalPrecons(b)})
	}
	return out
})

// The default preconstructed decks of rated play, which keep the default banlist (decks).
const (
	ratedDeckA = "yugi-legal"
	ratedDeckB = "kaiba-legal"
)

// legalPrecons lists the preconstructed decks (decks.Names) that are legal ocg decks under bl and
// hold only cards the engine plays, in name order.
func legalPrecons(bl *deck.Banlist) []string {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		panic(err) // the ruleset is compiled in
	}
	out := []string{}
	for _, n := range decks.Names() {
		d, err := decks.Get(n)
		if err == nil && len(deck.Validate(d, card.Pool(), rs, bl)) == 0 && len(deck.Unimplemented(d, card.Pool(), cards.Implemented)) == 0 {
			out = append(out, n)
		}
	}
	return out
}

// loadRatedDeck is loadFullDeck for rated play: a preconstructed deck (def when dc is nil) must
// keep the banlist bl too, which unrated play does not ask of it. The error names the cards the
// list refuses and the preconstructed decks that keep it.
func loadRatedDeck(dc *DeckChoice, rs ruleset.Ruleset, def string, bl *deck.Banlist) (deck.Deck, error) {
	dk, err := loadFullDeck(dc, rs, def, bl)
	if err != nil || bl == nil || rs.Kouhu() || (dc != nil && dc.Precon == "") {
		return dk, err // a pasted deck was checked against bl; kouhu plays its own cards
	}
	name := def
	if dc != nil {
		name = dc.Precon
	}
	if vs := deck.Validate(dk, card.Pool(), rs, bl); len(vs) > 0 {
		msgs := make([]string, len(vs))
		for i, v := range vs {
			msgs[i] = v.String()
		}
		return deck.Deck{}, fmt.Errorf("rated play keeps banlist %s, and the preconstructed deck %q does not (%s): choose one that does (%s), or play unrated",
			bl.Name, name, strings.Join(msgs, "; "), strings.Join(legalPrecons(bl), ", "))
	}
	return dk, nil
}

// keepsBanlist checks a seated deck (Main, Extra and Side) against the room's banlist, as rated
// play asks; nil when it keeps it, or the room plays none, or kouhu.
func (r *Room) keepsBanlist(d engine.DeckList, side []card.Passcode) error {
	bl := r.cfg.decks.bl
	if bl == nil || r.cfg.ruleset.Kouhu() {
		return nil
	}
	vs := deck.Validate(deck.Deck{Main: d.Main, Extra: d.Extra, Side: side}, card.Pool(), r.cfg.ruleset, bl)
	if len(vs) == 0 {
		return nil
	}
	msgs := make([]string, len(vs))
	for i, v := range vs {
		msgs[i] = v.String()
	}
	return fmt.Errorf("rated play keeps banlist %s, and the deck does not (%s): decks that do are %s",
		bl.Name, strings.Join(msgs, "; "), strings.Join(legalPrecons(bl), ", "))
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
// the seat's preconstructed deck when dc is nil; rated (a room offering a rated duel) holds a
// preconstructed deck to the banlist too (loadRatedDeck).
func (h *Hub) seatFullDeck(c *Conn, dc *DeckChoice, rs ruleset.Ruleset, rd roomDecks, def string, rated bool) (deck.Deck, *protoError) {
	load := loadFullDeck
	if rated {
		load = loadRatedDeck
	}
	dl, err := load(dc, rs, def, rd.bl)
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
	l := deck.CheckOwned(dl, card.Pool(), rs, nil, owned)
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

// teamDeck is one member's deck of a tag team, as tagTeamCheck reads it.
type teamDeck struct {
	name   string // the player's name, as the refusal says it
	deck   engine.DeckList
	side   []card.Passcode
	pasted bool // a pasted deck (.ydk, ydke), not a preconstructed one
}

// tagTeamCheck checks the two decks of a tag team in a room with the configuration cfg: a team
// shares the banlist's limits (seed 002, RULES.md "Tag duel": limited cards count per team,
// deck.ValidateTeam). Each deck was checked on its own when it was brought (roomDecks), so only
// the per-team counts are checked here. A preconstructed deck is played as printed in an unrated
// room, so two of them are not checked; a pasted deck keeps the banlist counted with its
// partner's deck, whatever that is. The error deck names every card over its limit and both
// players; nil when the team keeps them, the room plays no banlist, or kouhu.
func tagTeamCheck(cfg roomConfig, a, b teamDeck) *protoError {
	bl := cfg.decks.bl
	if bl == nil || cfg.ruleset.Kouhu() || (!a.pasted && !b.pasted) {
		return nil
	}
	full := func(t teamDeck) deck.Deck { return deck.Deck{Main: t.deck.Main, Extra: t.deck.Extra, Side: t.side} }
	var msgs []string
	for _, v := range deck.ValidateTeam(full(a), full(b), [2]string{a.name, b.name}, card.Pool(), cfg.ruleset, bl) {
		if v.Rule == deck.RuleTeamBanlist {
			msgs = append(msgs, v.Msg)
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return perr(ErrDeck, "%s", strings.Join(msgs, "; "))
}
