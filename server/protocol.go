package server

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/duelistgame/duelist/internal/strictjson"
)

// Version is the protocol version (docs/protocol.md), and MinVersion the oldest the server still
// speaks. A client says its version in its hello; a server refuses a version it does not speak.
// Version 2 sends the board once and then deltas (wire.go); version 1 a full state per change.
const (
	Version    = 2
	MinVersion = 1
)

// Error codes of the error message (docs/protocol.md "Errors").
const (
	ErrMalformed   = "malformed"   // not a JSON object, a field of the wrong type, an unknown field
	ErrUnknown     = "unknown"     // an unknown message type
	ErrVersion     = "version"     // a protocol version the server does not speak
	ErrHello       = "hello"       // a message before hello, or a second hello
	ErrRate        = "rate"        // too many messages: this one was dropped
	ErrNoRoom      = "no-room"     // no room with that code, or not in a room
	ErrRoomFull    = "room-full"   // both seats are taken
	ErrTeamFull    = "team-full"   // a tag room's team the joiner chose has both its players
	ErrInRoom      = "in-room"     // the connection is in a room already
	ErrBadToken    = "bad-token"   // the seat token does not match
	ErrDeck        = "deck"        // the deck cannot be read or breaks the deck rules
	ErrRuleset     = "ruleset"     // an unknown or unplayable ruleset
	ErrBadRequest  = "bad-request" // a field out of range
	ErrSpectator   = "spectator"   // spectators cannot act
	ErrNoPrompt    = "no-prompt"   // no duel is waiting for an answer
	ErrNotYourTurn = "not-yours"   // the pending prompt is the other seat's
	ErrStale       = "stale"       // the answer is for a prompt that is no longer pending
	ErrIllegal     = "illegal"     // the answer is not one of the prompt's options
	ErrState       = "state"       // the message does not fit the room's state
	ErrInternal    = "internal"    // the room ended on an internal error
	ErrServerFull  = "server-full" // the server holds as many rooms as it may
	ErrTooLarge    = "too-large"   // the message is larger than the server reads
	ErrTakeover    = "takeover"    // the seat changed connections too often lately: not taken over
	ErrNoWatch     = "no-watch"    // the room's host turned spectating off
)

// DeckChoice is a deck as a client gives it: exactly one of a preconstructed deck's name, the
// text of a .ydk file or a ydke:// URL.
type DeckChoice struct {
	Precon string `json:"precon,omitempty"`
	YDK    string `json:"ydk,omitempty"`
	YDKE   string `json:"ydke,omitempty"`
}

