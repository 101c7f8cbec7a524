package collection

import (
	"context"
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
)

// Wallet is an account's currency and crafting points.
type Wallet struct {
	Gems   int64                 `json:"gems"`
	Points map[card.Rarity]int64 `json:"points"` // crafting points by rarity
}

// Wallet returns acc's gems and crafting points (granting the starter collection first if the
// account never had it).
func (s *Service) Wallet(ctx context.Context, acc account.ID) (Wallet, error) {
	a := int64(acc)
	if err := s.ensureStarter(ctx, a); err != nil {
		return Wallet{}, err
	}
	w := Wallet{Points: map[card.Rarity]int64{}}
	rows, err := s.db.SQL().QueryContext(ctx, `SELECT asset, amount FROM collection_balances
		WHERE account_id = $1 AND asset <> $2`, a, string(Cards))
	if err != nil {
		return Wallet{}, fmt.Errorf("collection: reading the wallet of account %d: %w", a, err)
	}
	defer rows.Close()
	for _, r := range card.Rarities {
		w.Points[r] = 0
	}
	for rows.Next() {
		var asset string
		var n int64
		if err := rows.Scan(&asset, &n); err != nil {
			return Wallet{}, fmt.Errorf("collection: reading the wallet of account %d: %w", a, err)
		}
		if Asset(asset) == Gems {
			w.Gems = n
			continue
		}
		for _, r := range card.Rarities {
			if PointsOf(r) == Asset(asset) {
				w.Points[r] = n
			}
		}
	}
	if err := rows.Err(); err != nil {
		return Wallet{}, fmt.Errorf("collection: reading the wallet of account %d: %w", a, err)
	}
	return w, nil
}

// Owned returns how many copies of each card acc owns (cards it has none of are absent).
func (s *Service) Owned(ctx context.Context, acc account.ID) (map[card.Passcode]int, error) {
	if err := s.ensureStarter(ctx, int64(acc)); err != nil {
		return nil, err
	}
	return owned(ctx, s.db.SQL(), int64(acc))
}

// MaxLedgerPage is the most entries one Ledger call returns.
const MaxLedgerPage = 200

// Ledger returns acc's ledger entries newest first: those with an id below before (0 for the
// newest), at most limit (1 to MaxLedgerPage).
func (s *Service) Ledger(ctx context.Context, acc account.ID, before int64, limit int) ([]Entry, error) {
	limit = min(max(limit, 1), MaxLedgerPage)
	q := `SELECT l.id, l.op_id, o.kind, l.asset, l.passcode, l.delta, o.at_ms
		FROM collection_ledger l JOIN collection_ops o ON o.id = l.op_id
		WHERE l.account_id = $1`
	args := []any{int64(acc)}
	if before > 0 {
		q += ` AND l.id < $3`
		args = append(args, limit, before)
	} else {
		args = append(args, limit)
	}
	q += ` ORDER BY l.id DESC LIMIT $2`
	rows, err := s.db.SQL().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("collection: reading the ledger of account %d: %w", acc, err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var asset string
		var p int64
		if err := rows.Scan(&e.ID, &e.Op, &e.Kind, &asset, &p, &e.Delta, &e.AtMillis); err != nil {
			return nil, fmt.Errorf("collection: reading the ledger of account %d: %w", acc, err)
		}
		e.Asset, e.Passcode = Asset(asset), card.Passcode(p)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("collection: reading the ledger of account %d: %w", acc, err)
	}
	return out, nil
}

// Audit checks that every materialised balance of acc equals the sum of its ledger rows, and
// that no sum is negative; the error lists every difference.
func (s *Service) Audit(ctx context.Context, acc account.ID) error {
	type key struct {
		asset string
		p     int64
	}
	read := func(q string) (map[key]int64, error) {
		rows, err := s.db.SQL().QueryContext(ctx, q, int64(acc))
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		m := map[key]int64{}
		for rows.Next() {
			var k key
			var n int64
			if err := rows.Scan(&k.asset, &k.p, &n); err != nil {
				return nil, err
			}
			if n != 0 {
				m[k] = n
			}
		}
		return m, rows.Err()
	}
	sums, err := read(`SELECT asset, passcode, SUM(delta) FROM collection_ledger WHERE account_id = $1 GROUP BY asset, passcode`)
	if err != nil {
		return fmt.Errorf("collection: auditing account %d: %w", acc, err)
	}
	bals, err := read(`SELECT asset, passcode, amount FROM collection_balances WHERE account_id = $1`)
	if err != nil {
		return fmt.Errorf("collection: auditing account %d: %w", acc, err)
	}
	var bad []string
	for k, n := range sums {
		if n < 0 {
			bad = append(bad, fmt.Sprintf("%s %d: the ledger sums to %d", k.asset, k.p, n))
		}
		if bals[k] != n {
			bad = append(bad, fmt.Sprintf("%s %d: balance %d, ledger sum %d", k.asset, k.p, bals[k], n))
		}
	}
	for k, n := range bals {
		if _, ok := sums[k]; !ok {
			bad = append(bad, fmt.Sprintf("%s %d: balance %d, no ledger rows", k.asset, k.p, n))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("collection: account %d's balances differ from its ledger: %s", acc, strings.Join(bad, "; "))
	}
	return nil
}
