package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/duels"
)

// TestTagRoomWithAI: a player creates a tag room against the AI with AI partners (A with the AI
// A2 against the AI B and B2): the duel starts at once, every state shows four seats, the
// partners' clocks, no other seat's hand, and the duel plays to its end; the room lists four
// players and says tag.
func TestTagRoomWithAI(t *testing.T) {
	_, url := newTestServer(t, Options{})
	c := hello(t, url)
	c.createRoom(map[string]any{"tag": true, "opponent": "ai", "partners": "ai"})
	rm := c.expect("room")
	for rm.Status != "dueling" {
		rm = c.expect("room")
	}
	if len(rm.Players) != 4 || !strings.Contains(string(rm.raw), `"tag":true`) {
		t.Fatalf("room %s", rm.raw)
	}
	seats := []string{}
	for _, p := range rm.Players {
		seats = append(seats, p.Seat)
		if p.Seat != "A" && !p.AI {
			t.Fatalf("seat %s is not the AI: %s", p.Seat, rm.raw)
		}
	}
	if strings.Join(seats, ",") != "A,B,A2,B2" {
		t.Fatalf("seats %v", seats)
	}
	p := newPlayer(c, 3)
	checked := 0
	for {
		m, ok := c.read()
		if !ok {
			t.Fatal("closed during the duel")
		}
		if m.T == "error" {
			t.Fatalf("error: %s %s", m.Code, m.Msg)
		}
		if m.T != "state" {
			continue
		}
		if len(m.View.Seats) != 4 || m.You != "A" {
			t.Fatalf("a tag duel's state: you %q, %d seats", m.You, len(m.View.Seats))
		}
		if !strings.Contains(string(m.raw), `"A2":`) || !strings.Contains(string(m.raw), `"B2":`) {
			t.Fatalf("no partners' clocks: %s", m.raw)
		}
		for s := 1; s < 4; s++ {
			for _, h := range m.View.Seats[s].Hand {
				if h.Code != 0 {
					t.Fatalf("seat A sees a card of seat %s's hand: %+v", seatName(s), h)
				}
			}
		}
		checked++
		if m.Result != nil {
			if m.Result.Winner != "A" && m.Result.Winner != "B" && m.Result.Winner != "draw" {
				t.Fatalf("result %+v", m.Result)
			}
			break
		}
		if m.Prompt != nil {
			if m.Prompt.Seat != "A" {
				t.Fatalf("seat A is asked seat %s's prompt", m.Prompt.Seat)
			}
			p.answer(m)
		}
	}
	if checked < 5 {
		t.Fatalf("%d states", checked)
	}
}

// TestTagRoomPlayers: a tag room of two players with AI partners: the host is A, the guest who
// joins is B (A2 and B2 the AI); both play to the end and see the same result.
func TestTagRoomPlayers(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(map[string]any{"tag": true, "partners": "ai"})
	cb.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-40"}})
	if j := cb.expect("joined"); j.Seat != "B" {
		t.Fatalf("the guest sits at %q", j.Seat)
	}
	res := playBoth(t, newPlayer(ca, 5), newPlayer(cb, 6))
	if res[0] == nil || res[1] == nil || *res[0] != *res[1] {
		t.Fatalf("results %+v %+v", res[0], res[1])
	}
}

// TestTagRoomFour: four players: the joiners sit at B, A2 and B2 in turn; a fifth is refused.
func TestTagRoomFour(t *testing.T) {
	_, url := newTestServer(t, Options{})
	cs := []*client{hello(t, url), hello(t, url), hello(t, url), hello(t, url)}
	code, _ := cs[0].createRoom(map[string]any{"tag": true})
	for i, want := range []string{"B", "A2", "B2"} {
		cs[i+1].send(map[string]any{"t": "join", "room": code})
		if j := cs[i+1].expect("joined"); j.Seat != want {
			t.Fatalf("joiner %d sits at %q, want %s", i+1, j.Seat, want)
		}
	}
	c5 := hello(t, url)
	c5.send(map[string]any{"t": "join", "room": code})
	if e := c5.expect("error"); e.Code != ErrRoomFull {
		t.Fatalf("a fifth player: %+v", e)
	}
	st := cs[2].expect("state")
	if st.You != "A2" || len(st.View.Seats) != 4 {
		t.Fatalf("A2's state: you %q, %d seats", st.You, len(st.View.Seats))
	}
}

