package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"regexp"
	"strings"
)

// contentSecurityPolicy lets the page load only the server's own scripts, styles, images and
// WebSocket, and no site frame it (docs/security.md). scriptSrc is what script-src allows beside
// 'self': the hashes of index.html's inline scripts (its import map). Styles may be inline (a
// page's <style> element; the client renders no markup it is sent), scripts may not.
func contentSecurityPolicy(scriptSrc string) string {
	return "default-src 'self'; script-src 'self'" + scriptSrc + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; media-src 'self' data: blob:; " +
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}

// inlineScript matches an inline <script> element (one without a src attribute) and its text.
var (
	inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	srcAttr      = regexp.MustCompile(`(?i)\bsrc\s*=`)
)

// inlineScriptHashes returns the CSP source expressions ('sha256-...') of the inline scripts of
// the static files' index.html: a browser runs an inline script under the CSP only when its
// hash is listed. They are read once, when the server starts (restart it after editing one).
func inlineScriptHashes(static http.FileSystem) []string {
	if static == nil {
		return nil
	}
	f, err := static.Open("/index.html")
	if err != nil {
		return nil
	}
	defer f.Close()
	page, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return nil
	}
	return inlineHashes(page)
}

// inlineHashes returns the CSP source expressions ('sha256-...') of a page's inline scripts.
func inlineHashes(page []byte) []string {
	var out []string
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if srcAttr.Match(m[1]) {
			continue
		}
		sum := sha256.Sum256(m[2])
		out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return out
}

// guardRequest checks a request's Host against the allowed hosts (answering 421 when it names
// another) and sets the security headers of every answer.
func (s *Server) guardRequest(w http.ResponseWriter, r *http.Request) bool {
	if hosts := s.hub.opts.Limits.AllowedHosts; len(hosts) > 0 && !hostAllowed(r.Host, hosts) {
		http.Error(w, "this server does not serve host "+r.Host, http.StatusMisdirectedRequest)
		return false
	}
	h := w.Header()
	h.Set("Content-Security-Policy", s.csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	return true
}

// hostAllowed reports whether a Host header (with or without a port) names one of hosts. An
// entry ".example.com" allows every subdomain of example.com.
func hostAllowed(host string, hosts []string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	for _, a := range hosts {
		a = strings.ToLower(strings.Trim(a, "[]"))
		if host == a || strings.HasPrefix(a, ".") && strings.HasSuffix(host, a) {
			return true
		}
	}
	return false
}

// noListing is a file system that hides directories without an index.html, so that the file
// server lists no directory (GET /js/ is 404).
type noListing struct{ http.FileSystem }

// Open opens a file, or a directory that has an index.html.
func (n noListing) Open(name string) (http.File, error) {
	f, err := n.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		idx, err := n.FileSystem.Open(path.Join(name, "index.html"))
		if err != nil {
			f.Close()
			return nil, &fs.PathError{Op: "open", Path: name, Err: os.ErrNotExist}
		}
		idx.Close()
	}
	return f, nil
}

// Guard wraps a handler that serves beside the server (the account API, say) in the server's
// Host check and security headers, so that every route of the process has them. The server's own
// ServeHTTP applies them already; applying them twice is harmless.
func (s *Server) Guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.guardRequest(w, r) {
			h.ServeHTTP(w, r)
		}
	})
}
