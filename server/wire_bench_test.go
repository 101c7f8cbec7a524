package server

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

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
							if _, ok := c.out().pop(); !ok {
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
