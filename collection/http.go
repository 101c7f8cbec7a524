package collection

import (
	"errors"
	"log"
	"net/http"
	"strconv"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/pack"
)

// maxBody bounds a request body of the collection and packs APIs.
const maxBody = 4 << 10

// Routes mounts the JSON APIs on mux, for logged-in players only (401 for a guest):
//
//	GET  /api/collection/           wallet (gems, crafting points) and owned cards
//	GET  /api/collection/cards      every collectible card (pool and kouhu): rarity, owned, costs
//	GET  /api/collection/ledger     ledger entries, newest first (?before=<id>&limit=<n>)
//	POST /api/collection/craft      {passcode, count, key}
//	POST /api/collection/dismantle  {passcode, count, key}
//	GET  /api/packs/                products with their odds and the player's UR guarantees
//	POST /api/packs/buy             {product, count, key}: the opening, cards revealed
//	GET  /api/packs/openings        past purchases, newest first (?before=<op>&limit=<n>)
//
// POSTs are behind http.CrossOriginProtection. A first request of an account grants its
// starter collection.
func (s *Service) Routes(mux *routetable.Table) {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpjson.Error(w, http.StatusForbidden, "cross-origin request refused")
	}))
	mux.HandleFunc("GET /api/collection/{$}", s.needUser(s.handleCollection))
	mux.HandleFunc("GET /api/collection/cards", s.needUser(s.handleCards))
	mux.HandleFunc("GET /api/collection/ledger", s.needUser(s.handleLedger))
	mux.Handle("POST /api/collection/craft", routetable.Guard(cop, s.needUser(s.handleCraft(true))))
	mux.Handle("POST /api/collection/dismantle", routetable.Guard(cop, s.needUser(s.handleCraft(false))))
	mux.HandleFunc("GET /api/packs/{$}", s.needUser(s.handleProducts))
	mux.Handle("POST /api/packs/buy", routetable.Guard(cop, s.needUser(s.handleBuy)))
	mux.HandleFunc("GET /api/packs/openings", s.needUser(s.handleOpenings))
}

type userHandler func(w http.ResponseWriter, r *http.Request, u account.User)

func (s *Service) needUser(h userHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := account.FromContext(r.Context())
		if !ok {
			httpjson.Error(w, http.StatusUnauthorized, "log in to have a collection")
			return
		}
		h(w, r, u)
	}
}

type collectionJSON struct {
	Wallet
	Owned map[card.Passcode]int `json:"owned"`
}

func (s *Service) handleCollection(w http.ResponseWriter, r *http.Request, u account.User) {
	wal, err := s.Wallet(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	own, err := s.Owned(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, collectionJSON{Wallet: wal, Owned: own})
}

// collectibleJSON is a card a player can own, craft and dismantle.
type collectibleJSON struct {
	Passcode  card.Passcode `json:"passcode"`
	Name      string        `json:"name"`
	NameZH    string        `json:"nameZH"`
	Game      string        `json:"game"` // "ocg" or "kouhu"
	Rarity    card.Rarity   `json:"rarity"`
	Owned     int           `json:"owned"`
	Craft     int           `json:"craft"`     // points of Rarity crafting one costs
	Dismantle int           `json:"dismantle"` // points of Rarity dismantling one gives
}

func (s *Service) handleCards(w http.ResponseWriter, r *http.Request, u account.User) {
	own, err := s.Owned(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := []collectibleJSON{}
	for _, c := range Collectibles() {
		game := "ocg"
		if _, ok := card.Pool().ByPasscode(c.Passcode); !ok {
			game = "kouhu"
		}
		out = append(out, collectibleJSON{Passcode: c.Passcode, Name: c.Name, NameZH: c.NameZH, Game: game,
			Rarity: c.Rarity, Owned: own[c.Passcode], Craft: pack.CraftPoints(c.Rarity), Dismantle: pack.DismantlePoints(c.Rarity)})
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"cards": out, "maxCrafted": s.eco.MaxCrafted})
}

// page reads the ?before=&limit= of a paged list; ok is false once it has answered 400.
func page(w http.ResponseWriter, r *http.Request) (before int64, limit int, ok bool) {
	q := r.URL.Query()
	before, limit = 0, 50
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			httpjson.Error(w, http.StatusBadRequest, "before is an id")
			return 0, 0, false
		}
		before = n
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLedgerPage {
			httpjson.Error(w, http.StatusBadRequest, "limit is 1 to "+strconv.Itoa(MaxLedgerPage))
			return 0, 0, false
		}
		limit = n
	}
	return before, limit, true
}

func (s *Service) handleOpenings(w http.ResponseWriter, r *http.Request, u account.User) {
	before, limit, ok := page(w, r)
	if !ok {
		return
	}
	list, err := s.Openings(r.Context(), u.ID, before, limit)
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"openings": list})
}

