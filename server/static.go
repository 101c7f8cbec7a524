package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// This file serves the web client's files and the card catalog so that a returning visit
// downloads next to nothing (docs/web.md "Caching"):
//
//   - every file has a strong ETag (the SHA-256 of its content) and is sent gzip-compressed to a
//     client that accepts it (compressed once, on its first request, at gzip's best; a file gzip
//     does not make smaller is sent as it is). Brotli would save another ~15% but has no encoder
//     in Go's standard library, and precompressed files would be generated files to keep in step;
//     gzip is what every browser takes;
//   - index.html is never cached without asking (Cache-Control: no-cache, answered 304 while it
//     has not changed), and names every module, app.css and the catalog by a URL with its
//     content's hash (?v=HASH): the import map it carries maps each module's plain URL to that
//     one, so that the modules' own relative imports name them too;
//   - a URL whose hash is the file's is cached for a year without asking (immutable): a new
//     server's files have new URLs. A URL with another hash (a page of the last version) gets the
//     current file, revalidated, never cached as that version.
//
// A server given a directory (duelist serve --web-dir, for editing) serves it as it is on disk
// with Last-Modified and no-cache instead.

// assetImmutable is the cache lifetime of a URL that names its content's hash.
const assetImmutable = "public, max-age=31536000, immutable"

// asset is one file as the server sends it.
type asset struct {
	body   []byte
	gzOnce sync.Once
	gz     []byte // nil when gzip does not make it smaller (made on the first request for it)
	etag   string // a strong ETag: "sha256 of body"
	ver    string // the hash in its versioned URL
	ctype  string
}

