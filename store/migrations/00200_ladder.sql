-- The ladder (package ladder, docs/ladder.md): one Glicko-2 rating per account, ruleset and
-- format, and one row per rated duel holding both players' ratings before and after it. A duel is
-- rated once: ladder_results.duel_id is the duel log's id and the primary key.

-- +goose Up
CREATE TABLE ladder_ratings (
    account_id BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    ruleset    TEXT    NOT NULL,
    format     TEXT    NOT NULL, -- bo1 or bo3
    r          DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    updated_ms BIGINT  NOT NULL, -- Unix milliseconds of the last rated result
    PRIMARY KEY (account_id, ruleset, format)
);
CREATE INDEX ladder_ratings_board ON ladder_ratings (ruleset, format, r DESC, account_id);

CREATE TABLE ladder_results (
    duel_id     BIGINT  NOT NULL PRIMARY KEY, -- the duel log's id (package duels)
    ruleset     TEXT    NOT NULL,
    format      TEXT    NOT NULL,
    account_a   BIGINT  REFERENCES accounts(id) ON DELETE SET NULL,
    account_b   BIGINT  REFERENCES accounts(id) ON DELETE SET NULL,
    winner      TEXT    NOT NULL, -- A, B or draw
    reason      TEXT    NOT NULL, -- the engine's reason, or conceded, time, left, disconnected
    deck_a      TEXT    NOT NULL, -- the deck's label: a preconstructed deck's name or a hash
    deck_b      TEXT    NOT NULL,
    a_before_r  DOUBLE PRECISION NOT NULL,
    a_before_rd DOUBLE PRECISION NOT NULL,
    a_after_r   DOUBLE PRECISION NOT NULL,
    a_after_rd  DOUBLE PRECISION NOT NULL,
    b_before_r  DOUBLE PRECISION NOT NULL,
    b_before_rd DOUBLE PRECISION NOT NULL,
    b_after_r   DOUBLE PRECISION NOT NULL,
    b_after_rd  DOUBLE PRECISION NOT NULL,
    finished_ms BIGINT  NOT NULL
);
CREATE INDEX ladder_results_a ON ladder_results (account_a, ruleset, format, finished_ms);
CREATE INDEX ladder_results_b ON ladder_results (account_b, ruleset, format, finished_ms);

-- +goose Down
DROP TABLE ladder_results;
DROP TABLE ladder_ratings;
