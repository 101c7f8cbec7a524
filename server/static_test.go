package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/web"
)

func staticGet(t *testing.T, h http.Handler, method, url string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, url, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestStaticVersionedURLs: the embedded client's page names every module, its stylesheet and the
// catalog by versioned URLs, which are cached for a year; the page itself and a URL of another
// version are revalidated (ETag, 304); everything is sent gzip-compressed when accepted.
func TestStaticVersionedURLs(t *testing.T) {
	srv := New(Options{Logf: t.Logf}, web.FileSystem())
	idx := staticGet(t, srv, "GET", "/", nil)
	if idx.Code != 200 || idx.Header().Get("Cache-Control") != "no-cache" || idx.Header().Get("ETag") == "" {
		t.Fatalf("GET /: %d %v", idx.Code, idx.Header())
	}
	page := idx.Body.String()
	for _, want := range []string{`src="js/main.js?v=`, `href="app.css?v=`, `<meta name="duelist-catalog" content="api/cards?v=`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	// The import map names every module, and its bare names, by versioned URLs that are served.
	m := regexp.MustCompile(`(?s)<script type="importmap">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no import map:\n%s", page)
	}
	var im struct{ Imports map[string]string }
	if err := json.Unmarshal([]byte(m[1]), &im); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(im.Imports["preact"], "./vendor/preact.module.js?v=") || im.Imports["./js/board.js"] == "" {
		t.Fatalf("import map %v", im.Imports)
	}
	if len(im.Imports) < 30 {
		t.Fatalf("the import map names %d modules", len(im.Imports))
	}
	urls := []string{}
	for _, u := range im.Imports {
		urls = append(urls, strings.TrimPrefix(u, "."))
	}
	for _, re := range []string{`src="(js/main\.js\?v=[0-9a-f]+)"`, `href="(app\.css\?v=[0-9a-f]+)"`, `content="(api/cards\?v=[0-9a-f]+)"`} {
		sm := regexp.MustCompile(re).FindStringSubmatch(page)
		if sm == nil {
			t.Fatalf("the page has no %s", re)
		}
		urls = append(urls, "/"+sm[1])
	}
	for _, u := range urls {
		w := staticGet(t, srv, "GET", u, map[string]string{"Accept-Encoding": "gzip, deflate, br"})
		if w.Code != 200 || w.Header().Get("Cache-Control") != assetImmutable || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("GET %s: %d %v", u, w.Code, w.Header())
		}
		plain := staticGet(t, srv, "GET", u, nil)
		body := w.Body.Bytes()
		if w.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		} else if strings.HasSuffix(strings.Split(u, "?")[0], ".js") && plain.Body.Len() > 1000 {
			t.Errorf("GET %s: a module of %d bytes is not compressed", u, plain.Body.Len())
		}
		if !bytes.Equal(body, plain.Body.Bytes()) || plain.Header().Get("Content-Encoding") != "" {
			t.Fatalf("GET %s: the gzip body is not the file", u)
		}
		// Another version's URL: the file, revalidated, never cached as that version.
		old := strings.Split(u, "?")[0] + "?v=0123456789ab"
		if w := staticGet(t, srv, "GET", old, nil); w.Code != 200 || w.Header().Get("Cache-Control") != "no-cache" {
			t.Fatalf("GET %s: %d %v", old, w.Code, w.Header())
		}
		// The ETag revalidates.
		if w2 := staticGet(t, srv, "GET", strings.Split(u, "?")[0], map[string]string{"If-None-Match": w.Header().Get("ETag")}); w2.Code != http.StatusNotModified || w2.Body.Len() != 0 {
			t.Fatalf("GET %s with its ETag: %d", u, w2.Code)
		}
	}
	if w := staticGet(t, srv, "GET", "/", map[string]string{"If-None-Match": idx.Header().Get("ETag")}); w.Code != http.StatusNotModified {
		t.Fatalf("GET / with its ETag: %d", w.Code)
	}
	if w := staticGet(t, srv, "GET", "/", map[string]string{"Accept-Encoding": "gzip;q=0"}); w.Header().Get("Content-Encoding") != "" {
		t.Fatalf("gzip refused with q=0 and sent")
	}
	if w := staticGet(t, srv, "HEAD", "/js/main.js", map[string]string{"Accept-Encoding": "gzip"}); w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") == "" {
		t.Fatalf("HEAD: %d %d %v", w.Code, w.Body.Len(), w.Header())
	}
	for _, p := range []string{"/js/", "/nothing.js", "/js"} {
		if w := staticGet(t, srv, "GET", p, nil); w.Code != http.StatusNotFound {
			t.Fatalf("GET %s: %d", p, w.Code)
		}
	}
	// The page's inline import map, as served, is what the CSP allows.
	csp := idx.Header().Get("Content-Security-Policy")
	if hs := inlineHashes(idx.Body.Bytes()); len(hs) != 1 || !strings.Contains(csp, hs[0]) {
		t.Fatalf("the CSP %q does not allow the served import map %v", csp, hs)
	}
}

// TestStaticCatalog: the catalog by its version is cached for a year, without one revalidated;
// it is sent gzip-compressed.
func TestStaticCatalog(t *testing.T) {
	srv := New(Options{Logf: t.Logf}, web.FileSystem())
	page := staticGet(t, srv, "GET", "/", nil).Body.String()
	sm := regexp.MustCompile(`content="api/cards\?v=([0-9a-f]+)"`).FindStringSubmatch(page)
	if sm == nil {
		t.Fatal("no catalog URL")
	}
	w := staticGet(t, srv, "GET", "/api/cards?v="+sm[1], map[string]string{"Accept-Encoding": "gzip"})
	if w.Code != 200 || w.Header().Get("Cache-Control") != assetImmutable || w.Header().Get("Content-Encoding") != "gzip" ||
		w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("catalog: %d %v", w.Code, w.Header())
	}
	plain := staticGet(t, srv, "GET", "/api/cards", nil)
	if plain.Header().Get("Cache-Control") != "no-cache" || !json.Valid(plain.Body.Bytes()) || w.Body.Len()*2 > plain.Body.Len() {
		t.Fatalf("catalog without version: %v, %d bytes (gzip %d)", plain.Header(), plain.Body.Len(), w.Body.Len())
	}
	if w := staticGet(t, srv, "GET", "/api/cards", map[string]string{"If-None-Match": plain.Header().Get("ETag")}); w.Code != http.StatusNotModified {
		t.Fatalf("catalog with its ETag: %d", w.Code)
	}
}

// TestStaticWebDir: a directory (duelist serve --web-dir) is served from disk as it is, revalidated.
func TestStaticWebDir(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><script type="importmap">{}</script>`), 0o600)
	os.MkdirAll(filepath.Join(dir, "js"), 0o700)
	os.WriteFile(filepath.Join(dir, "js", "main.js"), []byte("export {};"), 0o600)
	srv := New(Options{Logf: t.Logf}, http.Dir(dir))
	if w := staticGet(t, srv, "GET", "/js/main.js", nil); w.Code != 200 || w.Body.String() != "export {};" || w.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("GET /js/main.js: %d %q %v", w.Code, w.Body, w.Header())
	}
	os.WriteFile(filepath.Join(dir, "js", "main.js"), []byte("export const x = 1;"), 0o600)
	if w := staticGet(t, srv, "GET", "/js/main.js", nil); w.Body.String() != "export const x = 1;" {
		t.Fatalf("an edited file is not served: %q", w.Body)
	}
	if w := staticGet(t, srv, "GET", "/", nil); strings.Contains(w.Body.String(), "?v=") {
		t.Fatalf("the page of a directory names versions: %s", w.Body)
	}
}
