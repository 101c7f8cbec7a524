package server

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// Issue 13 ("A duel hosted by the server leaks timing"): were a chain window asked only of a
// seat that can activate something, the opponent and the spectators would see "waiting" exactly
// when a player holds a live response. Every server duel asks both seats at every window.

// TestServerAsksASeatWithNothing: in A's first turn B has no card on the field and nothing to
// activate, yet B is asked at A's first window (its only option is pass) and A waits for it, as
// it would if B held a response. (A passes its own windows before that one, as its client would.)
func TestServerAsksASeatWithNothing(t *testing.T) {
	_, url := newTestServer(t, Options{})
	ca, cb := hello(t, url), hello(t, url)
	code, _ := ca.createRoom(nil) // A goes first
	cb.send(map[string]any{"t": "join", "room": code})
	cb.expect("joined")
	var sa msg
	for {
		sa = ca.expect("state")
		if sa.Prompt == nil {
			break // B holds the prompt
		}
		o, ok := passOption(sa.Prompt)
		if !ok || len(sa.Prompt.Options) != 1 {
			t.Fatalf("A holds a %s prompt before B was asked at any window: %s", sa.Prompt.Kind, sa.raw)
		}
		ca.send(map[string]any{"t": "answer", "prompt": sa.Prompt.N, "i": o.I})
	}
	if !bytes.Contains(sa.raw, []byte(`"waiting":"B"`)) {
		t.Fatalf("A has no prompt and waits for nobody: %s", sa.raw)
	}
	sb := cb.expect("state")
	for sb.Seq < sa.Seq {
		sb = cb.expect("state")
	}
	if sb.Prompt == nil || sb.Prompt.Kind != "chain" || len(sb.Prompt.Options) != 1 || sb.Prompt.Options[0].Verb != "pass" {
		t.Fatalf("B's first prompt: %s, want a chain window whose only option is pass", sb.raw)
	}
	cb.send(map[string]any{"t": "answer", "prompt": sb.Prompt.N, "i": sb.Prompt.Options[0].I})
	if st := untilPromptOf(t, ca, cb); st.Prompt.Seat != "A" {
		t.Fatalf("A's prompt is seat %s's", st.Prompt.Seat)
	}
}

// TestOpponentCannotTellAResponse: A summons a monster while B has one Set card: a Trap Hole
// (a live response) or a Dark Hole (a Normal Spell, which cannot be activated in A's turn).
// Every window is passed. A and the spectators get the same messages, byte for byte, in both
// duels, up to A's next idle prompt. Without always-ask they would not (the control), which
// shows the test can fail.
func TestOpponentCannotTellAResponse(t *testing.T) {
	seen := func(alwaysAsk bool, set string) (a, spec []byte, bOptions int) {
		rs, err := ruleset.Get("ocg")
		if err != nil {
			t.Fatal(err)
		}
		at := time.Unix(1e9, 0)
		h := NewHub(Options{Logf: testLogf(t), Now: func() time.Time { return at }})
		r := newRoom(h, "TIMING01", roomConfig{ruleset: rs, timeLimit: time.Hour, first: engine.FirstA})
		defer r.close("done")
		conns := [3]*Conn{testConn(h), testConn(h), testConn(h)}
		for s := range 2 {
			dl, err := loadDeck(nil, rs, "yugi-40")
			if err != nil {
				t.Fatal(err)
			}
			r.handle(joinReq{c: conns[s], deck: dl})
		}
		r.handle(watchReq{c: conns[2]})
		d, err := engine.NewFromPosition(engine.Position{Rules: rs.Rules, Turn: 3, Player: engine.A, Phase: engine.Main1,
			Cards: all.Library(), AlwaysAsk: alwaysAsk, Seats: [engine.MaxSeats]engine.SeatSetup{
				{Deck: passcodes(t, "Celtic Guardian"), Hand: passcodes(t, "Celtic Guardian")},
				{Deck: passcodes(t, "Celtic Guardian"), Spells: []engine.SpellSetup{{Code: passcodes(t, set)[0]}}},
			}})
		if err != nil {
			t.Fatal(err)
		}
		r.duel.Close()
		r.duel = d // the room's duel from here is this position (the room's own was random)
		r.advanced()
		for _, c := range conns {
			drainAll(c)
		}
		r.handle(clientReq{c: conns[0], t: "answer", m: &answerMsg{T: "answer", Prompt: r.promptN,
			Text: `summon "Celtic Guardian"`}})
		// Every chain window is passed (B does not spring its Trap Hole) until A's idle prompt.
		for p := r.duel.Prompt(); p != nil && p.IsChainWindow(); p = r.duel.Prompt() {
			if p.Seat == engine.B {
				bOptions = max(bOptions, len(p.Options()))
			}
			pass := -1
			for i, o := range p.Options() {
				if o.Kind == engine.OptPass {
					pass = i
				}
			}
			r.handle(clientReq{c: conns[p.Seat], t: "answer", m: &answerMsg{T: "answer", Prompt: r.promptN, I: &pass}})
		}
		if p := r.duel.Prompt(); p == nil || p.Seat != engine.A || p.IsChainWindow() {
			t.Fatalf("after the summon's windows the prompt is %+v, want A's idle prompt", p)
		}
		a, spec = drainAll(conns[0]), drainAll(conns[2])
		return a, spec, bOptions
	}
	aTrap, specTrap, optsTrap := seen(serverAlwaysAsks, "Trap Hole")
	aNone, specNone, optsNone := seen(serverAlwaysAsks, "Dark Hole")
	if optsTrap != 2 || optsNone != 1 {
		t.Fatalf("B's window offers %d options with Trap Hole Set and %d with Dark Hole; want 2 and 1", optsTrap, optsNone)
	}
	if !bytes.Equal(aTrap, aNone) {
		t.Fatalf("A can tell whether B holds a response:\nwith Trap Hole:\n%s\nwith Dark Hole:\n%s", aTrap, aNone)
	}
	if !bytes.Equal(specTrap, specNone) {
		t.Fatalf("a spectator can tell whether B holds a response:\n%s\n%s", specTrap, specNone)
	}
	// The control: a duel that asks only who can respond shows the difference.
	aTrap, _, _ = seen(false, "Trap Hole")
	aNone, _, optsNone = seen(false, "Dark Hole")
	if optsNone != 0 || bytes.Equal(aTrap, aNone) {
		t.Fatalf("without always-ask B was asked with nothing (%d options) or A saw the same: the test cannot fail", optsNone)
	}
}