// The messages a client sends. Each carries "t" (its type) and may carry "id", a number the
// server echoes in an error about it.
type (
	helloMsg struct {
		T    string `json:"t"`
		ID   int    `json:"id,omitempty"`
		V    int    `json:"v"`
		Name string `json:"name,omitempty"`
	}
	createMsg struct {
		T         string      `json:"t"`
		ID        int         `json:"id,omitempty"`
		Ruleset   string      `json:"ruleset,omitempty"`
		Deck      *DeckChoice `json:"deck,omitempty"`
		Opponent  string      `json:"opponent,omitempty"` // "player" (default) or "ai"
		AIDeck    *DeckChoice `json:"aiDeck,omitempty"`
		AILevel   string      `json:"aiLevel,omitempty"`   // the AI's level: greedy (default), easy, normal or hard
		TimeLimit int         `json:"timeLimit,omitempty"` // seconds per turn; 0 = the default
		First     string      `json:"first,omitempty"`     // rps (default), coin, A or B
		Banlist   string      `json:"banlist,omitempty"`   // a banlist's name (default the server's), or "none" with freeCards
		FreeCards bool        `json:"freeCards,omitempty"` // any card of the pool, not only owned ones
		Private   bool        `json:"private,omitempty"`   // not in the room list: joined by its code only
		NoWatch   bool        `json:"noWatch,omitempty"`   // spectators are refused
		Format    string      `json:"format,omitempty"`    // bo1 (default) or bo3 (bo3.go)
		Rated     bool        `json:"rated,omitempty"`     // the host offers a rated duel: the guest must accept (agree.go)
		// Tag makes a tag duel of four seats (docs/tag.md): the host is A1; Opponent "ai" makes
		// B1 and B2 the AI, Partners "ai" makes A2 and B2 the AI (the partners); the other seats
		// are taken by the players who join, B1, A2, B2 in turn.
		Tag      bool   `json:"tag,omitempty"`
		Partners string `json:"partners,omitempty"` // with tag: "player" (default) or "ai"
	}
	joinMsg struct {
		T    string      `json:"t"`
		ID   int         `json:"id,omitempty"`
		Room string      `json:"room"`
		Deck *DeckChoice `json:"deck,omitempty"`
		// Team is a tag room's team the joiner takes a seat of: "A" (A2) or "B" (B, then B2);
		// "" takes the first seat free (B, A2, B2).
		Team string `json:"team,omitempty"`
	}
	watchMsg struct {
		T    string `json:"t"`
		ID   int    `json:"id,omitempty"`
		Room string `json:"room"`
	}
	rejoinMsg struct {
		T     string `json:"t"`
		ID    int    `json:"id,omitempty"`
		Room  string `json:"room"`
		Token string `json:"token"`
	}
	answerMsg struct {
		T      string `json:"t"`
		ID     int    `json:"id,omitempty"`
		Prompt int    `json:"prompt"` // the prompt number ("n" of the prompt) being answered
		I      *int   `json:"i,omitempty"`
		Sel    []int  `json:"sel,omitempty"`
		Text   string `json:"text,omitempty"`
	}
	bareMsg struct { // leave, ping
		T  string `json:"t"`
		ID int    `json:"id,omitempty"`
	}
)

// clientMsg is a decoded client message: one of the *Msg types above.
type clientMsg any

// protoError is an error sent to a client: a code and a sentence.
type protoError struct {
	Code string
	Msg  string
}

func (e *protoError) Error() string { return e.Code + ": " + e.Msg }

func perr(code, format string, args ...any) *protoError {
	return &protoError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// decodeClient reads one client message strictly: a JSON object with a known "t" and no field
// that type does not have. It returns the type and the message.
func decodeClient(data []byte) (string, int, clientMsg, *protoError) {
	var head struct {
		T  json.RawMessage `json:"t"`
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return "", 0, nil, perr(ErrMalformed, "not a JSON object: %v", err)
	}
	var t string
	if head.T == nil || json.Unmarshal(head.T, &t) != nil || t == "" {
		return "", 0, nil, perr(ErrMalformed, `a message needs a string "t" naming its type`)
	}
	var id int
	if head.ID != nil && json.Unmarshal(head.ID, &id) != nil {
		return t, 0, nil, perr(ErrMalformed, `"id" must be an integer`)
	}
	var m clientMsg
	switch t {
	case "hello":
		m = &helloMsg{}
	case "create":
		m = &createMsg{}
	case "join":
		m = &joinMsg{}
	case "watch":
		m = &watchMsg{}
	case "queue":
		m = &queueMsg{}
	case "unqueue":
		m = &unqueueMsg{}
	case "rejoin":
		m = &rejoinMsg{}
	case "answer":
		m = &answerMsg{}
	case "concede":
		m = &concedeMsg{}
	case "rematch":
		m = &rematchMsg{}
	case "side":
		m = &sideMsg{}
	case "first":
		m = &firstMsg{}
	case "rated":
		m = &agreeMsg{}
	case "leave", "ping", "board":
		m = &bareMsg{}
	case "chat":
		m = &chatMsg{} // chat.go
	case "chatlog":
		m = &chatLogMsg{}
	default:
		return t, id, nil, perr(ErrUnknown, "unknown message type %q", t)
	}
	if err := strictjson.Decode(data, m); err != nil {
		return t, id, nil, perr(ErrMalformed, "%s: %v", t, err)
	}
	return t, id, m, nil
}

// validate checks an answer's shape: exactly one of i, sel and text.
func (a *answerMsg) validate() *protoError {
	n := 0
	if a.I != nil {
		n++
	}
	if a.Sel != nil {
		n++
	}
	if a.Text != "" {
		n++
	}
	if n != 1 {
		return perr(ErrMalformed, `an answer gives exactly one of "i", "sel" and "text"`)
	}
	if a.Prompt <= 0 {
		return perr(ErrMalformed, `an answer names its prompt: "prompt" is the "n" of the prompt it answers`)
	}
	return nil
}

// validate checks a deck choice's shape: exactly one way of giving the deck.
func (d *DeckChoice) validate() error {
	n := 0
	for _, s := range []string{d.Precon, d.YDK, d.YDKE} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		return errors.New(`a deck is exactly one of "precon", "ydk" and "ydke"`)
	}
	return nil
}

