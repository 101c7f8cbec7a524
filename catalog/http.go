package catalog

import (
	"context"
	"errors"
	"log"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/limit"
)

// Owned gives the copies of each card an account owns (the collection service satisfies it).
type Owned interface {
	Owned(ctx context.Context, acct account.ID) (map[card.Passcode]int, error)
}

// HTTP is the card centre's JSON API over an index: GET /api/cards/search (search),
// GET /api/cards/{code} (one card), GET /api/cards/banlists, GET /api/cards/filters.
type HTTP struct {
	ix    *Index
	owned Owned
	// SearchLimit bounds the searches of one client (a logged-in account, or a guest's address:
	// limit.RequestAddr); nil is no limit. NewHTTP sets SearchBurst and SearchEvery.
	SearchLimit *limit.Keyed
}

// Search rate limit: a burst of 40, then one every 250 ms (4 a second), per account or address.
const (
	SearchBurst = 40
	SearchEvery = 250 * time.Millisecond
)

// NewHTTP returns the API; owned (nil for none) gives a logged-in player's owned counts.
func NewHTTP(ix *Index, owned Owned) *HTTP {
	return &HTTP{ix: ix, owned: owned, SearchLimit: limit.NewKeyed(SearchEvery, SearchBurst, 0)}
}

// Routes mounts the API on mux. Every route is a GET: nothing changes state.
func (h *HTTP) Routes(mux *routetable.Table) {
	// Not "GET /api/cards/": that pattern would make the mux redirect GET /api/cards, the duel
	// server's full card list (server.go), to it.
	mux.HandleFunc("GET /api/cards/search", h.search)
	mux.HandleFunc("GET /api/cards/banlists", h.banlists)
	mux.HandleFunc("GET /api/cards/filters", h.filters)
	mux.HandleFunc("GET /api/cards/{code}", h.card)
}

// CardJSON is a card as the API writes it.
type CardJSON struct {
	Code      uint32            `json:"code"`
	Game      string            `json:"game"`
	Name      string            `json:"name"`
	Names     map[string]string `json:"names"`
	Kind      []string          `json:"kind"`
	Extra     bool              `json:"extra,omitempty"`
	Level     int               `json:"level,omitempty"`
	Attribute string            `json:"attribute,omitempty"`
	Race      string            `json:"race,omitempty"`
	ATK       *int              `json:"atk,omitempty"`
	DEF       *int              `json:"def,omitempty"`
	Sets      []string          `json:"sets"`
	Rarity    string            `json:"rarity,omitempty"`
	Texts     map[string]string `json:"texts"`
	// Limit is the card's limit under the search's banlist (3 with none).
	Limit *int `json:"limit,omitempty"`
	// Limits is its limit under every banlist (one card's page only).
	Limits []Limit `json:"limits,omitempty"`
	// Owned is the copies the logged-in player owns (absent for a guest).
	Owned *int `json:"owned,omitempty"`
	// Unimplemented is true for a card the engine does not play yet (a deck holding it is refused).
	Unimplemented bool `json:"unimplemented,omitempty"`
}

// KindWords splits a kind into its words: ["Monster", "Effect", "Tuner"].
func KindWords(k card.Kind) []string {
	out := []string{}
	for bit := card.Kind(1); bit != 0 && bit <= card.Toon; bit <<= 1 {
		if k&bit != 0 {
			out = append(out, bit.String())
		}
	}
	return out
}

// JSON returns c as the API writes it (without limit, limits and owned).
func (c *Card) JSON() CardJSON {
	j := CardJSON{Code: uint32(c.Passcode), Game: c.Game, Name: c.Name, Names: c.Names,
		Kind: KindWords(c.Kind), Extra: c.Extra, Sets: c.Sets, Rarity: c.Rarity.String(), Texts: c.Texts,
		Unimplemented: c.Unimplemented}
	if j.Sets == nil {
		j.Sets = []string{}
	}
	if c.IsMonster() {
		atk, def := c.ATK, c.DEF
		j.Level, j.ATK, j.DEF = c.Stars(), &atk, &def
		j.Attribute, j.Race = c.Attribute.String(), c.Race.String()
	}
	return j
}

// ownedOf returns the logged-in player's owned counts, nil for a guest or without a collection.
func (h *HTTP) ownedOf(r *http.Request) (map[card.Passcode]int, error) {
	u, ok := account.FromContext(r.Context())
	if !ok || h.owned == nil {
		return nil, nil
	}
	m, err := h.owned.Owned(r.Context(), u.ID)
	if err == nil && m == nil {
		m = map[card.Passcode]int{}
	}
	return m, err
}