// TestRebuildKeepsAlwaysAsk: a duel's log says whether it always asks, and a rebuilt duel is
// the same duel either way: a new log's header (always-ask) and an older one without the key,
// whose duel asked only who could respond.
func TestRebuildKeepsAlwaysAsk(t *testing.T) {
	rs, _ := ruleset.Get("ocg")
	var decks [2]engine.DeckList
	for s, name := range []string{"yugi-40", "kaiba-40"} {
		dl, err := loadDeck(&DeckChoice{Precon: name}, rs, "")
		if err != nil {
			t.Fatal(err)
		}
		decks[s] = dl
	}
	for _, aa := range []bool{true, false} {
		h := duels.Header{Room: "REBUILD1", DuelNo: 1, Ruleset: "ocg", Seed: 42, First: engine.FirstA, AlwaysAsk: aa, Decks: decks}
		hj, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		if !aa { // a header written before the key existed
			hj = bytes.Replace(hj, []byte(`"AlwaysAsk":false,`), nil, 1)
		}
		var back duels.Header
		if err := json.Unmarshal(hj, &back); err != nil || back.AlwaysAsk != aa {
			t.Fatalf("header %s: always-ask %v, %v", hj, back.AlwaysAsk, err)
		}
		cfg, err := engineConfig(back)
		if err != nil {
			t.Fatal(err)
		}
		d, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var es []duels.Entry
		for i := 0; i < 60 && d.Prompt() != nil; i++ {
			p := d.Prompt()
			o := (i * 7) % len(p.Options())
			es = append(es, duels.Entry{Seq: i, Kind: duels.EntryAnswer, Seat: int(p.Seat), Option: o})
			if err := d.AnswerIndex(o); err != nil {
				t.Fatal(err)
			}
		}
		re, err := rebuild(back, es)
		if err != nil {
			t.Fatalf("always-ask %v: rebuild: %v", aa, err)
		}
		if re.Hash() != d.Hash() {
			t.Fatalf("always-ask %v: the rebuilt duel differs from the played one", aa)
		}
		re.Close()
		other := back
		other.AlwaysAsk = !aa
		if od, err := rebuild(other, es); err == nil {
			if od.Hash() == d.Hash() {
				t.Fatalf("always-ask %v: the duel is the same with the other setting (the test cannot tell)", aa)
			}
			od.Close()
		}
		d.Close()
	}
}

// passcodes looks cards up by name.
func passcodes(t *testing.T, names ...string) []card.Passcode {
	t.Helper()
	out := make([]card.Passcode, len(names))
	for i, n := range names {
		d, ok := card.Pool().ByName(n)
		if !ok {
			t.Fatalf("no card %q", n)
		}
		out[i] = d.Passcode
	}
	return out
}

// drainAll returns what a test connection's queue holds, one message a line.
func drainAll(c *Conn) []byte {
	var out []byte
	for {
		b, ok := c.out().pop()
		if !ok {
			return out
		}
		out = append(append(out, b...), '\n')
	}
}
