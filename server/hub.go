package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/duelistgame/duelist/bus"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/limit"
	"github.com/duelistgame/duelist/presence"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/wsnet"
)

// Options configure a server. Zero values take the defaults.
type Options struct {
	TimeLimit    time.Duration // a seat's time bank each turn (default 180 s)
	MaxTimeLimit time.Duration // the largest bank a room may ask for (default 1 h)
	Grace        time.Duration // how long a dropped player's seat waits for a rejoin (default 90 s)
	SideTime     time.Duration // a best-of-3 match's side decking between duels (default 3 min; bo3.go)
	RatePerSec   float64       // messages a connection may send a second (default 20)
	RateBurst    float64       // ... in a burst (default 40)
	MaxRooms     int           // rooms held at once (default 50,000)
	Log          DuelLog       // the durable answer log of every duel (nil: duels live in memory only)
	Limits       Limits        // per-connection, per-address and total limits (limits.go)
	// Account gives the logged-in account of an HTTP request, 0 for none (the replay list).
	Account func(r *http.Request) int64
	// AccountName gives the logged-in account's name of an HTTP request, "" for none: a
	// logged-in player's seat shows it instead of the name the hello gives.
	AccountName func(r *http.Request) string
	// Session names the login session of an HTTP request ("" for none), so that Server.Revoke
	// can close the connections opened with a session that ended.
	Session func(r *http.Request) string
	Now     func() time.Time
	Logf    func(format string, args ...any)

	// OnFinish is told of every rated duel that ends (rated.go), on the room's goroutine, before
	// the end is written to the log; it may be told of a duel twice (after a crash).
	OnFinish func(ctx context.Context, d FinishedDuel) error
	// QuickMatch configures quick match (quickmatch.go).
	QuickMatch QuickMatchOptions
	// Owned gives the cards an account owns, for the rooms that play owned cards (roomdecks.go;
	// a nil map: free cards). Nil means no ownership check in rooms (tests, no collections).
	Owned func(ctx context.Context, account int64) (map[card.Passcode]int, error)
	// TestSeed, when nonzero, is the seed of every duel instead of a random one, so that a test
	// (e2e/visual.test.js) sees the same deal every time. Only `duelist serve --test-seed` sets
	// it: it tells every card's place to whoever knows it, so never on a real server.
	TestSeed uint64
	// Compression is how WebSocket messages are compressed (compress.go; default: each message
	// over CompressThreshold bytes on its own), CompressThreshold the smallest compressed.
	Compression       Compression
	CompressThreshold int
	// Chat stores the rooms' chat, which the server relays to the rooms' connections (chat.go;
	// nil: no chat).
	Chat RoomChat
	// Presence is where the places of the server's connections are recorded, for the services
	// that show who is online (nil: a registry of the server's own).
	Presence *presence.Registry
	// Claims, when set, makes the server a node among others on one database (duelist serve
	// --nats): Log is fenced (duels.Log.Fenced) and Claims is it (Log may wrap it); rooms are
	// claimed before their first write, and a room another node took over stops (fenced.go).
	Claims Claimer
	// Bus carries the services' messages for the server's sockets: room chat said through the
	// social API, friend chat pushes (chat.go, friendchat.go; nil: none arrive).
	Bus bus.Bus
	// Peers, on a node among others, asks every node of the game: the room list, presence and
	// an account's rooms answer for the whole game (peers.go; nil: this server's own).
	Peers Peers
	// NodeID is this node's id among the game's nodes (with Peers and Bus: the routes of
	// players on one node to rooms on another, route.go).
	NodeID string
	// Handoff, on a node among others, is told at a shutdown of the rooms it held, once they
	// have stopped and before the connections are told to reconnect: it hands them to the other
	// nodes (draining), so that the players find them served when they come back (shutdown.go).
	Handoff func(ctx context.Context, rooms []string)
	// Pics, when set, serves the operator's card pictures at /pics/<passcode>.jpg (duelist serve
	// --pics, pics.go) and the page is told so (index.html's meta "duelist-pics"); nil: every
	// card is drawn with its generated illustration.
	Pics *Pics
	// Routes is the game's one route table, which the server adds its routes to beside the
	// services' (duelist serve); nil: a table of the server's own. ServeHTTP serves it.
	Routes *routetable.Table
}