func (s *Service) handleLedger(w http.ResponseWriter, r *http.Request, u account.User) {
	before, limit, ok := page(w, r)
	if !ok {
		return
	}
	if err := s.ensureStarter(r.Context(), int64(u.ID)); err != nil {
		s.fail(w, err)
		return
	}
	es, err := s.Ledger(r.Context(), u.ID, before, limit)
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"entries": es})
}

func (s *Service) handleCraft(crafting bool) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u account.User) {
		var req CraftRequest
		if !readJSON(w, r, &req) {
			return
		}
		var out Crafted
		var err error
		if crafting {
			out, err = s.Craft(r.Context(), u.ID, req)
		} else {
			out, err = s.Dismantle(r.Context(), u.ID, req)
		}
		if err != nil {
			s.fail(w, err)
			return
		}
		httpjson.Write(w, http.StatusOK, out)
	}
}

type productJSON struct {
	ID     string              `json:"id"`
	Name   string              `json:"name"`
	NameZH string              `json:"nameZH"`
	Game   string              `json:"game"`
	Price  int                 `json:"price"`
	Cards  map[card.Rarity]int `json:"cards"` // how many different cards of each rarity
	URDue  bool                `json:"urDue"` // the player's next 10-pack guarantees a UR
}

type productsJSON struct {
	PackSize int           `json:"packSize"`
	Odds     pack.Table    `json:"odds"`
	Products []productJSON `json:"products"`
}

func (s *Service) handleProducts(w http.ResponseWriter, r *http.Request, u account.User) {
	due, err := s.Pity(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := productsJSON{PackSize: pack.PackSize, Odds: s.opts.Catalog.Odds, Products: []productJSON{}}
	for _, p := range s.opts.Catalog.Products {
		pj := productJSON{ID: p.ID, Name: p.Name, NameZH: p.NameZH, Game: p.Game, Price: p.Price,
			Cards: map[card.Rarity]int{}, URDue: due[p.ID]}
		for r, cs := range p.Cards {
			pj.Cards[r] = len(cs)
		}
		out.Products = append(out.Products, pj)
	}
	httpjson.Write(w, http.StatusOK, out)
}

// cardJSON is a card as an opening reveals it.
type cardJSON struct {
	Passcode card.Passcode `json:"passcode"`
	Name     string        `json:"name"`
	NameZH   string        `json:"nameZH"`
	Rarity   card.Rarity   `json:"rarity"`
	Owned    int           `json:"owned"` // copies owned after the purchase
}

type openingJSON struct {
	Opening
	Cards [][]cardJSON `json:"cards"`
	Gems  int64        `json:"gems"` // the balance after the purchase
}

func (s *Service) handleBuy(w http.ResponseWriter, r *http.Request, u account.User) {
	var req Purchase
	if !readJSON(w, r, &req) {
		return
	}
	o, err := s.Buy(r.Context(), u.ID, req)
	if err != nil {
		s.fail(w, err)
		return
	}
	own, err := s.Owned(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	wal, err := s.Wallet(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := openingJSON{Opening: o, Gems: wal.Gems}
	for _, pk := range o.Packs {
		var cs []cardJSON
		for _, p := range pk {
			cj := cardJSON{Passcode: p, Owned: own[p]}
			if c, ok := lookup(p); ok {
				cj.Name, cj.NameZH, cj.Rarity = c.Name, c.NameZH, c.Rarity
			}
			cs = append(cs, cj)
		}
		out.Cards = append(out.Cards, cs)
	}
	httpjson.Write(w, http.StatusOK, out)
}

// fail writes err with its status: 400 for a bad request or key, 409 for too little of something
// or a reused key (with a "code" the client can test), 500 (logged, not shown) otherwise.
func (s *Service) fail(w http.ResponseWriter, err error) {
	var be *BadRequestError
	var ie *InsufficientError
	switch {
	case errors.As(err, &be), errors.Is(err, ErrBadKey):
		httpjson.ErrorCode(w, http.StatusBadRequest, err.Error(), "bad-request")
	case errors.As(err, &ie):
		httpjson.ErrorCode(w, http.StatusConflict, ie.Error(), "insufficient")
	case errors.Is(err, ErrKeyReused):
		httpjson.ErrorCode(w, http.StatusConflict, err.Error(), "key-reused")
	default:
		log.Printf("collection: %v", err)
		httpjson.Error(w, http.StatusInternalServerError, "the collection is unavailable; try again")
	}
}

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := httpjson.Read(w, r, maxBody, v); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "the request body is not the expected JSON: "+err.Error())
		return false
	}
	return true
}
