package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/web"
)

// TestPicsServe: duelist serve --pics serves <passcode>.jpg from its folder with an ETag, a day's
// Cache-Control and the JPEG type (304 when the browser holds it), 404 for a passcode the folder
// lacks, and nothing but <digits>.jpg: no other name, no path out of the folder, no directory.
func TestPicsServe(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pics")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	jpg := []byte("\xff\xd8\xff\xe0 not a real picture \xff\xd9")
	for name, body := range map[string][]byte{
		"pics/46986414.jpg": jpg,
		"secret.jpg":        []byte("outside the folder"),
		"123.jpg":           []byte("outside the folder"),
		"pics/notes.txt":    []byte("not a picture"),
		"pics/12.png":       []byte("not a jpg"),
	} {
		if err := os.WriteFile(filepath.Join(root, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "77.jpg"), 0o755); err != nil { // a directory named as a picture
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "123.jpg"), filepath.Join(dir, "sub")); err != nil {
		t.Fatal(err)
	}
	pics, err := OpenPics(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Options{Logf: t.Logf, Pics: pics}, web.FileSystem())

	w := staticGet(t, srv, "GET", "/pics/46986414.jpg", nil)
	if w.Code != 200 || w.Body.String() != string(jpg) {
		t.Fatalf("GET a picture: %d %q", w.Code, w.Body.String())
	}
	h := w.Header()
	etag := h.Get("ETag")
	if h.Get("Content-Type") != "image/jpeg" || !strings.Contains(h.Get("Cache-Control"), "max-age=86400") || etag == "" ||
		h.Get("Last-Modified") == "" {
		t.Fatalf("a picture's headers: %v", h)
	}
	if w := staticGet(t, srv, "GET", "/pics/46986414.jpg", map[string]string{"If-None-Match": etag}); w.Code != 304 || w.Body.Len() != 0 {
		t.Fatalf("revalidated: %d %q", w.Code, w.Body.String())
	}
	if w := staticGet(t, srv, "HEAD", "/pics/46986414.jpg", nil); w.Code != 200 || w.Body.Len() != 0 {
		t.Fatalf("HEAD: %d", w.Code)
	}
	// A replaced picture has another ETag.
	if err := os.WriteFile(filepath.Join(dir, "46986414.jpg"), append(jpg, 'x'), 0o644); err != nil {
		t.Fatal(err)
	}
	if w := staticGet(t, srv, "GET", "/pics/46986414.jpg", map[string]string{"If-None-Match": etag}); w.Code != 200 || w.Header().Get("ETag") == etag {
		t.Fatalf("a replaced picture: %d, ETag %s (was %s)", w.Code, w.Header().Get("ETag"), etag)
	}
	for _, url := range []string{
		"/pics/89631139.jpg",        // not in the folder
		"/pics/77.jpg",              // a directory
		"/pics/notes.txt",           // not <digits>.jpg
		"/pics/12.png",              // idem
		"/pics/12.jpg.png",          // idem
		"/pics/abc.jpg",             // idem
		"/pics/-1.jpg",              // idem
		"/pics/12345678901.jpg",     // longer than a passcode
		"/pics/..%2Fsecret.jpg",     // out of the folder, escaped
		"/pics/%2e%2e%2f123.jpg",    // idem
		"/pics/..%5C123.jpg",        // a backslash
		"/pics/sub",                 // a link in the folder, not <digits>.jpg
		"/pics/sub/123.jpg",         // a deeper path
		"/pics/46986414.jpg%00.txt", // a NUL
		"/pics/46986414.jpg/",       // a trailing slash
		"/pics/",                    // the folder itself: no listing
	} {
		w := staticGet(t, srv, "GET", url, nil)
		if w.Code == 200 || strings.Contains(w.Body.String(), "outside the folder") || strings.Contains(w.Body.String(), "not a") {
			t.Errorf("GET %s: %d %q", url, w.Code, w.Body.String())
		}
	}
	// A path with ".." is cleaned by the router into one outside /pics/ (a redirect), never read.
	if w := staticGet(t, srv, "GET", "/pics/../123.jpg", nil); w.Code == 200 {
		t.Errorf("GET /pics/../123.jpg: %d %q", w.Code, w.Body.String())
	}
	// The page is told the pictures are there.
	if !strings.Contains(staticGet(t, srv, "GET", "/", nil).Body.String(), `<meta name="duelist-pics" content="pics/">`) {
		t.Error("the page does not name the pictures")
	}
}

// TestPicsOff: without --pics there is no /pics/ route and the page names none.
func TestPicsOff(t *testing.T) {
	srv := New(Options{Logf: t.Logf}, web.FileSystem())
	if w := staticGet(t, srv, "GET", "/pics/46986414.jpg", nil); w.Code != 404 {
		t.Fatalf("GET a picture without --pics: %d", w.Code)
	}
	if strings.Contains(staticGet(t, srv, "GET", "/", nil).Body.String(), "duelist-pics") {
		t.Error("the page names pictures the server does not have")
	}
}

// TestOpenPicsRefuses: a folder that is not there, or a file, is an error at the start.
func TestOpenPicsRefuses(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.jpg")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(dir, "missing"), file} {
		if p, err := OpenPics(d); err == nil {
			t.Errorf("OpenPics(%s) = %v, want an error", d, p)
		}
	}
}