// TestTagRoomRefusals: a tag room is a single unrated duel of a ruleset with tag duels; partners
// need tag.
func TestTagRoomRefusals(t *testing.T) {
	_, url := newTestServer(t, Options{})
	c := hello(t, url)
	for _, extra := range []map[string]any{
		{"tag": true, "format": "bo3"},
		{"tag": true, "partners": "robots"},
		{"partners": "ai"},
		{"tag": true, "ruleset": "kouhu"},
	} {
		m := map[string]any{"t": "create", "first": "A"}
		for k, v := range extra {
			m[k] = v
		}
		c.send(m)
		if e := c.expect("error"); e.Code == "" {
			t.Fatalf("%v: %+v", extra, e)
		}
	}
}

// TestTagRoomRecovers: a tag duel with a player and three AI seats is rebuilt from its log on a
// new server: the player rejoins A and plays it to the end.
func TestTagRoomRecovers(t *testing.T) {
	l := NewMemLog()
	_, url := newTestServer(t, Options{Log: l})
	c := hello(t, url)
	code, tok := c.createRoom(map[string]any{"tag": true, "opponent": "ai", "partners": "ai"})
	p := newPlayer(c, 9)
	if res, _ := p.play(15); res != nil {
		t.Skip("the duel ended in 15 answers")
	}
	open, _ := l.Open(context.Background())
	if len(open) != 1 || open[0].Header.Tag == nil || open[0].Header.Tag.AI != [4]bool{false, true, true, true} {
		t.Fatalf("the log holds %+v", open)
	}
	_, url2 := restartOn(t, l)
	// The partners' banks are the log's (migration 00056), not full again: a spectator's state.
	w := hello(t, url2)
	w.send(map[string]any{"t": "watch", "room": code})
	w.expect("joined")
	open, _ = l.Open(context.Background()) // the moves the AI made after play(15) returned too
	es := open[0].Entries
	last := es[len(es)-1]
	var st struct {
		Clocks clocksJSON `json:"clocks"`
	}
	if err := json.Unmarshal(w.expect("state").raw, &st); err != nil {
		t.Fatal(err)
	}
	if c := st.Clocks; last.Partners == nil || c.A2 == nil || c.B2 == nil ||
		(c.Running != "A2" && *c.A2 != last.Partners[0]) || (c.Running != "B2" && *c.B2 != last.Partners[1]) {
		t.Fatalf("after the restart the partners' clocks are %+v, the log's %v", c, last.Partners)
	}
	c2 := hello(t, url2)
	c2.send(map[string]any{"t": "rejoin", "room": code, "token": tok})
	if j := c2.expect("joined"); j.Seat != "A" {
		t.Fatalf("rejoined %+v", j)
	}
	if res, _ := newPlayer(c2, 10).play(0); res == nil {
		t.Fatal("no result after the recovery")
	}
}

// TestTagDirectAttackNamesDefender: in a tag duel a direct attack's event says which opponent it
// hits (defender), so that the log does not name the wrong one; a duel of two sends none.
func TestTagDirectAttackNamesDefender(t *testing.T) {
	for _, tag := range []bool{true, false} {
		_, url := newTestServer(t, Options{})
		c := hello(t, url)
		extra := map[string]any{"opponent": "ai"}
		if tag {
			extra = map[string]any{"tag": true, "opponent": "ai", "partners": "ai"}
		}
		c.createRoom(extra)
		p := newPlayer(c, 21)
		direct := 0
		for {
			m, ok := c.read()
			if !ok {
				t.Fatal("closed")
			}
			if m.T != "state" {
				continue
			}
			for _, e := range m.Events {
				if (e.K == "attack" || e.K == "battle") && e.Target == "" {
					direct++
					dm := e.Defender
					if tag && (dm == "" || dm[0] == e.Seat[0]) {
						t.Fatalf("a tag duel's direct attack by %s names defender %q", e.Seat, dm)
					}
					if !tag && dm != "" {
						t.Fatalf("a duel of two's direct attack names defender %q", dm)
					}
				}
			}
			if m.Result != nil {
				break
			}
			if m.Prompt != nil {
				p.answer(m)
			}
		}
		if direct == 0 {
			t.Logf("tag %v: no direct attack in this duel", tag)
		}
	}
}