// The messages the server sends.
type (
	errorMsg struct {
		T    string `json:"t"` // "error"
		Re   string `json:"re,omitempty"`
		ID   int    `json:"id,omitempty"`
		Code string `json:"code"`
		Msg  string `json:"msg"`
	}
	welcomeMsg struct {
		T         string        `json:"t"` // "welcome"
		V         int           `json:"v"`
		Server    string        `json:"server"`
		Rulesets  []rulesetInfo `json:"rulesets"`
		Decks     []string      `json:"decks"`
		TimeLimit int           `json:"timeLimit"` // the default time bank, seconds
		Grace     int           `json:"grace"`     // the reconnection grace period, seconds
		Banlists  []banlistInfo `json:"banlists"`  // the lists a room may choose, the default first (roomdecks.go)
	}
	rulesetInfo struct {
		ID          string `json:"id"`
		Description string `json:"description"`
		Playable    bool   `json:"playable"`
	}
	joinedMsg struct {
		T     string `json:"t"` // "joined"
		Room  string `json:"room"`
		Role  string `json:"role"`            // "player" or "spectator"
		Seat  string `json:"seat,omitempty"`  // "A" or "B" for a player (a tag duel's: A, B, A2 or B2)
		Token string `json:"token,omitempty"` // the seat token, for rejoin
	}
	roomMsg struct {
		T          string       `json:"t"` // "room"
		Room       string       `json:"room"`
		Status     string       `json:"status"` // waiting, dueling, over, closed
		Ruleset    string       `json:"ruleset"`
		TimeLimit  int          `json:"timeLimit"`
		Opponent   string       `json:"opponent"`
		Players    []playerInfo `json:"players"`
		Spectators int          `json:"spectators"`
		Duel       int          `json:"duel"`                // the number of the duel in the room, from 1
		Banlist    string       `json:"banlist"`             // the banlist of pasted decks, or "none"
		FreeCards  bool         `json:"freeCards,omitempty"` // any card of the pool, not only owned ones
		Format     string       `json:"format"`              // bo1 or bo3 (bo3.go)
		Rated      bool         `json:"rated"`               // the duel (bo3: the match) going on or next is rated
		RatedAsk   bool         `json:"ratedAsk,omitempty"`  // the host offered a rated duel: the guest accepts or declines (agree.go)
		Tag        bool         `json:"tag,omitempty"`       // a tag duel: players A, B, A2, B2
	}
	playerInfo struct {
		Seat      string `json:"seat"`
		Name      string `json:"name"`
		AI        bool   `json:"ai,omitempty"`
		Connected bool   `json:"connected"`
		Rematch   bool   `json:"rematch,omitempty"`
		Rated     bool   `json:"rated,omitempty"` // asked for a rated rematch
	}
	closedMsg struct {
		T      string `json:"t"` // "closed"
		Code   string `json:"code"`
		Reason string `json:"reason"`
	}
)
