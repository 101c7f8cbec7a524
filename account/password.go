package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// HashParams is an argon2id cost.
type HashParams struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// DefaultHashParams is OWASP's minimum for argon2id: 19 MiB, two passes, one thread.
var DefaultHashParams = HashParams{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

// Password length limits (in characters; the maximum bounds the work of a hash).
const (
	MinPasswordLen = 8
	MaxPasswordLen = 256
)

// CheckPassword reports why password cannot be used, or nil.
func CheckPassword(password string) error {
	n := utf8.RuneCountInString(password)
	if !utf8.ValidString(password) {
		return invalidf("the password is not valid UTF-8")
	}
	if n < MinPasswordLen {
		return invalidf("the password needs at least %d characters", MinPasswordLen)
	}
	if n > MaxPasswordLen {
		return invalidf("the password may have at most %d characters", MaxPasswordLen)
	}
	return nil
}

// hasher computes argon2id hashes, at most a fixed number at once.
type hasher struct {
	p   HashParams
	sem chan struct{}
}

func newHasher(p HashParams, concurrent int) *hasher {
	return &hasher{p: p, sem: make(chan struct{}, concurrent)}
}

func (h *hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("account: waiting to hash a password: %w", ctx.Err())
	}
}

// hash returns the PHC-format argon2id hash of password with a fresh 16-byte salt.
func (h *hasher) hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, h.p.Time, h.p.MemoryKiB, h.p.Threads, 32)
	<-h.sem
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.p.MemoryKiB, h.p.Time, h.p.Threads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// verify reports whether password matches the encoded hash (with the hash's own parameters).
func (h *hasher) verify(ctx context.Context, encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("account: a stored password hash is not argon2id")
	}
	var v int
	var p HashParams
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, fmt.Errorf("account: stored hash version %q", parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return false, fmt.Errorf("account: stored hash parameters %q: %v", parts[3], err)
	}
	if p.MemoryKiB > 1<<21 || p.Time > 16 || p.Threads == 0 {
		return false, fmt.Errorf("account: stored hash parameters %q out of range", parts[3])
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	want, err2 := enc.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errors.New("account: a stored password hash is malformed")
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, uint32(len(want)))
	<-h.sem
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
