package server

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/match"
	"github.com/duelistgame/duelist/ruleset"
)

// The side-deck test deck: the yugi-40 Main Deck, one Fusion Monster in the Extra Deck and a Side
// Deck of Blue-Eyes White Dragon (a Main Deck monster) and another Fusion Monster.
const (
	sideOut    = 15025844 // the first card of yugi-40's Main Deck
	sideIn     = 89631139 // Blue-Eyes White Dragon, in the Side Deck
	sideFusion = 23995346 // a Fusion Monster, in the Side Deck
	extraFus   = 66889139 // a Fusion Monster, in the Extra Deck
)

func sideYDK(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../decks/yugi-40.ydk")
	if err != nil {
		t.Fatal(err)
	}
	main := strings.SplitN(strings.SplitN(string(b), "#main\n", 2)[1], "#extra", 2)[0]
	return "#main\n" + main + "#extra\n66889139\n!side\n89631139\n23995346\n"
}

// matchOf decodes a match message.
func matchOf(t *testing.T, m msg) matchMsg {
	t.Helper()
	var mm matchMsg
	if err := json.Unmarshal(m.raw, &mm); err != nil {
		t.Fatalf("match message %s: %v", m.raw, err)
	}
	return mm
}

// expectPhase reads match messages until one in phase.
func (c *client) expectPhase(t *testing.T, phase string) matchMsg {
	t.Helper()
	for {
		mm := matchOf(t, c.expect("match"))
		if mm.Phase == phase {
			return mm
		}
	}
}

// bo3Room creates a best-of-3 free-cards room of two players (A first in duel 1), both with the
// side-deck test deck, and returns them with duel 1 started.
func bo3Room(t *testing.T, url string, extra map[string]any) (string, *client, *client) {
	t.Helper()
	code, ca, cb, _ := bo3RoomTokens(t, url, extra)
	return code, ca, cb
}

// bo3RoomTokens is bo3Room that also returns the seats' tokens.
func bo3RoomTokens(t *testing.T, url string, extra map[string]any) (string, *client, *client, [2]string) {
	t.Helper()
	ca, cb := hello(t, url), hello(t, url)
	ydk := map[string]any{"ydk": sideYDK(t)}
	opts := map[string]any{"format": "bo3", "freeCards": true, "banlist": BanlistNone, "deck": ydk}
	for k, v := range extra {
		opts[k] = v
	}
	code, tokA := ca.createRoom(opts)
	cb.send(map[string]any{"t": "join", "room": code, "deck": ydk})
	tokB := cb.expect("joined").Token
	for _, c := range []*client{ca, cb} {
		if mm := c.expectPhase(t, phaseDuel); mm.Number != 1 || mm.Format != "bo3" {
			t.Fatalf("the match's first duel: %+v", mm)
		}
	}
	return code, ca, cb, [2]string{tokA, tokB}
}

// concedeDuel makes c concede the duel going on; both see its result.
func concedeDuel(t *testing.T, c *client, both ...*client) {
	t.Helper()
	c.send(map[string]any{"t": "concede"})
	for _, o := range both {
		var m msg
		for m.Result == nil {
			m = o.expect("state")
		}
	}
}

