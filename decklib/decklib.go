// Package decklib keeps the players' saved decks: many named decks per account, each with its
// Main, Extra and Side Decks, its ruleset and its banlist, on the store (table saved_decks,
// migrations 00150-00199; the starter decks once per account: starter.go). A deck is checked when it is saved: its name, ruleset, banlist and
// cards must be known and its sections of a sane size, or nothing is written. Whether it is
// legal to play (the ruleset's construction rules, the banlist, the cards the player owns) is a
// separate verdict (Check), given with every deck, because a deck being built is saved before it
// is legal. Decks are read and written as .ydk files, ydke:// URLs and plain text lists
// (text.go). (Package decks is the preconstructed decks.)
package decklib

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/store"
)

// Owned gives the copies of each card an account owns. The collection service (package
// collection's ledger) satisfies it; decklib does not depend on how it is kept.
type Owned = catalog.Owned

// Limits of what may be saved.
const (
	MaxNameRunes   = 64  // a deck name's length
	MaxSection     = 100 // cards in one of Main, Extra, Side
	MaxDecks       = 100 // decks per account
	DefaultRuleset = "ocg"
)

// Errors the service returns; their messages are safe to show to the player.
var (
	// ErrInvalid wraps every rejected deck: a bad name, ruleset, banlist or card, or a section
	// too large. Nothing was written.
	ErrInvalid = errors.New("invalid deck")
	// ErrNotFound is a deck id that is not one of the account's decks.
	ErrNotFound = errors.New("no such deck")
	// ErrNameTaken is a name (compared case-insensitively) another of the account's decks has.
	ErrNameTaken = errors.New("you already have a deck of that name")
	// ErrTooMany is a new deck beyond MaxDecks.
	ErrTooMany = fmt.Errorf("you have %d decks, the most one may keep; delete one first", MaxDecks)
)

func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Saved is a saved deck.
type Saved struct {
	ID      int64
	Name    string
	Ruleset string // a ruleset id: ocg, classic, anime, kouhu
	Banlist string // a banlist name, or catalog.NoBanlist
	Deck    deck.Deck
	Created time.Time
	Updated time.Time
}

// Service is the saved decks of every account on one store.
type Service struct {
	db    *store.DB
	cat   *catalog.Index
	owned Owned
	now   func() time.Time
	// starters are the starter decks saved for an account once (WithStarters, starter.go).
	starters []string
}

// New returns the service. cat gives the cards and banlists decks are checked against; owned
// gives the player's cards for Check (nil: every card counts as owned, "free cards").
func New(db *store.DB, cat *catalog.Index, owned Owned) *Service {
	return &Service{db: db, cat: cat, owned: owned, now: time.Now}
}

// Catalog returns the index the service checks decks against.
func (s *Service) Catalog() *catalog.Index { return s.cat }

// Game returns the game whose cards a ruleset's decks hold: catalog.GameKouhu for kouhu,
// catalog.GamePool for the others.
func Game(rulesetID string) string {
	if rulesetID == "kouhu" {
		return catalog.GameKouhu
	}
	return catalog.GamePool
}

// DefaultBanlist is the banlist a deck of the ruleset gets when it names none: the index's
// default list, or none for kouhu (whose cards no banlist lists).
func (s *Service) DefaultBanlist(rulesetID string) string {
	if rulesetID == "kouhu" || s.cat.DefaultList() == nil {
		return catalog.NoBanlist
	}
	return s.cat.DefaultList().Name
}

