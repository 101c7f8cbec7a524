package collection

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// Asset names a kind of thing a player holds: the currency, crafting points of one rarity, or
// cards (a card's row also names its passcode).
type Asset string

// The assets of a collection.
const (
	Gems     Asset = "gems"
	PointsN  Asset = "cp_n"
	PointsR  Asset = "cp_r"
	PointsSR Asset = "cp_sr"
	PointsUR Asset = "cp_ur"
	Cards    Asset = "card"
)

// PointsOf returns the crafting-point asset of rarity r ("" for NoRarity).
func PointsOf(r card.Rarity) Asset {
	switch r {
	case card.N:
		return PointsN
	case card.R:
		return PointsR
	case card.SR:
		return PointsSR
	case card.UR:
		return PointsUR
	}
	return ""
}

// Entry is one row of the ledger: a change of one asset of one account, part of one operation.
type Entry struct {
	ID       int64         `json:"id"`
	Op       int64         `json:"op"`
	Kind     string        `json:"kind"` // the operation's kind: starter, duel, daily, buy, craft, dismantle
	Asset    Asset         `json:"asset"`
	Passcode card.Passcode `json:"passcode,omitempty"`
	Delta    int64         `json:"delta"`
	AtMillis int64         `json:"at"`
}

// InsufficientError is an operation refused because the account holds less of an asset than it
// would spend. Nothing was changed.
type InsufficientError struct {
	Asset    Asset
	Passcode card.Passcode // for Cards
	Need     int64
	Have     int64
}

func (e *InsufficientError) Error() string {
	what := string(e.Asset)
	switch e.Asset {
	case Gems:
		what = "gems"
	case Cards:
		what = fmt.Sprintf("copies of card %d", e.Passcode)
	default:
		what = strings.ToUpper(strings.TrimPrefix(what, "cp_")) + " crafting points"
	}
	return fmt.Sprintf("not enough %s: this needs %d and you have %d", what, e.Need, e.Have)
}

// ErrInsufficient matches every *InsufficientError with errors.Is.
var ErrInsufficient = errors.New("not enough")

// Is makes errors.Is(err, ErrInsufficient) true.
func (e *InsufficientError) Is(target error) bool { return target == ErrInsufficient }

// change is one ledger row to write.
type change struct {
	asset    Asset
	passcode card.Passcode
	delta    int64
}

// newOp inserts the operation row and returns its id. A ref already used by the account is a
// unique violation (store.IsUniqueViolation).
func newOp(ctx context.Context, tx *sql.Tx, acc int64, kind, ref, request, result string, at int64) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO collection_ops (account_id, kind, ref, request, result, at_ms)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, acc, kind, ref, request, result, at).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("collection: recording %s %q of account %d: %w", kind, ref, acc, err)
	}
	return id, nil
}

// apply writes the changes of operation op: for each, the balance moves (a debit only if the
// balance covers it, else an *InsufficientError) and a ledger row records it, in tx. Debits are
// one conditional UPDATE each; credits and ledger rows go in multi-row statements.
func apply(ctx context.Context, tx *sql.Tx, acc, op int64, cs []change) error {
	cs = merge(cs)
	var credits []change
	for _, c := range cs {
		if c.delta > 0 {
			credits = append(credits, c)
			continue
		}
		r, err := tx.ExecContext(ctx, `UPDATE collection_balances SET amount = amount + $1
			WHERE account_id = $2 AND asset = $3 AND passcode = $4 AND amount >= $5`,
			c.delta, acc, string(c.asset), int64(c.passcode), -c.delta)
		if err != nil {
			return fmt.Errorf("collection: debiting %s of account %d: %w", c.asset, acc, err)
		}
		if n, err := r.RowsAffected(); err != nil {
			return fmt.Errorf("collection: debiting %s of account %d: %w", c.asset, acc, err)
		} else if n != 1 {
			have, err := balance(ctx, tx, acc, c.asset, c.passcode)
			if err != nil {
				return err
			}
			return &InsufficientError{Asset: c.asset, Passcode: c.passcode, Need: -c.delta, Have: have}
		}
	}
	for part := range slices.Chunk(credits, rowsPerStatement) {
		q, args := values(`INSERT INTO collection_balances (account_id, asset, passcode, amount) VALUES `, acc, 0, part)
		if _, err := tx.ExecContext(ctx, q+` ON CONFLICT (account_id, asset, passcode)
			DO UPDATE SET amount = collection_balances.amount + excluded.amount`, args...); err != nil {
			return fmt.Errorf("collection: crediting account %d: %w", acc, err)
		}
	}
	for part := range slices.Chunk(cs, rowsPerStatement) {
		q, args := values(`INSERT INTO collection_ledger (op_id, account_id, asset, passcode, delta) VALUES `, acc, op, part)
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("collection: writing the ledger of account %d: %w", acc, err)
		}
	}
	return nil
}

// rowsPerStatement bounds the rows of one multi-row INSERT (5 parameters a row, far below
// either backend's parameter limit).
const rowsPerStatement = 100

// values appends one "($1, $2, ...)" tuple per change to an INSERT: (op,) account, asset,
// passcode, delta; op 0 leaves the op column out.
func values(insert string, acc, op int64, cs []change) (string, []any) {
	var b strings.Builder
	b.WriteString(insert)
	var args []any
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		row := []any{acc, string(c.asset), int64(c.passcode), c.delta}
		if op != 0 {
			row = append([]any{op}, row...)
		}
		b.WriteByte('(')
		for j := range row {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "$%d", len(args)+j+1)
		}
		b.WriteByte(')')
		args = append(args, row...)
	}
	return b.String(), args
}

// merge sums the changes of the same asset (and card), dropping zero sums, keeping first-seen
// order; debits come before credits so a refused debit stops the operation before it credits.
func merge(cs []change) []change {
	type key struct {
		a Asset
		p card.Passcode
	}
	idx := map[key]int{}
	var out []change
	for _, c := range cs {
		k := key{c.asset, c.passcode}
		if i, ok := idx[k]; ok {
			out[i].delta += c.delta
			continue
		}
		idx[k] = len(out)
		out = append(out, c)
	}
	var debits, credits []change
	for _, c := range out {
		switch {
		case c.delta < 0:
			debits = append(debits, c)
		case c.delta > 0:
			credits = append(credits, c)
		}
	}
	return append(debits, credits...)
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// balance reads one materialised balance (0 when there is no row).
func balance(ctx context.Context, q querier, acc int64, a Asset, p card.Passcode) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx, `SELECT amount FROM collection_balances WHERE account_id = $1 AND asset = $2 AND passcode = $3`,
		acc, string(a), int64(p)).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("collection: reading the %s balance of account %d: %w", a, acc, err)
	}
	return n, nil
}

// owned reads every card count of an account from the materialised balances.
func owned(ctx context.Context, q querier, acc int64) (map[card.Passcode]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT passcode, amount FROM collection_balances
		WHERE account_id = $1 AND asset = $2 AND amount > 0`, acc, string(Cards))
	if err != nil {
		return nil, fmt.Errorf("collection: reading the cards of account %d: %w", acc, err)
	}
	defer rows.Close()
	out := map[card.Passcode]int{}
	for rows.Next() {
		var p, n int64
		if err := rows.Scan(&p, &n); err != nil {
			return nil, fmt.Errorf("collection: reading the cards of account %d: %w", acc, err)
		}
		out[card.Passcode(p)] = int(n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("collection: reading the cards of account %d: %w", acc, err)
	}
	return out, nil
}
