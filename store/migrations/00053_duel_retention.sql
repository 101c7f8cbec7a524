-- Retention of finished duels' move logs (package duels, retention.go; docs/durability.md
-- "Retention"): after the configured time a finished duel's rows in duel_moves are deleted and
-- its replay text is kept gzip-compressed in replay_z (replay set to NULL); pruned_ms says when.

-- +goose Up
ALTER TABLE duel_logs ADD COLUMN replay_z {{bytes}};
ALTER TABLE duel_logs ADD COLUMN pruned_ms BIGINT;
CREATE INDEX duel_logs_prunable ON duel_logs (finished_ms) WHERE finished_ms IS NOT NULL AND pruned_ms IS NULL;

-- +goose Down
DROP INDEX duel_logs_prunable;
ALTER TABLE duel_logs DROP COLUMN pruned_ms;
ALTER TABLE duel_logs DROP COLUMN replay_z;
