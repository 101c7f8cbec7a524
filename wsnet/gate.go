package wsnet

import (
	"sync"
)

// Gate counts the open connections, in all and per client address, against their caps.
type Gate struct {
	max, perAddr int // -1: no cap
	mu           sync.Mutex
	conns        int
	byAddr       map[string]int
}

// NewGate returns a gate that lets in at most max connections at once and perAddr from one
// address (-1: no cap).
func NewGate(max, perAddr int) *Gate {
	return &Gate{max: max, perAddr: perAddr, byAddr: map[string]int{}}
}

// Connect counts a new connection from addr; false (nothing counted) when a cap is reached.
func (g *Gate) Connect(addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.max >= 0 && g.conns >= g.max {
		return false
	}
	if addr != "" && g.perAddr >= 0 && g.byAddr[addr] >= g.perAddr {
		return false
	}
	g.conns++
	g.byAddr[addr]++
	return true
}

// Disconnect forgets a connection of addr that Connect counted.
func (g *Gate) Disconnect(addr string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.conns--
	if g.byAddr[addr]--; g.byAddr[addr] <= 0 {
		delete(g.byAddr, addr)
	}
}

// Count is how many connections are open.
func (g *Gate) Count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.conns
}