// TestTagReplay: a finished tag duel's replay downloads (a .duel with the four seats) and its
// step-by-step views are served, with the partners' hands.
func TestTagReplay(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	c := hello(t, url)
	_, tok := c.createRoom(map[string]any{"tag": true, "opponent": "ai", "partners": "ai"})
	if res, _ := newPlayer(c, 4).play(0); res == nil {
		t.Fatal("no result")
	}
	rec := get(t, srv, "/api/duels/1/replay", tok)
	body, _ := io.ReadAll(rec.Body)
	if rec.StatusCode != http.StatusOK || !strings.Contains(string(body), "A2") {
		t.Fatalf("GET replay: %d\n%.600s", rec.StatusCode, body)
	}
	rec = get(t, srv, "/api/duels/1/views", tok)
	body, _ = io.ReadAll(rec.Body)
	if rec.StatusCode != http.StatusOK || !strings.Contains(string(body), `"A2:H/0"`) {
		t.Fatalf("GET views: %d\n%.600s", rec.StatusCode, body)
	}
}

// pastedPrecon is a preconstructed deck pasted as a .ydk, so that the room checks it as a pasted deck.
func pastedPrecon(t *testing.T, name string) map[string]any {
	d, err := decks.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"ydk": d.YDK()}
}

// TestTagRoomTeamBanlist: a tag team shares the banlist's limits (seed 002, RULES.md "Tag duel",
// deck.ValidateTeam): a joiner whose pasted deck takes a limited card its partner already plays
// is refused with error deck naming the card and both players, and not seated; a deck that keeps
// the team's limits then takes the seat. A host whose pasted deck holds a limited card of its AI
// partner's deck is refused at create. Two preconstructed decks are played as printed.
func TestTagRoomTeamBanlist(t *testing.T) {
	_, url := newTestServer(t, Options{})
	host := helloNamed(t, url, "Yugi")
	code, _ := host.createRoom(map[string]any{"tag": true, "deck": pastedPrecon(t, "yugi-legal")})
	b := helloNamed(t, url, "Kaiba")
	b.send(map[string]any{"t": "join", "room": code})
	if j := b.expect("joined"); j.Seat != "B" {
		t.Fatalf("B sits at %q", j.Seat)
	}
	a2 := helloNamed(t, url, "Joey")
	a2.send(map[string]any{"t": "join", "room": code, "deck": pastedPrecon(t, "yugi-legal")})
	e := a2.expect("error")
	if e.Code != ErrDeck {
		t.Fatalf("a team over its limits: %+v", e)
	}
	for _, want := range []string{`"Dark Hole" x1 in Joey's deck and x1 in Yugi's exceeds its limit 1 in banlist duelist-2008, counted per team`,
		`"Last Will"`, `"Man-Eater Bug"`} {
		if !strings.Contains(e.Msg, want) {
			t.Errorf("the refusal %q does not say %q", e.Msg, want)
		}
	}
	a2.send(map[string]any{"t": "join", "room": code, "deck": pastedPrecon(t, "normal-monsters")})
	if j := a2.expect("joined"); j.Seat != "A2" {
		t.Fatalf("the joiner with a deck within the team's limits sits at %q", j.Seat)
	}
	// B2 with the default yugi-40 beside B's default yugi-40: both preconstructed, played as printed.
	b2 := helloNamed(t, url, "Mai")
	b2.send(map[string]any{"t": "join", "room": code})
	if j := b2.expect("joined"); j.Seat != "B2" {
		t.Fatalf("B2 sits at %q", j.Seat)
	}

	// The AI partner A2 plays 5ds: a host pasting 5ds holds Exiled Force twice over the team.
	c := helloNamed(t, url, "Yusei")
	c.send(map[string]any{"t": "create", "tag": true, "partners": "ai", "deck": pastedPrecon(t, "5ds")})
	if e := c.expect("error"); e.Code != ErrDeck || !strings.Contains(e.Msg, `"Exiled Force" x1 in Yusei's deck and x1 in AI A2's`) {
		t.Fatalf("a host over its team's limits with the AI partner: %+v", e)
	}
	// The AI's team B: B2 plays fusion, whose Dark Hole a pasted AI deck for B may not hold too.
	c.send(map[string]any{"t": "create", "tag": true, "opponent": "ai", "aiDeck": pastedPrecon(t, "kaiba-legal")})
	if e := c.expect("error"); e.Code != ErrDeck || !strings.Contains(e.Msg, `"Dark Hole" x1 in AI B's deck and x1 in AI B2's`) {
		t.Fatalf("the AI's team over its limits: %+v", e)
	}
	c.createRoom(map[string]any{"tag": true, "partners": "ai", "deck": pastedPrecon(t, "yugi-legal")})
}

