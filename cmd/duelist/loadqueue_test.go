package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestQueueLoadPastPerAddressCap: `duelist loadtest --queue N` matches every bot even when N is
// over the per-address connection cap (all the bots come from 127.0.0.1).
func TestQueueLoadPastPerAddressCap(t *testing.T) {
	var out, errb bytes.Buffer
	if code := queueLoad(100, 0, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "100 players queued, 100 matched") || !strings.Contains(out.String(), "; 0 errors") {
		t.Fatalf("report: %s", out.String())
	}
}
