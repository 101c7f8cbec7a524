package ladder

import (
	"context"
	"encoding/json"
	"math/rand/v2"
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
		srv := server.New(server.Options{Log: log, OnFinish: func(ctx context.Context, d server.FinishedDuel) error { return l.OnFinish(ctx, FinishedDuel(d)) },
			Logf: t.Logf, RatePerSec: 1e6, RateBurst: 1e6,
			Account: func(r *http.Request) int64 {
				n, _ := strconv.ParseInt(r.Header.Get("X-Test-Account"), 10, 64)
				return n
			},
			QuickMatch: server.QuickMatchOptions{Rating: l.RatingOf, Tick: 5 * time.Millisecond,
				Pool: matchmaking.Config{Wave: 10 * time.Millisecond}}}, nil)
		defer func() { // its rooms stop before the test returns (and before the duel log closes)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			srv.Shutdown(ctx)
		}()
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
		b.send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1", "deck": map[string]any{"precon": "kaiba-legal"}})
		ja, _ := a.expect("joined"), b.expect("joined")
		// A real duel (fairplay.Real): both play five turns and more than ten decisions, then
		// alice concedes.
		if over := playReal(t, [2]*wsClient{a, b}); over {
			t.Skip("random play ended the duel before the minimum of a real duel")
		}
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
		if r.After[loser].R >= 1500 || r.After[1-loser].R <= 1500 || r.Reason != "conceded" || r.Weight != [2]float64{1, 1} {
			t.Fatalf("rated %+v; alice (seat A: %v) conceded", r, seatA)
		}
		board, _ := l.Leaderboard(context.Background(), "ocg", Bo1, ids[0])
		if len(board.Top) != 2 || board.Top[0].Name != "bobby" || board.Me == nil || board.Me.Rank != 2 {
			t.Fatalf("board %+v", board)
		}
		p, _ := l.Profile(context.Background(), ids[1])
		if len(p.Decks) != 1 || p.Decks[0].Deck != "kaiba-legal" || p.Decks[0].Wins != 1 {
			t.Fatalf("bobby's decks %+v", p.Decks)
		}
	})
}

// playReal answers both seats' prompts at random until the duel has reached turn 5 and each seat
// has made a dozen decisions (answers to prompts of more than one option), the minimum of a real
// duel with room to spare; it reports whether the duel ended first.
func playReal(t *testing.T, c [2]*wsClient) (over bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 35))
	var last [2]map[string]any
	read := func() {
		for s := range c {
			last[s] = c[s].expect("state")
		}
	}
	read()
	var decisions [2]int
	for {
		if last[0]["result"] != nil {
			return true
		}
		view, _ := last[0]["view"].(map[string]any)
		if turn, _ := view["turn"].(float64); turn >= 5 && decisions[0] >= 12 && decisions[1] >= 12 {
			return false
		}
		s := 0
		if last[0]["prompt"] == nil {
			s = 1
		}
		p, _ := last[s]["prompt"].(map[string]any)
		if p == nil {
			t.Fatalf("no seat holds a prompt and the duel is not over: %v", last)
		}
		opts, _ := p["options"].([]any)
		o, _ := opts[rng.IntN(len(opts))].(map[string]any)
		if len(opts) > 1 {
			decisions[s]++
		}
		c[s].send(map[string]any{"t": "answer", "prompt": p["n"], "i": o["i"]})
		read()
	}
}
