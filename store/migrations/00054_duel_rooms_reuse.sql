-- A room's duels and matches by room (package duels, fence.go): a node's Claim of a room code
-- whose row is left over from an old room looks up whether that room has anything unfinished.

-- +goose Up
CREATE INDEX duel_logs_room ON duel_logs (room);
CREATE INDEX duel_matches_room ON duel_matches (room);

-- +goose Down
DROP INDEX duel_matches_room;
DROP INDEX duel_logs_room;