func (o *Options) defaults() {
	if o.TimeLimit <= 0 {
		o.TimeLimit = 180 * time.Second
	}
	if o.MaxTimeLimit <= 0 {
		o.MaxTimeLimit = time.Hour
	}
	if o.Grace <= 0 {
		o.Grace = 90 * time.Second
	}
	if o.SideTime <= 0 {
		o.SideTime = 3 * time.Minute
	}
	if o.RatePerSec == 0 {
		o.RatePerSec = 20
	}
	if o.RateBurst == 0 {
		o.RateBurst = 40
	}
	if o.MaxRooms <= 0 {
		o.MaxRooms = 50000
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logf == nil {
		o.Logf = log.Printf
	}
	o.Limits.defaults()
	if o.Presence == nil {
		o.Presence = presence.New()
	}
}

// Hub holds the rooms by code and routes each connection's messages: lobby messages (hello,
// create, join, watch, rejoin) here, the rest to the connection's room.
type Hub struct {
	opts    Options
	welcome []byte

	mu    sync.Mutex
	rooms map[string]*Room

	dueling  atomic.Int64    // rooms with a duel going on
	mm       matchmaker      // the quick-match pool (quickmatch.go)
	stopping atomic.Bool     // the server is shutting down (shutdown.go)
	guard    *guard          // the rooms and lookups per address
	gate     *wsnet.Gate     // the connections, in all and per address
	pairs    *limit.Keyed    // rated duels by agreement per pair of accounts (ratedpair.go)
	ai       *aiPool         // the searching AI levels' decisions (aipool.go)
	matches  sync.Map        // the best-of-3 matches going on: log id → struct{} (matchreplay.go)
	lists    roomLists       // the room lists made lately (roomlist.go)
	watch    *wsnet.Watchdog // the hello, idle and ping checks of every connection
	connIDs  atomic.Uint64   // the last connection id given (presence)
	rebuild  rebuilds        // the rooms this node is taking over and rebuilding (rebuild.go)
	routes   routes          // sockets relayed to rooms on other nodes, and the reverse (route.go)
}

// NewHub returns a hub with no rooms.
func NewHub(opts Options) *Hub {
	opts.defaults()
	h := &Hub{opts: opts, rooms: map[string]*Room{}, guard: newGuard(opts.Limits), pairs: newPairLimit(opts.Limits), ai: newAIPool(),
		gate:  wsnet.NewGate(opts.Limits.MaxConns, opts.Limits.MaxConnsPerAddr),
		watch: wsnet.NewWatchdog(wsnet.Timeouts{Hello: opts.Limits.HelloTimeout, Idle: opts.Limits.IdleTimeout, Ping: opts.Limits.PingInterval})}
	w := welcomeMsg{T: "welcome", V: Version, Server: "duelist", Decks: decks.Names(),
		TimeLimit: int(opts.TimeLimit / time.Second), Grace: int(opts.Grace / time.Second), Banlists: banlistInfos()}
	for _, rs := range ruleset.All() {
		w.Rulesets = append(w.Rulesets, rulesetInfo{ID: rs.ID, Description: rs.Description,
			Playable: rs.Playable() == nil})
	}
	h.welcome = mustJSON(w)
	return h
}

func (h *Hub) logf(format string, args ...any) { h.opts.Logf(format, args...) }

// Stats are a hub's counts.
type Stats struct {
	Rooms   int // rooms open
	Dueling int // rooms with a duel going on
	Conns   int // WebSocket connections open
}

// Stats returns the hub's counts.
func (h *Hub) Stats() Stats {
	h.mu.Lock()
	n := len(h.rooms)
	h.mu.Unlock()
	conns := h.gate.Count()
	return Stats{Rooms: n, Dueling: int(h.dueling.Load()), Conns: conns}
}

func (h *Hub) remove(r *Room) {
	h.mu.Lock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
	}
	h.mu.Unlock()
	if cl := h.claimer(); cl != nil && r.claimed {
		cl.Release(r.code)
	}
	h.guard.closeRoom(r)
}

func (h *Hub) room(code string) *Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.rooms[strings.ToUpper(strings.TrimSpace(code))]
}

