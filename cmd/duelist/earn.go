package main

import (
	"context"
	"log"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/server"
)

// earningLog is the server's duel log that pays the players: when a duel finishes, each seat
// held by an account is paid by the collection (collection.Service.Earn, once per duel and
// account, so a duel finished again after a restart is not paid twice).
type earningLog struct {
	servingLog
	pay *collection.Service
}

// servingLog is what serve's duel log does besides recording duels: it gives the replay viewer a
// finished duel's moves, finds an account's open rooms and keeps the best-of-3 matches
// (duels.Log and server.MemLog all do).
// earningLog must pass these on, or the server, which asks for them by type assertion, would
// lose the replay viewer and the seat return behind the wrapper.
type servingLog interface {
	server.DuelLog
	server.MoveReader
	server.OpenRoomLister
	server.MatchLog
}

// Finish records the duel, then pays its accounts (each against the other seat: another
// account, a guest or the AI, with the duel's play as the server measured it: collection's
// fair-play rules need both); a failure to pay is logged, not returned (the duel's end is
// recorded either way).
func (l earningLog) Finish(ctx context.Context, duel int64, res duels.Result, replay []byte) error {
	if err := l.servingLog.Finish(ctx, duel, res, replay); err != nil {
		return err
	}
	sum, _, err := l.servingLog.Replay(ctx, duel)
	if err != nil {
		log.Printf("paying duel %d: %v", duel, err)
		return nil
	}
	for seat, acc := range sum.Accounts {
		if acc == 0 {
			continue
		}
		o := collection.DuelOutcome{Duel: duel, Account: account.ID(acc), Opponent: account.ID(sum.Accounts[1-seat]),
			AI: sum.AI && seat == 0, Result: collection.Lost, Play: res.Play, At: res.Finished}
		switch res.Winner {
		case "draw":
			o.Result = collection.Drew
		case [2]string{"A", "B"}[seat]:
			o.Result = collection.Won
		default:
			o.Surrendered = fairplay.Surrender(res.Reason)
		}
		pctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if _, err := l.pay.Earn(pctx, o); err != nil {
			log.Printf("paying duel %d: %v", duel, err)
		}
		cancel()
	}
	return nil
}
