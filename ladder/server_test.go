package ladder

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/matchmaking"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// wsClient is a minimal protocol client for the end-to-end test.
type wsClient struct {
	t  *testing.T
	ws *websocket.Conn
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

// expect reads until a message of type typ (an error message fails the test).
func (c *wsClient) expect(typ string) map[string]any {
	c.t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, b, err := c.ws.Read(ctx)
		cancel()
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		if m["t"] == typ || typ == "state" && m["t"] == "delta" { // a delta carries the result whole
			return m
		}
		if m["t"] == "error" {
			c.t.Fatalf("waiting for %s: %s", typ, b)
		}
	}
}

// TestQuickMatchRatesOnTheLadder: the server, the duel log and the ladder on one store: two
// accounts are paired by quick match, one concedes, and both ratings and the leaderboard change;
// the duel's id on the ladder is the duel log's (its replay).
func TestQuickMatchRatesOnTheLadder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := users(t, db, "alice", "bobby")
		l := New(db, Options{})
		log := duels.New(db)
		defer log.Close()
		srv := server.New(server.Options{Log: log, OnFinish: func(ctx context.Context, d server.FinishedDuel) error { return l.OnFinish(ctx, FinishedDuel(d)) }, Logf: t.Logf,
			Account: func(r *http.Request) int64 {
				n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
				return n
			},
			QuickMatch: server.QuickMatchOptions{Rating: l.RatingOf, Tick: 5 * time.Millisecond,
				Pool: matchmaking.Config{Wave: 10 * time.Millisecond}}}, nil)
		hs := httptest.NewServer(srv)
		defer hs.Close()
		url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
		dial := func(acc int64) *wsClient {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{
				HTTPHeader: http.Header{"X-Test-Account": {strconv.FormatInt(acc, 10)}}})
			if err != nil {
				t.Fatal(err)
			}
			ws.SetReadLimit(1 << 24)
			t.Cleanup(func() { ws.CloseNow() })
			c := &wsClient{t: t, ws: ws}
			c.send(map[string]any{"t": "hello", "v": server.Version, "name": "p"})
			c.expect("welcome")
			return c
		}
		a, b := dial(ids[0]), dial(ids[1])
		a.send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1"})
		a.expect("queued")
		b.send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1", "deck": map[string]any{"precon": "kaiba-40"}})
		ja, _ := a.expect("joined"), b.expect("joined")
		a.expect("state")
		a.send(map[string]any{"t": "concede"})
		for {
			st := a.expect("state")
			if st["result"] != nil {
				break
			}
		}
		past, err := log.Past(context.Background(), ids[0], 10)
		if err != nil || len(past) != 1 {
			t.Fatalf("past duels: %v %v", past, err)
		}
		r, err := l.Result(context.Background(), past[0].ID)
		if err != nil {
			t.Fatalf("the duel log's duel %d is not on the ladder: %v", past[0].ID, err)
		}
		seatA := ja["seat"] == "A"
		loser := map[bool]int{true: 0, false: 1}[seatA] // alice conceded: her seat lost
		if r.After[loser].R >= 1500 || r.After[1-loser].R <= 1500 || r.Reason != "conceded" {
			t.Fatalf("rated %+v; alice (seat A: %v) conceded", r, seatA)
		}
		board, _ := l.Leaderboard(context.Background(), "ocg", Bo1, ids[0])
		if len(board.Top) != 2 || board.Top[0].Name != "bobby" || board.Me == nil || board.Me.Rank != 2 {
			t.Fatalf("board %+v", board)
		}
		p, _ := l.Profile(context.Background(), ids[1])
		if len(p.Decks) != 1 || p.Decks[0].Deck != "kaiba-40" || p.Decks[0].Wins != 1 {
			t.Fatalf("bobby's decks %+v", p.Decks)
		}
	})
}
