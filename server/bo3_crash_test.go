package server

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/store/storetest"
)

// TestKillServeMidMatch kills `duelist serve` (SIGKILL) during the side decking of a best-of-3
// match and again during its second duel, on SQLite and (DUELIST_TEST_POSTGRES) PostgreSQL:
// each time the restarted server gives the room back with the score, the sided deck and the
// step or the duel; the match is then finished, and duel 2's replay verifies.
func TestKillServeMidMatch(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		addr := freeAddr(t)
		c := startServe(t, addr, dsn)
		code, ca, cb, tok := bo3RoomTokens(t, c.url(), nil)
		concedeDuel(t, ca, ca, cb)
		ca.expectPhase(t, phaseSide)
		ca.send(map[string]any{"t": "side", "swaps": []map[string]any{{"out": sideOut, "in": sideIn}}})
		for {
			if mm := cb.expectPhase(t, phaseSide); mm.Ready["A"] {
				break
			}
		}
		c.kill()

		c2 := startServe(t, addr, dsn)
		if !strings.Contains(c2.out.String(), "Recovered from the log: 1 duels resumed") {
			t.Fatalf("the restarted server did not recover the match:\n%s", c2.out)
		}
		ra, ma := rejoinMatch(t, c2.url(), code, tok[0])
		rb, _ := rejoinMatch(t, c2.url(), code, tok[1])
		if ma.Phase != phaseSide || ma.Score != (scoreJSON{B: 1}) || ma.Chooser != "A" || !ma.Ready["A"] ||
			ma.Deck.Main[len(ma.Deck.Main)-1] != sideIn {
			t.Fatalf("the side step after the crash: %+v", ma)
		}
		ra.send(map[string]any{"t": "first", "go": "second"})
		rb.send(map[string]any{"t": "side", "swaps": []any{}})
		ra.expectPhase(t, phaseDuel)
		untilPromptOf(t, rb, ra) // B goes first
		c2.kill()

		c3 := startServe(t, addr, dsn)
		if !strings.Contains(c3.out.String(), "Recovered from the log: 1 duels resumed") {
			t.Fatalf("the restarted server did not recover duel 2:\n%s", c3.out)
		}
		fa, ma := rejoinMatch(t, c3.url(), code, tok[0])
		fb, _ := rejoinMatch(t, c3.url(), code, tok[1])
		if ma.Phase != phaseDuel || ma.Number != 2 || ma.Score != (scoreJSON{B: 1}) {
			t.Fatalf("duel 2 after the crash: %+v", ma)
		}
		fa.send(map[string]any{"t": "concede"})
		mm := fb.expectPhase(t, phaseOver)
		if mm.Result.Winner != "B" || mm.Score.B != 2 || len(mm.Duels) != 2 || mm.Duels[1].ID == 0 {
			t.Fatalf("the match's end: %+v", mm)
		}
		req, _ := http.NewRequest("GET", "http://"+c3.addr+"/api/duels/"+strconv.FormatInt(mm.Duels[1].ID, 10)+"/replay", nil)
		req.Header.Set("X-Seat-Token", tok[0])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "winner: B") {
			t.Fatalf("GET duel 2's replay: %d\n%s", resp.StatusCode, body)
		}
		path := filepath.Join(t.TempDir(), "duel2.duel")
		os.WriteFile(path, body, 0o600)
		if out, err := exec.Command(duelistBinary(t), "replay", "verify", path).CombinedOutput(); err != nil {
			t.Fatalf("duelist replay verify: %v\n%s", err, out)
		}
	})
}