// SearchJSON is the answer of a search.
type SearchJSON struct {
	Total   int        `json:"total"`
	Offset  int        `json:"offset"`
	Per     int        `json:"per"`
	Banlist *ListJSON  `json:"banlist"`
	Cards   []CardJSON `json:"cards"`
}

// paramKeys are the query parameters read as terms of the query syntax, besides q.
var paramKeys = []string{"name", "text", "kind", "attr", "type", "level", "atk", "def", "limit",
	"banlist", "set", "rarity", "game", "owned", "sort"}

// QueryFromURL reads a search from URL parameters: q (the query syntax), offset and per (the page
// size), and any of paramKeys as one term each (atk=>=2000 is atk>=2000, kind=spell is
// kind:spell; a list is comma-separated). Any other parameter is an error. Errors wrap ErrQuery.
func QueryFromURL(v url.Values) (Query, error) {
	for k := range v {
		if k != "q" && k != "offset" && k != "per" && !slices.Contains(paramKeys, k) {
			return Query{}, queryErr("unknown parameter %q (q, offset, per, %s)", k, strings.Join(paramKeys, ", "))
		}
	}
	q, err := Parse(v.Get("q"))
	if err != nil {
		return Query{}, err
	}
	for _, k := range paramKeys {
		for _, val := range v[k] {
			if val == "" {
				continue
			}
			term := k + ":" + val
			if _, rng := opKeys[k]; rng && strings.ContainsAny(val[:1], "<>=") {
				term = k + val
			}
			if err := q.Add(term); err != nil {
				return Query{}, err
			}
		}
	}
	for k, to := range map[string]*int{"offset": &q.Offset, "per": &q.Limit} {
		if s := v.Get(k); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return Query{}, queryErr("%s=%q is not a number of 0 or more", k, s)
			}
			*to = n
		}
	}
	if q.Limit > MaxPageSize {
		return Query{}, queryErr("per=%d: at most %d cards a page", q.Limit, MaxPageSize)
	}
	return q, nil
}

func (h *HTTP) search(w http.ResponseWriter, r *http.Request) {
	who := "addr:" + limit.RequestAddr(r)
	if u, ok := account.FromContext(r.Context()); ok {
		who = "account:" + strconv.FormatInt(int64(u.ID), 10)
	}
	if ok, retry := h.SearchLimit.Take(who, time.Now()); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(retry/time.Second)+1))
		httpjson.Err(w, http.StatusTooManyRequests, errors.New("catalog: too many searches; try again in a moment"))
		return
	}
	if n := len(r.URL.RawQuery); n > MaxQueryBytes {
		httpjson.Err(w, http.StatusRequestURITooLong, queryErr("a query of %d bytes: at most %d", n, MaxQueryBytes))
		return
	}
	q, err := QueryFromURL(r.URL.Query())
	if err != nil {
		httpjson.Err(w, http.StatusBadRequest, err)
		return
	}
	owned, err := h.ownedOf(r)
	if err != nil {
		h.internal(w, err)
		return
	}
	res, err := h.ix.Search(q, owned)
	if errors.Is(err, ErrNeedOwned) {
		if _, ok := account.FromContext(r.Context()); ok {
			httpjson.Err(w, http.StatusBadRequest, errors.New("catalog: this server keeps no collection, so owned / not owned is not available"))
			return
		}
		httpjson.Err(w, http.StatusUnauthorized, err)
		return
	}
	if err != nil {
		httpjson.Err(w, http.StatusBadRequest, err)
		return
	}
	out := SearchJSON{Total: res.Total, Offset: res.Offset, Per: q.Limit, Cards: make([]CardJSON, len(res.Cards))}
	if out.Per == 0 {
		out.Per = DefaultPageSize
	}
	if res.List != nil {
		lj := listJSON(*res.List, res.List == h.ix.DefaultList())
		out.Banlist = &lj
	}
	bl := banlistOf(res.List)
	for i, c := range res.Cards {
		j := c.JSON()
		lim := bl.Limit(c.Passcode)
		j.Limit = &lim
		if owned != nil {
			n := owned[c.Passcode]
			j.Owned = &n
		}
		out.Cards[i] = j
	}
	httpjson.Write(w, http.StatusOK, out)
}

