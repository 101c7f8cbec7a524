package server

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// Pics serves a folder of card pictures named as YGOPro names them, <passcode>.jpg (`duelist
// serve --pics DIR`, docs/web.md "Card art"), at /pics/<passcode>.jpg. Nothing else of the folder
// is reachable: a name that is not digits and ".jpg" is a 404 before the disk is asked, so no
// path leaves it. Each answer has an ETag (the file's size and modification time), a day's
// Cache-Control and the JPEG content type; a picture the folder lacks is a 404 (the page then
// draws the card's generated illustration).
type Pics struct {
	dir string
}

// picsMaxAge is how long a browser keeps a picture without asking again (then revalidated by
// its ETag: a replaced picture shows a day later at most).
const picsMaxAge = "public, max-age=86400"

// picName is the one form of name served: a passcode (1 to 10 digits) and ".jpg".
var picName = regexp.MustCompile(`^[0-9]{1,10}\.jpg$`)

// OpenPics checks that dir is a readable directory and returns its server. A folder that is
// not there is an error at the server's start, not a page of broken pictures later.
func OpenPics(dir string) (*Pics, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("--pics %s: %v", dir, err)
	}
	f, err := os.Open(abs)
	if err != nil {
		return nil, fmt.Errorf("--pics: %v", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("--pics: %v", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("--pics %s: not a directory", dir)
	}
	return &Pics{dir: abs}, nil
}

// ServeHTTP answers GET and HEAD /pics/<passcode>.jpg.
func (p *Pics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !picName.MatchString(name) {
		http.NotFound(w, r)
		return
	}
	f, err := os.Open(filepath.Join(p.dir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", picsMaxAge)
	h.Set("Content-Type", "image/jpeg")
	h.Set("ETag", `"`+strconv.FormatInt(fi.Size(), 36)+"-"+strconv.FormatInt(fi.ModTime().UnixNano(), 36)+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, name, fi.ModTime(), f) // 304 on If-None-Match / If-Modified-Since, ranges
}