// TestBo3Match: duel 1 lost by A; A (the loser) chooses to go second; A sides a card in, B's
// illegal side deck is refused and changes nothing, B keeps; duel 2 is played with A's sided
// deck and B first; B's second win ends the match, which both and a spectator see.
func TestBo3Match(t *testing.T) {
	l := NewMemLog()
	srv, url := newTestServer(t, Options{Log: l})
	code, ca, cb := bo3Room(t, url, nil)
	spec := hello(t, url)
	spec.send(map[string]any{"t": "watch", "room": code})
	spec.expect("joined")
	if mm := spec.expectPhase(t, phaseDuel); mm.Deck != nil {
		t.Fatal("a spectator was sent a deck")
	}
	concedeDuel(t, ca, ca, cb)
	sa, sb := ca.expectPhase(t, phaseSide), cb.expectPhase(t, phaseSide)
	if sa.Score != (scoreJSON{A: 0, B: 1}) || sa.Chooser != "A" || sa.Number != 2 || sa.TimeLeft <= 0 ||
		len(sa.Duels) != 1 || sa.Duels[0].Winner != "B" || sa.Duels[0].Reason != "conceded" || sa.Duels[0].ID == 0 {
		t.Fatalf("after duel 1: %+v", sa)
	}
	if sa.Deck == nil || !slices.Contains(sa.Deck.Side, sideIn) || sb.Deck == nil || len(sb.Deck.Main) != 40 {
		t.Fatalf("the side step's decks: %+v / %+v", sa.Deck, sb.Deck)
	}
	if ss := spec.expectPhase(t, phaseSide); ss.Deck != nil || ss.Score != sa.Score {
		t.Fatalf("the spectator's side step: %+v", ss)
	}
	// Only the loser chooses.
	cb.send(map[string]any{"t": "first", "go": "first"})
	if code := cb.expectError(); code != ErrState {
		t.Fatalf("the winner chose: %s", code)
	}
	ca.send(map[string]any{"t": "first", "go": "later"})
	if code := ca.expectError(); code != ErrBadRequest {
		t.Fatalf("a bad choice: %s", code)
	}
	ca.send(map[string]any{"t": "first", "go": "second"})
	if mm := ca.expectPhase(t, phaseSide); mm.First != "B" {
		t.Fatalf("A chose second: %+v", mm)
	}
	// B's illegal side decks are refused and change nothing.
	for _, bad := range [][]map[string]any{
		{{"out": sideOut, "in": sideFusion}},                             // a Fusion Monster for a Main Deck card: sizes change
		{{"out": extraFus, "in": extraFus}},                              // not in the Side Deck
		{{"out": 12345678, "in": sideIn}},                                // not in the deck
		{{"out": sideOut, "in": sideIn}, {"out": sideOut, "in": sideIn}}, // Blue-Eyes is in the Side Deck once
	} {
		cb.send(map[string]any{"t": "side", "swaps": bad})
		m := cb.expect("error")
		if m.Code != ErrSide || !strings.Contains(m.Msg, "unchanged") {
			t.Fatalf("an illegal side deck %v: %+v", bad, m)
		}
	}
	onActor(t, srv, code, func(r *Room) {
		if r.m.ready[1] || !slices.Equal(r.m.cur[1].Main, r.m.reg[1].Main) || !slices.Equal(r.m.cur[1].Side, r.m.reg[1].Side) {
			t.Errorf("a refused side deck changed B's deck: %+v", r.m.cur[1])
		}
	})
	ca.send(map[string]any{"t": "side", "swaps": []map[string]any{{"out": sideOut, "in": sideIn}}})
	if mm := cb.expectPhase(t, phaseSide); !mm.Ready["A"] || mm.Ready["B"] {
		t.Fatalf("A sided: %+v", mm)
	}
	ca.send(map[string]any{"t": "side", "swaps": []any{}})
	if code := ca.expectError(); code != ErrState {
		t.Fatalf("A sided twice: %s", code)
	}
	cb.send(map[string]any{"t": "side", "swaps": []any{}})
	if mm := ca.expectPhase(t, phaseDuel); mm.Number != 2 || mm.Score.B != 1 {
		t.Fatalf("duel 2: %+v", mm)
	}
	onActor(t, srv, code, func(r *Room) {
		h := r.dur.header
		if h.First != engine.FirstB || h.MatchDuel != 2 || h.Match == 0 {
			t.Errorf("duel 2's header: first %v, match %d duel %d", h.First, h.Match, h.MatchDuel)
		}
		if !slices.Contains(h.Decks[0].Main, card.Passcode(sideIn)) || slices.Contains(h.Decks[0].Main, card.Passcode(sideOut)) ||
			len(h.Decks[0].Main) != 40 || !slices.Equal(h.Decks[1].Main, r.m.reg[1].Main) {
			t.Errorf("duel 2's decks: A sided %v; B %v", h.Decks[0].Main, h.Decks[1].Main)
		}
	})
	// B goes first in duel 2: its first prompt is B's.
	if st := untilPromptOf(t, cb, ca); st.Prompt.Seat != "B" {
		t.Fatalf("duel 2's first prompt is %s's", st.Prompt.Seat)
	}
	concedeDuel(t, ca, ca, cb)
	for _, c := range []*client{ca, cb, spec} {
		mm := c.expectPhase(t, phaseOver)
		if mm.Result == nil || mm.Result.Winner != "B" || mm.Result.Reason != "wins" || mm.Score != (scoreJSON{B: 2}) || len(mm.Duels) != 2 {
			t.Fatalf("the match's end: %+v", mm)
		}
	}
	if r := cb.expect("room"); r.Status != "over" {
		t.Fatalf("room after the match: %s", r.Status)
	}
	// The match is saved over, with both duels; each duel has its replay, naming the match.
	onActor(t, srv, code, func(r *Room) {
		st, ok := l.Match(r.m.id)
		if !ok || st.Phase != phaseOver || st.Result != "B" || len(st.DuelIDs) != 2 {
			t.Errorf("the saved match: %+v", st)
		}
		for i, id := range st.DuelIDs {
			sum, rp, err := l.Replay(t.Context(), id)
			if err != nil || len(rp) == 0 || sum.Match != r.m.id || sum.MatchDuel != i+1 {
				t.Errorf("duel %d's replay: %+v %v", i+1, sum, err)
			}
		}
	})
	// A rematch is a new match, with the registered decks.
	ca.send(map[string]any{"t": "rematch"})
	cb.send(map[string]any{"t": "rematch"})
	mm := ca.expectPhase(t, phaseDuel)
	if mm.Number != 1 || mm.Score != (scoreJSON{}) {
		t.Fatalf("the rematch: %+v", mm)
	}
	onActor(t, srv, code, func(r *Room) {
		if slices.Contains(r.dur.header.Decks[0].Main, card.Passcode(sideIn)) {
			t.Error("the rematch kept the sided deck")
		}
	})
}

