package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestViewsOfAPrunedDuel (both backends): a duel played to its end on the store's log is
// watched in the replay viewer, its move log is pruned (duels.Log.Prune), and the viewer shows
// the same steps again (derived from the kept replay; only the clocks, which the replay does not
// keep, show full banks), and the replay downloads whole.
func TestViewsOfAPrunedDuel(t *testing.T) { storetest.Each(t, testViewsOfAPrunedDuel) }

func testViewsOfAPrunedDuel(t *testing.T, db *store.DB) {
	l := duels.New(db)
	defer l.Close()
	srv, url := newTestServer(t, Options{Log: l})
	d := newDuo(t, url, 3)
	d.finish()
	var id int64
	if err := db.SQL().QueryRow(`SELECT id FROM duel_logs WHERE room = $1`, d.room).Scan(&id); err != nil {
		t.Fatal(err)
	}
	fetch := func(path string) []byte {
		t.Helper()
		rec := get(t, srv, "/api/duels/"+strconv.FormatInt(id, 10)+path, d.tok[0])
		b, _ := io.ReadAll(rec.Body)
		if rec.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, rec.StatusCode, b)
		}
		return b
	}
	steps := func() []json.RawMessage {
		var v struct{ Steps []map[string]any }
		if err := json.Unmarshal(fetch("/views"), &v); err != nil {
			t.Fatal(err)
		}
		out := make([]json.RawMessage, len(v.Steps))
		for i, st := range v.Steps {
			delete(st["state"].(map[string]any), "clocks")
			out[i], _ = json.Marshal(st)
		}
		return out
	}
	before, replay := steps(), fetch("/replay")
	st, err := l.Prune(context.Background(), time.Now().Add(time.Hour))
	if err != nil || st.Duels != 1 {
		t.Fatalf("prune: %+v %v", st, err)
	}
	if _, _, err := l.Moves(context.Background(), id); err == nil {
		t.Fatal("the duel's moves are still in the log after the prune")
	}
	after := steps()
	if len(after) != len(before) || len(before) < 2 {
		t.Fatalf("the viewer has %d steps after the prune, %d before", len(after), len(before))
	}
	if !reflect.DeepEqual(after, before) {
		for i := range before {
			if string(before[i]) != string(after[i]) {
				j := 0
				for j < len(before[i]) && j < len(after[i]) && before[i][j] == after[i][j] {
					j++
				}
				t.Fatalf("step %d differs after the prune, at byte %d:\nbefore …%s\nafter  …%s", i, j,
					before[i][max(0, j-80):min(len(before[i]), j+80)], after[i][max(0, j-80):min(len(after[i]), j+80)])
			}
		}
	}
	if got := fetch("/replay"); string(got) != string(replay) {
		t.Fatalf("the replay differs after the prune:\n%s\n---\n%s", replay, got)
	}
}
