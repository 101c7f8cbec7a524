package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// TestPeersAsk: a question reaches every node of the game (and no other game's), the answers
// come back as soon as every live node has answered, a dead node's answer is simply missing
// (after AskTimeout while it is still listed live), and a node not listed yet (it is starting)
// is not waited for but counts no live node's answer out.
func TestPeersAsk(t *testing.T) {
	url := os.Getenv(EnvNATS)
	if url == "" {
		t.Skipf("needs NATS: set %s (e.g. nats://127.0.0.1:4222)", EnvNATS)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	game := "duelist_test_" + hex.EncodeToString(b[:])
	conn := func() *nats.Conn {
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
	live := []string{"a", "b", "c"}
	var nodes []*Peers
	for _, name := range []string{"a", "b", "c"} {
		p := NewPeers(conn(), game, name, func() []string { return live }, t.Logf)
		p.Serve("who", func(req []byte) []byte { return append([]byte(name+":"), req...) })
		nodes = append(nodes, p)
	}
	other := NewPeers(conn(), game+"x", "x", nil, t.Logf)
	other.Serve("who", func([]byte) []byte { return []byte("another game") })
	nodes[0].nc.Flush()
	other.nc.Flush()
	ask := func() ([]string, time.Duration) {
		start := time.Now()
		got, err := nodes[1].Ask(context.Background(), "who", []byte("q"))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range got {
			out = append(out, string(g))
		}
		slices.Sort(out)
		return out, time.Since(start)
	}
	if got, took := ask(); !slices.Equal(got, []string{"a:q", "b:q", "c:q"}) || took >= AskTimeout {
		t.Fatalf("answers %q in %v, want the three nodes' before %v", got, took, AskTimeout)
	}
	live = []string{"a", "c"} // b, which asks, started after the last look: not listed yet
	if got, took := ask(); !slices.Equal(got, []string{"a:q", "c:q"}) && !slices.Equal(got, []string{"a:q", "b:q", "c:q"}) || took >= AskTimeout {
		t.Fatalf("answers %q in %v, want a's and c's at least, at once", got, took)
	}
	live = []string{"a", "b", "c"}
	nodes[2].nc.Close() // c dies; still counted live
	if got, took := ask(); !slices.Equal(got, []string{"a:q", "b:q"}) || took < AskTimeout {
		t.Fatalf("answers %q in %v, want a's and b's after %v", got, took, AskTimeout)
	}
	live = []string{"a", "b"} // its lease ended
	if got, took := ask(); !slices.Equal(got, []string{"a:q", "b:q"}) || took >= AskTimeout {
		t.Fatalf("answers %q in %v, want a's and b's at once", got, took)
	}
}
