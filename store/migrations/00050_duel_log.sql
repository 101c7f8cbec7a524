-- The duels' write-ahead answer log (package duels, docs/durability.md).

-- +goose Up
CREATE TABLE duel_logs (
    id          {{serial}},
    room        TEXT    NOT NULL,
    duel_no     INTEGER NOT NULL,
    header      TEXT    NOT NULL, -- JSON: decks, seed, ruleset, options, names, seat token hashes
    account_a   BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    account_b   BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    started_ms  BIGINT  NOT NULL, -- Unix milliseconds
    finished_ms BIGINT,           -- NULL while the duel goes on
    winner      TEXT,
    reason      TEXT,
    answers     INTEGER,
    replay      TEXT              -- the .duel replay of a finished duel
);
CREATE INDEX duel_logs_open ON duel_logs (id) WHERE finished_ms IS NULL;
CREATE INDEX duel_logs_account_a ON duel_logs (account_a, id) WHERE finished_ms IS NOT NULL;
CREATE INDEX duel_logs_account_b ON duel_logs (account_b, id) WHERE finished_ms IS NOT NULL;

CREATE TABLE duel_moves (
    duel_id  BIGINT  NOT NULL REFERENCES duel_logs(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    kind     INTEGER NOT NULL, -- 0 answer, 1 concede
    seat     INTEGER NOT NULL,
    opt      INTEGER NOT NULL,
    reason   TEXT    NOT NULL,
    bank_a   BIGINT  NOT NULL, -- time banks after the move, milliseconds
    bank_b   BIGINT  NOT NULL,
    at_ms    BIGINT  NOT NULL,
    PRIMARY KEY (duel_id, seq)
);

-- +goose Down
DROP TABLE duel_moves;
DROP TABLE duel_logs;
