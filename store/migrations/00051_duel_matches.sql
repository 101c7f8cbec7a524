-- The best-of-3 matches of the server's rooms (package duels, server/bo3log.go, docs/durability.md).

-- +goose Up
CREATE TABLE duel_matches (
    id          {{serial}},
    room        TEXT   NOT NULL,
    state       TEXT   NOT NULL, -- JSON: the match's settings, seats, decks, score and phase (server.MatchState)
    started_ms  BIGINT NOT NULL, -- Unix milliseconds
    finished_ms BIGINT           -- NULL while the match goes on
);
CREATE INDEX duel_matches_open ON duel_matches (id) WHERE finished_ms IS NULL;

-- +goose Down
DROP TABLE duel_matches;
