package loadgen

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/server"
)

// testServer serves an in-process duel server whose connections log in by LoadAccountHeader.
func testServer(t *testing.T) string {
	srv := server.New(server.Options{Logf: t.Logf, RatePerSec: 1e6, RateBurst: 1e6, Limits: server.Unlimited(),
		Account: func(r *http.Request) int64 {
			n, _ := strconv.ParseInt(r.Header.Get(LoadAccountHeader), 10, 64)
			return n
		}, QuickMatch: server.QuickMatchOptions{Tick: 5 * time.Millisecond}}, nil)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
}

// TestRunQueueLoad: the quick-match load test's bots are all matched on an in-process server.
func TestRunQueueLoad(t *testing.T) {
	rep, err := RunQueueLoad(context.Background(), QueueLoadConfig{URL: testServer(t), Players: 20})
	if err != nil || rep.Matched != 20 || rep.Errors != 0 || rep.Max < rep.P50 {
		t.Fatalf("%v %v", rep, err)
	}
}

// TestRunLoad: bots play random duels on an in-process server without an error, and the report
// counts their answers.
func TestRunLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("plays duels for a second")
	}
	rep, err := RunLoad(context.Background(), LoadConfig{URL: testServer(t), Duels: 4, Duration: time.Second,
		Think: 20 * time.Millisecond, Ramp: 100 * time.Millisecond, Deck: "yugi-40", Seed: 1})
	if err != nil || rep.Errors != 0 || rep.Answers == 0 || rep.Duels != 4 {
		t.Fatalf("%v %v", rep, err)
	}
}
