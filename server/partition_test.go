package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
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
		proxy := newProxy(t, strings.TrimPrefix(natsURL, "nats://"))
		a := startServe(t, freeAddr(t), dsn, "--nats", "nats://"+proxy.ln.Addr().String(), "--game", game, "--node", "a",
			"--lease-ttl", ttl.String())
		nb := startServe(t, freeAddr(t), dsn, "--nats", natsURL, "--game", game, "--node", "b", "--lease-ttl", ttl.String())
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("node a:\n%s\nnode b:\n%s", a.out, nb.out)
			}
		})
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
