package account

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// cheap is a hash cost for tests (the default's 19 MiB is checked by TestDefaultHashFormat).
var cheap = HashParams{MemoryKiB: 64, Time: 1, Threads: 1}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newService(t *testing.T, db *store.DB, opts Options) (*Service, *clock) {
	t.Helper()
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	opts.Hash = cheap
	opts.Now = c.now
	s, err := New(db, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

var ctx = context.Background()

func TestAccountLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := newService(t, db, Options{Limits: Limits{AddrBurst: 100, AddrEvery: time.Second, NameAddrBurst: 100, NameAddrEvery: time.Second}})
		u, err := s.Register(ctx, "  Yugi Muto ", "heart of the cards")
		if err != nil {
			t.Fatal(err)
		}
		if u.Name != "Yugi Muto" || u.ID == 0 {
			t.Fatalf("registered %+v; want the trimmed name and an id", u)
		}
		got, tok, err := s.Login(ctx, "1.2.3.4", "yugi muto", "heart of the cards")
		if err != nil || got != u {
			t.Fatalf("login with the name in another case: %+v, %v; want %+v", got, err, u)
		}
		if su, err := s.Session(ctx, tok); err != nil || su != u {
			t.Fatalf("Session(token) = %+v, %v", su, err)
		}
		// Only the token's hash is stored.
		var n int
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions WHERE token_hash = $1", []byte(tok)).Scan(&n)
		if n != 0 {
			t.Fatal("the session token is stored in clear")
		}
		if err := s.Logout(ctx, tok); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, tok); !errors.Is(err, ErrNoSession) {
			t.Fatalf("Session after logout: %v; want ErrNoSession", err)
		}

		// Change the password: the old one stops working, other sessions end, the kept one stays.
		_, keep, _ := s.Login(ctx, "1.2.3.4", "Yugi Muto", "heart of the cards")
		_, other, _ := s.Login(ctx, "5.6.7.8", "Yugi Muto", "heart of the cards")
		if err := s.ChangePassword(ctx, "1.2.3.4", u, "wrong password", "new password!", keep); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("ChangePassword with a wrong old password: %v; want ErrBadLogin", err)
		}
		if err := s.ChangePassword(ctx, "1.2.3.4", u, "heart of the cards", "new password!", keep); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, keep); err != nil {
			t.Fatalf("the session that changed the password ended: %v", err)
		}
		if _, err := s.Session(ctx, other); !errors.Is(err, ErrNoSession) {
			t.Fatalf("another session survived a password change: %v", err)
		}
		if _, _, err := s.Login(ctx, "1.2.3.4", "Yugi Muto", "heart of the cards"); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("old password after the change: %v", err)
		}
		_, second, err := s.Login(ctx, "1.2.3.4", "Yugi Muto", "new password!")
		if err != nil {
			t.Fatal(err)
		}

		// Log out everywhere.
		if err := s.LogoutAll(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		for _, tk := range []string{keep, second} {
			if _, err := s.Session(ctx, tk); !errors.Is(err, ErrNoSession) {
				t.Fatalf("a session survived LogoutAll: %v", err)
			}
		}

		// Delete: needs the password; then the name is free and the login fails.
		_, tok, _ = s.Login(ctx, "1.2.3.4", "Yugi Muto", "new password!")
		if err := s.Delete(ctx, "1.2.3.4", u, "not it at all"); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("Delete with a wrong password: %v", err)
		}
		if err := s.Delete(ctx, "1.2.3.4", u, "new password!"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Session(ctx, tok); !errors.Is(err, ErrNoSession) {
			t.Fatalf("a session of a deleted account: %v", err)
		}
		if _, _, err := s.Login(ctx, "1.2.3.4", "Yugi Muto", "new password!"); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("login to a deleted account: %v", err)
		}
		if _, err := s.Register(ctx, "YUGI MUTO", "another password"); err != nil {
			t.Fatalf("registering a deleted account's name: %v", err)
		}
	})
}

func TestNamesUniqueCaseInsensitivelyAfterNFKC(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := newService(t, db, Options{})
		if _, err := s.Register(ctx, "Kaiba", "blue eyes white"); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"kaiba", "KAIBA", "Ｋａｉｂａ", "kAiBa"} {
			if _, err := s.Register(ctx, name, "blue eyes white"); !errors.Is(err, ErrNameTaken) {
				t.Errorf("Register(%q) = %v; want ErrNameTaken", name, err)
			}
		}
		var n int
		db.SQL().QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts").Scan(&n)
		if n != 1 {
			t.Fatalf("%d accounts after rejected registrations; want 1", n)
		}
	})
}

