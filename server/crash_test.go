package server

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store/storetest"
)

// These tests run `duelist serve` as a real child process on a fresh database (SQLite, and
// PostgreSQL when DUELIST_TEST_POSTGRES is set), kill it with SIGKILL in the middle of a duel,
// start it again on the same database and finish the duel through the reconnected clients.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// duelistBinary builds cmd/duelist once for the package's tests.
func duelistBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the duelist binary")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "duelist-crash-test")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "duelist")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/duelist").CombinedOutput()
		if err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("building duelist: %v\n%s", binErr, binPath)
	}
	return binPath
}

// child is one run of `duelist serve`.
type child struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string
	out  *syncBuffer
	done chan struct{}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// freeAddr returns a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServe starts `duelist serve` on addr and dsn (with the flags extra) and waits until it
// serves.
func startServe(t *testing.T, addr, dsn string, extra ...string) *child {
	t.Helper()
	c := &child{t: t, addr: addr, out: &syncBuffer{}, done: make(chan struct{})}
	args := []string{"serve", "--addr", addr, "--db", dsn, "--grace", "10m", "--rate", "100000"}
	if strings.HasPrefix(dsn, "postgres") {
		// Three nodes of 32 connections and another package's PostgreSQL test at once passed the
		// server's max_connections of 100 (CI: "too many clients" in collection's test).
		args = append(args, "--db-conns", "8")
	}
	c.cmd = exec.Command(duelistBinary(t), append(args, extra...)...)
	c.cmd.Stderr = c.out
	stdout, _ := c.cmd.StdoutPipe()
	if err := c.cmd.Start(); err != nil {
		t.Fatalf("starting duelist serve: %v", err)
	}
	serving := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			c.out.Write([]byte(sc.Text() + "\n"))
			if strings.HasPrefix(sc.Text(), "Duelist is serving") {
				close(serving)
			}
		}
	}()
	go func() { c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() { c.cmd.Process.Kill(); <-c.done })
	select {
	case <-serving:
	case <-c.done:
		t.Fatalf("duelist serve exited:\n%s", c.out)
	case <-time.After(2 * time.Minute):
		t.Fatalf("duelist serve did not start:\n%s", c.out)
	}
	return c
}

func (c *child) url() string { return "ws://" + c.addr + "/ws" }

// testNATS is the NATS server of the node tests (DUELIST_TEST_NATS); the test is skipped
// without it.
func testNATS(t *testing.T) string {
	t.Helper()
	u := os.Getenv(envNATS)
	if u == "" {
		t.Skipf("needs NATS with JetStream: set %s (e.g. nats://127.0.0.1:4222)", envNATS)
	}
	return u
}

// newGame is a fresh game name: the NATS subjects and lease buckets of one test's nodes.
func newGame() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return "duelist_test_" + hex.EncodeToString(b[:])
}

// eachNodeDSN runs f on each PostgreSQL database of storetest.EachDSN (nodes share one; SQLite
// is skipped), when NATS is there too (testNATS).
func eachNodeDSN(t *testing.T, f func(t *testing.T, dsn string)) {
	testNATS(t)
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		if !strings.HasPrefix(dsn, "postgres") {
			t.Skip("nodes share a PostgreSQL database")
		}
		f(t, dsn)
	})
}

// startNode starts `duelist serve --nats natsURL` as node id of game on dsn (with the flags
// extra); its output is logged if the test fails.
func startNode(t *testing.T, dsn, natsURL, game, id string, extra ...string) *child {
	t.Helper()
	c := startServe(t, freeAddr(t), dsn, append([]string{"--nats", natsURL, "--game", game, "--node", id}, extra...)...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("node %s:\n%s", id, c.out)
		}
	})
	return c
}

// startNodes starts one `duelist serve --nats` child per id, on dsn and the test's NATS
// (testNATS), in a fresh game (newGame), each with the flags extra (e.g. --lease-ttl).
func startNodes(t *testing.T, dsn string, ids []string, extra ...string) map[string]*child {
	t.Helper()
	natsURL, game := testNATS(t), newGame()
	nodes := map[string]*child{}
	for _, id := range ids {
		nodes[id] = startNode(t, dsn, natsURL, game, id, extra...)
	}
	return nodes
}

