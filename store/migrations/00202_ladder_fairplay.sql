-- Fair play on the ladder (issue 35, package fairplay, docs/ladder.md "Fair play"): a queued
-- result keeps how much of the duel was played (turns, each seat's decisions), by which the
-- ladder tells a real duel from a farmed one, and each rated result keeps how much it counted for
-- each seat (1 in full, less for a repeated result against one opponent, 0 for a duel that was
-- not a real one). A result queued before this migration has turns -1: played under the rules
-- of its time, it counts as a real duel.

-- +goose Up
ALTER TABLE ladder_pending ADD COLUMN play_turns INTEGER NOT NULL DEFAULT -1;
ALTER TABLE ladder_pending ADD COLUMN play_decisions_a INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ladder_pending ADD COLUMN play_decisions_b INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ladder_results ADD COLUMN weight_a {{float}} NOT NULL DEFAULT 1;
ALTER TABLE ladder_results ADD COLUMN weight_b {{float}} NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE ladder_results DROP COLUMN weight_b;
ALTER TABLE ladder_results DROP COLUMN weight_a;
ALTER TABLE ladder_pending DROP COLUMN play_decisions_b;
ALTER TABLE ladder_pending DROP COLUMN play_decisions_a;
ALTER TABLE ladder_pending DROP COLUMN play_turns;
