-- Friends, mutes and blocks, chat and reports (package social, docs/ladder.md "Friends and chat").

-- +goose Up
-- A friendship or a pending request between two accounts, stored once: low < high.
CREATE TABLE social_friends (
    low         BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    high        BIGINT  NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    requester   BIGINT  NOT NULL,           -- low or high: who asked
    accepted_ms BIGINT,                     -- NULL while the request is pending
    created_ms  BIGINT  NOT NULL,
    PRIMARY KEY (low, high),
    CHECK (low < high)
);
CREATE INDEX social_friends_high ON social_friends (high);

-- What one player did about another: mute (hide their chat) or block (no chat, no friendship).
CREATE TABLE social_blocks (
    owner      BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    other      BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind       TEXT   NOT NULL, -- mute or block
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (owner, other, kind)
);
CREATE INDEX social_blocks_other ON social_blocks (other, kind);

-- Chat: channel is "f:<low>:<high>" between friends, "r:<room>:players" or "r:<room>:spectators".
CREATE TABLE social_messages (
    id      {{serial}},
    channel TEXT   NOT NULL,
    sender  BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    name    TEXT   NOT NULL, -- the sender's name when it was sent
    body    TEXT   NOT NULL, -- plain text as typed: the client escapes it
    sent_ms BIGINT NOT NULL
);
CREATE INDEX social_messages_channel ON social_messages (channel, id);

CREATE TABLE social_reports (
    id         {{serial}},
    reporter   BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    reported   BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    message_id BIGINT, -- the reported message, if any (kept even if the message goes)
    body       TEXT,   -- the message's text as it was, so the report stands on its own
    reason     TEXT   NOT NULL,
    created_ms BIGINT NOT NULL
);

-- +goose Down
DROP TABLE social_reports;
DROP TABLE social_messages;
DROP TABLE social_blocks;
DROP TABLE social_friends;
