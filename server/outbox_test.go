package server

import (
	"testing"
	"unsafe"

	"github.com/duelistgame/duelist/wsnet"
)

// outQueue is how many messages a connection may have waiting (wsnet's bound).
const outQueue = 256

// out reads what a test connection (no socket) was sent.
type out struct{ c *wsnet.Conn }

// pop takes the oldest message; false when there is none.
func (o out) pop() ([]byte, bool) { return o.c.Pop() }

// take pops the oldest queued message, nil when there is none.
func (o out) take() []byte {
	b, _ := o.c.Pop()
	return b
}

// len is how many messages wait.
func (o out) len() int { return o.c.Queued() }

// recv waits for the next queued message; false if stop came first.
func (o out) recv(stop <-chan struct{}) ([]byte, bool) { return recvUntil(o, stop) }

// recvUntil is recv with any channel to stop on (time.After).
func recvUntil[T any](o out, stop <-chan T) ([]byte, bool) {
	for {
		if b, ok := o.c.Pop(); ok {
			return b, true
		}
		select {
		case <-o.c.Ready():
		case <-stop:
			return nil, false
		}
	}
}

// out is what the connection was sent (tests).
func (c *Conn) out() out { return out{c.net} }

// A client that does not read is dropped once outQueue messages wait, as with the fixed queue,
// and a connection is small until it falls behind (the 256-slot channel was 6 KB).
func TestConnSlowReaderDropped(t *testing.T) {
	c := testConn(NewHub(Options{Logf: testLogf(t)}))
	for range outQueue {
		c.send([]byte("{}"))
	}
	if c.closed() {
		t.Fatalf("closed with %d messages queued", outQueue)
	}
	c.send([]byte("{}"))
	if !c.closed() {
		t.Fatalf("still open with %d messages for a client that does not read", outQueue+1)
	}
	if n := unsafe.Sizeof(Conn{}) + unsafe.Sizeof(wsnet.Conn{}); n > 1024 {
		t.Fatalf("a Conn is %d bytes before its queue grows", n)
	}
}
