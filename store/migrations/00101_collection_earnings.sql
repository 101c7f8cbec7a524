-- What each finished duel paid each account (package collection, collection/earn.go, docs/
-- collection.md "Duel earnings"), kept beside the duel's op so that the fair-play rules can read
-- it (issue 35): how many duels an account was paid for against one opponent lately (a repeated
-- opponent pays less, package fairplay), and what it earned from duels today, against the AI
-- and in all (the daily caps). Every duel an account finished is a row, also the ones that paid
-- nothing (a surrender, a duel too short to count), so those count as repeats too. opponent is
-- "account:<id>", "ai" or "guest". Times are Unix milliseconds.

-- +goose Up
CREATE TABLE collection_earnings (
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    duel_id    BIGINT NOT NULL,
    opponent   TEXT   NOT NULL,
    gems       BIGINT NOT NULL, -- the duel's gems and the daily bonus it brought
    at_ms      BIGINT NOT NULL,
    PRIMARY KEY (account_id, duel_id)
);
CREATE INDEX collection_earnings_at ON collection_earnings (account_id, at_ms);

-- +goose Down
DROP TABLE collection_earnings;