// normalize checks d for saving and fills its defaults (ruleset ocg, the ruleset's default
// banlist); the error wraps ErrInvalid and says what is wrong.
func (s *Service) normalize(d *Saved) error {
	d.Name = strings.TrimSpace(d.Name)
	switch n := utf8.RuneCountInString(d.Name); {
	case !utf8.ValidString(d.Name):
		return invalidf("the deck name is not valid UTF-8")
	case n == 0:
		return invalidf("the deck needs a name")
	case n > MaxNameRunes:
		return invalidf("the deck name has %d characters; at most %d", n, MaxNameRunes)
	}
	if strings.ContainsFunc(d.Name, unicode.IsControl) {
		return invalidf("the deck name may not hold control characters")
	}
	if d.Ruleset == "" {
		d.Ruleset = DefaultRuleset
	}
	if _, err := ruleset.Get(d.Ruleset); err != nil {
		return invalidf("%v", strings.TrimPrefix(err.Error(), "ruleset: "))
	}
	if d.Banlist == "" {
		d.Banlist = s.DefaultBanlist(d.Ruleset)
	}
	if l, err := s.cat.List(d.Banlist); err != nil {
		return invalidf("%v", strings.TrimPrefix(err.Error(), "catalog: "))
	} else if l == nil {
		d.Banlist = catalog.NoBanlist
	}
	db := s.cat.DB(Game(d.Ruleset))
	for _, sec := range []struct {
		name  string
		cards []card.Passcode
	}{{"Main Deck", d.Deck.Main}, {"Extra Deck", d.Deck.Extra}, {"Side Deck", d.Deck.Side}} {
		if len(sec.cards) > MaxSection {
			return invalidf("the %s has %d cards; at most %d may be saved", sec.name, len(sec.cards), MaxSection)
		}
		for _, p := range sec.cards {
			if _, ok := db.ByPasscode(p); !ok {
				return invalidf("the %s holds %d, which is not a card of %s", sec.name, p, d.Ruleset)
			}
		}
	}
	return nil
}

// Check gives the verdict on d for the account acct (0 for a guest, who owns nothing and is
// checked as "free cards"): the ruleset's construction rules, d's banlist and, for a player, the
// copies owned. d's ruleset, banlist and cards must be valid (they are for a saved deck).
func (s *Service) Check(ctx context.Context, acct account.ID, d Saved) (deck.Legality, error) {
	if err := s.normalize(&d); err != nil {
		return deck.Legality{}, err
	}
	owned, err := s.ownedBy(ctx, acct)
	if err != nil {
		return deck.Legality{}, err
	}
	return s.check(d, owned), nil
}

// ownedBy returns the cards acct owns; nil (free cards) for a guest or without a collection.
func (s *Service) ownedBy(ctx context.Context, acct account.ID) (map[card.Passcode]int, error) {
	if acct == 0 || s.owned == nil {
		return nil, nil
	}
	owned, err := s.owned.Owned(ctx, acct)
	if err != nil {
		return nil, fmt.Errorf("decklib: reading the cards of account %d: %w", acct, err)
	}
	if owned == nil {
		owned = map[card.Passcode]int{}
	}
	return owned, nil
}

// check is Check on a normalized deck with the owned cards read.
func (s *Service) check(d Saved, owned map[card.Passcode]int) deck.Legality {
	rs, _ := ruleset.Get(d.Ruleset)
	list, _ := s.cat.List(d.Banlist)
	var bl *deck.Banlist
	if list != nil {
		bl = &list.Banlist
	}
	db := s.cat.DB(Game(d.Ruleset))
	l := deck.CheckOwned(d.Deck, db, rs, bl, owned)
	if rs.Kouhu() {
		l.Violations = kouhuViolations(d.Deck, l.Violations)
		return l
	}
	l.Violations = append(l.Violations, deck.Unimplemented(d.Deck, db, func(p card.Passcode) bool {
		c, ok := s.cat.Card(p)
		return !ok || !c.Unimplemented
	})...)
	return l
}

// RuleKouhu is the rule a Violation breaks for a kouhu deck rule (kouhu.Set.Validate's words).
const RuleKouhu = "kouhu"

// kouhuViolations checks a kouhu deck with kouhu's own deck rules (its evolution creatures live
// in the Extra Deck, which the card data cannot tell), keeping the not-owned verdicts of vs.
func kouhuViolations(d deck.Deck, vs []deck.Violation) []deck.Violation {
	ids := func(ps []card.Passcode) []kouhu.ID {
		out := make([]kouhu.ID, len(ps))
		for i, p := range ps {
			out[i] = kouhu.ID(p)
		}
		return out
	}
	var out []deck.Violation
	var illegal *kouhu.IllegalDeckError
	if err := kouhu.Cards().Validate(&kouhu.Deck{Name: "deck", Main: ids(d.Main), Extra: ids(d.Extra), Side: ids(d.Side)}); errors.As(err, &illegal) {
		for _, p := range illegal.Problems {
			out = append(out, deck.Violation{Rule: RuleKouhu, Msg: p})
		}
	} else if err != nil {
		out = append(out, deck.Violation{Rule: RuleKouhu, Msg: err.Error()})
	}
	for _, v := range vs {
		if v.Rule == deck.RuleNotOwned {
			out = append(out, v)
		}
	}
	return out
}
