-- The collection's ledger (package collection, docs/collection.md). Every change of a player's
-- currency, crafting points or cards is a row of collection_ledger, written in the same
-- transaction as the operation (collection_ops) it belongs to and as the change of the
-- materialised balance (collection_balances), which always equals the sum of the ledger.
-- Rows are only ever inserted (ledger, ops) or have their amount changed with a ledger row
-- beside it (balances, pity). Times are Unix milliseconds.

-- +goose Up
CREATE TABLE collection_ops (
    id         {{rowid}},
    account_id BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL, -- starter, duel, daily, buy, craft, dismantle
    ref        TEXT    NOT NULL, -- "starter", "duel:<id>", "daily:<yyyy-mm-dd>" or "key:<idempotency key>"
    request    TEXT    NOT NULL, -- the canonical request, compared when a key is replayed
    result     TEXT    NOT NULL, -- JSON: what the operation did, returned again on a replay
    at_ms      BIGINT  NOT NULL,
    UNIQUE (account_id, ref)
);

CREATE TABLE collection_ledger (
    id         {{rowid}},
    op_id      BIGINT  NOT NULL REFERENCES collection_ops(id) ON DELETE CASCADE,
    account_id BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    asset      TEXT    NOT NULL, -- gems, cp_n, cp_r, cp_sr, cp_ur, card
    passcode   BIGINT  NOT NULL, -- the card of a card row, 0 otherwise
    delta      BIGINT  NOT NULL CHECK (delta <> 0)
);
CREATE INDEX collection_ledger_account ON collection_ledger (account_id, id);
CREATE INDEX collection_ledger_op ON collection_ledger (op_id);

CREATE TABLE collection_balances (
    account_id BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    asset      TEXT    NOT NULL,
    passcode   BIGINT  NOT NULL,
    amount     BIGINT  NOT NULL CHECK (amount >= 0),
    PRIMARY KEY (account_id, asset, passcode)
);

-- The UR guarantee of pack.Roller.Open, per account and product: 1 when the last 10-pack of the
-- product had no UR, so the next one guarantees one.
CREATE TABLE collection_pity (
    account_id BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    product    TEXT    NOT NULL,
    ur_due     INTEGER NOT NULL,
    PRIMARY KEY (account_id, product)
);

-- +goose Down
DROP TABLE collection_pity;
DROP TABLE collection_balances;
DROP TABLE collection_ledger;
DROP TABLE collection_ops;