// handle reads one message of a connection, on the connection's reader goroutine. A panic here
// (in a deck parser, say) answers that message with an error; the connection and the server go on.
func (h *Hub) handle(c *Conn, data []byte) {
	defer func() {
		if p := recover(); p != nil {
			h.logf("server: panic on a client message: %v\n%s", p, debug.Stack())
			c.sendError("", 0, perr(ErrInternal, "the server failed on this message"))
		}
	}()
	if !c.limiter.allow(h.opts.Now()) {
		c.sendError("", 0, perr(ErrRate, "too many messages: at most %g a second; this one was dropped", h.opts.RatePerSec))
		return
	}
	t, id, m, e := decodeClient(data)
	if e != nil {
		c.sendError(t, id, e)
		return
	}
	if t == "ping" {
		c.send([]byte(`{"t":"pong"}`))
		return
	}
	if hm, ok := m.(*helloMsg); ok {
		switch {
		case c.hello:
			c.sendError(t, id, perr(ErrHello, "hello is said once"))
		case hm.V < MinVersion || hm.V > Version:
			c.sendError(t, id, perr(ErrVersion, "this server speaks protocol versions %d to %d, not %d: reload the page",
				MinVersion, Version, hm.V))
		default:
			c.proto.Store(int32(hm.V))
			c.hello, c.name = true, cleanName(hm.Name)
			if c.accName != "" {
				c.name = cleanName(c.accName)
			}
			c.net.Greeted()
			c.send(h.welcome)
		}
		return
	}
	if !c.hello {
		c.sendError(t, id, perr(ErrHello, `say hello first: {"t":"hello","v":%d}`, Version))
		return
	}
	if h.relayed(c, t, id, m, data) { // a room on another node (route.go)
		return
	}
	cur, _ := c.place()
	if cur == nil && h.stopping.Load() {
		c.sendError(t, id, perr(ErrRestarting, "the server is restarting; reconnect in a moment"))
		return
	}
	switch m := m.(type) {
	case *createMsg:
		if cur != nil {
			c.sendError(t, id, perr(ErrInRoom, "leave room %s first", cur.code))
			return
		}
		if e := h.create(c, m, id); e != nil {
			c.sendError(t, id, e)
		}
	case *joinMsg:
		r, e := h.lookupRoom(c, m.Room, "")
		if e != nil {
			c.sendError(t, id, e)
			return
		}
		if e := joinTeamOK(r, m.Team); e != nil {
			c.sendError(t, id, e)
			return
		}
		def, rated := "yugi-40", r.cfg.ratedOffer
		if rated {
			def = ratedDeckB
		}
		dk, e := h.seatFullDeck(c, m.Deck, r.cfg.ruleset, r.cfg.decks, def, rated)
		if e != nil {
			c.sendError(t, id, e)
			return
		}
		if e := enter(c, r, joinReq{c: c, id: id, deck: deckList(dk), side: dk.Side, pasted: pasted(m.Deck), team: m.Team}); e != nil {
			c.sendError(t, id, e)
		}
	case *queueMsg:
		h.queue(c, id, m)
	case *unqueueMsg:
		if !h.unqueue(c, "left") {
			c.sendError(t, id, perr(ErrState, "you are not queued"))
		}
	case *watchMsg:
		r, e := h.lookupRoom(c, m.Room, "")
		if e == nil && r.cfg.noWatch {
			e = perr(ErrNoWatch, "the host of room %s turned spectating off", r.code)
		}
		if e == nil {
			e = enter(c, r, watchReq{c: c, id: id})
		}
		if e != nil {
			c.sendError(t, id, e)
		}
	case *chatMsg, *chatLogMsg:
		h.chat(c, t, id, m) // chat.go
	case *rejoinMsg:
		r, e := h.lookupRoom(c, m.Room, " (its seats are given up after the grace period)")
		if e == nil {
			e = enter(c, r, rejoinReq{c: c, id: id, token: m.Token})
		}
		if e != nil {
			c.sendError(t, id, e)
		}
	default: // answer, concede, leave, rematch
		if cur == nil || !cur.post(clientReq{c: c, t: t, id: id, m: m}) {
			c.sendError(t, id, perr(ErrNoRoom, "you are not in a room"))
		}
	}
}

