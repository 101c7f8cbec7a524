package decklib

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/ruleset"
)

// maxBody bounds a request body: a deck of 300 passcodes, or a pasted list, is far smaller.
const maxBody = 64 << 10

// Routes mounts the saved decks' JSON API under /api/decks/ (docs/cards.md):
//
//	GET    /api/decks/              the player's decks, with sizes and whether each is legal
//	POST   /api/decks/              create a deck (201)
//	GET    /api/decks/{id}          one deck, with its legality
//	PUT    /api/decks/{id}          replace a deck
//	DELETE /api/decks/{id}          delete a deck (204)
//	GET    /api/decks/{id}/export?format=ydk|ydke|text
//	POST   /api/decks/check         the legality of a deck in the body, saved or not (guests too)
//	POST   /api/decks/import        read a .ydk, ydke:// or text list into a deck (guests too)
//	POST   /api/decks/export        write the body's deck ({format, ruleset, main, extra, side}) as text
//
// A deck body is {"name", "ruleset", "banlist", "main": [passcodes], "extra", "side"}, or with
// "import": "<a deck list in any format>" in place of the sections. State-changing requests are
// behind http.CrossOriginProtection; the routes of one's decks answer 401 to a guest.
func (s *Service) Routes(mux *routetable.Table) {
	cop := http.NewCrossOriginProtection()
	mux.HandleFunc("GET /api/decks/{$}", s.needUser(s.handleList))
	mux.Handle("POST /api/decks/{$}", routetable.Guard(cop, s.needUser(s.handleCreate)))
	mux.HandleFunc("GET /api/decks/{id}", s.needUser(s.handleGet))
	mux.Handle("PUT /api/decks/{id}", routetable.Guard(cop, s.needUser(s.handleUpdate)))
	mux.Handle("DELETE /api/decks/{id}", routetable.Guard(cop, s.needUser(s.handleDelete)))
	mux.HandleFunc("GET /api/decks/{id}/export", s.needUser(s.handleExport))
	mux.Handle("POST /api/decks/check", routetable.Guard(cop, http.HandlerFunc(s.handleCheck)))
	mux.Handle("POST /api/decks/import", routetable.Guard(cop, http.HandlerFunc(s.handleImport)))
	mux.Handle("POST /api/decks/export", routetable.Guard(cop, http.HandlerFunc(s.handleExportBody)))
}

// DeckBody is a deck as the API reads it.
type DeckBody struct {
	Name    string   `json:"name"`
	Ruleset string   `json:"ruleset"`
	Banlist string   `json:"banlist"`
	Main    []uint32 `json:"main"`
	Extra   []uint32 `json:"extra"`
	Side    []uint32 `json:"side"`
	// Import is a deck list (.ydk, ydke:// or text) read in place of Main, Extra and Side.
	Import string `json:"import,omitempty"`
}

// DeckJSON is a saved deck as the API writes it.
type DeckJSON struct {
	ID       int64         `json:"id"`
	Name     string        `json:"name"`
	Ruleset  string        `json:"ruleset"`
	Banlist  string        `json:"banlist"`
	Main     []uint32      `json:"main"`
	Extra    []uint32      `json:"extra"`
	Side     []uint32      `json:"side"`
	Created  int64         `json:"created"` // Unix milliseconds
	Updated  int64         `json:"updated"`
	Legality *LegalityJSON `json:"legality,omitempty"`
}

// SummaryJSON is a deck of the list: no cards, its sizes and whether it is legal.
type SummaryJSON struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Ruleset string `json:"ruleset"`
	Banlist string `json:"banlist"`
	Main    int    `json:"main"`
	Extra   int    `json:"extra"`
	Side    int    `json:"side"`
	Legal   bool   `json:"legal"`
	Updated int64  `json:"updated"`
}

// LegalityJSON is deck.Legality as the API writes it.
type LegalityJSON struct {
	Legal      bool            `json:"legal"`
	Violations []ViolationJSON `json:"violations"`
	Missing    []MissingJSON   `json:"missing"`
}

// ViolationJSON is one broken rule: the card (0 for a deck-wide rule), the rule, the sentence.
type ViolationJSON struct {
	Code uint32 `json:"code,omitempty"`
	Rule string `json:"rule"`
	Msg  string `json:"msg"`
}

