package server

import (
	"context"
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
)

// envNATS names the NATS server the node tests run against (package cluster's tests too).
const envNATS = "DUELIST_TEST_NATS"

// TestNodesTakeOverAKilledNode (issue 31's proof, without cross-node routing): three
// `duelist serve --nats` processes on one PostgreSQL database and one NATS server; a duel is
// played on node a until a chain is open, then a is SIGKILLed. A survivor takes the room over
// once a's lease has ended (epoch bumped in PostgreSQL), rebuilds it from the log, and the
// players who reconnect to it see exactly what they saw; the duel is finished there and its
// replay, which `duelist replay verify` re-runs, ends with the result the engine gives for the
// answer log — so no accepted answer was lost or applied twice. The takeover's time (kill to
// the rebuilt room served again) is logged.
func TestNodesTakeOverAKilledNode(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		const ttl = 5 * time.Second // a 2 s lease lapsed once under CI's load (node b saw a gone before the kill)
		nodes := startNodes(t, dsn, []string{"a", "b", "c"}, "--lease-ttl", ttl.String())
		var d *duo
		for seed := uint64(1); ; seed++ {
			if seed > 40 {
				t.Fatal("no duel reached an open chain in 40 tries")
			}
			d = newDuo(t, nodes["a"].url(), seed)
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
		owner := func() (string, int64) {
			var o string
			var e int64
			if err := db.SQL().QueryRow(`SELECT owner, epoch FROM duel_rooms WHERE room = $1`, d.room).Scan(&o, &e); err != nil {
				t.Fatalf("reading room %s's owner: %v", d.room, err)
			}
			return o, e
		}
		if o, e := owner(); o != "a" || e != 1 {
			t.Fatalf("room %s is %s's at epoch %d, want a's at 1", d.room, o, e)
		}
		killed := time.Now()
		nodes["a"].kill()
		var to string
		for deadline := time.Now().Add(10 * ttl); ; {
			o, e := owner()
			if o != "a" {
				if e != 2 {
					t.Fatalf("taken over at epoch %d, want 2", e)
				}
				to = o
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no node took room %s over within %v:\nb: %s\nc: %s", d.room, 10*ttl, nodes["b"].out, nodes["c"].out)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The players come back as soon as the row names the survivor, which may be before its
		// rebuild from the log is done: the survivor holds such a rejoin until the room is
		// rebuilt (server/rebuild.go; TestRejoinWaitsForRebuild shows the window itself).
		d.rejoin(nodes[to].url())
		t.Logf("takeover: node %s serves room %s again %v after node a was killed (lease TTL %v)", to, d.room,
			time.Since(killed).Round(time.Millisecond), ttl)
		for s := range before {
			if got := sight(d.last[s]); got != before[s] {
				t.Fatalf("seat %s sees another duel after the takeover:\nbefore %s\nafter  %s", seatName(s), before[s], got)
			}
		}
		// Every live node lists the duel, whichever owns it (server/peers.go).
		for _, id := range []string{"b", "c"} {
			resp, err := http.Get("http://" + nodes[id].addr + "/api/rooms")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if !strings.Contains(string(body), `"room":"`+d.room+`"`) {
				t.Fatalf("node %s's room list does not have room %s (node %s's): %s", id, d.room, to, body)
			}
		}
		verifyNodeReplay(t, db, nodes[to].addr, d, d.finish())
	})
}

// verifyNodeReplay checks a finished duel's replay, as node addr serves it to seat B: it names the
// winner res names, and `duelist replay verify` re-runs it to the same end — the engine's
// result for the answer log, so no accepted answer was lost or applied twice.
func verifyNodeReplay(t *testing.T, db *store.DB, addr string, d *duo, res *resultJSON) {
	t.Helper()
	var id int64
	if err := db.SQL().QueryRow(`SELECT id FROM duel_logs WHERE room = $1`, d.room).Scan(&id); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/duels/"+strconv.FormatInt(id, 10)+"/replay", nil)
	req.Header.Set("X-Seat-Token", d.tok[1])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "winner: "+res.Winner) {
		t.Fatalf("room %s: GET replay: %d\n%s", d.room, resp.StatusCode, body)
	}
	path := filepath.Join(t.TempDir(), "duel.duel")
	if err := os.WriteFile(path, body, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(duelistBinary(t), "replay", "verify", path).CombinedOutput(); err != nil {
		t.Fatalf("room %s: duelist replay verify: %v\n%s\n%s", d.room, err, out, body)
	}
}
