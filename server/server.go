// Package server is Duelist's duel server: rooms that each run one duel in an actor goroutine,
// a versioned JSON protocol over WebSocket (docs/protocol.md), per-seat views and spectators'
// public views, reconnection with seat tokens, time banks and per-connection rate limits. It
// also serves the browser client and the card catalog.
package server

import (
	"net/http"
	"sort"
	"strings"

	"github.com/coder/websocket"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/kouhu"
)

// Server is the HTTP face of a hub: the WebSocket API at /ws, GET /healthz, the card catalog at
// /api/cards, and the web client at /.
type Server struct {
	hub   *Hub
	mux   *routetable.Table // the routes, the services' beside the server's when Options.Routes is set
	cards []byte
	conns conns  // the open WebSockets (shutdown.go)
	csp   string // the Content-Security-Policy of every answer (headers.go)

	gameLists roomLists // the game's room lists made lately, with peers (peers.go)
}

// New returns a server; static is the web client (nil serves none). The embedded client is
// served from memory with versioned URLs (static.go); an http.Dir (duelist serve --web-dir) from
// disk as it is.
func New(opts Options, static http.FileSystem) *Server {
	s := &Server{hub: NewHub(opts), mux: opts.Routes, cards: cardCatalog()}
	if s.mux == nil {
		s.mux = routetable.New()
	}
	catalog := newAsset("cards.json", s.cards)
	var web http.Handler
	var scriptSrc strings.Builder
	if _, live := static.(http.Dir); static != nil && !live {
		sf, err := newStaticFiles(httpFS{static}, catalog, opts.Pics != nil)
		if err != nil {
			panic(err) // the embedded client is checked by its tests (web, server)
		}
		web = sf
		if idx := sf.files["/index.html"]; idx != nil {
			for _, h := range inlineHashes(idx.body) {
				scriptSrc.WriteString(" " + h)
			}
		}
	} else if static != nil {
		fs := http.FileServer(noListing{static})
		web = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			fs.ServeHTTP(w, r)
		})
		for _, h := range inlineScriptHashes(static) {
			scriptSrc.WriteString(" " + h)
		}
	}
	s.csp = contentSecurityPolicy(scriptSrc.String())
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok"))
	})
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.replayRoutes()
	s.playerRoutes() // mine.go, views.go
	s.mux.HandleFunc("GET /api/rooms", s.roomList)
	s.mux.HandleFunc("GET /api/cards", func(w http.ResponseWriter, r *http.Request) {
		// Named by its version (index.html's meta duelist-catalog), cached for a year; otherwise
		// revalidated by its ETag.
		cache := "no-cache"
		if r.URL.Query().Get("v") == catalog.ver {
			cache = assetImmutable
		}
		catalog.serve(w, r, cache)
	})
	if opts.Pics != nil {
		s.mux.Handle("GET /pics/{name}", opts.Pics)
	}
	s.subscribe()
	if web != nil {
		s.mux.Handle("GET /", web)
	}
	return s
}

// Hub returns the server's hub.
func (s *Server) Hub() *Hub { return s.hub }

// ServeHTTP serves the server's routes, behind the Host check and with the security headers
// (headers.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.guardRequest(w, r) {
		return
	}
	s.mux.ServeHTTP(w, r)
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if s.hub.stopping.Load() {
		http.Error(w, "the server is restarting; reconnect in a moment", http.StatusServiceUnavailable)
		return
	}
	addr := clientAddr(r, s.hub.opts.Limits.ProxyHeader)
	if !s.hub.gate.Connect(addr) {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "too many connections (from your address, or to this server); try again later",
			http.StatusServiceUnavailable)
		return
	}
	defer s.hub.gate.Disconnect(addr)
	ws, err := websocket.Accept(w, r, s.hub.opts.acceptOptions())
	if err != nil {
		return // Accept has answered the request
	}
	c := newConn(s.hub, ws, addr)
	c.account = s.account(r)
	if f := s.hub.opts.AccountName; f != nil && c.account != 0 {
		c.accName = f(r)
	}
	if f := s.hub.opts.Session; f != nil && c.account != 0 {
		c.session = f(r)
	}
	defer s.conns.add(c)()
	c.serve(r.Context())
}

// cardJSONEntry is one card of the catalog: the card data and the project's own description.
type cardJSONEntry struct {
	Code      uint32   `json:"code"`
	Name      string   `json:"name"`
	NameZH    string   `json:"nameZH"`
	NameTW    string   `json:"nameTW,omitempty"`
	Kind      []string `json:"kind"`
	Level     int      `json:"level,omitempty"`
	Attribute string   `json:"attribute,omitempty"`
	Race      string   `json:"race,omitempty"`
	ATK       int      `json:"atk"`
	DEF       int      `json:"def"`
	// Desc, DescZH and DescTW are the project's own text of the card in English, Simplified and
	// Traditional Chinese (card.Data.Text, from the card's file cards/<set>/<set>.cards).
	Desc   string `json:"desc,omitempty"`
	DescZH string `json:"descZH,omitempty"`
	DescTW string `json:"descTW,omitempty"`
}

// cardCatalog is the card pool and kouhu's set as JSON: public data, so every client may have
// all of it. Names and texts in three languages come from the card data (card.Pool(),
// kouhu.CardDB()).
func cardCatalog() []byte {
	var out []cardJSONEntry
	for _, d := range card.Pool().All() {
		e := cardJSONEntry{Code: uint32(d.Passcode), Name: d.Name, NameZH: d.NameZH, NameTW: d.NameTW,
			Kind: kindWords(d.Kind), Level: d.Stars(), ATK: d.ATK, DEF: d.DEF,
			Desc: d.Text.EN, DescZH: d.Text.ZHCN, DescTW: d.Text.ZHTW}
		if d.IsMonster() {
			e.Attribute, e.Race = d.Attribute.String(), d.Race.String()
		}
		out = append(out, e)
	}
	// The kouhu set: its own cards, with their attributes and types (kouhu's, not card.Race).
	for _, k := range kouhu.Cards().All() {
		d, _ := kouhu.CardDB().ByPasscode(card.Passcode(k.ID))
		e := cardJSONEntry{Code: uint32(k.ID), Name: k.Name, NameZH: k.NameZH, NameTW: k.NameTW, Kind: kindWords(d.Kind),
			Level: k.Level, ATK: k.ATK, DEF: k.DEF, Desc: k.Text, DescZH: k.TextZH, DescTW: k.TextTW}
		if k.IsCreature() {
			e.Attribute, e.Race = k.Attribute.String(), k.Type.String()
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return mustJSON(out)
}

func kindWords(k card.Kind) []string {
	var out []string
	for bit := card.Kind(1); bit != 0 && bit <= card.Counter; bit <<= 1 {
		if k&bit != 0 {
			out = append(out, bit.String())
		}
	}
	return out
}