// TestBo3SideTimeout: nobody sides or chooses: when the time is up the next duel starts with
// the decks as they were and the chooser going first.
func TestBo3SideTimeout(t *testing.T) {
	srv, url := newTestServer(t, Options{SideTime: 300 * time.Millisecond, Log: NewMemLog()})
	code, ca, cb := bo3Room(t, url, nil)
	concedeDuel(t, cb, ca, cb) // B lost: B chooses
	if mm := ca.expectPhase(t, phaseSide); mm.Chooser != "B" || mm.SideTime != 300 {
		t.Fatalf("side: %+v", mm)
	}
	if mm := ca.expectPhase(t, phaseDuel); mm.Number != 2 {
		t.Fatalf("after the timeout: %+v", mm)
	}
	onActor(t, srv, code, func(r *Room) {
		if r.dur.header.First != engine.FirstB || !slices.Equal(r.dur.header.Decks[0].Main, r.m.reg[0].Main) {
			t.Errorf("duel 2 after the timeout: first %v", r.dur.header.First)
		}
	})
}

// TestBo3ConcedeMatch: conceding the match during a duel ends the match (the duel is lost too);
// between duels any concession concedes the match.
func TestBo3ConcedeMatch(t *testing.T) {
	_, url := newTestServer(t, Options{})
	_, ca, cb := bo3Room(t, url, nil)
	cb.send(map[string]any{"t": "concede", "match": true})
	for _, c := range []*client{ca, cb} {
		mm := c.expectPhase(t, phaseOver)
		if mm.Result.Winner != "A" || mm.Result.Reason != "conceded" || mm.Score.A != 1 {
			t.Fatalf("conceded match: %+v", mm)
		}
	}
	_, ca, cb = bo3Room(t, url, nil)
	concedeDuel(t, ca, ca, cb)
	cb.expectPhase(t, phaseSide)
	ca.send(map[string]any{"t": "concede"})
	if mm := cb.expectPhase(t, phaseOver); mm.Result.Winner != "B" || mm.Score.B != 1 {
		t.Fatalf("conceded between duels: %+v", mm)
	}
}

