package loadgen

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/server"
)

// BenchmarkWireBytes measures the bytes each seat of a random duel receives (wire.go):
// the same duels (the server's test seed, the bots' seeds) under each protocol version, with and
// without permessage-deflate. Its figures are per seat and duel; docs/protocol.md "Bytes on the
// wire" has them with the command (ten duels, 20 seats):
//
//	go test ./loadgen -run XXX -bench WireBytes -benchtime 1x
func BenchmarkWireBytes(b *testing.B) {
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	modes := []struct {
		name      string
		mode      server.Compression
		threshold int
	}{{"off", server.CompressOff, 0}, {"messages", server.CompressMessages, 0}, {"messages256", server.CompressMessages, 256},
		{"messages512", server.CompressMessages, 512}, {"context", server.CompressContext, 0}}
	for _, v := range []int{1, 2} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("v%d/%s", v, m.name), func(b *testing.B) {
				var wire, payload, msgs, n, maxWire float64
				for range b.N {
					for _, seed := range seeds {
						hs := httptest.NewServer(server.New(server.Options{Logf: func(string, ...any) {}, TestSeed: seed,
							TimeLimit: time.Hour, RatePerSec: 1e6, RateBurst: 1e6, Compression: m.mode, CompressThreshold: m.threshold}, nil))
						url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
						ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
						rep, err := MeasureWire(ctx, WireConfig{URL: url, Version: v, Compress: true, Seed: seed})
						cancel()
						hs.Close()
						if err != nil {
							b.Fatal(err)
						}
						for _, s := range rep.Seats {
							wire += float64(s.Wire)
							maxWire = max(maxWire, float64(s.Wire))
							payload += float64(s.Payload)
							msgs += float64(s.Messages)
							n++
						}
					}
				}
				b.ReportMetric(wire/n/1000, "wireKB/seat")
				b.ReportMetric(payload/n/1000, "jsonKB/seat")
				b.ReportMetric(msgs/n, "msgs/seat")
				b.ReportMetric(maxWire/1000, "maxWireKB/seat")
			})
		}
	}
}

// TestMeasureWire: a measured duel ends with a result, both seats read bytes off the wire, and a
// version 2 seat gets one board and deltas, a version 1 seat only states.
func TestMeasureWire(t *testing.T) {
	for _, v := range []int{1, 2} {
		hs := httptest.NewServer(server.New(server.Options{Logf: t.Logf, TestSeed: 3, TimeLimit: time.Hour,
			RatePerSec: 1e6, RateBurst: 1e6}, nil))
		rep, err := MeasureWire(context.Background(), WireConfig{URL: "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws",
			Version: v, Compress: true, Seed: 3, MaxAnswers: 300})
		hs.Close()
		if err != nil {
			t.Fatal(err)
		}
		for s, seat := range rep.Seats {
			if seat.Wire <= 0 || seat.Payload <= 0 || seat.Messages < 10 || seat.Answers == 0 {
				t.Fatalf("version %d, seat %d: %+v", v, s, seat)
			}
			if v == 1 && seat.Deltas != 0 || v == 2 && (seat.Boards != 1 || seat.Deltas < 10) {
				t.Fatalf("version %d, seat %d: %d boards, %d deltas", v, s, seat.Boards, seat.Deltas)
			}
		}
		if rep.Result == "" {
			t.Fatalf("version %d: no result (%+v)", v, rep)
		}
	}
}
