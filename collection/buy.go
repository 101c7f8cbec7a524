package collection

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/pack"
)

// Purchase is a request to buy and open packs.
type Purchase struct {
	Product string `json:"product"`
	Count   int    `json:"count"` // 1, or 10 (a 10-pack, with its guarantees)
	Key     string `json:"key"`   // the idempotency key (16-64 of [A-Za-z0-9_-]), new per purchase
}

// Opening is what a purchase paid and brought.
type Opening struct {
	Op      int64             `json:"op"`
	Product string            `json:"product"`
	Count   int               `json:"count"`
	Paid    int64             `json:"paid"`  // gems
	Packs   [][]card.Passcode `json:"packs"` // each pack.PackSize cards, in slot order
	URDue   bool              `json:"urDue"` // the product's UR guarantee after this purchase
	// Replayed is true when the key had been used for this purchase before: nothing was bought
	// now, and this is the first purchase's result.
	Replayed bool `json:"replayed"`
	// AtMillis is when it was bought (Unix milliseconds), set by Openings.
	AtMillis int64 `json:"at,omitempty"`
}

// Buy buys and opens packs for acc: the gems are paid, the packs rolled on the server from the
// service's random source (crypto/rand in production) by the product's odds and guarantees
// (pack.Roller.Open, the UR guarantee kept per account and product), and every card added, all
// in one transaction with the ledger rows. A replayed key returns the first result and buys
// nothing; a key used for another request is ErrKeyReused; too few gems is an
// *InsufficientError. Nothing changes on an error.
func (s *Service) Buy(ctx context.Context, acc account.ID, p Purchase) (Opening, error) {
	if !keyPattern.MatchString(p.Key) {
		return Opening{}, ErrBadKey
	}
	prod, err := s.opts.Catalog.Product(p.Product)
	if err != nil {
		return Opening{}, badRequest("no product %q", p.Product)
	}
	if p.Count != 1 && p.Count != 10 {
		return Opening{}, badRequest("buy 1 pack or 10, not %d", p.Count)
	}
	a := int64(acc)
	if err := s.ensureStarter(ctx, a); err != nil {
		return Opening{}, err
	}
	unlock := s.lock(a)
	defer unlock()
	request := fmt.Sprintf("buy %s %d", prod.ID, p.Count)
	op, res, replayed, err := s.once(ctx, a, "buy", "key:"+p.Key, request, func(tx *sql.Tx) (any, []change, error) {
		price := int64(prod.Price) * int64(p.Count)
		// Pay first: a purchase without the gems stops before rolling anything.
		have, err := balance(ctx, tx, a, Gems, 0)
		if err != nil {
			return nil, nil, err
		}
		if have < price {
			return nil, nil, &InsufficientError{Asset: Gems, Need: price, Have: have}
		}
		own, err := owned(ctx, tx, a)
		if err != nil {
			return nil, nil, err
		}
		urDue, err := pity(ctx, tx, a, prod.ID)
		if err != nil {
			return nil, nil, err
		}
		o := pack.NewRoller(s.opts.Catalog, s.opts.NewSource()).Open(prod, p.Count, own, urDue)
		if o.URDue != urDue {
			if err := setPity(ctx, tx, a, prod.ID, o.URDue); err != nil {
				return nil, nil, err
			}
		}
		cs := []change{{asset: Gems, delta: -price}}
		for _, pk := range o.Packs {
			for _, c := range pk {
				cs = append(cs, change{asset: Cards, passcode: c, delta: 1})
			}
		}
		return Opening{Product: prod.ID, Count: p.Count, Paid: price, Packs: o.Packs, URDue: o.URDue}, cs, nil
	})
	if err != nil {
		var ie *InsufficientError
		if errors.As(err, &ie) || errors.Is(err, ErrKeyReused) {
			return Opening{}, err
		}
		return Opening{}, fmt.Errorf("collection: buying %d of %s for account %d: %w", p.Count, prod.ID, acc, err)
	}
	var out Opening
	if err := json.Unmarshal(res, &out); err != nil {
		return Opening{}, fmt.Errorf("collection: reading purchase %q of account %d: %w", p.Key, acc, err)
	}
	out.Op, out.Replayed = op, replayed
	return out, nil
}

// pity reads the UR guarantee of acc for a product.
func pity(ctx context.Context, q querier, acc int64, product string) (bool, error) {
	var due int
	err := q.QueryRowContext(ctx, `SELECT ur_due FROM collection_pity WHERE account_id = $1 AND product = $2`,
		acc, product).Scan(&due)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("collection: reading the UR guarantee of account %d for %s: %w", acc, product, err)
	}
	return due != 0, nil
}

// setPity writes the UR guarantee of acc for a product.
func setPity(ctx context.Context, tx *sql.Tx, acc int64, product string, due bool) error {
	v := 0
	if due {
		v = 1
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO collection_pity (account_id, product, ur_due) VALUES ($1, $2, $3)
		ON CONFLICT (account_id, product) DO UPDATE SET ur_due = excluded.ur_due`, acc, product, v); err != nil {
		return fmt.Errorf("collection: writing the UR guarantee of account %d for %s: %w", acc, product, err)
	}
	return nil
}

// Pity reports, per product id, whether acc's next 10-pack of it guarantees a UR.
func (s *Service) Pity(ctx context.Context, acc account.ID) (map[string]bool, error) {
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT product, ur_due FROM collection_pity WHERE account_id = $1`, int64(acc))
	if err != nil {
		return nil, fmt.Errorf("collection: reading the UR guarantees of account %d: %w", acc, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var p string
		var due int
		if err := rows.Scan(&p, &due); err != nil {
			return nil, fmt.Errorf("collection: reading the UR guarantees of account %d: %w", acc, err)
		}
		out[p] = due != 0
	}
	return out, rows.Err()
}

// Openings returns acc's purchases newest first, as recorded (what was paid, what came out):
// those with an operation id below before (0 for the newest), at most limit (1 to
// MaxLedgerPage).
func (s *Service) Openings(ctx context.Context, acc account.ID, before int64, limit int) ([]Opening, error) {
	limit = min(max(limit, 1), MaxLedgerPage)
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT id, result, at_ms FROM collection_ops
		WHERE account_id = $1 AND kind = 'buy' AND id < $2 ORDER BY id DESC LIMIT $3`, int64(acc), before, limit)
	if err != nil {
		return nil, fmt.Errorf("collection: reading the purchases of account %d: %w", acc, err)
	}
	defer rows.Close()
	out := []Opening{}
	for rows.Next() {
		var o Opening
		var id, at int64
		var res string
		if err := rows.Scan(&id, &res, &at); err != nil {
			return nil, fmt.Errorf("collection: reading the purchases of account %d: %w", acc, err)
		}
		if err := json.Unmarshal([]byte(res), &o); err != nil {
			return nil, fmt.Errorf("collection: reading purchase %d of account %d: %w", id, acc, err)
		}
		o.Op, o.AtMillis = id, at
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("collection: reading the purchases of account %d: %w", acc, err)
	}
	return out, nil
}