// MissingJSON is a card the deck needs more copies of than the player owns.
type MissingJSON struct {
	Code  uint32 `json:"code"`
	Name  string `json:"name"`
	Need  int    `json:"need"`
	Owned int    `json:"owned"`
}

func u32s(ps []card.Passcode) []uint32 {
	out := make([]uint32, len(ps))
	for i, p := range ps {
		out[i] = uint32(p)
	}
	return out
}

func passcodes(us []uint32) []card.Passcode {
	if len(us) == 0 {
		return nil
	}
	out := make([]card.Passcode, len(us))
	for i, u := range us {
		out[i] = card.Passcode(u)
	}
	return out
}

func legalityJSON(l deck.Legality) *LegalityJSON {
	j := &LegalityJSON{Legal: l.Legal(), Violations: []ViolationJSON{}, Missing: []MissingJSON{}}
	for _, v := range l.Violations {
		j.Violations = append(j.Violations, ViolationJSON{Code: uint32(v.Passcode), Rule: v.Rule, Msg: v.Msg})
	}
	for _, m := range l.Missing {
		j.Missing = append(j.Missing, MissingJSON{Code: uint32(m.Passcode), Name: m.Name, Need: m.Need, Owned: m.Owned})
	}
	return j
}

func deckJSON(d Saved, l *deck.Legality) DeckJSON {
	j := DeckJSON{ID: d.ID, Name: d.Name, Ruleset: d.Ruleset, Banlist: d.Banlist, Main: u32s(d.Deck.Main),
		Extra: u32s(d.Deck.Extra), Side: u32s(d.Deck.Side), Created: d.Created.UnixMilli(), Updated: d.Updated.UnixMilli()}
	if l != nil {
		j.Legality = legalityJSON(*l)
	}
	return j
}

func (s *Service) needUser(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := account.FromContext(r.Context()); !ok {
			httpjson.Err(w, http.StatusUnauthorized, errors.New("log in to keep decks"))
			return
		}
		h(w, r)
	}
}

func user(r *http.Request) account.ID {
	u, _ := account.FromContext(r.Context())
	return u.ID
}

// readBody reads a DeckBody into a Saved (importing its list if it has one).
func (s *Service) readBody(w http.ResponseWriter, r *http.Request) (Saved, bool) {
	var b DeckBody
	if err := httpjson.Read(w, r, maxBody, &b); err != nil {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("the request body is not a deck (JSON {name, ruleset, banlist, main, extra, side} or {name, ruleset, banlist, import}): %v", err))
		return Saved{}, false
	}
	d := Saved{Name: b.Name, Ruleset: b.Ruleset, Banlist: b.Banlist,
		Deck: deck.Deck{Main: passcodes(b.Main), Extra: passcodes(b.Extra), Side: passcodes(b.Side)}}
	if b.Import != "" {
		if len(b.Main)+len(b.Extra)+len(b.Side) > 0 {
			httpjson.Err(w, http.StatusBadRequest, errors.New("give either import or main/extra/side, not both"))
			return Saved{}, false
		}
		rs := b.Ruleset
		if rs == "" {
			rs = DefaultRuleset
		}
		if _, err := ruleset.Get(rs); err != nil {
			httpjson.Err(w, http.StatusBadRequest, err)
			return Saved{}, false
		}
		dk, _, err := Import(b.Import, s.cat.DB(Game(rs)))
		if err != nil {
			httpjson.Err(w, http.StatusBadRequest, err)
			return Saved{}, false
		}
		d.Deck = dk
	}
	return d, true
}

func (s *Service) handleList(w http.ResponseWriter, r *http.Request) {
	if err := s.ensureStarters(r.Context(), user(r)); err != nil {
		s.fail(w, err)
		return
	}
	list, err := s.List(r.Context(), user(r))
	if err != nil {
		s.fail(w, err)
		return
	}
	owned, err := s.ownedBy(r.Context(), user(r))
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]SummaryJSON, len(list))
	for i, d := range list {
		l := s.check(d, owned)
		out[i] = SummaryJSON{ID: d.ID, Name: d.Name, Ruleset: d.Ruleset, Banlist: d.Banlist, Main: len(d.Deck.Main),
			Extra: len(d.Deck.Extra), Side: len(d.Deck.Side), Legal: l.Legal(), Updated: d.Updated.UnixMilli()}
	}
	httpjson.Write(w, http.StatusOK, out)
}