// create makes a room from a create message and seats its creator as A.
func (h *Hub) create(c *Conn, m *createMsg, id int) *protoError {
	rsID := m.Ruleset
	if rsID == "" {
		rsID = "ocg"
	}
	rs, err := ruleset.Get(rsID)
	if err != nil {
		return perr(ErrRuleset, "%v", err)
	}
	if err := rs.Playable(); err != nil {
		return perr(ErrRuleset, "%v", err)
	}
	rd, e := newRoomDecks(m.Banlist, m.FreeCards)
	if e != nil {
		return e
	}
	cfg := roomConfig{ruleset: rs, timeLimit: h.opts.TimeLimit, decks: rd}
	if m.TimeLimit != 0 {
		// Range-checked before the multiplication, which would overflow (a negative clock).
		if maxSec := int64(h.opts.MaxTimeLimit / time.Second); m.TimeLimit < 10 || int64(m.TimeLimit) > maxSec {
			return perr(ErrBadRequest, "timeLimit is seconds, from 10 to %d", maxSec)
		}
		cfg.timeLimit = time.Duration(m.TimeLimit) * time.Second
	}
	switch m.Opponent {
	case "", "player":
	case "ai":
		cfg.ai = true
		if cfg.aiDeck, err = loadDeck(m.AIDeck, rs, "kaiba-40"); err != nil {
			return perr(ErrDeck, "the AI's deck: %v", err)
		}
		var e *protoError
		if cfg.aiLevel, e = aiLevelOf(m.AILevel); e != nil {
			return e
		}
	default:
		return perr(ErrBadRequest, `opponent is "player" or "ai", not %q`, m.Opponent)
	}
	firsts := map[string]engine.FirstMode{"": engine.FirstRPS, "rps": engine.FirstRPS,
		"coin": engine.FirstCoin, "A": engine.FirstA, "B": engine.FirstB}
	fm, ok := firsts[m.First]
	if !ok {
		return perr(ErrBadRequest, `first is "rps", "coin", "A" or "B", not %q`, m.First)
	}
	cfg.first = fm
	cfg.private, cfg.noWatch = m.Private, m.NoWatch
	if e := roomFormat(&cfg, m); e != nil {
		return e
	}
	if e := tagRoom(&cfg, m, rs); e != nil {
		return e
	}
	def := "yugi-40"
	if cfg.ratedOffer {
		def = ratedDeckA
	}
	dk, e := h.seatFullDeck(c, m.Deck, rs, rd, def, cfg.ratedOffer)
	if e != nil {
		return e
	}
	if cfg.tag && cfg.tagAI[2] { // the host and the AI partner make team A
		if e := tagTeamCheck(cfg, teamDeck{c.name, deckList(dk), dk.Side, pasted(m.Deck)},
			teamDeck{"AI " + seatName(2), cfg.tagDecks[2], nil, false}); e != nil {
			return e
		}
	}
	h.mu.Lock()
	if len(h.rooms) >= h.opts.MaxRooms {
		h.mu.Unlock()
		return perr(ErrServerFull, "the server holds %d rooms, its most; try again later", h.opts.MaxRooms)
	}
	code := newRoomCode()
	for h.rooms[code] != nil {
		code = newRoomCode()
	}
	r := newRoom(h, code, cfg)
	if cur, ok := c.reserve(r); !ok { // a lobby message of the same burst came first
		h.mu.Unlock()
		return perr(ErrInRoom, "leave room %s first", cur.code)
	}
	if !h.guard.openRoom(r, c.addr()) {
		h.mu.Unlock()
		c.release(r)
		return perr(ErrServerFull, "your address holds %d open rooms, its most; close one first", h.opts.Limits.MaxRoomsPerAddr)
	}
	h.rooms[code] = r
	h.mu.Unlock()
	go r.run()
	r.post(joinReq{c: c, id: id, deck: deckList(dk), side: dk.Side, pasted: pasted(m.Deck)})
	return nil
}

// pasted reports whether a deck choice is a pasted deck (.ydk, ydke), not a preconstructed one
// (nil is the seat's preconstructed default).
func pasted(dc *DeckChoice) bool { return dc != nil && dc.Precon == "" }

// loadDeck reads a client's deck choice (a preconstructed deck when nil) and checks it against
// the ruleset's deck rules. Pasted decks are parsed from the text; nothing is read from disk.
// A pasted deck is also checked against the default banlist (deck.DefaultBanlistName); the
// preconstructed Starter Decks are played as printed.
func loadDeck(dc *DeckChoice, rs ruleset.Ruleset, def string) (engine.DeckList, error) {
	return loadDeckUnder(dc, rs, def, defaultBanlist())
}

// loadDeckUnder is loadDeck with the banlist bl (nil for none) for pasted decks (roomdecks.go).
func loadDeckUnder(dc *DeckChoice, rs ruleset.Ruleset, def string, bl *deck.Banlist) (engine.DeckList, error) {
	dk, err := loadFullDeck(dc, rs, def, bl)
	return engine.DeckList{Main: dk.Main, Extra: dk.Extra}, err
}

// loadFullDeck is loadDeckUnder with the Side Deck (which a best-of-3 match sides with). A deck
// holding a card the engine does not play yet (cards.Implemented) is refused, naming it.
func loadFullDeck(dc *DeckChoice, rs ruleset.Ruleset, def string, bl *deck.Banlist) (deck.Deck, error) {
	return loadDeckPlayed(dc, rs, def, bl, cards.Implemented)
}