// TestBo3Abandon: a player who does not come back within the grace period, between duels, loses
// the match; one who leaves during a duel loses it too.
func TestBo3Abandon(t *testing.T) {
	srv, url := newTestServer(t, Options{})
	code, ca, cb := bo3Room(t, url, nil)
	concedeDuel(t, cb, ca, cb)
	ca.expectPhase(t, phaseSide)
	cb.ws.CloseNow()
	for {
		m := ca.expect("room")
		if len(m.Players) == 2 && !m.Players[1].Connected {
			break
		}
	}
	onActor(t, srv, code, func(r *Room) { r.graceExpired(1, r.seats[1].graceGen) })
	if mm := ca.expectPhase(t, phaseOver); mm.Result.Winner != "A" || mm.Result.Reason != "disconnected" || mm.Score.A != 1 {
		t.Fatalf("abandoned between duels: %+v", mm)
	}
	_, ca, cb = bo3Room(t, url, nil)
	ca.send(map[string]any{"t": "leave"})
	if mm := cb.expectPhase(t, phaseOver); mm.Result.Winner != "B" || mm.Result.Reason != "left" {
		t.Fatalf("left during a duel: %+v", mm)
	}
}

// TestBo3Refusals: side and first outside a side step, and bad create options, are refused.
func TestBo3Refusals(t *testing.T) {
	_, url := newTestServer(t, Options{})
	c := hello(t, url)
	for _, m := range []map[string]any{
		{"t": "create", "format": "bo5"},
		{"t": "create", "rated": true, "opponent": "ai"},
		{"t": "create", "rated": true, "freeCards": true},
	} {
		c.send(m)
		if code := c.expectError(); code != ErrBadRequest {
			t.Fatalf("%v: %s", m, code)
		}
	}
	_, ca, _ := bo3Room(t, url, nil)
	ca.send(map[string]any{"t": "side", "swaps": []any{}})
	if code := ca.expectError(); code != ErrState {
		t.Fatalf("side during a duel: %s", code)
	}
	ca.send(map[string]any{"t": "first", "go": "first"})
	if code := ca.expectError(); code != ErrState {
		t.Fatalf("first during a duel: %s", code)
	}
	ca.send(map[string]any{"t": "rated", "accept": true})
	if code := ca.expectError(); code != ErrState {
		t.Fatalf("rated without an offer: %s", code)
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// TestBo3Draws: drawn duels are taken as the ruleset's match rule counts them (package match):
// under ocg a draw does not count and the player who chose last chooses again; under classic a
// draw counts, and 1 win + 2 draws wins the match.
func TestBo3Draws(t *testing.T) {
	srv, url := newTestServer(t, Options{Log: NewMemLog()})
	code, ca, cb := bo3Room(t, url, nil)
	concedeDuel(t, ca, ca, cb) // B 1-0; A chooses
	ca.expectPhase(t, phaseSide)
	ca.send(map[string]any{"t": "first", "go": "first"})
	ca.send(map[string]any{"t": "side", "swaps": []any{}})
	cb.send(map[string]any{"t": "side", "swaps": []any{}})
	ca.expectPhase(t, phaseDuel)
	onActor(t, srv, code, func(r *Room) {
		r.matchRecord(match.Draw, "both players lost at once") // duel 2 drawn
		if r.m.phase != phaseSide || r.m.chooser != 0 {
			t.Errorf("after a drawn duel under ocg: phase %s, chooser %d (A chose for it)", r.m.phase, r.m.chooser)
		}
		r.broadcastMatch()
	})
	mm := ca.expectPhase(t, phaseSide)
	if mm.Score != (scoreJSON{B: 1, Draws: 1}) || mm.Number != 3 || mm.Chooser != "A" {
		t.Fatalf("after the draw: %+v", mm)
	}

	classic, err := ruleset.Get("classic")
	if err != nil {
		t.Fatal(err)
	}
	onActor(t, srv, code, func(r *Room) {
		r.cfg.ruleset = classic
		r.m.outcomes, r.m.reasons = []match.Outcome{match.WinB, match.Draw}, []string{"conceded", "draw"}
		r.m.phase = phaseDuel
		r.matchRecord(match.Draw, "draw")
		if r.m.phase != phaseOver || r.m.result != match.WinB {
			t.Errorf("1 win and 2 draws under classic: phase %s, result %v", r.m.phase, r.m.result)
		}
	})
}
