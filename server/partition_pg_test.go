package server

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
)

// TestNodeCutFromPostgreSQL (issue 31's partition test, PostgreSQL's side): node a, which owns
// a duel, reaches PostgreSQL through a TCP proxy that is then cut; NATS stays. a can write
// nothing, and while its lease lives no node would take its rooms over, so after a lease TTL
// without the database it gives its lease up and stops: its players get "restarting", it exits
// 1, node b takes the room over at epoch 2 and the players finish the duel there.
func TestNodeCutFromPostgreSQL(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		const ttl = 2 * time.Second
		a, nb, proxy := startCutPair(t, dsn, "postgres", ttl)
		d := newDuo(t, a.url(), 3)
		for range 15 {
			d.step()
		}
		if d.over() {
			t.Skip("the duel ended in 15 answers")
		}
		before := [2]string{sight(d.last[0]), sight(d.last[1])}
		cut := time.Now()
		proxy.cut()
		for s := range d.c {
			var last []byte
			for {
				_, m, err := d.c[s].ws.Read(context.Background())
				if err != nil {
					break
				}
				last = m
			}
			if !bytes.HasPrefix(last, []byte(`{"t":"restarting"`)) {
				t.Fatalf("seat %s's last message from the cut node: %s", seatName(s), last)
			}
		}
		select {
		case <-a.done:
		case <-time.After(20 * ttl):
			t.Fatalf("node a still runs %v after it was cut from PostgreSQL", 20*ttl)
		}
		if code := a.cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(a.out.String(), "cannot reach the database") {
			t.Fatalf("node a exited %d:\n%s", code, a.out)
		}
		t.Logf("node a stopped %v after the cut (lease TTL %v)", time.Since(cut).Round(time.Millisecond), ttl)
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for deadline := time.Now().Add(20 * ttl); ; {
			var owner string
			var epoch int64
			if err := db.SQL().QueryRow(`SELECT owner, epoch FROM duel_rooms WHERE room = $1`, d.room).Scan(&owner, &epoch); err != nil {
				t.Fatal(err)
			}
			if owner == "b" && epoch == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("room %s is still %s's at epoch %d", d.room, owner, epoch)
			}
			time.Sleep(50 * time.Millisecond)
		}
		d.rejoin(nb.url())
		for s := range before {
			if got := sight(d.last[s]); got != before[s] {
				t.Fatalf("seat %s sees another duel after the takeover:\nbefore %s\nafter  %s", seatName(s), before[s], got)
			}
		}
		d.finish()
	})
}
