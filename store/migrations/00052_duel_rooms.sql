-- Which node owns each room, with a fencing epoch (package duels, fence.go; issue 31): every
-- log write of a node that runs fenced checks, in its own transaction, that the room's owner and
-- epoch are still the ones it holds; a takeover bumps the epoch, so a node cut off can write
-- nothing after it.

-- +goose Up
CREATE TABLE duel_rooms (
    room       TEXT   PRIMARY KEY,
    owner      TEXT   NOT NULL,           -- the owning node's id
    epoch      BIGINT NOT NULL,           -- bumped by every takeover
    engine     TEXT   NOT NULL DEFAULT '', -- the engine version the room's duels replay with
    updated_ms BIGINT NOT NULL            -- Unix milliseconds of the last claim or takeover
);
CREATE INDEX duel_rooms_owner ON duel_rooms (owner);

-- +goose Down
DROP TABLE duel_rooms;
