package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestNodesRouteAcrossProcesses (issue 31's routing, with real processes): three `duelist serve
// --nats` nodes. Seat A plays on node a, which holds the room; seat B joined it by its code
// through node b (its messages cross NATS to a, the room's back to b). Node a is SIGKILLed
// while a chain is open: b tells its relayed player to reconnect ("restarting") once a's lease
// has ended; both players come back at once, seat A through b and seat B through c, while a
// survivor takes the room over (their rejoins are held until it serves the room), and see
// exactly what they saw; the duel finishes and its replay verifies (no accepted answer lost or
// applied twice).
func TestNodesRouteAcrossProcesses(t *testing.T) {
	natsURL := os.Getenv(envNATS)
	if natsURL == "" {
		t.Skipf("needs NATS with JetStream: set %s (e.g. nats://127.0.0.1:4222)", envNATS)
	}
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		if !strings.HasPrefix(dsn, "postgres") {
			t.Skip("nodes share a PostgreSQL database")
		}
		var b [4]byte
		_, _ = rand.Read(b[:])
		game := "duelist_test_" + hex.EncodeToString(b[:])
		const ttl = 2 * time.Second
		nodes := map[string]*child{}
		for _, id := range []string{"a", "b", "c"} {
			nodes[id] = startServe(t, freeAddr(t), dsn, "--nats", natsURL, "--game", game, "--node", id,
				"--lease-ttl", ttl.String())
		}
		t.Cleanup(func() {
			if t.Failed() {
				for id, n := range nodes {
					t.Logf("node %s:\n%s", id, n.out)
				}
			}
		})
		var d *duo
		for seed := uint64(1); ; seed++ {
			if seed > 40 {
				t.Fatal("no duel reached an open chain in 40 tries")
			}
			d = routedDuo(t, nodes["a"].url(), nodes["b"].url(), seed)
			if d.until(chainOpen) {
				break
			}
		}
		before := [2]string{sight(d.last[0]), sight(d.last[1])}
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		owner := func() string {
			var o string
			if err := db.SQL().QueryRow(`SELECT owner FROM duel_rooms WHERE room = $1`, d.room).Scan(&o); err != nil {
				t.Fatalf("reading room %s's owner: %v", d.room, err)
			}
			return o
		}
		if o := owner(); o != "a" {
			t.Fatalf("room %s is %s's, want a's (seat B came through b)", d.room, o)
		}
		nodes["a"].kill()
		for {
			m, ok := d.c[1].read()
			if !ok {
				t.Fatal("node b closed seat B's socket without telling it to reconnect")
			}
			if m.T == "restarting" {
				break
			}
		}
		// At once, while the survivors may still be taking the room over or rebuilding it:
		// seat A through b, seat B through c (at least one of them routed to the other); a
		// rejoin of a room between owners is held until a node serves it (server/route.go).
		for s, via := range []string{"b", "c"} {
			d.c[s].ws.CloseNow()
			d.c[s] = hello(t, nodes[via].url())
			d.c[s].send(map[string]any{"t": "rejoin", "room": d.room, "token": d.tok[s]})
			if j := d.c[s].expect("joined"); j.Seat != seatName(s) {
				t.Fatalf("rejoined through %s as seat %s, want %s", via, j.Seat, seatName(s))
			}
			d.last[s] = d.nextState(s)
		}
		to := owner()
		if to == "a" || to == "" {
			t.Fatalf("the players are back in room %s, whose row names %q", d.room, to)
		}
		via := map[string]string{"b": "c", "c": "b"}[to]
		for s := range before {
			if got := sight(d.last[s]); got != before[s] {
				t.Fatalf("seat %s sees another duel after the takeover:\nbefore %s\nafter  %s", seatName(s), before[s], got)
			}
		}
		res := d.finish()
		t.Logf("room %s: held by a, taken over by %s, the players back through b and c (%d answers, %s won)",
			d.room, to, d.answers, res.Winner)
		var id int64
		if err := db.SQL().QueryRow(`SELECT id FROM duel_logs WHERE room = $1`, d.room).Scan(&id); err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("GET", "http://"+nodes[via].addr+"/api/duels/"+strconv.FormatInt(id, 10)+"/replay", nil)
		req.Header.Set("X-Seat-Token", d.tok[1])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "winner: "+res.Winner) {
			t.Fatalf("GET replay: %d\n%s", resp.StatusCode, body)
		}
		path := filepath.Join(t.TempDir(), "duel.duel")
		os.WriteFile(path, body, 0o600)
		if out, err := exec.Command(duelistBinary(t), "replay", "verify", path).CombinedOutput(); err != nil {
			t.Fatalf("duelist replay verify: %v\n%s\n%s", err, out, body)
		}
	})
}
