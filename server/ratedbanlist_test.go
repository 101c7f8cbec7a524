package server

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRatedPlayKeepsTheBanlist is issue 33's defect: yugi-40, quick match's default deck, holds
// Monster Reborn and Change of Heart, both forbidden on the default banlist, and was accepted in
// rated play because a preconstructed deck skipped the banlist. Every deck played rated (quick
// match bo1 and bo3, a room offering a rated duel, a rated rematch) keeps the banlist in force;
// unrated rooms and the AI still play the preconstructed decks as printed, and the welcome lists
// the preconstructed decks each banlist allows.
func TestRatedPlayKeepsTheBanlist(t *testing.T) {
	f := newFinishes()
	url := qmServer(t, f, func(o *Options) { o.QuickMatch.Pool.Wave = time.Hour; o.QuickMatch.Pool.Enough = 1000 })
	refused := func(c *client, what string) string {
		t.Helper()
		for {
			m, ok := c.read()
			if !ok {
				t.Fatalf("%s: connection closed", what)
			}
			if m.T == "error" {
				if m.Code != ErrDeck || !strings.Contains(m.Msg, "Monster Reborn") || !strings.Contains(m.Msg, "duelist-2008") ||
					!strings.Contains(m.Msg, "yugi-legal") {
					t.Fatalf("%s: error %s %q; want %s naming the forbidden card, the banlist and the legal decks", what, m.Code, m.Msg, ErrDeck)
				}
				return m.Msg
			}
			if m.T == "queued" || m.T == "joined" {
				t.Fatalf("%s: accepted (%s): a forbidden card in rated play", what, m.raw)
			}
		}
	}
	// The welcome lists, per banlist, the preconstructed decks that keep it.
	c := dial(t, url)
	c.send(map[string]any{"t": "hello", "v": Version, "name": "w"})
	w := c.expect("welcome")
	var wm struct {
		Banlists []struct {
			Name  string   `json:"name"`
			Decks []string `json:"decks"`
		} `json:"banlists"`
	}
	if err := json.Unmarshal(w.raw, &wm); err != nil || len(wm.Banlists) == 0 {
		t.Fatalf("welcome %s: %v", w.raw, err)
	}
	if def := wm.Banlists[0]; def.Name != "duelist-2008" || !slices.Contains(def.Decks, "yugi-legal") ||
		!slices.Contains(def.Decks, "kaiba-legal") || slices.Contains(def.Decks, "yugi-40") || slices.Contains(def.Decks, "kaiba-40") {
		t.Fatalf("the default banlist's decks: %+v", def)
	}

	// Quick match, bo1 and bo3.
	q := helloAs(t, url, 81, "quin")
	msg := ""
	for _, extra := range []map[string]any{
		{"deck": map[string]any{"precon": "yugi-40"}},
		{"deck": map[string]any{"precon": "kaiba-40"}, "format": "bo3"},
		{"deck": map[string]any{"precon": "yugi-40"}, "ai": true},
	} {
		q.send(queueMsgOf(extra))
		msg = refused(q, "queue "+mustJSONString(extra))
	}
	t.Log(msg)
	q.send(map[string]any{"t": "queue"}) // the default deck keeps the list
	q.expect("queued")
	q.send(map[string]any{"t": "unqueue"})
	q.expect("unqueued")

	// A room offering a rated duel: the host's deck, then the guest's.
	a, b := helloAs(t, url, 82, "ross"), helloAs(t, url, 83, "sara")
	a.send(map[string]any{"t": "create", "rated": true, "deck": map[string]any{"precon": "yugi-40"}})
	refused(a, "create rated with yugi-40")
	a.send(map[string]any{"t": "create", "rated": true, "format": "bo3", "deck": map[string]any{"precon": "yugi-40"}})
	refused(a, "create rated bo3 with yugi-40")
	a.send(map[string]any{"t": "create", "rated": true, "private": true}) // the default deck keeps the list
	code := a.expect("joined").Room
	b.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "yugi-40"}})
	refused(b, "join a rated room with yugi-40")
	b.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-legal"}})
	b.expect("joined")
	b.send(map[string]any{"t": "leave"})
	a.send(map[string]any{"t": "leave"})
	a.expect("closed")

	// Unrated: the Starter Decks as printed, against a player and the AI.
	x, y := helloAs(t, url, 84, "tess"), helloAs(t, url, 85, "ugo")
	code, _ = x.createRoom(map[string]any{"private": true})
	y.send(map[string]any{"t": "join", "room": code, "deck": map[string]any{"precon": "kaiba-40"}})
	y.expect("joined")
	x.expect("state")
	concedeDuel(t, x, x, y)
	// A rated rematch needs decks that keep the list: refused, and the rematch stays unplayed.
	x.send(map[string]any{"t": "rematch", "rated": true})
	refused(x, "a rated rematch with yugi-40")
	x.send(map[string]any{"t": "leave"})
	x.expect("closed")
	ai := helloAs(t, url, 86, "vera")
	ai.createRoom(map[string]any{"opponent": "ai", "deck": map[string]any{"precon": "kaiba-40"}})
	ai.expect("state")
	if n := f.count(); n != 0 {
		t.Fatalf("%d rated results", n)
	}
}

// mustJSONString is v as JSON text.
func mustJSONString(v any) string { return string(mustJSON(v)) }
