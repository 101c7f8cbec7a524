package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
)

// hashToken is the stored form of a session token: its SHA-256 (the token itself is 32 random
// bytes, so a fast hash suffices; a stolen database gives no usable cookie).
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// SessionID names a session without its token: the hex SHA-256 of the token, as the store keeps
// it. Revocations and the duel server's connections name sessions by it.
func SessionID(token string) string { return hex.EncodeToString(hashToken(token)) }

type sessionKey struct{}

// WithSession returns ctx carrying the SessionID of the request's session.
func WithSession(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, sessionKey{}, id)
}

// SessionFromContext gives the SessionID of a request's session (set by Service.Middleware with
// the user), "" for a guest.
func SessionFromContext(ctx context.Context) string {
	id, _ := ctx.Value(sessionKey{}).(string)
	return id
}

// revoke tells Options.OnRevoke that sessions ended, once the change that ended them is
// committed.
func (s *Service) revoke(r Revocation) {
	if s.opts.OnRevoke != nil {
		s.opts.OnRevoke(r)
	}
}

// newSession starts a session for id and returns its token.
func (s *Service) newSession(ctx context.Context, id ID) (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("account: session token: %w", err)
	}
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.nowMillis()
	err := s.db.InTx(ctx, func(tx *sql.Tx) error {
		// Expired sessions of this account go when it logs in again.
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE account_id = $1 AND expires_at <= $2", int64(id), now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
			hashToken(tok), int64(id), now, now+s.opts.SessionTTL.Milliseconds())
		return err
	})
	if err != nil {
		return "", fmt.Errorf("account: starting a session for %d: %w", id, err)
	}
	return tok, nil
}

// Session returns the user of a session token, or ErrNoSession when it is unknown or expired.
func (s *Service) Session(ctx context.Context, token string) (User, error) {
	if token == "" || len(token) > 100 {
		return User{}, ErrNoSession
	}
	var u User
	var id int64
	err := s.db.SQL().QueryRowContext(ctx, `SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
		WHERE s.token_hash = $1 AND s.expires_at > $2`, hashToken(token), s.nowMillis()).Scan(&id, &u.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNoSession
	}
	if err != nil {
		return User{}, fmt.Errorf("account: looking up a session: %w", err)
	}
	u.ID = ID(id)
	return u, nil
}

// Logout ends the session of token (nothing happens for an unknown one) and revokes it.
func (s *Service) Logout(ctx context.Context, token string) error {
	var id int64
	err := s.db.SQL().QueryRowContext(ctx, "DELETE FROM sessions WHERE token_hash = $1 RETURNING account_id", hashToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("account: logging out: %w", err)
	}
	s.revoke(Revocation{Account: ID(id), Session: SessionID(token)})
	return nil
}

// LogoutAll ends every session of the account ("log out everywhere").
func (s *Service) LogoutAll(ctx context.Context, id ID) error {
	if _, err := s.db.SQL().ExecContext(ctx, "DELETE FROM sessions WHERE account_id = $1", int64(id)); err != nil {
		return fmt.Errorf("account: logging %d out everywhere: %w", id, err)
	}
	s.revoke(Revocation{Account: id})
	return nil
}

// PurgeExpired deletes every expired session and reports how many.
func (s *Service) PurgeExpired(ctx context.Context) (int64, error) {
	res, err := s.db.SQL().ExecContext(ctx, "DELETE FROM sessions WHERE expires_at <= $1", s.nowMillis())
	if err != nil {
		return 0, fmt.Errorf("account: purging expired sessions: %w", err)
	}
	return res.RowsAffected()
}
