package matchmaking

import (
	"hash/fnv"
)

// Leader is the node that runs queue q's pool among nodes (the live nodes' ids, in any order),
// "" for none: quick match is partitioned by queue over the nodes of a game (issue 31;
// docs/deploy.md "Routing"), each queue led by one node and the queues spread over the nodes.
// It is rendezvous hashing (highest random weight): every node computes the same leader from
// the same set, a queue moves only when its leader leaves the set or a joining node outweighs
// it (about one queue in k+1 when a k+1st node joins), and a leader's death moves only its own
// queues.
func Leader(q Queue, nodes []string) string {
	var best string
	var bestW uint64
	for _, n := range nodes {
		if n == "" {
			continue
		}
		w := weight(q, n)
		if best == "" || w > bestW || w == bestW && n < best {
			best, bestW = n, w
		}
	}
	return best
}

// weight is the rendezvous weight of node n for queue q: FNV-1a of both, mixed (splitmix64's
// finalizer) so that ids differing in one character spread.
func weight(q Queue, n string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(q.Ruleset))
	h.Write([]byte{0})
	h.Write([]byte(q.Format))
	h.Write([]byte{0})
	h.Write([]byte(n))
	x := h.Sum64()
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
