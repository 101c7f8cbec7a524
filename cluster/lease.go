// Package cluster runs a Duelist node among others on NATS (issue 31): each node's liveness is
// one lease key in a JetStream key-value bucket, renewed with a revision check; room ownership
// and its fencing are in PostgreSQL beside the log (package duels, fence.go).
//
// The machine's nats-server is 2.9.10: a bucket has one TTL for all its keys (its stream's
// MaxAge) and no event is sent when a key expires, so the survivors poll Members, which also
// drops a lease whose last renewal is older than the TTL by the reader's clock. On nats-server
// 2.11 or later a bucket with LimitMarkerTTL gets per-key TTLs and a delete marker when a key
// expires, which a KV watcher sees: survivors could watch instead of polling, and learn of a
// death within the TTL instead of within the TTL plus a poll.
package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// DefaultTTL is a node lease's lifetime without a renewal.
const DefaultTTL = 10 * time.Second

// ErrTaken is Acquire's error when a live node already holds the id.
var ErrTaken = errors.New("cluster: a live node holds this node id")

// Node is what a node's lease says of it.
type Node struct {
	ID      string    `json:"id"`
	Addr    string    `json:"addr,omitempty"`   // where its HTTP server listens, for operators
	Engine  string    `json:"engine,omitempty"` // its engine version: who may take over whose rooms
	Started time.Time `json:"started"`
	Renewed time.Time `json:"renewed"`
	// Draining says the node is stopping (Lease.Drain): it still serves what it holds, until it
	// has handed it over, but is given nothing new (no quick-match queue leads to it).
	Draining bool `json:"draining,omitempty"`
}

// Bucket opens (creating if needed) the lease bucket name with the lease TTL ttl.
func Bucket(ctx context.Context, js jetstream.JetStream, name string, ttl time.Duration) (jetstream.KeyValue, error) {
	kv, err := js.KeyValue(ctx, name)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: name, TTL: ttl, History: 1,
			Description: "Duelist node leases (one key per node, renewed every TTL/3)"})
		if errors.Is(err, jetstream.ErrBucketExists) {
			kv, err = js.KeyValue(ctx, name)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: opening the lease bucket %s: %w", name, err)
	}
	return kv, nil
}

// Lease is a node's liveness. It renews itself every TTL/3 until Release; it is valid while its
// last successful renewal (the time the renewal was sent, by this node's clock) is younger than
// the TTL. A node whose lease is not valid must stop serving: others may take its rooms over.
type Lease struct {
	kv  jetstream.KeyValue
	ttl time.Duration
	now func() time.Time

	write sync.Mutex // one write of the key at a time (a renewal, Drain): each at the revision the last one left
	mu    sync.Mutex
	node  Node
	rev   uint64
	until time.Time // valid until then
	lost  chan struct{}
	once  sync.Once
	stop  chan struct{}
	done  chan struct{}
}

// Acquire takes the lease of node n.ID in kv (a bucket made by Bucket with ttl) and starts
// renewing it. ErrTaken if a live node holds the id. now is the clock (nil: time.Now).
func Acquire(ctx context.Context, kv jetstream.KeyValue, n Node, ttl time.Duration, now func() time.Time) (*Lease, error) {
	if now == nil {
		now = time.Now
	}
	t0 := now()
	n.Started, n.Renewed = t0, t0
	b, _ := json.Marshal(n)
	rev, err := kv.Create(ctx, n.ID, b)
	if errors.Is(err, jetstream.ErrKeyExists) {
		// A lease left by a node that died: taken when its last renewal is older than the TTL.
		e, gerr := kv.Get(ctx, n.ID)
		if errors.Is(gerr, jetstream.ErrKeyNotFound) {
			// It expired between the two calls (the bucket's TTL): the id is free.
			rev, err = kv.Create(ctx, n.ID, b)
		}
		var old Node
		if gerr == nil && json.Unmarshal(e.Value(), &old) == nil && t0.Sub(old.Renewed) > ttl {
			rev, err = kv.Update(ctx, n.ID, b, e.Revision())
		}
		if errors.Is(err, jetstream.ErrKeyExists) || isConflict(err) {
			return nil, fmt.Errorf("%w (%s)", ErrTaken, n.ID)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: acquiring the lease of node %s: %w", n.ID, err)
	}
	l := &Lease{kv: kv, ttl: ttl, now: now, node: n, rev: rev, until: t0.Add(ttl),
		lost: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	go l.renew()
	return l, nil
}

// Valid reports whether the lease is still this node's by its own clock.
func (l *Lease) Valid() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.lost:
		return false
	default:
	}
	return l.now().Before(l.until)
}

