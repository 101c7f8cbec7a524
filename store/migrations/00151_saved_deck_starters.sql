-- +goose Up
-- The accounts whose starter decks were saved as saved decks (package decklib, starter.go): once
-- per account, so that a starter deck deleted stays deleted. at is Unix milliseconds.
CREATE TABLE saved_deck_starters (
	account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
	at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE saved_deck_starters;
