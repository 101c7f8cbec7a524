-- The ladder's queue of rated results not applied yet (package ladder, ladder/pending.go,
-- docs/ladder.md "Durable ratings"): a result is written here before it is rated and its row
-- goes in the same transaction that rates it, so a rating that fails (a store error, a timeout,
-- a crash) is retried, at start-up and periodically, and never applied twice (ladder_results is
-- keyed by the same id). result_id is the duel log's id of a Bo1 duel (or the id of a match).

-- +goose Up
CREATE TABLE ladder_pending (
    result_id   BIGINT  NOT NULL PRIMARY KEY, -- ladder_results.duel_id once it is rated
    ruleset     TEXT    NOT NULL,
    format      TEXT    NOT NULL, -- bo1 or bo3
    account_a   BIGINT  NOT NULL,
    account_b   BIGINT  NOT NULL,
    winner      TEXT    NOT NULL, -- A, B or draw
    reason      TEXT    NOT NULL,
    deck_a      TEXT    NOT NULL,
    deck_b      TEXT    NOT NULL,
    finished_ms BIGINT  NOT NULL,
    queued_ms   BIGINT  NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0, -- failed attempts so far
    next_ms     BIGINT  NOT NULL,           -- not tried again before this (Unix ms)
    last_error  TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX ladder_pending_next ON ladder_pending (next_ms);

-- +goose Down
DROP TABLE ladder_pending;
