package account

import (
	"crypto/tls"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

func newHTTP(t *testing.T, db *store.DB, tlsOn bool) (*httptest.Server, *http.Client) {
	t.Helper()
	s, _ := newService(t, db, Options{})
	mux := routetable.New()
	s.Routes(mux)
	var srv *httptest.Server
	if tlsOn {
		srv = httptest.NewTLSServer(s.Middleware(mux))
	} else {
		srv = httptest.NewServer(s.Middleware(mux))
	}
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	c := srv.Client()
	c.Jar = jar
	if tlsOn {
		c.Transport.(*http.Transport).TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	}
	return srv, c
}

func post(t *testing.T, c *http.Client, url, body string, hdr ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func me(t *testing.T, c *http.Client, base string) (int, string) {
	t.Helper()
	resp, err := c.Get(base + "/api/account/me")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var u userBody
	json.NewDecoder(resp.Body).Decode(&u)
	return resp.StatusCode, u.Name
}

func TestHTTPAccountFlow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := newHTTP(t, db, false)
		api := srv.URL + "/api/account/"
		if code, _ := me(t, c, srv.URL); code != http.StatusUnauthorized {
			t.Fatalf("me as a guest: %d; want 401", code)
		}
		resp := post(t, c, api+"register", `{"name":"Bakura","password":"ring of millennia"}`)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("register: %d", resp.StatusCode)
		}
		var ck *http.Cookie
		for _, k := range resp.Cookies() {
			ck = k
		}
		if ck == nil || ck.Name != PlainCookie || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || len(ck.Value) < 43 {
			t.Fatalf("session cookie over plain HTTP: %+v; want %s, HttpOnly, SameSite=Lax, Path=/, a 32-byte token", ck, PlainCookie)
		}
		if code, name := me(t, c, srv.URL); code != 200 || name != "Bakura" {
			t.Fatalf("me after register: %d %q", code, name)
		}
		if r := post(t, c, api+"register", `{"name":"BAKURA","password":"ring of millennia"}`); r.StatusCode != http.StatusConflict {
			t.Fatalf("register a taken name: %d; want 409", r.StatusCode)
		}
		if r := post(t, c, api+"register", `{"name":"a\u202eb","password":"ring of millennia"}`); r.StatusCode != http.StatusBadRequest {
			t.Fatalf("register a bidi name: %d; want 400", r.StatusCode)
		}
		if r := post(t, c, api+"password", `{"password":"ring of millennia","newPassword":"a new ring!"}`); r.StatusCode != http.StatusNoContent {
			t.Fatalf("password: %d", r.StatusCode)
		}
		if r := post(t, c, api+"logout", ``); r.StatusCode != http.StatusNoContent {
			t.Fatalf("logout: %d", r.StatusCode)
		}
		if code, _ := me(t, c, srv.URL); code != http.StatusUnauthorized {
			t.Fatalf("me after logout: %d", code)
		}
		if r := post(t, c, api+"login", `{"name":"bakura","password":"ring of millennia"}`); r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("login with the old password: %d", r.StatusCode)
		}
		if r := post(t, c, api+"login", `{"name":"bakura","password":"a new ring!"}`); r.StatusCode != http.StatusOK {
			t.Fatalf("login: %d", r.StatusCode)
		}
		if r := post(t, c, api+"logout-all", ``); r.StatusCode != http.StatusNoContent {
			t.Fatalf("logout-all: %d", r.StatusCode)
		}
		if r := post(t, c, api+"delete", `{"password":"a new ring!"}`); r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("delete while logged out: %d; want 401", r.StatusCode)
		}
		post(t, c, api+"login", `{"name":"bakura","password":"a new ring!"}`)
		if r := post(t, c, api+"delete", `{"password":"a new ring!"}`); r.StatusCode != http.StatusNoContent {
			t.Fatalf("delete: %d", r.StatusCode)
		}
		if r := post(t, c, api+"login", `{"name":"bakura","password":"a new ring!"}`); r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("login after delete: %d", r.StatusCode)
		}
		if r := post(t, c, api+"login", `{"name":"bakura","password":1}`); r.StatusCode != http.StatusBadRequest {
			t.Fatalf("login with a malformed body: %d; want 400", r.StatusCode)
		}
	})
}

func TestHTTPCrossOriginRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := newHTTP(t, db, false)
		body := `{"name":"Marik","password":"rod of millennia"}`
		r := post(t, c, srv.URL+"/api/account/register", body, "Sec-Fetch-Site", "cross-site")
		if r.StatusCode != http.StatusForbidden {
			t.Fatalf("cross-site register: %d; want 403", r.StatusCode)
		}
		r = post(t, c, srv.URL+"/api/account/register", body, "Origin", "https://evil.example")
		if r.StatusCode != http.StatusForbidden {
			t.Fatalf("register from another origin: %d; want 403", r.StatusCode)
		}
		var n int
		db.SQL().QueryRow("SELECT COUNT(*) FROM accounts").Scan(&n)
		if n != 0 {
			t.Fatalf("%d accounts after refused cross-origin requests", n)
		}
		if r := post(t, c, srv.URL+"/api/account/register", body, "Sec-Fetch-Site", "same-origin"); r.StatusCode != http.StatusCreated {
			t.Fatalf("same-origin register: %d", r.StatusCode)
		}
	})
}

func TestHTTPSecureCookieOverTLS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := newHTTP(t, db, true)
		resp := post(t, c, srv.URL+"/api/account/register", `{"name":"Ishizu","password":"necklace of fate"}`)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("register over TLS: %d", resp.StatusCode)
		}
		cs := resp.Cookies()
		if len(cs) != 1 || cs[0].Name != SecureCookie || !cs[0].Secure || !cs[0].HttpOnly || cs[0].Path != "/" || cs[0].Domain != "" {
			t.Fatalf("cookie over TLS: %+v; want %s with Secure, HttpOnly, Path=/ and no Domain", cs, SecureCookie)
		}
		if code, name := me(t, c, srv.URL); code != 200 || name != "Ishizu" {
			t.Fatalf("me over TLS: %d %q", code, name)
		}
	})
}

// TestHTTPBodiesStrict is issue 35's JSON bodies: a key given twice, a key that matches a field
// only by case, and data after the object are refused (400) before anything is done.
func TestHTTPBodiesStrict(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := newHTTP(t, db, false)
		api := srv.URL + "/api/account/"
		if r := post(t, c, api+"register", `{"name":"Pegasus","password":"millennium eye"}`); r.StatusCode != http.StatusCreated {
			t.Fatalf("register: %d", r.StatusCode)
		}
		post(t, c, api+"logout", ``)
		for _, body := range []string{
			`{"name":"Pegasus","name":"Someone","password":"millennium eye"}`,
			`{"name":"Pegasus","password":"wrong","password":"millennium eye"}`,
			`{"NAME":"Pegasus","password":"millennium eye"}`,
			`{"name":"Pegasus","Password":"millennium eye"}`,
			`{"name":"Pegasus","password":"millennium eye"}{"name":"x"}`,
			`{"name":"Pegasus","password":"millennium eye"} trailing`,
		} {
			if r := post(t, c, api+"login", body); r.StatusCode != http.StatusBadRequest {
				t.Errorf("login with %s: %d, want 400", body, r.StatusCode)
			}
		}
		if code, _ := me(t, c, srv.URL); code != http.StatusUnauthorized {
			t.Fatal("a refused body logged in")
		}
	})
}

// TestHTTPSessionGuest: GET session answers a guest 200 with a null user (a page that asks who
// is logged in logs no failed request), and a logged-in player its name.
func TestHTTPSessionGuest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, c := newHTTP(t, db, false)
		who := func() (int, string) {
			resp, err := c.Get(srv.URL + "/api/account/session")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, strings.TrimSpace(string(b))
		}
		if code, body := who(); code != http.StatusOK || body != `{"user":null}` {
			t.Fatalf("session as a guest: %d %s; want 200 {\"user\":null}", code, body)
		}
		if r := post(t, c, srv.URL+"/api/account/register", `{"name":"Mokuba","password":"ring of millennia"}`); r.StatusCode != http.StatusCreated {
			t.Fatalf("register: %d", r.StatusCode)
		}
		if code, body := who(); code != http.StatusOK || !strings.Contains(body, `"name":"Mokuba"`) {
			t.Fatalf("session logged in: %d %s", code, body)
		}
	})
}
