package server

import (
	"bytes"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// TestWireJSAgrees runs the web client's own delta code (web/static/js/wire.js) under node on
// every board and delta of random duels (every ruleset, both seats and a spectator): the state
// it makes and its hash must be the server's full state and hash. Without node it is skipped.
func TestWireJSAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the web client's wire.js is checked in the browser tests only")
	}
	dir := t.TempDir()
	var dump bytes.Buffer
	for _, rs := range ruleset.All() {
		if rs.Playable() != nil {
			continue
		}
		w := newWireRoom(t, rs, false)
		check := w.onSend
		w.r.onSend = func(c *Conn, seat int, b []byte, events []engine.Event) {
			check(c, seat, b, events)
			if c.version() >= 2 && (bytes.HasPrefix(b, []byte(`{"t":"state"`)) || bytes.HasPrefix(b, []byte(`{"t":"delta"`))) {
				dump.WriteString(`{"who":"` + rs.ID + string(rune('1'+seat)) + `","msg":`)
				dump.Write(b)
				dump.WriteString(`,"want":`)
				dump.Write(mustJSON(w.r.stateFor(seat, events)))
				dump.WriteString("}\n")
			}
		}
		names := [2]string{"yugi-40", "kaiba-40"}
		if rs.ID == "kouhu" {
			names = [2]string{"dragons", "knights-and-mages"}
		}
		a, b := w.conn(2), w.conn(2)
		for s, c := range []*Conn{a, b} {
			dl, err := loadDeck(&DeckChoice{Precon: names[s]}, rs, "")
			if err != nil {
				t.Fatal(err)
			}
			w.r.handle(joinReq{c: c, deck: dl})
		}
		w.r.handle(watchReq{c: w.conn(2)})
		w.play(rand.New(rand.NewPCG(9, 9)), 500, nil)
		w.r.close("done")
	}
	if err := os.WriteFile(filepath.Join(dir, "dump.jsonl"), dump.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	wireJS, err := filepath.Abs("../web/static/js/wire.js")
	if err != nil {
		t.Fatal(err)
	}
	script := `import { readFileSync } from 'node:fs';
import { applyDelta, viewHash } from ` + "'" + (&url.URL{Scheme: "file", Path: wireJS}).String() + "'" + `;
const sorted = (s) => JSON.stringify(s, (k, v) => (v && typeof v === 'object' && !Array.isArray(v)) ? Object.fromEntries(Object.entries(v).sort()) : v);
const held = {};
let n = 0;
for (const line of readFileSync(process.argv[2], 'utf8').trim().split('\n')) {
  const { who, msg, want } = JSON.parse(line);
  const st = msg.t === 'state' ? msg : applyDelta(held[who], msg);
  const h = viewHash(st.view, st.chain);
  const said = msg.hash || held[who].hash;
  if (h !== said) throw new Error(who + ' seq ' + msg.seq + ': hash ' + h + ', the server says ' + said);
  const got = { ...st, hash: undefined, history: undefined }, exp = { ...want, hash: undefined, history: undefined };
  if (sorted(got) !== sorted(exp)) throw new Error(who + ' seq ' + msg.seq + ':\n got ' + sorted(got) + '\nwant ' + sorted(exp));
  held[who] = st;
  n++;
}
console.log('checked ' + n);
`
	if err := os.WriteFile(filepath.Join(dir, "check.mjs"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(dir, "check.mjs"), filepath.Join(dir, "dump.jsonl")).CombinedOutput()
	if err != nil {
		t.Fatalf("wire.js: %v\n%s", err, out)
	}
	if !strings.HasPrefix(string(out), "checked ") || strings.TrimSpace(string(out)) == "checked 0" {
		t.Fatalf("wire.js checked nothing: %s", out)
	}
	t.Log(strings.TrimSpace(string(out)))
}
