package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// BenchmarkWireBytes measures the bytes each seat of a random duel receives (wiremeasure.go):
// the same duels (the server's test seed, the bots' seeds) under each protocol version, with and
// without permessage-deflate. Its figures are per seat and duel; docs/protocol.md "Bytes on the
// wire" has them with the command (ten duels, 20 seats):
//
//	go test ./server -run XXX -bench WireBytes -benchtime 1x
func BenchmarkWireBytes(b *testing.B) {
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	modes := []struct {
		name      string
		mode      Compression
		threshold int
	}{{"off", CompressOff, 0}, {"messages", CompressMessages, 0}, {"messages128", CompressMessages, 128},
		{"messages512", CompressMessages, 512}, {"context", CompressContext, 0}}
	for _, v := range []int{1, 2} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("v%d/%s", v, m.name), func(b *testing.B) {
				var wire, payload, msgs, n, maxWire float64
				for range b.N {
					for _, seed := range seeds {
						_, url := newTestServer(b, Options{TestSeed: seed, TimeLimit: time.Hour, Compression: m.mode,
							CompressThreshold: m.threshold})
						ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
						rep, err := MeasureWire(ctx, WireConfig{URL: url, Version: v, Compress: true, Seed: seed})
						cancel()
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

// BenchmarkWireMemory measures the server's heap per connection under each compression mode:
// N clients (raw sockets that offer permessage-deflate as browsers do and never decompress, so
// that only the server's side is counted) each open a duel against the AI and receive its
// board; the heap in use after a collection, less the same before they came, per connection:
//
//	go test ./server -run XXX -bench WireMemory -benchtime 1x -count 3
func BenchmarkWireMemory(b *testing.B) {
	for _, m := range []struct {
		name string
		mode Compression
		n    int
	}{{"off", CompressOff, 200}, {"messages", CompressMessages, 200}, {"context", CompressContext, 50}} {
		b.Run(m.name, func(b *testing.B) {
			var per float64
			for range b.N {
				per = float64(wireHeap(b, m.mode, m.n)) / float64(m.n)
			}
			b.ReportMetric(per/1000, "heapKB/conn")
		})
	}
}

// BenchmarkWireBroadcast measures the room's cost of an answer and the states it sends (both
// seats and a spectator, on the test's goroutine: no sockets), with every connection on protocol
// version 1 (a whole state each) or 2 (deltas): the same duels, so the difference is the wire's.
//
//	go test ./server -run XXX -bench WireBroadcast -benchmem
func BenchmarkWireBroadcast(b *testing.B) {
	rs, err := ruleset.Get("ocg")
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []int{1, 2} {
		b.Run(fmt.Sprintf("v%d", v), func(b *testing.B) {
			var sent int64
			answers := 0
			b.ReportAllocs()
			for i := 0; i < b.N; {
				h := NewHub(Options{Logf: b.Logf})
				r := newRoom(h, "BENCH1", roomConfig{ruleset: rs, timeLimit: time.Hour, first: engine.FirstA})
				r.onSend = func(_ *Conn, _ int, msg []byte, _ []engine.Event) { sent += int64(len(msg)) }
				conns := []*Conn{testConn(h), testConn(h), testConn(h)}
				for _, c := range conns {
					c.proto.Store(int32(v))
				}
				for s := range 2 {
					dl, _ := loadDeck(&DeckChoice{Precon: "yugi-40"}, rs, "")
					r.handle(joinReq{c: conns[s], deck: dl})
				}
				r.handle(watchReq{c: conns[2]})
				rng := rand.New(rand.NewPCG(uint64(i), 3))
				for ; i < b.N && r.status == "dueling"; i++ {
					p := r.duel.Prompt()
					k := rng.IntN(len(p.Options()))
					r.handle(clientReq{c: conns[p.Seat], t: "answer", m: &answerMsg{T: "answer", Prompt: r.promptN, I: &k}})
					answers++
					for _, c := range conns {
						for {
							if _, ok := c.out.pop(); !ok {
								break
							}
						}
					}
				}
				r.close("done")
			}
			b.ReportMetric(float64(sent)/float64(answers), "bytes/answer")
		})
	}
}
