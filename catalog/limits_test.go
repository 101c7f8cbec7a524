package catalog_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/limit"
)

// TestSearchBounded is issue 35's 600 kB card search (3 s of CPU, no login, no limit): a query
// over MaxQueryBytes, one with more than MaxTerms terms, and a term over MaxTermBytes are refused
// before any search, each with a sentence that says why.
func TestSearchBounded(t *testing.T) {
	mux := routetable.New()
	h := catalog.NewHTTP(index(t), nil)
	h.SearchLimit = nil
	h.Routes(mux)
	for name, c := range map[string]struct {
		query string
		code  int
		says  string
	}{
		"600 kB":           {"q=" + strings.Repeat("dragon+", 100_000), http.StatusRequestURITooLong, "at most 1000"},
		"too many terms":   {"q=" + url.QueryEscape(strings.TrimSpace(strings.Repeat("a ", catalog.MaxTerms+1))), http.StatusBadRequest, "at most 24"},
		"terms and params": {"q=" + url.QueryEscape(strings.TrimSpace(strings.Repeat("a ", catalog.MaxTerms))) + "&kind=monster", http.StatusBadRequest, "more than 24 terms"},
		"a long term":      {"q=" + strings.Repeat("x", catalog.MaxTermBytes+1), http.StatusBadRequest, "at most 100"},
		"at the bounds":    {"q=" + url.QueryEscape(strings.TrimSpace(strings.Repeat("dark ", catalog.MaxTerms))), http.StatusOK, `"total"`},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/cards/search?"+c.query, nil))
		if rec.Code != c.code || !strings.Contains(rec.Body.String(), c.says) {
			t.Errorf("%s: %d %.120s, want %d saying %q", name, rec.Code, rec.Body.String(), c.code, c.says)
		}
	}
}

// TestSearchRateLimited: one client (a guest's address, or an account) searches its burst, then
// is refused with 429 and Retry-After; another address is not. (The limit's figures are
// SearchBurst and SearchEvery; here a burst of 3 an hour.)
func TestSearchRateLimited(t *testing.T) {
	mux := routetable.New()
	h := catalog.NewHTTP(index(t), nil)
	if h.SearchLimit == nil {
		t.Fatal("NewHTTP sets no search limit")
	}
	h.SearchLimit = limit.NewKeyed(time.Hour, 3, 0)
	h.Routes(mux)
	search := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/api/cards/search?q=dragon", nil)
		req.RemoteAddr = addr + ":4000"
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec
	}
	for i := range 3 {
		if rec := search("198.51.100.9"); rec.Code != 200 {
			t.Fatalf("search %d of a burst: %d %s", i+1, rec.Code, rec.Body.String())
		}
	}
	rec := search("198.51.100.9")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("search past the burst: %d (Retry-After %q), want 429 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := search("203.0.113.9"); rec.Code != 200 {
		t.Fatalf("another address's search: %d", rec.Code)
	}
}
