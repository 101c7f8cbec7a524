package wsnet

import (
	"fmt"
	"testing"
)

// take pops the oldest queued message, nil when there is none.
func (q *outbox) take() []byte {
	b, _ := q.pop()
	return b
}

// A queue keeps the order of its messages across its growth and the ring's wrap, grows only
// past its first slots, and goes back to them once emptied.
func TestOutboxGrowsInOrder(t *testing.T) {
	var q outbox
	next, want := 0, 0
	pushN := func(n int) {
		for range n {
			if !q.push(fmt.Appendf(nil, "%d", next)) {
				t.Fatalf("message %d refused with %d queued", next, q.len())
			}
			next++
		}
	}
	popN := func(n int) {
		for range n {
			b, ok := q.pop()
			if !ok || string(b) != fmt.Sprint(want) {
				t.Fatalf("popped %q, %v; want %d", b, ok, want)
			}
			want++
		}
	}
	pushN(5)
	popN(3)
	pushN(outStart - 2) // wraps around the first slots
	if q.slots() != outStart {
		t.Fatalf("%d slots with %d queued, want %d", q.slots(), q.len(), outStart)
	}
	pushN(outQueue - q.len()) // falls behind: grows, in order, to the bound
	if q.slots() > outQueue+1 || q.len() != outQueue {
		t.Fatalf("%d slots for %d queued", q.slots(), q.len())
	}
	popN(outQueue - 10)
	pushN(7)
	popN(q.len())
	if _, ok := q.pop(); ok {
		t.Fatal("a message popped from an empty queue")
	}
	if q.slots() != outStart {
		t.Fatalf("%d slots once emptied, want %d", q.slots(), outStart)
	}
}

// A full queue refuses a message but takes the closing nil, which comes out last.
func TestOutboxBound(t *testing.T) {
	var q outbox
	for i := range outQueue {
		if !q.push([]byte{byte(i)}) {
			t.Fatalf("message %d refused", i)
		}
	}
	if q.push([]byte("one too many")) {
		t.Fatal("a full queue took another message")
	}
	if !q.push(nil) {
		t.Fatal("a full queue refused the closing nil")
	}
	for i := range outQueue {
		if b := q.take(); len(b) != 1 || b[0] != byte(i) {
			t.Fatalf("message %d is %q", i, b)
		}
	}
	if b, ok := q.pop(); !ok || b != nil {
		t.Fatalf("last %q, %v; want the nil", b, ok)
	}
}
