package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Claims: a lease per key, beside the node leases (issue 31, a lease per quick-match queue). A
// key of a claim bucket is held by one node, which renews it; the node it should go to (the
// caller's choice: the queue's rendezvous leader among the live nodes) takes it when it is free
// or stale, and its holder hands it to that node when it is another live one — so a node that
// joins gets the queues it outweighs from their former holder, which knows it gave them up and
// hands its waiting players over, instead of two nodes each running a pool of one queue.

// Claim is what a claim key says: the node that holds it and when the key was last written.
type Claim struct {
	Node    string    `json:"node"`
	Renewed time.Time `json:"renewed"`
}

// ClaimBucket opens (creating if needed) the claim bucket name whose keys expire after ttl
// without a write.
func ClaimBucket(ctx context.Context, js jetstream.JetStream, name string, ttl time.Duration) (jetstream.KeyValue, error) {
	kv, err := js.KeyValue(ctx, name)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: name, TTL: ttl, History: 1,
			Description: "Duelist claims (one key per quick-match queue, held by one node)"})
		if errors.Is(err, jetstream.ErrBucketExists) {
			kv, err = js.KeyValue(ctx, name)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: opening the claim bucket %s: %w", name, err)
	}
	return kv, nil
}

// Settle is one node's look at claim key in kv (a ClaimBucket of TTL ttl), at time now by its
// clock: self is the node, want the node that should hold it (its rendezvous leader among the
// live nodes, live). A claim is valid while its node is live and its last write is younger than
// ttl. Settle
//   - takes the key for self when it is free, or its claim is not valid, and want is self;
//   - renews it when self holds it and its last write is renew old or more;
//   - hands it to want (writes want's claim) when self holds it and want is another live node;
//   - else leaves it.
//
// Every write checks the key's revision, so of two nodes racing one wins and the other reads the
// winner's claim. It returns the key's holder after the look, "" for none (a free or stale key
// that another node is to take), and whether this look handed the key over.
func Settle(ctx context.Context, kv jetstream.KeyValue, key, self, want string, live map[string]bool, ttl, renew time.Duration, now time.Time) (holder string, handed bool, err error) {
	write := func(node string, rev uint64, create bool) error {
		b, _ := json.Marshal(Claim{Node: node, Renewed: now})
		var err error
		if create {
			_, err = kv.Create(ctx, key, b)
		} else {
			_, err = kv.Update(ctx, key, b, rev)
		}
		return err
	}
	// A write that lost a race reads the winner once (a second race in one look is left to the
	// next look).
	lost := func() (string, bool, error) {
		c, _, ok, err := readClaim(ctx, kv, key)
		if err != nil || !ok || !valid(c, live, ttl, now) {
			return "", false, err
		}
		return c.Node, false, nil
	}
	c, rev, ok, err := readClaim(ctx, kv, key)
	if err != nil {
		return "", false, err
	}
	switch {
	case !ok || !valid(c, live, ttl, now): // free, or its holder is gone
		if want != self {
			return "", false, nil
		}
		if err := write(self, rev, rev == 0); err != nil {
			if isConflict(err) {
				return lost()
			}
			return "", false, fmt.Errorf("cluster: claiming %s: %w", key, err)
		}
		return self, false, nil
	case c.Node != self:
		return c.Node, false, nil
	case want != self && want != "" && live[want]: // a node that outweighs this one: hand it over
		if err := write(want, rev, false); err != nil {
			if isConflict(err) {
				return lost()
			}
			return self, false, fmt.Errorf("cluster: handing %s to %s: %w", key, want, err)
		}
		return want, true, nil
	case now.Sub(c.Renewed) >= renew:
		if err := write(self, rev, false); err != nil {
			if isConflict(err) {
				return lost()
			}
			return self, false, fmt.Errorf("cluster: renewing %s: %w", key, err)
		}
	}
	return self, false, nil
}

// valid reports whether claim c holds at now: its node is live and it was written within ttl.
func valid(c Claim, live map[string]bool, ttl time.Duration, now time.Time) bool {
	return c.Node != "" && live[c.Node] && now.Sub(c.Renewed) <= ttl
}

// readClaim reads claim key: its claim and revision, ok=false when there is none (an unreadable
// value counts as none, at its revision).
func readClaim(ctx context.Context, kv jetstream.KeyValue, key string) (Claim, uint64, bool, error) {
	e, err := kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Claim{}, 0, false, nil
	}
	if err != nil {
		return Claim{}, 0, false, fmt.Errorf("cluster: reading %s: %w", key, err)
	}
	var c Claim
	if json.Unmarshal(e.Value(), &c) != nil {
		return Claim{}, e.Revision(), false, nil
	}
	return c, e.Revision(), true, nil
}
