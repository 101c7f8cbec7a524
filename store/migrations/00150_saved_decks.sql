-- +goose Up
-- Saved decks (package decklib): many named decks per account. name is the name as given,
-- name_key its case-folded form (unique per account). main, extra and side hold the passcodes
-- (kouhu ids for ruleset kouhu) in the deck's order, separated by single spaces. banlist is a
-- banlist name or "none". Times are Unix milliseconds.
CREATE TABLE saved_decks (
	id {{rowid}},
	account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	name TEXT NOT NULL,
	name_key TEXT NOT NULL,
	ruleset TEXT NOT NULL,
	banlist TEXT NOT NULL,
	main TEXT NOT NULL,
	extra TEXT NOT NULL,
	side TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL,
	UNIQUE (account_id, name_key)
);

-- +goose Down
DROP TABLE saved_decks;
