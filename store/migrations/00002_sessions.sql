-- +goose Up
-- Login sessions (package account): only the SHA-256 of the cookie's token is kept.
CREATE TABLE sessions (
	token_hash {{bytes}} PRIMARY KEY,
	account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
	created_at BIGINT NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions(account_id);
CREATE INDEX sessions_expiry ON sessions(expires_at);

-- +goose Down
DROP TABLE sessions;
