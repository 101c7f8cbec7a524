package decklib

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/store"
)

// nameKey is the case-folded name that must be unique per account.
func nameKey(name string) string { return strings.ToLower(name) }

// codes writes a section as the table keeps it: passcodes separated by single spaces.
func codes(ps []card.Passcode) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatUint(uint64(p), 10))
	}
	return b.String()
}

// parseCodes reads a section of the table; a malformed one is corrupt data, reported.
func parseCodes(s string) ([]card.Passcode, error) {
	var out []card.Passcode
	for _, f := range strings.Fields(s) {
		n, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not a passcode", f)
		}
		out = append(out, card.Passcode(n))
	}
	return out, nil
}

const columns = `id, name, ruleset, banlist, main, extra, side, created_at, updated_at`

type scanner interface{ Scan(dest ...any) error }

func scanDeck(row scanner) (Saved, error) {
	var d Saved
	var main, extra, side string
	var created, updated int64
	if err := row.Scan(&d.ID, &d.Name, &d.Ruleset, &d.Banlist, &main, &extra, &side, &created, &updated); err != nil {
		return Saved{}, err
	}
	var err error
	for _, s := range []struct {
		to  *[]card.Passcode
		src string
	}{{&d.Deck.Main, main}, {&d.Deck.Extra, extra}, {&d.Deck.Side, side}} {
		if *s.to, err = parseCodes(s.src); err != nil {
			return Saved{}, fmt.Errorf("decklib: deck %d is corrupt: %w", d.ID, err)
		}
	}
	d.Created, d.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	return d, nil
}

// List returns the account's decks, by name.
func (s *Service) List(ctx context.Context, acct account.ID) ([]Saved, error) {
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT `+columns+` FROM saved_decks
		WHERE account_id = $1 ORDER BY name_key, id`, int64(acct))
	if err != nil {
		return nil, fmt.Errorf("decklib: listing the decks of account %d: %w", acct, err)
	}
	defer rows.Close()
	out := []Saved{}
	for rows.Next() {
		d, err := scanDeck(rows)
		if err != nil {
			return nil, fmt.Errorf("decklib: listing the decks of account %d: %w", acct, err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("decklib: listing the decks of account %d: %w", acct, err)
	}
	return out, nil
}

// Get returns one of the account's decks, or ErrNotFound.
func (s *Service) Get(ctx context.Context, acct account.ID, id int64) (Saved, error) {
	d, err := scanDeck(s.db.SQL().QueryRowContext(ctx, `SELECT `+columns+` FROM saved_decks
		WHERE id = $1 AND account_id = $2`, id, int64(acct)))
	if errors.Is(err, sql.ErrNoRows) {
		return Saved{}, ErrNotFound
	}
	if err != nil {
		return Saved{}, fmt.Errorf("decklib: reading deck %d: %w", id, err)
	}
	return d, nil
}

// Create saves d as a new deck of the account and returns it with its id and times. A bad deck
// is an ErrInvalid error; a name the account already uses ErrNameTaken; a deck beyond MaxDecks
// ErrTooMany. Nothing is written on an error.
func (s *Service) Create(ctx context.Context, acct account.ID, d Saved) (Saved, error) {
	if err := s.normalize(&d); err != nil {
		return Saved{}, err
	}
	now := s.now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM saved_decks WHERE account_id = $1`, int64(acct)).Scan(&n); err != nil {
			return err
		}
		if n >= MaxDecks {
			return ErrTooMany
		}
		return tx.QueryRowContext(ctx, `INSERT INTO saved_decks (account_id, name, name_key, ruleset,
			banlist, main, extra, side, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
			int64(acct), d.Name, nameKey(d.Name), d.Ruleset, d.Banlist, codes(d.Deck.Main),
			codes(d.Deck.Extra), codes(d.Deck.Side), now).Scan(&d.ID)
	})
	switch {
	case errors.Is(err, ErrTooMany):
		return Saved{}, err
	case store.IsUniqueViolation(err):
		return Saved{}, ErrNameTaken
	case err != nil:
		return Saved{}, fmt.Errorf("decklib: saving a deck of account %d: %w", acct, err)
	}
	d.Created, d.Updated = time.UnixMilli(now), time.UnixMilli(now)
	return d, nil
}

// Update replaces the deck id of the account with d (name, ruleset, banlist and cards) and
// returns it. Errors as Create's, and ErrNotFound.
func (s *Service) Update(ctx context.Context, acct account.ID, id int64, d Saved) (Saved, error) {
	if err := s.normalize(&d); err != nil {
		return Saved{}, err
	}
	now := s.now().UnixMilli()
	var out Saved
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE saved_decks SET name = $1, name_key = $2, ruleset = $3,
			banlist = $4, main = $5, extra = $6, side = $7, updated_at = $8 WHERE id = $9 AND account_id = $10`,
			d.Name, nameKey(d.Name), d.Ruleset, d.Banlist, codes(d.Deck.Main), codes(d.Deck.Extra),
			codes(d.Deck.Side), now, id, int64(acct))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		out, err = scanDeck(tx.QueryRowContext(ctx, `SELECT `+columns+` FROM saved_decks WHERE id = $1`, id))
		return err
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return Saved{}, err
	case store.IsUniqueViolation(err):
		return Saved{}, ErrNameTaken
	case err != nil:
		return Saved{}, fmt.Errorf("decklib: saving deck %d: %w", id, err)
	}
	return out, nil
}

// Delete removes the deck id of the account, or returns ErrNotFound.
func (s *Service) Delete(ctx context.Context, acct account.ID, id int64) error {
	res, err := s.db.SQL().ExecContext(ctx, `DELETE FROM saved_decks WHERE id = $1 AND account_id = $2`, id, int64(acct))
	if err != nil {
		return fmt.Errorf("decklib: deleting deck %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("decklib: deleting deck %d: %w", id, err)
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}
