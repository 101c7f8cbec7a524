package decklib

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/kouhu"
)

// WithStarters makes the service save the starter decks (collection.Economy.StarterDecks: decks
// of package decks by name, kouhu decks as "kouhu:<key>") as saved decks of an account the first
// time its decks are listed (GET /api/decks/), once per account (table saved_deck_starters): a
// new account finds them in the deck builder and in the lobby, and a starter deck deleted or
// renamed stays so. Each is named as the deck ("yugi", "dragons"), ruleset ocg with the default
// banlist (kouhu for a kouhu deck), and holds what that banlist allows: a card it forbids is left
// out, and copies beyond a limit (yugi's Monster Reborn and Change of Heart under duelist-2008),
// so that the deck is legal with the cards the account starts with. It returns s.
func (s *Service) WithStarters(names []string) *Service {
	s.starters = names
	return s
}

// starterDecks returns the starter decks to save, each normalized.
func (s *Service) starterDecks() ([]Saved, error) {
	var out []Saved
	for _, name := range s.starters {
		d := Saved{Name: name, Ruleset: DefaultRuleset}
		if key, ok := strings.CutPrefix(name, "kouhu:"); ok {
			kd, err := kouhu.LoadDeck(key)
			if err != nil {
				return nil, fmt.Errorf("decklib: starter deck %q: %w", name, err)
			}
			m, x := kd.Codes()
			d.Name, d.Ruleset, d.Banlist, d.Deck = key, "kouhu", catalog.NoBanlist, deck.Deck{Main: m, Extra: x}
		} else {
			dk, err := decks.Get(name)
			if err != nil {
				return nil, fmt.Errorf("decklib: starter deck %q: %w", name, err)
			}
			d.Deck = dk
		}
		if err := s.normalize(&d); err != nil {
			return nil, fmt.Errorf("decklib: starter deck %q: %w", name, err)
		}
		if l, err := s.cat.List(d.Banlist); err == nil && l != nil {
			d.Deck = withinBanlist(d.Deck, &l.Banlist)
		}
		out = append(out, d)
	}
	return out, nil
}

// ensureStarters saves the starter decks of acct if they never were (WithStarters). A name the
// account already uses is left as it is; the decks count towards MaxDecks.
func (s *Service) ensureStarters(ctx context.Context, acct account.ID) error {
	if len(s.starters) == 0 {
		return nil
	}
	var n int
	if err := s.db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM saved_deck_starters WHERE account_id = $1`,
		int64(acct)).Scan(&n); err != nil {
		return fmt.Errorf("decklib: looking up the starter decks of account %d: %w", acct, err)
	}
	if n > 0 {
		return nil
	}
	ds, err := s.starterDecks()
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO saved_deck_starters (account_id, at) VALUES ($1, $2)
			ON CONFLICT (account_id) DO NOTHING`, int64(acct), now)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k == 0 {
			return err // another request saved them
		}
		var have int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM saved_decks WHERE account_id = $1`, int64(acct)).Scan(&have); err != nil {
			return err
		}
		for _, d := range ds {
			if have >= MaxDecks {
				break
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO saved_decks (account_id, name, name_key, ruleset,
				banlist, main, extra, side, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (account_id, name_key) DO NOTHING`,
				int64(acct), d.Name, nameKey(d.Name), d.Ruleset, d.Banlist, codes(d.Deck.Main),
				codes(d.Deck.Extra), codes(d.Deck.Side), now)
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k > 0 {
				have++
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("decklib: saving the starter decks of account %d: %w", acct, err)
	}
	return nil
}

// withinBanlist returns d without the copies of each card beyond bl's limit (Main, then Extra,
// then Side keep the first copies).
func withinBanlist(d deck.Deck, bl *deck.Banlist) deck.Deck {
	seen := map[card.Passcode]int{}
	keep := func(ps []card.Passcode) []card.Passcode {
		var out []card.Passcode
		for _, p := range ps {
			if seen[p] < bl.Limit(p) {
				seen[p]++
				out = append(out, p)
			}
		}
		return out
	}
	return deck.Deck{Main: keep(d.Main), Extra: keep(d.Extra), Side: keep(d.Side)}
}