// TestTagRoomJoinTeam: a joiner may choose its team ("team": "A" or "B"): team A seats it at A2,
// team B at B then B2; a full team is refused with error team-full (the joiner takes no seat,
// and may join the other team), a team outside A and B, or in a duel of two, with bad-request;
// without a team the joiner takes the first seat free as before. The room list says which seats
// are taken.
func TestTagRoomJoinTeam(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	host := helloNamed(t, url, "Yugi")
	code, _ := host.createRoom(map[string]any{"tag": true})
	joey := helloNamed(t, url, "Joey")
	joey.send(map[string]any{"t": "join", "room": code, "team": "A"})
	if j := joey.expect("joined"); j.Seat != "A2" {
		t.Fatalf("team A's joiner sits at %q, want A2", j.Seat)
	}
	var l RoomListing
	waitFor(t, "the room list names seats A and A2", func() bool {
		for _, o := range roomListOf(t, srv, "").Open {
			if o.Room == code {
				l = o
				return strings.Join(o.Seats, ",") == "A,A2"
			}
		}
		return false
	})
	if strings.Join(l.Players, ",") != "Yugi,Joey" {
		t.Fatalf("the listing's players %v seats %v", l.Players, l.Seats)
	}
	tea := helloNamed(t, url, "Tea")
	tea.send(map[string]any{"t": "join", "room": code, "team": "A"})
	if e := tea.expect("error"); e.Code != ErrTeamFull {
		t.Fatalf("a third player on team A: %+v", e)
	}
	for _, bad := range []string{"C", "A2"} {
		tea.send(map[string]any{"t": "join", "room": code, "team": bad})
		if e := tea.expect("error"); e.Code != ErrBadRequest {
			t.Fatalf("team %q: %+v", bad, e)
		}
	}
	tea.send(map[string]any{"t": "join", "room": code, "team": "B"})
	if j := tea.expect("joined"); j.Seat != "B" {
		t.Fatalf("team B's first joiner sits at %q", j.Seat)
	}
	mai := helloNamed(t, url, "Mai")
	mai.send(map[string]any{"t": "join", "room": code, "team": "B"})
	if j := mai.expect("joined"); j.Seat != "B2" {
		t.Fatalf("team B's second joiner sits at %q", j.Seat)
	}
	if st := mai.expect("state"); st.You != "B2" || len(st.View.Seats) != 4 {
		t.Fatalf("B2's state: you %q", st.You)
	}

	duo := helloNamed(t, url, "Duo")
	code2, _ := duo.createRoom(nil)
	guest := helloNamed(t, url, "Guest")
	guest.send(map[string]any{"t": "join", "room": code2, "team": "B"})
	if e := guest.expect("error"); e.Code != ErrBadRequest {
		t.Fatalf("a team in a duel of two: %+v", e)
	}
}

