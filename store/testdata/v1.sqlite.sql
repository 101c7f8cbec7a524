-- A database as written by the first schema version (migration 00001 only), with goose's
-- version table as goose creates it and one account in it. TestUpgradeFromVersion1 opens it and
-- checks that it is migrated in place, keeping the account.
CREATE TABLE goose_db_version (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	version_id INTEGER NOT NULL,
	is_applied INTEGER NOT NULL,
	tstamp TIMESTAMP DEFAULT (datetime('now'))
);
INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1);
INSERT INTO goose_db_version (version_id, is_applied) VALUES (1, 1);
CREATE TABLE accounts (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL,
	name_key TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	password_changed_at BIGINT NOT NULL
);
INSERT INTO accounts (id, name, name_key, password_hash, created_at, password_changed_at)
VALUES (7, 'Yugi', 'yugi', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', 1700000000000, 1700000000000);
