package account

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// proxied is the account API behind a trusted proxy that writes the client's address into
// X-Real-IP, as `duelist serve --proxy-header X-Real-IP` runs it.
func proxied(t *testing.T, db *store.DB, opts Options) (*Service, *httptest.Server) {
	t.Helper()
	opts.ProxyHeader = "X-Real-IP"
	s, _ := newService(t, db, opts)
	mux := routetable.New()
	s.Routes(mux)
	srv := httptest.NewServer(s.Middleware(mux))
	t.Cleanup(srv.Close)
	return s, srv
}

// login posts a login from the client address ip (the proxy's header) and returns the status.
func login(t *testing.T, srv *httptest.Server, ip, name, password string) *http.Response {
	t.Helper()
	body := fmt.Sprintf(`{"name":%q,"password":%q}`, name, password)
	return post(t, srv.Client(), srv.URL+"/api/account/login", body, "X-Real-IP", ip)
}

// TestProxiedClientCannotLockOutOthers is issue 35's lock-out behind a reverse proxy: every
// request comes from the proxy's address, and the login limiter used it, so 22 wrong logins of
// one client gave every other client 429. The limiter now counts the address the proxy names.
func TestProxiedClientCannotLockOutOthers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, srv := proxied(t, db, Options{})
		if _, err := s.Register(ctx, "Joey", "red eyes black"); err != nil {
			t.Fatal(err)
		}
		limited := false
		for i := range 30 {
			r := login(t, srv, "198.51.100.7", fmt.Sprintf("stranger %d", i), "wrong password")
			if r.StatusCode == http.StatusTooManyRequests {
				limited = true
				if r.Header.Get("Retry-After") == "" {
					t.Fatal("429 without Retry-After")
				}
			}
		}
		if !limited {
			t.Fatal("30 wrong logins from one client were never limited")
		}
		if r := login(t, srv, "203.0.113.20", "Joey", "red eyes black"); r.StatusCode != http.StatusOK {
			t.Fatalf("another client's login behind the same proxy: %d; want 200", r.StatusCode)
		}
	})
}

// TestLoginBurstShedBeforeHashing is issue 35's unbounded hash queue: 1,000 logins from 50
// addresses made every player's login time out. With the hashing held (both slots taken), a
// burst is answered at once — 429 for an address with a login in the queue already, 503 past
// the queue's bound, each with Retry-After and "try again" — and only the queue's places wait;
// a player's login from an address of its own still gets a place and succeeds.
func TestLoginBurstShedBeforeHashing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const queue = 16
		s, srv := proxied(t, db, Options{Limits: Limits{HashQueue: queue, HashWait: time.Minute}})
		if _, err := s.Register(ctx, "Player", "the real password"); err != nil {
			t.Fatal(err)
		}
		release := holdHashing(t, s) // both slots taken until the test lets them go

		type answer struct {
			code  int
			retry string
			body  string
		}
		answers := make(chan answer, 1000)
		var wg sync.WaitGroup
		burst := func(net, addrs, each int) {
			for a := range addrs {
				for range each {
					wg.Go(func() {
						body := `{"name":"player","password":"a guess"}`
						req, _ := http.NewRequest("POST", srv.URL+"/api/account/login", strings.NewReader(body))
						req.Header.Set("Content-Type", "application/json")
						req.Header.Set("X-Real-IP", fmt.Sprintf("10.%d.0.%d", net, a))
						resp, err := srv.Client().Do(req)
						if err != nil {
							t.Error(err)
							return
						}
						defer resp.Body.Close()
						b, _ := io.ReadAll(resp.Body)
						answers <- answer{resp.StatusCode, resp.Header.Get("Retry-After"), string(b)}
					})
				}
			}
		}
		// 10 addresses, 20 logins each: 10 places taken, 190 refused with 429 while nothing hashes.
		burst(1, 10, 20)
		refused := func(n, status int) {
			t.Helper()
			for range n {
				a := <-answers
				if a.code != status || a.retry == "" || !strings.Contains(a.body, "try again") {
					t.Fatalf("a login past the bound got %d (Retry-After %q) %s; want %d with Retry-After and \"try again\"",
						a.code, a.retry, a.body, status)
				}
			}
		}
		refused(190, http.StatusTooManyRequests)
		if n := s.admit.taken(); n != 10 {
			t.Fatalf("%d places taken, want 10 (one per address)", n)
		}
		// 20 more addresses: 6 fill the queue, 14 are refused with 503.
		burst(2, 20, 1)
		refused(14, http.StatusServiceUnavailable)
		if n := s.admit.taken(); n != queue {
			t.Fatalf("%d places taken, want the bound %d", n, queue)
		}
		// The hashing goes on: the burst's 16 places are answered (wrong password), the queue empties.
		release()
		for range queue {
			if a := <-answers; a.code != http.StatusUnauthorized {
				t.Fatalf("a login with a place got %d %s; want 401", a.code, a.body)
			}
		}
		wg.Wait()
		// The player's own login: a place, a hash, a session.
		if r := login(t, srv, "203.0.113.30", "Player", "the real password"); r.StatusCode != http.StatusOK {
			t.Fatalf("the player's login after the burst: %d; want 200", r.StatusCode)
		}
	})
}

// TestPlayerGetsAPlaceDuringABurst: while a burst from 10 addresses holds one place each and the
// hashing is held, a player's login from another address is taken on, waits its turn and
// succeeds once the hashing goes on.
func TestPlayerGetsAPlaceDuringABurst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, srv := proxied(t, db, Options{Limits: Limits{HashQueue: 16, HashWait: time.Minute}})
		if _, err := s.Register(ctx, "Player", "the real password"); err != nil {
			t.Fatal(err)
		}
		release := holdHashing(t, s)
		var wg sync.WaitGroup
		for a := range 10 {
			for range 5 {
				wg.Go(func() { login(t, srv, fmt.Sprintf("10.2.0.%d", a), "player", "a guess") })
			}
		}
		codes := make(chan int, 1)
		waitTaken(t, s, 10) // the burst's places (each request takes one before it waits for a hash)
		go func() { codes <- login(t, srv, "203.0.113.40", "Player", "the real password").StatusCode }()
		waitTaken(t, s, 11) // the player's login has its place
		release()
		if c := <-codes; c != http.StatusOK {
			t.Fatalf("the player's login during the burst: %d; want 200", c)
		}
		wg.Wait()
	})
}

// waitTaken waits until n places of the hash queue are taken (requests on their way), failing
// after a minute.
func waitTaken(t *testing.T, s *Service, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); s.admit.taken() < n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d places of the hash queue taken after a minute, want %d", s.admit.taken(), n)
		}
	}
}

// holdHashing takes both hashing slots of s, so that every hash waits, until the returned func
// (or the test's end) gives them back.
func holdHashing(t *testing.T, s *Service) func() {
	s.hasher.sem <- struct{}{}
	s.hasher.sem <- struct{}{}
	var once sync.Once
	release := func() {
		once.Do(func() {
			<-s.hasher.sem
			<-s.hasher.sem
		})
	}
	t.Cleanup(release)
	return release
}