// TestTagReplayPartners: a tag duel's replay belongs to all four players: the partner A2 (a
// player, beside the host A1 against the AI B and B2) downloads it and watches its views with
// its own seat token, which name the partners (tag); a stranger's token is refused.
func TestTagReplayPartners(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	ca, cb := helloNamed(t, url, "Yugi"), helloNamed(t, url, "Joey")
	code, _ := ca.createRoom(map[string]any{"tag": true, "opponent": "ai"})
	cb.send(map[string]any{"t": "join", "room": code})
	j := cb.expect("joined")
	if j.Seat != "A2" {
		t.Fatalf("the partner sits at %q", j.Seat)
	}
	res := playBoth(t, newPlayer(ca, 7), newPlayer(cb, 8))
	if res[0] == nil {
		t.Fatal("no result")
	}
	var id int64
	waitFor(t, "the duel's log is finished", func() bool {
		done := false
		l.mu.Lock()
		for i, d := range l.duels {
			if d.done {
				id, done = i, true
			}
		}
		l.mu.Unlock()
		return done
	})
	path := "/api/duels/" + strconv.FormatInt(id, 10)
	if rec := get(t, srv, path+"/replay", j.Token); rec.StatusCode != http.StatusOK {
		t.Fatalf("A2's replay: %d", rec.StatusCode)
	}
	rec := get(t, srv, path+"/views", j.Token)
	body, _ := io.ReadAll(rec.Body)
	if rec.StatusCode != http.StatusOK || !strings.Contains(string(body), `"tag":{"names":["Joey","AI B2"]`) {
		t.Fatalf("A2's views: %d %.300s", rec.StatusCode, body)
	}
	if rec := get(t, srv, path+"/replay", "not-a-seat-token"); rec.StatusCode != http.StatusNotFound {
		t.Fatalf("a stranger's replay: %d", rec.StatusCode)
	}
}

// TestTagReplayClocks: a tag duel's replay shows the four clocks as they were: the log keeps the
// partners' banks with every move (migration 00056), and each step of the views gives A2's and
// B2's (before: A's and B's only, the viewer drew the partners' clocks as —).
func TestTagReplayClocks(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	ca, cb := helloNamed(t, url, "Yugi"), helloNamed(t, url, "Joey")
	code, tok := ca.createRoom(map[string]any{"tag": true, "opponent": "ai"})
	cb.send(map[string]any{"t": "join", "room": code})
	if j := cb.expect("joined"); j.Seat != "A2" {
		t.Fatalf("the partner sits at %q", j.Seat)
	}
	if res := playBoth(t, newPlayer(ca, 3), newPlayer(cb, 4)); res[0] == nil {
		t.Fatal("no result")
	}
	var id int64
	var es []duels.Entry
	waitFor(t, "the duel's log is finished", func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		for i, d := range l.duels {
			if d.done {
				id, es = i, d.entries
				return true
			}
		}
		return false
	})
	rec := get(t, srv, "/api/duels/"+strconv.FormatInt(id, 10)+"/views", tok)
	var v struct {
		Steps []struct {
			State struct {
				Clocks clocksJSON `json:"clocks"`
			} `json:"state"`
		} `json:"steps"`
	}
	if err := json.NewDecoder(rec.Body).Decode(&v); err != nil || rec.StatusCode != http.StatusOK {
		t.Fatalf("GET views: %d %v", rec.StatusCode, err)
	}
	if len(v.Steps) != len(es)+1 {
		t.Fatalf("%d steps for %d moves", len(v.Steps), len(es))
	}
	drained := 0 // the moves after which A2's bank was under the limit: A2's clock ran
	for i, s := range v.Steps {
		c := s.State.Clocks
		if c.A2 == nil || c.B2 == nil {
			t.Fatalf("step %d has no partners' clocks: %+v", i, c)
		}
		want := [2]int64{c.Limit, c.Limit} // before the first move: full banks
		if i > 0 {
			e := es[i-1]
			if e.Partners == nil {
				t.Fatalf("move %d was logged without the partners' banks", i-1)
			}
			want = *e.Partners
			if c.A != e.BankA || c.B != e.BankB {
				t.Fatalf("step %d: A %d B %d, the log %d %d", i, c.A, c.B, e.BankA, e.BankB)
			}
		}
		if got := [2]int64{*c.A2, *c.B2}; got != want {
			t.Fatalf("step %d: A2, B2 %v, the log %v", i, got, want)
		}
		if *c.A2 < c.Limit {
			drained++
		}
	}
	if drained == 0 {
		t.Fatalf("A2's clock never ran in %d moves", len(es))
	}
}
