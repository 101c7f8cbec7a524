package collection

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/pack"
)

// CraftRequest is a request to craft or dismantle copies of a card.
type CraftRequest struct {
	Passcode card.Passcode `json:"passcode"`
	Count    int           `json:"count"` // 1 to 3
	Key      string        `json:"key"`   // the idempotency key, new per request
}

// Crafted is what a craft or dismantle did.
type Crafted struct {
	Op       int64         `json:"op"`
	Passcode card.Passcode `json:"passcode"`
	Rarity   card.Rarity   `json:"rarity"`
	Cards    int           `json:"cards"`  // copies gained (negative when dismantled)
	Points   int64         `json:"points"` // points of Rarity gained (negative when spent)
	Replayed bool          `json:"replayed"`
}

// Craft turns crafting points into copies of a card: pack.CraftPoints(rarity) points of the
// card's rarity per copy, up to Economy.MaxCrafted copies owned. Replays and reused keys behave
// as in Buy; too few points is an *InsufficientError.
func (s *Service) Craft(ctx context.Context, acc account.ID, r CraftRequest) (Crafted, error) {
	return s.craft(ctx, acc, r, true)
}

// Dismantle turns owned copies of a card into crafting points of its rarity:
// pack.DismantlePoints(rarity) per copy, a third of the craft cost. Replays and reused keys
// behave as in Buy; dismantling more copies than owned is an *InsufficientError.
func (s *Service) Dismantle(ctx context.Context, acc account.ID, r CraftRequest) (Crafted, error) {
	return s.craft(ctx, acc, r, false)
}

func (s *Service) craft(ctx context.Context, acc account.ID, r CraftRequest, crafting bool) (Crafted, error) {
	kind := "dismantle"
	if crafting {
		kind = "craft"
	}
	if !keyPattern.MatchString(r.Key) {
		return Crafted{}, ErrBadKey
	}
	c, ok := lookup(r.Passcode)
	if !ok || c.Kind&card.Token != 0 || c.Rarity == card.NoRarity {
		return Crafted{}, badRequest("card %d cannot be crafted or dismantled (not a card of the pool or the kouhu set)", r.Passcode)
	}
	if crafting && c.Pending() {
		return Crafted{}, badRequest("%q cannot be crafted: it is not playable yet (its set is still being written)", c.Name)
	}
	if r.Count < 1 || r.Count > s.eco.MaxCrafted {
		return Crafted{}, badRequest("%s 1 to %d copies, not %d", kind, s.eco.MaxCrafted, r.Count)
	}
	a := int64(acc)
	if err := s.ensureStarter(ctx, a); err != nil {
		return Crafted{}, err
	}
	unlock := s.lock(a)
	defer unlock()
	request := fmt.Sprintf("%s %d %d", kind, r.Passcode, r.Count)
	op, res, replayed, err := s.once(ctx, a, kind, "key:"+r.Key, request, func(tx *sql.Tx) (any, []change, error) {
		out := Crafted{Passcode: r.Passcode, Rarity: c.Rarity}
		if crafting {
			have, err := balance(ctx, tx, a, Cards, r.Passcode)
			if err != nil {
				return nil, nil, err
			}
			if have+int64(r.Count) > int64(s.eco.MaxCrafted) {
				return nil, nil, badRequest("you own %d of %q: crafting %d more would pass %d", have, c.Name, r.Count, s.eco.MaxCrafted)
			}
			out.Cards, out.Points = r.Count, -int64(pack.CraftPoints(c.Rarity)*r.Count)
		} else {
			out.Cards, out.Points = -r.Count, int64(pack.DismantlePoints(c.Rarity)*r.Count)
		}
		return out, []change{
			{asset: PointsOf(c.Rarity), delta: out.Points},
			{asset: Cards, passcode: r.Passcode, delta: int64(out.Cards)},
		}, nil
	})
	if err != nil {
		var ie *InsufficientError
		var be *BadRequestError
		if errors.As(err, &ie) || errors.As(err, &be) || errors.Is(err, ErrKeyReused) {
			return Crafted{}, err
		}
		return Crafted{}, fmt.Errorf("collection: %s %d of %d for account %d: %w", kind, r.Count, r.Passcode, acc, err)
	}
	var out Crafted
	if err := json.Unmarshal(res, &out); err != nil {
		return Crafted{}, fmt.Errorf("collection: reading %s %q of account %d: %w", kind, r.Key, acc, err)
	}
	out.Op, out.Replayed = op, replayed
	return out, nil
}