func TestUnknownNameAndWrongPasswordLookTheSame(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := newService(t, db, Options{})
		if _, err := s.Register(ctx, "Joey", "red eyes black"); err != nil {
			t.Fatal(err)
		}
		_, _, e1 := s.Login(ctx, "1.1.1.1", "Joey", "wrong password")
		_, _, e2 := s.Login(ctx, "1.1.1.1", "Nobody Here", "wrong password")
		_, _, e3 := s.Login(ctx, "1.1.1.1", "x", "wrong password") // not even a valid name
		if e1 != ErrBadLogin || e2 != ErrBadLogin || e3 != ErrBadLogin {
			t.Fatalf("wrong password %v, unknown name %v, invalid name %v; want ErrBadLogin for all", e1, e2, e3)
		}
	})
}

// TestLoginRateLimitedPerNameAndAddress: a name's attempts from one address are limited, and an
// address's attempts at any names; the right password past a limit is refused too.
func TestLoginRateLimitedPerNameAndAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		lim := Limits{AddrBurst: 5, AddrEvery: time.Hour, NameAddrBurst: 3, NameAddrEvery: time.Hour}
		s, c := newService(t, db, Options{Limits: lim})
		if _, err := s.Register(ctx, "Mai Valentine", "harpy ladies"); err != nil {
			t.Fatal(err)
		}
		// Per name and address: three tries, then even the right password is refused there.
		for i := range 3 {
			if _, _, err := s.Login(ctx, "10.0.0.1", "Mai Valentine", "guess"+string(rune('a'+i))); !errors.Is(err, ErrBadLogin) {
				t.Fatalf("try %d: %v", i, err)
			}
		}
		if _, _, err := s.Login(ctx, "10.0.0.1", "mai valentine", "harpy ladies"); !errors.Is(err, ErrRateLimited) || retryAfter(err) != time.Hour {
			t.Fatalf("fourth login for one name from one address: %v (retry %v); want ErrRateLimited after 1h", err, retryAfter(err))
		}
		// Per address: two tries left there for other names, then none.
		for i := range 2 {
			if _, _, err := s.Login(ctx, "10.0.0.1", "name "+string(rune('a'+i))+"xx", "whatever1"); !errors.Is(err, ErrBadLogin) {
				t.Fatalf("address try %d: %v", i, err)
			}
		}
		if _, _, err := s.Login(ctx, "10.0.0.1", "other name", "whatever1"); !errors.Is(err, ErrRateLimited) {
			t.Fatalf("sixth login from one address: %v; want ErrRateLimited", err)
		}
		// Budgets come back with time.
		c.add(2 * time.Hour)
		if _, _, err := s.Login(ctx, "10.0.0.1", "Mai Valentine", "harpy ladies"); err != nil {
			t.Fatalf("login once the budget is back: %v", err)
		}
	})
}

// TestNameFloodDoesNotLockOutThePlayer is issue 35's lock-out by name: one address sends a wrong
// password for a player's name every 250 ms for 40 s; all 20 of the player's own logins from
// another address (one every 2 s) succeed, while the flooding address is refused.
func TestNameFloodDoesNotLockOutThePlayer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, c := newService(t, db, Options{}) // the default limits
		if _, err := s.Register(ctx, "Victim", "my own password"); err != nil {
			t.Fatal(err)
		}
		refused := 0
		for i := range 20 {
			for range 8 { // a wrong password every 250 ms from the attacker's address
				_, _, err := s.Login(ctx, "198.51.100.66", "victim", "not the password")
				switch {
				case errors.Is(err, ErrRateLimited):
					refused++
				case !errors.Is(err, ErrBadLogin):
					t.Fatalf("attacker's try: %v", err)
				}
				c.add(250 * time.Millisecond)
			}
			if _, _, err := s.Login(ctx, "203.0.113.10", "Victim", "my own password"); err != nil {
				t.Fatalf("the player's login %d from their own address during the flood: %v", i+1, err)
			}
		}
		if refused == 0 {
			t.Fatal("the flooding address was never limited")
		}
	})
}

// TestRegistrationsLimitedPerAddress: one address registers at most RegisterBurst accounts at
// once (over HTTP's path, register with an address); the Go API's Register is not limited.
func TestRegistrationsLimitedPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, c := newService(t, db, Options{Limits: Limits{RegisterBurst: 2, RegisterEvery: time.Hour}})
		for i := range 2 {
			if _, err := s.register(ctx, "192.0.2.1", fmt.Sprintf("farmer %d", i), "password1"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.register(ctx, "192.0.2.1", "farmer 2", "password1"); !errors.Is(err, ErrRateLimited) {
			t.Fatalf("third registration from one address: %v; want ErrRateLimited", err)
		}
		if _, err := s.register(ctx, "192.0.2.2", "farmer 2", "password1"); err != nil {
			t.Fatalf("a registration from another address: %v", err)
		}
		c.add(time.Hour)
		if _, err := s.register(ctx, "192.0.2.1", "farmer 3", "password1"); err != nil {
			t.Fatalf("a registration an hour later: %v", err)
		}
	})
}

func TestSessionExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, c := newService(t, db, Options{SessionTTL: time.Hour})
		if _, err := s.Register(ctx, "Tea Gardner", "friendship!"); err != nil {
			t.Fatal(err)
		}
		_, tok, err := s.Login(ctx, "1.1.1.1", "Tea Gardner", "friendship!")
		if err != nil {
			t.Fatal(err)
		}
		c.add(59 * time.Minute)
		if _, err := s.Session(ctx, tok); err != nil {
			t.Fatalf("session before its expiry: %v", err)
		}
		c.add(2 * time.Minute)
		if _, err := s.Session(ctx, tok); !errors.Is(err, ErrNoSession) {
			t.Fatalf("session after its expiry: %v; want ErrNoSession", err)
		}
		if n, err := s.PurgeExpired(ctx); err != nil || n != 1 {
			t.Fatalf("PurgeExpired = %d, %v; want 1", n, err)
		}
	})
}

func TestNormalizeName(t *testing.T) {
	good := map[string]string{
		"Yugi":          "Yugi",
		" Yami Yugi ":   "Yami Yugi",
		"Ｙｕｇｉ":          "Yugi",  // fullwidth → NFKC
		"ﬁnal":          "final", // ligature → NFKC
		"遊戯王":           "遊戯王",   // CJK
		"Zoë":           "Zoë",
		"x\u0301yz":     "x\u0301yz", // a combining mark
		"abc-123_[ok]!": "abc-123_[ok]!",
	}
	for in, want := range good {
		got, _, err := NormalizeName(in)
		if err != nil || got != want {
			t.Errorf("NormalizeName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := []string{
		"ab", strings.Repeat("a", MaxNameLen+1), "",
		"abc\u202Edef", // right-to-left override
		"abc\u2066def", // left-to-right isolate
		"ab\u200Bcd",   // zero-width space
		"ab\u200Dcd",   // zero-width joiner
		"ab\uFEFFcd",   // zero-width no-break space
		"ab\x00cd", "ab\ncd", "ab\tcd", "ab\x7fcd",
		"ab\u2028cd", // line separator
		"ab  cd",     // two spaces
		"ab\u00A0cd", // no-break space (NFKC makes it a space: then fine) -- see below
		"ab\u3164cd", // Hangul filler (renders blank)
		"ab\uE000cd", // private use
		"ab\xffcd",   // invalid UTF-8
		// Issue 35: names of only blank-looking characters, and marks.
		"\u2800\u2800\u2800",        // braille blanks
		"\u3164\u3164\u3164",        // Hangul fillers
		"\u0301\u0302\u0303",        // combining marks on nothing
		"x\u0301\u0302\u0303\u0304", // a tower of four marks
		"ab\u200Fcd",                // right-to-left mark
		"ab\u061Ccd",                // Arabic letter mark
		"ab\u2068cd",                // first strong isolate
	}
	for _, in := range bad {
		if in == "ab\u00A0cd" {
			continue // NFKC turns U+00A0 into U+0020: "ab cd" is allowed
		}
		if got, _, err := NormalizeName(in); err == nil {
			t.Errorf("NormalizeName(%q) = %q; want an error", in, got)
		}
	}
	_, k1, _ := NormalizeName("Straße")
	_, k2, _ := NormalizeName("STRASSE")
	if k1 != k2 {
		t.Errorf("keys of Straße and STRASSE differ: %q %q (case folding)", k1, k2)
	}
}

func TestCheckPassword(t *testing.T) {
	for _, p := range []string{"short", "", strings.Repeat("x", MaxPasswordLen+1), "bad\xffutf8!!"} {
		if CheckPassword(p) == nil {
			t.Errorf("CheckPassword(%q) accepted it", p)
		}
	}
	if err := CheckPassword("long enough"); err != nil {
		t.Error(err)
	}
}

func TestDefaultHashFormatAndVerify(t *testing.T) {
	h := newHasher(DefaultHashParams, 1)
	enc, err := h.hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q; want argon2id with m=19456 (19 MiB), t=2, p=1", enc)
	}
	if ok, err := h.verify(ctx, enc, "correct horse"); !ok || err != nil {
		t.Fatalf("verify(right) = %v, %v", ok, err)
	}
	if ok, _ := h.verify(ctx, enc, "correct horsE"); ok {
		t.Fatal("verify accepted a wrong password")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=99999999,t=2,p=1$AAAA$AAAA"} {
		if _, err := h.verify(ctx, bad, "x"); err == nil {
			t.Errorf("verify(%q) gave no error", bad)
		}
	}
}

func TestHashesBounded(t *testing.T) {
	h := newHasher(cheap, 2)
	h.sem <- struct{}{}
	h.sem <- struct{}{} // two hashes "running"
	c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := h.hash(c, "password1"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a third hash while two run: %v; want it to wait (and time out)", err)
	}
	<-h.sem
	if _, err := h.hash(ctx, "password1"); err != nil {
		t.Fatalf("a hash once a slot is free: %v", err)
	}
}

func BenchmarkHashDefault(b *testing.B) {
	h := newHasher(DefaultHashParams, 1)
	for b.Loop() {
		if _, err := h.hash(ctx, "correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}