// startCutPair starts nodes a and b of a fresh game with the lease TTL ttl, a reaching NATS
// (side "nats") or PostgreSQL (side "postgres") through a TCP proxy the test may cut: the
// partition tests.
func startCutPair(t *testing.T, dsn, side string, ttl time.Duration) (a, b *child, proxy *tcpProxy) {
	t.Helper()
	natsURL, game := testNATS(t), newGame()
	aNATS, aDSN := natsURL, dsn
	switch side {
	case "nats":
		proxy = newProxy(t, strings.TrimPrefix(natsURL, "nats://"))
		aNATS = "nats://" + proxy.ln.Addr().String()
	case "postgres":
		u, err := url.Parse(dsn)
		if err != nil {
			t.Fatal(err)
		}
		proxy = newProxy(t, u.Host)
		u.Host = proxy.ln.Addr().String()
		aDSN = u.String()
	default:
		t.Fatalf("startCutPair: side %q", side)
	}
	a = startNode(t, aDSN, aNATS, game, "a", "--lease-ttl", ttl.String())
	b = startNode(t, dsn, natsURL, game, "b", "--lease-ttl", ttl.String())
	return a, b, proxy
}

// kill ends the process with SIGKILL: nothing is flushed, nothing is said to the clients.
func (c *child) kill() {
	c.cmd.Process.Kill()
	<-c.done
}

// crashAndRecover plays a duel on a child server until cond holds, kills the server, restarts it
// on the same database, and checks that both seats see what they saw; it returns the duel, on
// the new child.
func crashAndRecover(t *testing.T, dsn string, steps int, cond func(msg) bool) (*duo, *child) {
	addr := freeAddr(t)
	c := startServe(t, addr, dsn)
	var d *duo
	for seed := uint64(1); ; seed++ {
		if seed > 40 {
			t.Fatalf("no duel reached the position in 40 tries")
		}
		d = newDuo(t, c.url(), seed)
		for i := 0; i < steps && !d.over(); i++ {
			d.step()
		}
		if !d.over() && d.until(cond) {
			break
		}
	}
	before := [2]string{sight(d.last[0]), sight(d.last[1])}
	c.kill()
	c2 := startServe(t, addr, dsn)
	if !strings.Contains(c2.out.String(), "Recovered from the log: 1 duels resumed") {
		t.Fatalf("the restarted server did not say it recovered one duel:\n%s", c2.out)
	}
	d.rejoin(c2.url())
	for s := range before {
		if got := sight(d.last[s]); got != before[s] {
			t.Fatalf("seat %s sees another duel after the crash:\nbefore %s\nafter  %s", seatName(s), before[s], got)
		}
	}
	return d, c2
}

// TestKillServe kills `duelist serve` mid-duel, restarts it and finishes the duel; the replay
// is downloaded and `duelist replay verify` accepts it.
func TestKillServe(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		d, c := crashAndRecover(t, dsn, 25, func(msg) bool { return true })
		res := d.finish()
		req, _ := http.NewRequest("GET", "http://"+c.addr+"/api/duels/1/replay", nil)
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

// TestKillServeInChainAndSelection kills the server while a chain is open and while a
// selection is pending.
func TestKillServeInChainAndSelection(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		for _, tc := range []struct {
			name string
			cond func(msg) bool
		}{{"chain", chainOpen}, {"selection", selecting}} {
			t.Run(tc.name, func(t *testing.T) {
				if strings.HasSuffix(dsn, ".db") { // each case its own SQLite file
					dsn = filepath.Join(t.TempDir(), "test.db")
				}
				d, _ := crashAndRecover(t, dsn, 0, tc.cond)
				if s := d.prompted(); s < 0 || !tc.cond(d.last[s]) {
					t.Fatalf("the %s is gone after the crash", tc.name)
				}
				d.finish()
			})
		}
	})
}

// TestTermServe stops `duelist serve` with SIGTERM: the clients are told "restarting", the
// process exits 0, and the duel goes on after a restart.
func TestTermServe(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "term.db")
	addr := freeAddr(t)
	c := startServe(t, addr, dsn)
	d := newDuo(t, c.url(), 2)
	for range 10 {
		d.step()
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	for s := range d.c {
		var last []byte
		for {
			_, b, err := d.c[s].ws.Read(context.Background())
			if err != nil {
				break
			}
			last = b
		}
		if !bytes.HasPrefix(last, []byte(`{"t":"restarting"`)) {
			t.Fatalf("seat %s's last message: %s", seatName(s), last)
		}
	}
	<-c.done
	if code := c.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("duelist serve exited %d after SIGTERM:\n%s", code, c.out)
	}
	c2 := startServe(t, addr, dsn)
	d.rejoin(c2.url())
	d.finish()
}
