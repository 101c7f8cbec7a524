package server

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/nats-io/nats.go"

	"github.com/duelistgame/duelist/cluster"
	"github.com/duelistgame/duelist/presence"
)

// TestNodesAnswerTheSame: two nodes of one game on NATS (in one process), each with its own
// rooms and sockets. The room list, /api/duels/mine, a seat's token and the presence of accounts
// answer the same on both, for the rooms and sockets of both; a node's own registry alone sees
// only its sockets.
func TestNodesAnswerTheSame(t *testing.T) {
	url, game := testNATS(t), newGame()
	type node struct {
		srv  *Server
		url  string
		reg  *presence.Registry
		pres *NodesPresence
	}
	var nodes [2]node
	ids := []string{"a", "b"}
	for i := range nodes {
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		peers := cluster.NewPeers(nc, game, ids[i], func() []string { return ids }, t.Logf)
		reg := presence.New()
		srv, wsURL := newTestServer(t, Options{Log: NewMemLog(), Account: testAccount, Presence: reg, Peers: peers})
		nc.Flush()
		nodes[i] = node{srv: srv, url: wsURL, reg: reg, pres: NewNodesPresence(reg, peers, t.Logf)}
	}
	a, bn := nodes[0], nodes[1]
	// On a: account 7 waits in a room for a player. On b: 9 and 10 duel.
	c7 := dialAs(t, a.url, 7)
	open, _ := c7.createRoom(nil)
	c9 := dialAs(t, bn.url, 9)
	live, _ := c9.createRoom(nil)
	c10 := dialAs(t, bn.url, 10)
	c10.send(map[string]any{"t": "join", "room": live})
	c10.expect("joined")
	c9.expect("state")
	c10.expect("state")

	lists := [2]RoomList{}
	for i, n := range nodes {
		w := call(n.srv, "GET", "/api/rooms", 0)
		if w.Code != http.StatusOK {
			t.Fatalf("GET /api/rooms on node %d: %d %s", i, w.Code, w.Body)
		}
		lists[i] = n.srv.gameRoomList(t.Context(), "")
	}
	if len(lists[0].Open) != 1 || lists[0].Open[0].Room != open || len(lists[0].Live) != 1 || lists[0].Live[0].Room != live {
		t.Fatalf("node a's room list: %+v, want %s open and %s live", lists[0], open, live)
	}
	if !reflect.DeepEqual(lists[0], lists[1]) {
		t.Fatalf("the room lists differ:\na %+v\nb %+v", lists[0], lists[1])
	}
	if l := a.srv.Hub().RoomList(""); len(l.Live) != 0 {
		t.Fatalf("node a's own list has b's duel: %+v", l)
	}

	for _, n := range nodes {
		if m := myRoomsOf(t, n.srv, 9); len(m) != 1 || m[0].Room != live || m[0].Seat != "A" {
			t.Fatalf("account 9's rooms: %+v, want seat A of %s", m, live)
		}
		if m := myRoomsOf(t, n.srv, 10); len(m) != 1 || m[0].Room != live || m[0].Seat != "B" || m[0].Status != "dueling" {
			t.Fatalf("account 10's rooms: %+v, want seat B of %s", m, live)
		}
	}
	if s := seatToken(t, a.srv, live, 9, http.StatusOK); s.Seat != "A" || s.Token == "" {
		t.Fatalf("account 9's seat asked of node a: %+v", s)
	}
	seatToken(t, a.srv, live, 7, http.StatusNotFound)

	accs := []int64{7, 9, 10, 11}
	want := map[int64]presence.Place{7: {Online: true, Room: open, Role: presence.Player},
		9: {Online: true, Room: live, Role: presence.Player}, 10: {Online: true, Room: live, Role: presence.Player}}
	for i, n := range nodes {
		if got := n.pres.Of(accs); !reflect.DeepEqual(got, want) {
			t.Fatalf("presence on node %d: %+v, want %+v", i, got, want)
		}
		if role, ok := n.pres.InRoom(10, live); !ok || role != presence.Player {
			t.Fatalf("account 10 in room %s on node %d: %q %v", live, i, role, ok)
		}
		if _, ok := n.pres.InRoom(7, live); ok {
			t.Fatalf("account 7 is in room %s on node %d", live, i)
		}
	}
	if got := a.reg.Of(accs); len(got) != 1 {
		t.Fatalf("node a's own registry: %+v, want account 7 alone", got)
	}
}
