-- +goose Up
-- Accounts (package account). name is the display name as registered (NFKC); name_key is its
-- case-folded form, unique, so names are unique case-insensitively. Times are Unix milliseconds.
CREATE TABLE accounts (
	id {{rowid}},
	name TEXT NOT NULL,
	name_key TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	password_changed_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE accounts;
