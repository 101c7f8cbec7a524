package server

import (
	"bytes"
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
)

// tcpProxy forwards connections to target until cut: a node behind it can be cut from NATS.
type tcpProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, target string) *tcpProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			go func() { io.Copy(u, c); u.Close() }()
			go func() { io.Copy(c, u); c.Close() }()
		}
	}()
	t.Cleanup(p.cut)
	return p
}

// cut closes the proxy and every connection through it: the partition.
func (p *tcpProxy) cut() {
	p.ln.Close()
	p.mu.Lock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
	p.mu.Unlock()
}

// TestNodeCutFromNATS (issue 31's partition test, NATS side): node a, which owns a duel, is cut
// from NATS. It stops serving by its own clock once its lease has ended — its players get
// "restarting" (reconnect) and it exits 1 — node b takes the room over at epoch 2, and the
// players finish the duel on b; its replay verifies. The fencing tests of package duels cover
// what a node cut from PostgreSQL may append (nothing after the takeover's commit).
func TestNodeCutFromNATS(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		const ttl = 2 * time.Second
		a, nb, proxy := startCutPair(t, dsn, "nats", ttl)
		d := newDuo(t, a.url(), 3)
		for range 15 {
			d.step()
		}
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
			t.Fatalf("node a still runs %v after it was cut from NATS", 20*ttl)
		}
		if code := a.cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(a.out.String(), "lost its lease") {
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
		d.finish()
	})
}

// TestNodePausedPastItsLease (issue 31's partition test, a node that stalls): node a, which owns
// a duel, is paused (SIGSTOP) — no lease renewal, no write, no word to anyone — and the seat to
// answer sends its answer to a meanwhile. Node b takes the room over at epoch 2 once a's lease
// has ended; the players rejoin through b and one more answer is played and logged there. Then
// a resumes (SIGCONT) with the answer waiting in its socket, as a node back from a long GC pause
// or a frozen VM: it must serve nothing more (no state to its old sockets; they are told
// "restarting"), append nothing that commits (the log's moves are b's: their count does not
// move once a has gone), and stop by its own clock (it exits 1, "lost its lease"). The duel
// finishes on b and its replay verifies.
func TestNodePausedPastItsLease(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		const ttl = 2 * time.Second
		natsURL, game := testNATS(t), newGame()
		a := startNode(t, dsn, natsURL, game, "a", "--lease-ttl", ttl.String())
		b := startNode(t, dsn, natsURL, game, "b", "--lease-ttl", ttl.String())
		d := newDuo(t, a.url(), 3)
		for range 15 {
			d.step()
		}
		if d.over() {
			t.Skip("the duel ended in 15 answers")
		}
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var id int64
		if err := db.SQL().QueryRow(`SELECT id FROM duel_logs WHERE room = $1`, d.room).Scan(&id); err != nil {
			t.Fatal(err)
		}
		moves := func() (n, last int) { // the log's moves, once no batch is being written
			t.Helper()
			prev := -1
			for {
				if err := db.SQL().QueryRow(`SELECT count(*), coalesce(max(seq), 0) FROM duel_moves WHERE duel_id = $1`, id).Scan(&n, &last); err != nil {
					t.Fatal(err)
				}
				if n == prev {
					return n, last
				}
				prev = n
				time.Sleep(300 * time.Millisecond)
			}
		}
		moves()
		old := d.c
		s := d.prompted()
		pr := d.last[s].Prompt
		if err := a.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.cmd.Process.Signal(syscall.SIGCONT) })
		paused := time.Now()
		old[s].send(map[string]any{"t": "answer", "prompt": pr.N, "i": pr.Options[0].I}) // a reads it when it wakes
		for deadline := time.Now().Add(20 * ttl); ; time.Sleep(50 * time.Millisecond) {
			var owner string
			var epoch int64
			if err := db.SQL().QueryRow(`SELECT owner, epoch FROM duel_rooms WHERE room = $1`, d.room).Scan(&owner, &epoch); err != nil {
				t.Fatal(err)
			}
			if owner == "b" && epoch == 2 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("room %s is still %s's at epoch %d %v after a was paused:\nb: %s", d.room, owner, epoch, 20*ttl, b.out)
			}
		}
		t.Logf("node b took the room over %v after node a was paused (lease TTL %v)", time.Since(paused).Round(time.Millisecond), ttl)
		for seat := range d.c { // the clients reconnect, to b (their old sockets stay open to a)
			d.c[seat] = hello(t, b.url())
			d.c[seat].send(map[string]any{"t": "rejoin", "room": d.room, "token": d.tok[seat]})
			d.c[seat].expect("joined")
			d.last[seat] = d.nextState(seat)
		}
		if p := d.last[s].Prompt; p == nil || p.N != pr.N {
			t.Fatalf("after the takeover seat %s's prompt is %+v, want the one it answered to a (%d)", seatName(s), p, pr.N)
		}
		d.step() // logged by b, at epoch 2
		onB, lastB := moves()

		if err := a.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
		for seat, c := range old {
			var last msg
			for {
				m, ok := c.read()
				if !ok {
					break
				}
				if m.T == "state" {
					t.Fatalf("node a, back past its lease, served seat %s a state: %s", seatName(seat), m.raw)
				}
				last = m
			}
			if last.T != "restarting" {
				t.Fatalf("seat %s's last message from node a after it woke: %q %s", seatName(seat), last.T, last.raw)
			}
		}
		select {
		case <-a.done:
		case <-time.After(20 * ttl):
			t.Fatalf("node a still runs %v after it woke past its lease", 20*ttl)
		}
		if code := a.cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(a.out.String(), "lost its lease") {
			t.Fatalf("node a exited %d:\n%s", code, a.out)
		}
		if n, last := moves(); n != onB || last != lastB {
			t.Fatalf("the log has %d moves (last seq %d) after node a woke and stopped, %d (last %d) before: a's append committed\na: %s",
				n, last, onB, lastB, a.out)
		}
		verifyNodeReplay(t, db, b.addr, d, d.finish())
	})
}