// Until is when the lease ends unless renewed.
func (l *Lease) Until() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.until
}

// Lost is closed when the lease is lost: a renewal found the key changed by another (its
// revision moved on) or gone, or no renewal succeeded within the TTL (cut from NATS).
func (l *Lease) Lost() <-chan struct{} { return l.lost }

func (l *Lease) lose() { l.once.Do(func() { close(l.lost) }) }

func (l *Lease) renew() {
	defer close(l.done)
	for {
		// Renew every TTL/3; when renewals fail, wake exactly when the lease ends, to say so.
		l.mu.Lock()
		wait := min(l.ttl/3, l.until.Sub(l.now()))
		l.mu.Unlock()
		t := time.NewTimer(max(wait, 0))
		select {
		case <-l.stop:
			t.Stop()
			return
		case <-t.C:
		}
		if expired, err := l.write1(nil); expired || isConflict(err) {
			// No renewal for a whole TTL, by our clock (others may have taken over), or the key
			// moved on (another took the id after it expired) or is gone.
			l.lose()
			return
		}
		// Other errors (NATS unreachable): try again, until the lease ends.
	}
}

// write1 writes the lease's key once at the revision the last write left, after change (if any)
// has changed what it says: a renewal. expired says the lease had ended by our clock (nothing
// written).
func (l *Lease) write1(change func(*Node)) (expired bool, err error) {
	l.write.Lock()
	defer l.write.Unlock()
	l.mu.Lock()
	t0 := l.now()
	if !t0.Before(l.until) {
		l.mu.Unlock()
		return true, nil
	}
	if change != nil {
		change(&l.node)
	}
	l.node.Renewed = t0
	b, _ := json.Marshal(l.node)
	rev := l.rev
	l.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), l.ttl/3)
	nrev, err := l.kv.Update(ctx, l.node.ID, b, rev)
	cancel()
	if err == nil {
		l.mu.Lock()
		l.rev, l.until = nrev, t0.Add(l.ttl)
		l.mu.Unlock()
	}
	return false, err
}

// Drain marks the node as draining in its lease, at once (a renewal saying Draining): the other
// nodes' next look at the leases (Members) sees it, and gives it no quick-match queue. The lease
// is renewed as before until Release. An error leaves the mark to the next renewal.
func (l *Lease) Drain() error {
	expired, err := l.write1(func(n *Node) { n.Draining = true })
	if expired {
		return errors.New("cluster: draining: the lease has ended")
	}
	if err != nil {
		if isConflict(err) {
			l.lose()
		}
		return fmt.Errorf("cluster: marking node %s draining: %w", l.node.ID, err)
	}
	return nil
}

// isConflict reports whether an update failed because the key is not at the revision we hold.
func isConflict(err error) bool {
	var apiErr *jetstream.APIError
	return errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyNotFound) ||
		(errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence)
}

// Release stops renewing and deletes the lease (if it is still ours: a lost lease is left to
// expire), so that others know at once that the node is gone.
func (l *Lease) Release(ctx context.Context) error {
	close(l.stop)
	<-l.done
	l.mu.Lock()
	rev := l.rev
	l.mu.Unlock()
	select {
	case <-l.lost:
		return nil // not ours any more (or NATS is out of reach): nothing to delete
	default:
	}
	l.lose()
	if err := l.kv.Delete(ctx, l.node.ID, jetstream.LastRevision(rev)); err != nil && !isConflict(err) {
		return fmt.Errorf("cluster: releasing the lease of node %s: %w", l.node.ID, err)
	}
	return nil
}

// Members lists the live nodes: the leases in kv whose last renewal is younger than ttl by the
// clock now (nil: time.Now). The survivors of a node poll it: a node missing from it is dead.
func Members(ctx context.Context, kv jetstream.KeyValue, ttl time.Duration, now func() time.Time) ([]Node, error) {
	if now == nil {
		now = time.Now
	}
	keys, err := kv.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("cluster: listing the leases: %w", err)
	}
	var ids []string
	for k := range keys.Keys() {
		ids = append(ids, k)
	}
	t := now()
	var out []Node
	for _, id := range ids {
		e, err := kv.Get(ctx, id)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // expired or released meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("cluster: reading the lease of %s: %w", id, err)
		}
		var n Node
		if json.Unmarshal(e.Value(), &n) != nil || t.Sub(n.Renewed) > ttl {
			continue
		}
		out = append(out, n)
	}
	return out, nil
}
