package server

import "github.com/duelistgame/duelist/duels"

// The store's duel log is every log the rooms use.
var (
	_ DuelLog        = (*duels.Log)(nil)
	_ MatchLog       = (*duels.Log)(nil)
	_ MoveReader     = (*duels.Log)(nil)
	_ OpenRoomLister = (*duels.Log)(nil)
)