// loadDeckPlayed is loadFullDeck with the cards the engine plays told by implemented.
func loadDeckPlayed(dc *DeckChoice, rs ruleset.Ruleset, def string, bl *deck.Banlist, implemented func(card.Passcode) bool) (deck.Deck, error) {
	if dc == nil {
		dc = &DeckChoice{Precon: def}
	}
	if err := dc.validate(); err != nil {
		return deck.Deck{}, err
	}
	if rs.Kouhu() {
		dl, err := loadKouhuDeck(dc, def)
		return deck.Deck{Main: dl.Main, Extra: dl.Extra}, err
	}
	var dk deck.Deck
	var err error
	switch {
	case dc.Precon != "":
		dk, err = decks.Get(dc.Precon)
	case dc.YDK != "":
		dk, err = deck.ParseYDK(strings.NewReader(dc.YDK), card.Pool())
	default:
		if !deck.IsYDKE(dc.YDKE) {
			return deck.Deck{}, fmt.Errorf("%q is not a ydke:// URL", abbreviate(dc.YDKE))
		}
		dk, err = deck.ParseYDKE(strings.TrimSpace(dc.YDKE), card.Pool())
	}
	if err != nil {
		return deck.Deck{}, err
	}
	if dc.Precon != "" {
		bl = nil
	}
	if vs := append(deck.Validate(dk, card.Pool(), rs, bl), deck.Unimplemented(dk, card.Pool(), implemented)...); len(vs) > 0 {
		msgs := make([]string, len(vs))
		for i, v := range vs {
			msgs[i] = v.String()
		}
		return deck.Deck{}, fmt.Errorf("not a legal %s deck: %s", rs.ID, strings.Join(msgs, "; "))
	}
	return dk, nil
}

// loadKouhuDeck reads a kouhu deck choice: kouhu plays its own card set, so only its
// preconstructed decks (or the default for the seat) are accepted.
func loadKouhuDeck(dc *DeckChoice, def string) (engine.DeckList, error) {
	key := dc.Precon
	if key == "" {
		key = def
	}
	if k, ok := kouhuDefault[key]; ok {
		key = k // the ocg defaults of the seats stand for kouhu's
	}
	if !slices.Contains(kouhu.DeckKeys(), key) || dc.YDK != "" || dc.YDKE != "" {
		return engine.DeckList{}, fmt.Errorf("kouhu plays its own card set: choose one of its decks (%s)",
			strings.Join(kouhu.DeckKeys(), ", "))
	}
	d, err := kouhu.LoadDeck(key)
	if err != nil {
		return engine.DeckList{}, err
	}
	var dl engine.DeckList
	dl.Main, dl.Extra = d.Codes()
	return dl, nil
}

// kouhuDefault maps the ocg default decks of the two seats to kouhu's.
var kouhuDefault = map[string]string{"yugi-40": "dragons", "kaiba-40": "knights-and-mages",
	ratedDeckA: "dragons", ratedDeckB: "knights-and-mages",
	"dragons": "dragons", "knights-and-mages": "knights-and-mages"}

func abbreviate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// roomAlphabet leaves out letters and digits that read alike (0/O, 1/I/L).
const roomAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// roomCodeLen letters of roomAlphabet make 31^8 codes (39.6 bits); with the lookup rate per
// address (Limits.LookupRate) they cannot be guessed (docs/security.md).
const roomCodeLen = 8

func newRoomCode() string {
	b := make([]byte, 0, roomCodeLen)
	var buf [16]byte
	for len(b) < roomCodeLen {
		rand.Read(buf[:])
		for _, x := range buf {
			if int(x) < 256/len(roomAlphabet)*len(roomAlphabet) && len(b) < roomCodeLen { // no modulo bias
				b = append(b, roomAlphabet[int(x)%len(roomAlphabet)])
			}
		}
	}
	return string(b)
}

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func tokenEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// duelSeed is the seed of a new duel: the test seed if set, a random one otherwise.
func (o *Options) duelSeed() uint64 {
	if o.TestSeed != 0 {
		return o.TestSeed
	}
	return randomSeed()
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 1 // 63 bits: the .duel format's seed is signed
}

// mustJSON encodes a server message; the types are the server's own, so it cannot fail.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("server: encoding %T: %v", v, err))
	}
	return b
}
