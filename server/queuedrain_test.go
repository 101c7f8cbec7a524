package server

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/matchmaking"
)

// TestQueuesHandedOverWhenANodeDrains is issue 31's draining of quick match: three `duelist
// serve --nats` processes (the default 10 s lease); node A leads ocg/bo1 and ocg/bo3, and B leads
// both among the two others. Player 1 waits in ocg/bo1 with its socket on C, player 2 in ocg/bo3
// with its socket on B (both routed to A). A is stopped with SIGTERM: before it stops it hands
// both queues' leases to B and their waiting players with them — each hears "queued" again, from
// B, on the socket it had (no "restarting", no reconnect). The next two players, queuing through
// C, are paired with them in rooms on B, nobody twice, and A exits 0. Before, A's waiting players
// were told to reconnect and queue again by themselves.
//
// Player 5 waits in anime/bo1 (A's too) with its socket on A itself: that socket is told
// "restarting", the client reconnects to C and queues again, and B queues it with the time it
// joined on A (B says so). Before, its wait began again.
func TestQueuesHandedOverWhenANodeDrains(t *testing.T) {
	eachNodeDSN(t, func(t *testing.T, dsn string) {
		bo1, bo3 := matchmaking.Queue{Ruleset: "ocg", Format: FormatBo1}, matchmaking.Queue{Ruleset: "ocg", Format: FormatBo3}
		anime := matchmaking.Queue{Ruleset: "anime", Format: FormatBo1}
		leads := func(n string, nodes ...string) bool {
			return matchmaking.Leader(bo1, nodes) == n && matchmaking.Leader(bo3, nodes) == n &&
				matchmaking.Leader(anime, nodes) == n
		}
		// Node ids such that A leads the three queues among the three nodes, and B among B and C.
		var a, b, c string
	pick:
		for i := range 4000 {
			a, b, c = "a"+hexID(i), "b"+hexID(i), "c"+hexID(i)
			if leads(a, a, b, c) && leads(b, b, c) {
				break pick
			}
			a = ""
		}
		if a == "" {
			t.Fatal("no node ids fit")
		}
		natsURL, game := testNATS(t), newGame()
		na := startNode(t, dsn, natsURL, game, a)
		nb := startNode(t, dsn, natsURL, game, b)
		nc := startNode(t, dsn, natsURL, game, c)
		time.Sleep(2 * time.Second) // every node has swept and seen the three leases: A holds the queues
		p1 := dialLoggedIn(t, nc, "one")
		p2 := dialLoggedIn(t, nb, "two")
		p1.send(queueMsgOf(nil))
		p1.expect("queued")
		p2.send(queueMsgOf(map[string]any{"format": FormatBo3}))
		p2.expect("queued")
		p5 := dialLoggedIn(t, na, "five")
		p5.send(queueMsgOf(map[string]any{"ruleset": "anime"}))
		p5.expect("queued")
		time.Sleep(time.Second) // p5 has waited: a wait begun again would show it

		termed := time.Now()
		if err := na.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		for i, p := range []*client{p1, p2} {
			if m := p.expectWithin("queued", 15*time.Second); m.T != "queued" {
				t.Fatalf("player %d was not handed over when node A drained (last message %q %s):\nA: %s\nB: %s\nC: %s",
					i+1, m.T, m.raw, na.out, nb.out, nc.out)
			}
		}
		requeued := time.Since(termed)
		if m := p5.expectWithin("restarting", 15*time.Second); m.T != "restarting" {
			t.Fatalf("player 5, on node A, was not told A restarts (last message %q %s)", m.T, m.raw)
		}
		p5 = dialSession(t, nc, p5.name, p5.cookie) // the client reconnects, to C, and queues again
		p5.send(queueMsgOf(map[string]any{"ruleset": "anime"}))
		p5.expect("queued")
		<-na.done
		if code := na.cmd.ProcessState.ExitCode(); code != 0 {
			t.Fatalf("node A exited %d after SIGTERM", code)
		}
		if !strings.Contains(na.out.String(), "hands quick match ocg/bo1 over to node "+b) {
			t.Fatalf("node A did not say it handed ocg/bo1 to B:\n%s", na.out)
		}
		for deadline := time.Now().Add(10 * time.Second); !strings.Contains(nb.out.String(), "queues again with the wait it had before its node drained"); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("node B did not queue player 5 with the wait it had on A:\nA: %s\nB: %s\nC: %s", na.out, nb.out, nc.out)
			}
		}
		p3 := dialLoggedIn(t, nc, "three")
		p4 := dialLoggedIn(t, nc, "four")
		p3.send(queueMsgOf(nil))
		p4.send(queueMsgOf(map[string]any{"format": FormatBo3}))
		expectPairedOn(t, dsn, b, [][2]*client{{p1, p3}, {p2, p4}})
		t.Logf("drain: both waiting players were queued again on node %s %v after node %s's SIGTERM (lease TTL 10 s)",
			b, requeued.Round(time.Millisecond), a)
	})
}