func (h *HTTP) card(w http.ResponseWriter, r *http.Request) {
	s := r.PathValue("code")
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		httpjson.Err(w, http.StatusBadRequest, errors.New("catalog: "+strconv.Quote(s)+" is not a passcode"))
		return
	}
	c, ok := h.ix.Card(card.Passcode(n))
	if !ok {
		httpjson.Err(w, http.StatusNotFound, errors.New("catalog: no card has passcode "+s))
		return
	}
	owned, err := h.ownedOf(r)
	if err != nil {
		h.internal(w, err)
		return
	}
	j := c.JSON()
	j.Limits = h.ix.Limits(c.Passcode)
	if owned != nil {
		n := owned[c.Passcode]
		j.Owned = &n
	}
	httpjson.Write(w, http.StatusOK, j)
}

// ListJSON is a banlist as the API writes it.
type ListJSON struct {
	Name      string   `json:"name"`
	Date      string   `json:"date,omitempty"`
	Default   bool     `json:"default,omitempty"`
	Whitelist bool     `json:"whitelist,omitempty"`
	Forbidden []uint32 `json:"forbidden"`
	Limited   []uint32 `json:"limited"`
	Semi      []uint32 `json:"semiLimited"`
}

func listJSON(l List, def bool) ListJSON {
	j := ListJSON{Name: l.Name, Date: l.Date, Default: def, Whitelist: l.Whitelist,
		Forbidden: []uint32{}, Limited: []uint32{}, Semi: []uint32{}}
	for p, n := range l.Limits {
		switch n {
		case 0:
			j.Forbidden = append(j.Forbidden, uint32(p))
		case 1:
			j.Limited = append(j.Limited, uint32(p))
		case 2:
			j.Semi = append(j.Semi, uint32(p))
		}
	}
	for _, s := range [][]uint32{j.Forbidden, j.Limited, j.Semi} {
		slices.Sort(s)
	}
	return j
}

func (h *HTTP) banlists(w http.ResponseWriter, _ *http.Request) {
	out := []ListJSON{}
	for i, l := range h.ix.Lists() {
		out = append(out, listJSON(l, i == 0))
	}
	httpjson.Write(w, http.StatusOK, out)
}

// FiltersJSON lists the values the search's filters take, for a client's menus.
type FiltersJSON struct {
	Games      []string `json:"games"`
	Sets       []string `json:"sets"`
	Kinds      []string `json:"kinds"`
	Attributes []string `json:"attributes"`
	Types      []string `json:"types"`
	Rarities   []string `json:"rarities"`
	SortFields []string `json:"sortFields"`
	Banlists   []string `json:"banlists"`
	// Owned is set when the request's player has owned counts: owned:, sort:owned and the
	// cards' owned field work.
	Owned bool `json:"owned"`
}

func (h *HTTP) filters(w http.ResponseWriter, r *http.Request) {
	_, in := account.FromContext(r.Context())
	out := FiltersJSON{Games: h.ix.Games(), SortFields: SortFields, Kinds: []string{}, Owned: in && h.owned != nil}
	sets := map[string]bool{}
	attrs := map[card.Attribute]bool{}
	races := map[card.Race]bool{}
	for _, c := range h.ix.cards {
		for _, s := range c.Sets {
			sets[s] = true
		}
		if c.IsMonster() {
			attrs[c.Attribute], races[c.Race] = true, true
		}
	}
	for s := range sets {
		out.Sets = append(out.Sets, s)
	}
	slices.Sort(out.Sets)
	for a := card.Light; a <= card.Divine; a++ {
		if attrs[a] {
			out.Attributes = append(out.Attributes, a.String())
		}
	}
	for r := card.Warrior; r <= card.DivineBeast; r++ {
		if races[r] {
			out.Types = append(out.Types, r.String())
		}
	}
	for bit := card.Kind(1); bit != 0 && bit <= card.Toon; bit <<= 1 {
		out.Kinds = append(out.Kinds, bit.String())
	}
	for _, r := range card.Rarities {
		out.Rarities = append(out.Rarities, r.String())
	}
	for _, l := range h.ix.Lists() {
		out.Banlists = append(out.Banlists, l.Name)
	}
	out.Banlists = append(out.Banlists, NoBanlist)
	httpjson.Write(w, http.StatusOK, out)
}

func (h *HTTP) internal(w http.ResponseWriter, err error) {
	log.Printf("catalog: %v", err)
	httpjson.Err(w, http.StatusInternalServerError, errors.New("internal error"))
}
