package server

import (
	"context"
	"slices"
)

var _ MoveReader = (*MemLog)(nil)

// Moves implements MoveReader.
func (l *MemLog) Moves(_ context.Context, id int64) (DuelHeader, []LogEntry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.duels[id]
	if d == nil || !d.done {
		return DuelHeader{}, nil, ErrNoDuel
	}
	return d.h, slices.Clone(d.entries), nil
}
