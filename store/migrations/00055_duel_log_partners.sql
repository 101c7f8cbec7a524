-- A tag duel's partners (package duels, docs/tag.md): the accounts of seats A2 and B2 beside
-- account_a and account_b (A1, B1), so that a partner's list of finished duels (Past) and of open
-- rooms (OpenRooms) holds the tag duels they played. Tag duels logged before this migration have
-- the partners' accounts in their header (JSON: Tag.Accounts); they are copied over when the
-- account still exists.

-- +goose Up
ALTER TABLE duel_logs ADD COLUMN account_a2 BIGINT REFERENCES accounts(id) ON DELETE SET NULL;
ALTER TABLE duel_logs ADD COLUMN account_b2 BIGINT REFERENCES accounts(id) ON DELETE SET NULL;
UPDATE duel_logs SET
    account_a2 = (SELECT id FROM accounts WHERE id = CAST(header{{json}} -> 'Tag' -> 'Accounts' ->> 0 AS BIGINT)),
    account_b2 = (SELECT id FROM accounts WHERE id = CAST(header{{json}} -> 'Tag' -> 'Accounts' ->> 1 AS BIGINT))
    WHERE header LIKE '%"Tag":{%';
CREATE INDEX duel_logs_account_a2 ON duel_logs (account_a2, id) WHERE account_a2 IS NOT NULL;
CREATE INDEX duel_logs_account_b2 ON duel_logs (account_b2, id) WHERE account_b2 IS NOT NULL;

-- +goose Down
DROP INDEX duel_logs_account_b2;
DROP INDEX duel_logs_account_a2;
ALTER TABLE duel_logs DROP COLUMN account_b2;
ALTER TABLE duel_logs DROP COLUMN account_a2;
