package server

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
)

// TestNodeDrains (issue 31's draining): node a holds a duel (seat A on a, seat B through b) and
// is stopped with SIGTERM. Before its players are told to reconnect, a has handed the room over
// and another node has taken it (the room's row names it: no lease TTL waited for); both players
// get "restarting", come back at once through b and see what they saw, and the duel finishes.
// a exits 0.
func TestNodeDrains(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		const ttl = 10 * time.Second // the default: a drain does not wait for it
		nodes := startNodes(t, dsn, []string{"a", "b", "c"}, "--lease-ttl", ttl.String())
		time.Sleep(1500 * time.Millisecond) // every node's sweep has seen the three leases
		d := routedDuo(t, nodes["a"].url(), nodes["b"].url(), 3)
		for range 30 {
			d.step()
		}
		if d.over() {
			t.Skip("the duel ended in 30 answers")
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
			t.Fatalf("room %s is %q's, want a's", d.room, o)
		}
		termed := time.Now()
		nodes["a"].cmd.Process.Signal(syscall.SIGTERM)
		for s := range d.c {
			for {
				m, ok := d.c[s].read()
				if !ok {
					t.Fatalf("seat %s's socket closed without a restarting message", seatName(s))
				}
				if m.T == "restarting" {
					break
				}
			}
		}
		told := time.Since(termed)
		to := owner()
		if to == "a" || to == "" {
			t.Fatalf("the players were told to reconnect while room %s is %q's, not another node's", d.room, to)
		}
		d.rejoin(nodes["b"].url())
		back := time.Since(termed)
		for s := range before {
			if got := sight(d.last[s]); got != before[s] {
				t.Fatalf("seat %s sees another duel after the drain:\nbefore %s\nafter  %s", seatName(s), before[s], got)
			}
		}
		<-nodes["a"].done
		if code := nodes["a"].cmd.ProcessState.ExitCode(); code != 0 {
			t.Fatalf("node a exited %d after SIGTERM", code)
		}
		if !strings.Contains(nodes["a"].out.String(), "handed 1 rooms over") {
			t.Fatalf("node a did not say it handed the room over:\n%s", nodes["a"].out)
		}
		t.Logf("drain: the players were told to reconnect %v after SIGTERM, with room %s already node %s's; both were back %v after it (lease TTL %v)",
			told.Round(time.Millisecond), d.room, to, back.Round(time.Millisecond), ttl)
		d.finish()
	})
}
