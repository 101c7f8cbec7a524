// Package routetable is the online game's one route table (issue 34): the duel server and every
// service add their HTTP routes to one Table, which serves them all and lists them (Routes), each
// with its method, its path, the package that added it and whether it is behind
// http.CrossOriginProtection. A route that may change state (any method but GET, HEAD and
// OPTIONS, or a pattern with no method) must be wrapped in Guard: the table refuses it otherwise,
// so a state-changing route without the origin check cannot be mounted.
package routetable

import (
	"fmt"
	"net/http"
	"runtime"
	"sort"
	"strings"
)

// Module is the module path whose packages add routes.
const Module = "github.com/duelistgame/duelist"

// A Route is one entry of the table.
type Route struct {
	Method string // GET, POST, PUT, DELETE, ...; "" for a pattern that takes every method
	Path   string // the path pattern: /api/decks/{id}
	Owner  string // the package that added it, relative to the module: decklib, server
	Guard  bool   // behind http.CrossOriginProtection (Guard)
}

// String is the route as a ServeMux pattern, with its owner: "POST /api/decks/{$} (decklib)".
func (r Route) String() string {
	p := r.Path
	if r.Method != "" {
		p = r.Method + " " + p
	}
	return p + " (" + r.Owner + ")"
}

// Changes reports whether the route may change state: its method is not GET, HEAD or OPTIONS.
func (r Route) Changes() bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// Table is the route table: an http.ServeMux that records what is added to it.
type Table struct {
	mux    *http.ServeMux
	routes []Route
}

// New returns an empty table.
func New() *Table { return &Table{mux: http.NewServeMux()} }

// guarded is a handler behind cross-origin protection.
type guarded struct{ http.Handler }

// Guard returns h behind cop (cop.Handler): the only way a state-changing route is added.
func Guard(cop *http.CrossOriginProtection, h http.Handler) http.Handler {
	return guarded{cop.Handler(h)}
}

// Handle adds a route, a ServeMux pattern ("GET /api/ladder/board", "POST /api/decks/{$}"). It
// panics, as ServeMux does on a conflict, if the route may change state and h is not Guard's.
func (t *Table) Handle(pattern string, h http.Handler) {
	r := Route{Path: pattern, Owner: caller()}
	if m, p, ok := strings.Cut(pattern, " "); ok {
		r.Method, r.Path = m, strings.TrimLeft(p, " \t")
	}
	_, r.Guard = h.(guarded)
	if r.Changes() && !r.Guard {
		panic(fmt.Sprintf("routetable: %s may change state: wrap its handler in routetable.Guard (cross-origin protection)", r))
	}
	t.mux.Handle(pattern, h)
	t.routes = append(t.routes, r)
}

// HandleFunc adds a route served by f (Handle).
func (t *Table) HandleFunc(pattern string, f func(http.ResponseWriter, *http.Request)) {
	t.Handle(pattern, http.HandlerFunc(f))
}

// ServeHTTP serves the request by the route that matches it (http.ServeMux's rules).
func (t *Table) ServeHTTP(w http.ResponseWriter, r *http.Request) { t.mux.ServeHTTP(w, r) }

// Routes returns every route added, sorted by path, then method.
func (t *Table) Routes() []Route {
	out := append([]Route(nil), t.routes...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}

// caller is the package, relative to the module, of the function that called Handle or
// HandleFunc (the first caller outside this package).
func caller() string {
	pcs := make([]uintptr, 8)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if pkg := funcPackage(f.Function); pkg != "" && pkg != "internal/routetable" {
			return pkg
		}
		if !more {
			return "?"
		}
	}
}

// funcPackage is the package of a function's full name
// ("github.com/duelistgame/duelist/decklib.(*Service).Routes" → "decklib"), relative to the
// module; the full path for a package outside it.
func funcPackage(fn string) string {
	slash := strings.LastIndex(fn, "/")
	dot := strings.Index(fn[slash+1:], ".")
	if dot < 0 {
		return ""
	}
	pkg := fn[:slash+1+dot]
	if rel, ok := strings.CutPrefix(pkg, Module+"/"); ok {
		return rel
	}
	if pkg == Module {
		return "."
	}
	return pkg
}
