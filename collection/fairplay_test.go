package collection

import (
	"context"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// realPlay is the play of a real duel (fairplay.Real): what the farms below do not reach, or do.
var realPlay = fairplay.Play{Turns: 7, Decisions: [2]int{20, 20}}

// earnAll pays every outcome and returns the gems they brought.
func earnAll(t *testing.T, s *Service, os ...DuelOutcome) int64 {
	t.Helper()
	var sum int64
	for _, o := range os {
		got, err := s.Earn(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		sum += got.Gems + got.Daily
	}
	return sum
}

func gemsOf(t *testing.T, s *Service, acc account.ID) int64 {
	t.Helper()
	w, err := s.Wallet(context.Background(), acc)
	if err != nil {
		t.Fatal(err)
	}
	return w.Gems
}

// TestSelfPlayFarmEarnsNothing is issue 35's unlimited gems: one account in both seats of its
// own private room, conceding at turn 3 (+600 gems in 10 duels before). Neither seat earns, even
// when the duels are played out, nor does a duel against a guest (the player's other tab).
func TestSelfPlayFarmEarnsNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := New(db, Options{})
		acc := anAccount(t, db, 1)
		before := gemsOf(t, s, acc)
		at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
		for i := range 10 {
			play := fairplay.Play{Turns: 3, Decisions: [2]int{2, 1}}
			if i%2 == 1 {
				play = realPlay // played out: still the player alone
			}
			d := int64(100 + i)
			if got := earnAll(t, s,
				DuelOutcome{Duel: d, Account: acc, Opponent: acc, Result: Won, Play: play, At: at},
				DuelOutcome{Duel: d, Account: acc, Opponent: acc, Result: Lost, Surrendered: true, Play: play, At: at},
				DuelOutcome{Duel: 200 + d, Account: acc, Opponent: 0, Result: Won, Play: realPlay, At: at}); got != 0 {
				t.Fatalf("duel %d against itself (or a guest) paid %d gems", i+1, got)
			}
			at = at.Add(time.Second)
		}
		if g := gemsOf(t, s, acc); g != before {
			t.Fatalf("a self-play farm of 10 duels: %d gems, want the %d it started with", g, before)
		}
		mustAudit(t, s, acc)
	})
}

// TestTwoAccountFarm: two accounts conceding to each other at turn 3 earn nothing (+3,100 in 61 s
// before); playing real duels against each other, each pays less than the one before from the
// third on (the pair's repeats), and nothing from the sixth; the conceded duels count as
// repeats too.
func TestTwoAccountFarm(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := New(db, Options{})
		a, b := anAccount(t, db, 1), anAccount(t, db, 2)
		at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
		short := fairplay.Play{Turns: 3, Decisions: [2]int{4, 2}}
		for i := range 30 {
			winner, loser := a, b
			if i%2 == 1 {
				winner, loser = b, a
			}
			if got := earnAll(t, s,
				DuelOutcome{Duel: int64(i + 1), Account: winner, Opponent: loser, Result: Won, Play: short, At: at},
				DuelOutcome{Duel: int64(i + 1), Account: loser, Opponent: winner, Result: Lost, Surrendered: true, Play: short, At: at}); got != 0 {
				t.Fatalf("conceded duel %d paid %d gems", i+1, got)
			}
			at = at.Add(2 * time.Second)
		}
		// The conceded duels count as the pair's duels: a real one the same day pays nothing either.
		if got := earnAll(t, s, DuelOutcome{Duel: 50, Account: a, Opponent: b, Result: Won, Play: realPlay, At: at}); got != 0 {
			t.Fatalf("a real duel after 30 conceded ones the same day paid %d", got)
		}
		at = at.Add(25 * time.Hour)
		e := DefaultEconomy
		want := []int64{e.WinGems + e.DailyWinGems, e.WinGems, e.WinGems / 2, e.WinGems / 4, e.WinGems / 8, 0, 0}
		for i, w := range want {
			got, err := s.Earn(context.Background(), DuelOutcome{Duel: int64(100 + i), Account: a, Opponent: b,
				Result: Won, Play: realPlay, At: at})
			if err != nil {
				t.Fatal(err)
			}
			if got.Gems+got.Daily != w {
				t.Fatalf("real win %d against one opponent paid %+v, want %d", i+1, got, w)
			}
			at = at.Add(10 * time.Minute)
		}
		mustAudit(t, s, a)
		mustAudit(t, s, b)
	})
}

// TestDailyCap: an account earns at most DailyCap from duels in a UTC day (the daily bonus
// included), whatever opponents it beats; the next day pays again.
func TestDailyCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := New(db, Options{})
		acc := anAccount(t, db, 1)
		e := DefaultEconomy
		at := time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
		var sum int64
		for i := range 30 {
			sum += earnAll(t, s, DuelOutcome{Duel: int64(i + 1), Account: acc, Opponent: account.ID(1000 + i),
				Result: Won, Play: realPlay, At: at})
			at = at.Add(10 * time.Minute)
		}
		if sum != e.DailyCap {
			t.Fatalf("30 wins against 30 opponents in a day paid %d, want the cap %d", sum, e.DailyCap)
		}
		next := time.Date(2026, 12, 3, 0, 5, 0, 0, time.UTC)
		if got := earnAll(t, s, DuelOutcome{Duel: 99, Account: acc, Opponent: 2000, Result: Won, Play: realPlay, At: next}); got != e.WinGems+e.DailyWinGems {
			t.Fatalf("the next day's first win paid %d, want %d", got, e.WinGems+e.DailyWinGems)
		}
		mustAudit(t, s, acc)
	})
}

// TestAIEarningsBounded: losing to the AI on purpose (~240 gems a minute before) pays only real
// duels, less and less as they repeat, and at most AIDailyCap a day; a surrender or a short duel
// against the AI pays nothing.
func TestAIEarningsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := New(db, Options{})
		acc := anAccount(t, db, 1)
		e := DefaultEconomy
		at := time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
		if got := earnAll(t, s,
			DuelOutcome{Duel: 1, Account: acc, AI: true, Result: Lost, Surrendered: true, Play: realPlay, At: at},
			DuelOutcome{Duel: 2, Account: acc, AI: true, Result: Lost, Play: fairplay.Play{Turns: 3, Decisions: [2]int{1, 9}}, At: at}); got != 0 {
			t.Fatalf("a surrender and a short duel against the AI paid %d", got)
		}
		var sum int64
		for i := range 60 { // an hour of real losses, one a minute
			sum += earnAll(t, s, DuelOutcome{Duel: int64(10 + i), Account: acc, AI: true, Result: Lost, Play: realPlay, At: at})
			at = at.Add(time.Minute)
		}
		if sum > e.AIDailyCap || sum == 0 {
			t.Fatalf("an hour of losing to the AI paid %d, want something up to the AI cap %d", sum, e.AIDailyCap)
		}
		// A win against another account still pays in full, bonus included, beside the AI cap.
		if got := earnAll(t, s, DuelOutcome{Duel: 500, Account: acc, Opponent: 7, Result: Won, Play: realPlay, At: at}); got != e.WinGems+e.DailyWinGems {
			t.Fatalf("a real win after the AI's cap paid %d, want %d", got, e.WinGems+e.DailyWinGems)
		}
		mustAudit(t, s, acc)
	})
}
