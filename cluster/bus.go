package cluster

import (
	"strings"

	"github.com/nats-io/nats.go"
)

// Bus is a bus.Bus over NATS: what one node publishes reaches the subscribers of every node of
// the game (friend chat pushes, room chat said through the API), under the subject prefix of the
// game (so that two games share a NATS server).
type Bus struct {
	nc     *nats.Conn
	prefix string
	logf   func(format string, args ...any)
}

// NewBus returns the bus of the game named prefix on nc; logf is told of a failed publish or
// subscription (NATS down: the message is lost, as a push to a socket that closed is).
func NewBus(nc *nats.Conn, prefix string, logf func(format string, args ...any)) *Bus {
	return &Bus{nc: nc, prefix: prefix + ".", logf: logf}
}

// Publish implements bus.Bus.
func (b *Bus) Publish(subject string, data []byte) {
	if err := b.nc.Publish(b.prefix+subject, data); err != nil {
		b.logf("cluster: publishing %s: %v", subject, err)
	}
}

// Subscribe implements bus.Bus.
func (b *Bus) Subscribe(pattern string, fn func(subject string, data []byte)) func() {
	sub, err := b.nc.Subscribe(b.prefix+pattern, func(m *nats.Msg) {
		fn(strings.TrimPrefix(m.Subject, b.prefix), m.Data)
	})
	if err != nil {
		b.logf("cluster: subscribing to %s: %v", pattern, err)
		return func() {}
	}
	return func() { _ = sub.Unsubscribe() }
}
