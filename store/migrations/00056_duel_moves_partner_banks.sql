-- A tag duel's partners' time banks (package duels, docs/tag.md): bank_a2 and bank_b2 beside
-- bank_a and bank_b, the banks of seats A2 and B2 once the move was made, so that a tag duel's
-- replay shows its four clocks as they were and a tag duel rebuilt after a restart gives the
-- partners back their banks. NULL in a duel of two seats, and in tag duels logged before this
-- migration (the viewer shows those partners' clocks as unknown).

-- +goose Up
ALTER TABLE duel_moves ADD COLUMN bank_a2 BIGINT;
ALTER TABLE duel_moves ADD COLUMN bank_b2 BIGINT;

-- +goose Down
ALTER TABLE duel_moves DROP COLUMN bank_b2;
ALTER TABLE duel_moves DROP COLUMN bank_a2;