func newAsset(name string, body []byte) *asset {
	sum := sha256.Sum256(body)
	a := &asset{body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`, ver: hex.EncodeToString(sum[:6]),
		ctype: mime.TypeByExtension(path.Ext(name))}
	if a.ctype == "" {
		a.ctype = http.DetectContentType(body)
	}
	return a
}

// gzipped is the body gzip-compressed, or nil when that is no smaller.
func (a *asset) gzipped() []byte {
	a.gzOnce.Do(func() {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(a.body)
		zw.Close()
		if buf.Len() < len(a.body) {
			a.gz = buf.Bytes()
		}
	})
	return a.gz
}

// serve answers a GET or HEAD of the asset: 304 when the client holds it, gzip when accepted.
func (a *asset) serve(w http.ResponseWriter, r *http.Request, cache string) {
	h := w.Header()
	h.Set("Cache-Control", cache)
	h.Set("ETag", a.etag)
	h.Set("Vary", "Accept-Encoding")
	if etagMatches(r.Header.Get("If-None-Match"), a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ctype)
	body := a.body
	if gz := a.gzipped(); gz != nil && acceptsGzip(r) {
		body = gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// etagMatches reports whether an If-None-Match header names etag (or is "*").
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether a request accepts gzip (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// staticFiles is the web client held in memory.
type staticFiles struct {
	files map[string]*asset // by path, "/js/main.js"; "/index.html" is the page as rewritten
}

// catalogURL is the catalog's URL the page names (index.html's meta "duelist-catalog").
const catalogMeta = `<meta name="duelist-catalog" content="%s">`

// picsMeta tells the page that the server has card pictures at pics/<passcode>.jpg (Pics).
const picsMeta = `<meta name="duelist-pics" content="pics/">`

var (
	importMapRE = regexp.MustCompile(`(?s)(<script type="importmap">)(.*?)(</script>)`)
	mainSrcRE   = regexp.MustCompile(`(<script type="module" src=")([^"?]+)(")`)
	linkHrefRE  = regexp.MustCompile(`(<link rel="stylesheet" href=")([^"?]+)(")`)
)

// newStaticFiles reads the client's files and rewrites index.html to name them by version; the
// catalog's URL is named with its own version, and pics says the server has card pictures.
func newStaticFiles(static fs.FS, catalog *asset, pics bool) (*staticFiles, error) {
	sf := &staticFiles{files: map[string]*asset{}}
	err := fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		sf.files["/"+p] = newAsset(p, b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	index, ok := sf.files["/index.html"]
	if !ok {
		return sf, nil
	}
	page, err := sf.versionedIndex(index.body, catalog, pics)
	if err != nil {
		return nil, err
	}
	sf.files["/index.html"] = newAsset("index.html", page)
	return sf, nil
}

// versionedIndex rewrites index.html: its import map gains every module's versioned URL, its
// script and stylesheet are named by version, a meta names the catalog's versioned URL and,
// with pics, another says the server has card pictures.
func (sf *staticFiles) versionedIndex(page []byte, catalog *asset, pics bool) ([]byte, error) {
	out := page
	if m := importMapRE.FindSubmatchIndex(page); m != nil {
		js, err := sf.importMap(page[m[4]:m[5]])
		if err != nil {
			return nil, err
		}
		out = append(append(append([]byte{}, page[:m[4]]...), js...), page[m[5]:]...)
	}
	version := func(re *regexp.Regexp) {
		out = re.ReplaceAllFunc(out, func(b []byte) []byte {
			sm := re.FindSubmatch(b)
			if a := sf.files["/"+strings.TrimPrefix(string(sm[2]), "./")]; a != nil {
				return []byte(string(sm[1]) + string(sm[2]) + "?v=" + a.ver + string(sm[3]))
			}
			return b
		})
	}
	version(mainSrcRE)
	version(linkHrefRE)
	if catalog != nil {
		meta := fmt.Sprintf(catalogMeta, "api/cards?v="+catalog.ver)
		out = bytes.Replace(out, []byte("<head>"), []byte("<head>\n"+meta), 1)
	}
	if pics {
		out = bytes.Replace(out, []byte("<head>"), []byte("<head>\n"+picsMeta), 1)
	}
	return out, nil
}

// importMap adds to an import map every module's versioned URL, by its plain one, and names the
// modules it maps bare names to by their versioned URLs.
func (sf *staticFiles) importMap(src []byte) ([]byte, error) {
	var im struct {
		Imports map[string]string `json:"imports"`
	}
	if err := json.Unmarshal(src, &im); err != nil {
		return nil, fmt.Errorf("server: index.html's import map: %v", err)
	}
	if im.Imports == nil {
		im.Imports = map[string]string{}
	}
	for name, target := range im.Imports { // "preact": "./vendor/preact.module.js"
		if a := sf.files["/"+strings.TrimPrefix(target, "./")]; a != nil {
			im.Imports[name] = target + "?v=" + a.ver
		}
	}
	var mods []string
	for p := range sf.files {
		if strings.HasSuffix(p, ".js") {
			mods = append(mods, p)
		}
	}
	sort.Strings(mods)
	for _, p := range mods {
		im.Imports["."+p] = "." + p + "?v=" + sf.files[p].ver
	}
	return json.Marshal(im)
}

// ServeHTTP serves a file: by its versioned URL for a year, otherwise revalidated.
func (sf *staticFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	a := sf.files[p]
	if a == nil {
		http.NotFound(w, r)
		return
	}
	cache := "no-cache"
	if v := r.URL.Query().Get("v"); v != "" && v == a.ver && p != "/index.html" {
		cache = assetImmutable
	}
	a.serve(w, r, cache)
}

// httpFS reads an http.FileSystem as an fs.FS (the embedded client is handed to New as one).
type httpFS struct{ http.FileSystem }

func (h httpFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := h.FileSystem.Open("/" + name)
	if err != nil {
		return nil, err
	}
	return httpFile{f}, nil
}

// httpFile is an http.File as an fs.ReadDirFile.
type httpFile struct{ http.File }

func (f httpFile) ReadDir(n int) ([]fs.DirEntry, error) {
	infos, err := f.Readdir(n)
	out := make([]fs.DirEntry, len(infos))
	for i, fi := range infos {
		out[i] = fs.FileInfoToDirEntry(fi)
	}
	if err == io.EOF && n <= 0 {
		err = nil
	}
	return out, err
}