func (s *Service) answerDeck(w http.ResponseWriter, r *http.Request, status int, d Saved) {
	l, err := s.Check(r.Context(), user(r), d)
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, status, deckJSON(d, &l))
}

func (s *Service) handleCreate(w http.ResponseWriter, r *http.Request) {
	d, ok := s.readBody(w, r)
	if !ok {
		return
	}
	d, err := s.Create(r.Context(), user(r), d)
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Location", "/api/decks/"+strconv.FormatInt(d.ID, 10))
	s.answerDeck(w, r, http.StatusCreated, d)
}

func pathID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("%q is not a deck id", r.PathValue("id")))
		return 0, false
	}
	return id, true
}

func (s *Service) handleGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	d, err := s.Get(r.Context(), user(r), id)
	if err != nil {
		s.fail(w, err)
		return
	}
	s.answerDeck(w, r, http.StatusOK, d)
}

func (s *Service) handleUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	d, ok := s.readBody(w, r)
	if !ok {
		return
	}
	d, err := s.Update(r.Context(), user(r), id, d)
	if err != nil {
		s.fail(w, err)
		return
	}
	s.answerDeck(w, r, http.StatusOK, d)
}

func (s *Service) handleDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if err := s.Delete(r.Context(), user(r), id); err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	d, err := s.Get(r.Context(), user(r), id)
	if err != nil {
		s.fail(w, err)
		return
	}
	format := r.URL.Query().Get("format")
	if format == "" {
		format = FormatYDK
	}
	text, err := Export(d.Deck, format, s.cat.DB(Game(d.Ruleset)))
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{"format": format, "text": text})
}

func (s *Service) handleExportBody(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Format  string   `json:"format"`
		Ruleset string   `json:"ruleset"`
		Main    []uint32 `json:"main"`
		Extra   []uint32 `json:"extra"`
		Side    []uint32 `json:"side"`
	}
	if err := httpjson.Read(w, r, maxBody, &b); err != nil {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("the request body is not {format, ruleset, main, extra, side}: %v", err))
		return
	}
	d := Saved{Name: "deck", Ruleset: b.Ruleset, Banlist: "none",
		Deck: deck.Deck{Main: passcodes(b.Main), Extra: passcodes(b.Extra), Side: passcodes(b.Side)}}
	if err := s.normalize(&d); err != nil {
		s.fail(w, err)
		return
	}
	text, err := Export(d.Deck, b.Format, s.cat.DB(Game(d.Ruleset)))
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{"format": b.Format, "text": text})
}

func (s *Service) handleCheck(w http.ResponseWriter, r *http.Request) {
	d, ok := s.readBody(w, r)
	if !ok {
		return
	}
	if d.Name == "" {
		d.Name = "deck"
	}
	l, err := s.Check(r.Context(), user(r), d)
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, legalityJSON(l))
}

func (s *Service) handleImport(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Text    string `json:"text"`
		Ruleset string `json:"ruleset"`
	}
	if err := httpjson.Read(w, r, maxBody, &b); err != nil {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("the request body is not {text, ruleset}: %v", err))
		return
	}
	if b.Ruleset == "" {
		b.Ruleset = DefaultRuleset
	}
	if _, err := ruleset.Get(b.Ruleset); err != nil {
		httpjson.Err(w, http.StatusBadRequest, err)
		return
	}
	d, format, err := Import(b.Text, s.cat.DB(Game(b.Ruleset)))
	if err != nil {
		s.fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"format": format, "main": u32s(d.Main), "extra": u32s(d.Extra), "side": u32s(d.Side)})
}

// fail writes err with its status: the service's errors as they are, anything else as a logged
// 500 that reveals nothing.
func (s *Service) fail(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, ErrInvalid):
		httpjson.Err(w, http.StatusBadRequest, err)
	case errors.Is(err, ErrNotFound):
		httpjson.Err(w, http.StatusNotFound, err)
	case errors.Is(err, ErrNameTaken), errors.Is(err, ErrTooMany):
		httpjson.Err(w, http.StatusConflict, err)
	default:
		log.Printf("decklib: %v", err)
		httpjson.Err(w, http.StatusInternalServerError, errors.New("internal error"))
	}
}
