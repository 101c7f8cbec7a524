package server

import (
	"encoding/json"
	"testing"
)

// firstState creates a room against the AI (the player goes first) and returns the first state's
// view as JSON.
func firstState(t *testing.T, url string) string {
	t.Helper()
	c := hello(t, url)
	c.createRoom(map[string]any{"opponent": "ai"})
	st := c.expect("state")
	b, err := json.Marshal(st.View)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTestSeedDealsTheSame(t *testing.T) {
	_, url := newTestServer(t, Options{TestSeed: 12345})
	a, b := firstState(t, url), firstState(t, url)
	if a != b {
		t.Fatalf("two duels with the test seed were dealt differently:\n%s\n%s", a, b)
	}
	_, url = newTestServer(t, Options{TestSeed: 999})
	if c := firstState(t, url); c == a {
		t.Fatalf("another test seed dealt the same: %s", c)
	}
}

func TestRandomSeedDealsDifferently(t *testing.T) {
	_, url := newTestServer(t, Options{})
	a, b := firstState(t, url), firstState(t, url)
	if a == b {
		t.Fatalf("two duels without a test seed were dealt the same: %s", a)
	}
}
