package wsnet

import "sync"

// outQueue is how many messages may wait for a slow client before it is dropped (it can rejoin).
const outQueue = 256

// outStart is how many messages a connection's queue holds without growing: the slots live in
// the Conn itself. A client that keeps up rarely has more than a few messages waiting (a step
// sends one state; a duel's start sends room, match and state).
const outStart = 8

// outbox is a connection's queue of messages waiting for its writer. It starts with outStart
// slots inside the Conn and doubles only when the client falls behind, up to outQueue messages;
// once the writer has emptied it, a grown queue goes back to its first slots (issue 17: a
// 256-slot channel was 6 KB of pointers a connection for the collector to scan, and a smaller
// one dropped a spectator that reads only now and then). A nil message (the writer closes on it)
// is always taken, even by a full queue.
type outbox struct {
	mu    sync.Mutex
	buf   [][]byte // a ring: n messages from head; nil until the first message
	head  int
	n     int
	first [outStart][]byte // buf's slots until it grows
	wake  chan struct{}    // one slot: a message was queued since the writer last looked (made on first use)
}

// ready is signalled when a message is queued; its reader then pops until pop says none.
func (q *outbox) ready() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.wakeLocked()
}

func (q *outbox) wakeLocked() chan struct{} {
	if q.wake == nil {
		q.wake = make(chan struct{}, 1)
	}
	return q.wake
}

// push queues b; false when the queue already holds outQueue messages (b is not queued).
func (q *outbox) push(b []byte) bool {
	q.mu.Lock()
	if b != nil && q.n >= outQueue {
		q.mu.Unlock()
		return false
	}
	if q.buf == nil {
		q.buf = q.first[:]
	}
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)%len(q.buf)] = b
	q.n++
	wake := q.wakeLocked()
	q.mu.Unlock()
	select {
	case wake <- struct{}{}:
	default:
	}
	return true
}

// grow doubles the ring (one more slot past outQueue, for the closing nil), keeping the order.
func (q *outbox) grow() {
	nb := make([][]byte, min(2*len(q.buf), outQueue+1))
	for i := range q.n {
		nb[i] = q.buf[(q.head+i)%len(q.buf)]
	}
	clear(q.buf)
	q.buf, q.head = nb, 0
}

// pop takes the oldest message; false when there is none.
func (q *outbox) pop() ([]byte, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n == 0 {
		return nil, false
	}
	b := q.buf[q.head]
	q.buf[q.head] = nil // the message is the writer's now: the queue does not keep it alive
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	if q.n == 0 {
		q.head = 0
		if len(q.buf) > outStart {
			q.buf = q.first[:] // caught up: the grown ring goes to the collector
		}
	}
	return b, true
}

// len is how many messages are waiting.
func (q *outbox) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n
}

// slots is how many messages the queue holds before it grows again (tests).
func (q *outbox) slots() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.buf == nil {
		return outStart
	}
	return len(q.buf)
}
