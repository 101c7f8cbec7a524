package main

import (
	"context"
	"testing"
	"time"
)

// TestRatedLoad runs a few rated load bots on the whole game over SQLite: every rated duel they
// saw end has its ladder row, and room chat reached the opponents.
func TestRatedLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of bots")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := runRatedLoad(ctx, ratedLoadFlags{players: 4, think: 20 * time.Millisecond,
		duration: 8 * time.Second, chat: 300 * time.Millisecond, duelTime: 2 * time.Second}, nil, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	if rep.Errors != 0 {
		t.Errorf("%d errors (the last: %s)", rep.Errors, rep.LastError)
	}
	// Two rooms at a time, duels of 1-3 s: the bots queued again and played more rated duels.
	if rep.Rated <= 2 || !rep.RatingsMatch() {
		t.Errorf("%d rated duels seen, %d ladder rows: want more than the 2 first duels, each rated once", rep.Rated, rep.Ratings)
	}
	if rep.Answers == 0 || rep.Waits <= 4 {
		t.Errorf("%d answers, %d matchmaking waits measured: want answers and the waits of queueing again", rep.Answers, rep.Waits)
	}
	if rep.ChatSent == 0 || rep.ChatRead == 0 {
		t.Errorf("chat: %d sent, %d read by the opponent: want both", rep.ChatSent, rep.ChatRead)
	}
}
