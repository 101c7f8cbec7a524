package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
)

// Peers asks every node of a game the same question and gathers their answers (scatter and
// gather over NATS core request subjects, GAME.ask.KIND): the room list, presence and an
// account's rooms are each node's own (its rooms, its sockets), so a node answers for the game by
// asking all. A node that died answers nothing: its rooms and sockets are gone with it, and a
// survivor that takes its rooms over answers for them from then on — there is no shared copy to
// go stale.
type Peers struct {
	nc      *nats.Conn
	prefix  string
	self    string
	live    func() []string
	timeout time.Duration
	logf    func(format string, args ...any)
}

// nodeHeader names the node that answers, in each answer's headers.
const nodeHeader = "Duelist-Node"

// AskTimeout is the longest Ask waits for the nodes' answers (a node counted live but dead, whose
// lease has not ended yet, costs a question this long).
const AskTimeout = 500 * time.Millisecond

// NewPeers returns the peers of the game named prefix on nc, for the node self. live lists the
// live nodes (this one included; the lease bucket's members at the last look): Ask returns as
// soon as each of them has answered (nil or none: it waits AskTimeout every time).
func NewPeers(nc *nats.Conn, prefix, self string, live func() []string, logf func(format string, args ...any)) *Peers {
	return &Peers{nc: nc, prefix: prefix + ".ask.", self: self, live: live, timeout: AskTimeout, logf: logf}
}

// Serve answers the questions of kind with fn, each on a goroutine of its own (fn may wait a
// little, e.g. for rooms' actors). It returns a function that stops answering.
func (p *Peers) Serve(kind string, fn func(req []byte) []byte) func() {
	sub, err := p.nc.Subscribe(p.prefix+kind, func(m *nats.Msg) {
		if m.Reply == "" {
			return
		}
		go func() {
			a := &nats.Msg{Data: fn(m.Data), Header: nats.Header{nodeHeader: []string{p.self}}}
			if err := m.RespondMsg(a); err != nil {
				p.logf("cluster: answering a %s question: %v", kind, err)
			}
		}()
	})
	if err != nil {
		p.logf("cluster: answering %s questions: %v", kind, err)
		return func() {}
	}
	return func() { _ = sub.Unsubscribe() }
}

// Ask asks every node (this one too) the question of kind and returns their answers: all of
// them once every node of live() has answered, or those that came within AskTimeout (or before
// ctx ended). An error only when the question could not be asked.
func (p *Peers) Ask(ctx context.Context, kind string, req []byte) ([][]byte, error) {
	inbox := p.nc.NewRespInbox()
	ch := make(chan *nats.Msg, 64)
	sub, err := p.nc.ChanSubscribe(inbox, ch)
	if err != nil {
		return nil, fmt.Errorf("cluster: asking the nodes %s: %w", kind, err)
	}
	defer sub.Unsubscribe()
	if err := p.nc.PublishRequest(p.prefix+kind, inbox, req); err != nil {
		return nil, fmt.Errorf("cluster: asking the nodes %s: %w", kind, err)
	}
	waiting := map[string]bool{}
	if p.live != nil {
		for _, id := range p.live() {
			waiting[id] = true
		}
	}
	t := time.NewTimer(p.timeout)
	defer t.Stop()
	var out [][]byte
	for all := len(waiting) == 0; all || len(waiting) > 0; {
		select {
		case m := <-ch:
			out = append(out, m.Data)
			delete(waiting, m.Header.Get(nodeHeader))
		case <-t.C:
			return out, nil
		case <-ctx.Done():
			return out, nil
		}
	}
	return out, nil
}

// Request asks the one node that serves kind (a kind named after a node, e.g. "route.open.ID")
// and returns its answer; nats.ErrNoResponders wrapped when no node serves it.
func (p *Peers) Request(ctx context.Context, kind string, req []byte) ([]byte, error) {
	m, err := p.nc.RequestWithContext(ctx, p.prefix+kind, req)
	if err != nil {
		return nil, fmt.Errorf("cluster: asking %s: %w", kind, err)
	}
	return m.Data, nil
}
