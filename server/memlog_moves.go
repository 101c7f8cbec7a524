package server

import (
	"context"
	"slices"

	"github.com/duelistgame/duelist/duels"
)

var (
	_ MoveReader     = (*MemLog)(nil)
	_ OpenRoomLister = (*MemLog)(nil)
)

// Moves implements MoveReader.
func (l *MemLog) Moves(_ context.Context, id int64) (duels.Header, []duels.Entry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.duels[id]
	if d == nil || !d.done {
		return duels.Header{}, nil, duels.ErrNoDuel
	}
	return d.h, slices.Clone(d.entries), nil
}

// OpenRooms implements OpenRoomLister.
func (l *MemLog) OpenRooms(_ context.Context, account int64) ([]string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, d := range l.duels {
		if !d.done && account != 0 && (duels.Summary{Accounts: d.h.Accounts, Tag: d.h.Tag.Summary()}).Played(account, func(string) bool { return false }) &&
			!slices.Contains(out, d.h.Room) {
			out = append(out, d.h.Room)
		}
	}
	return out, nil
}
