package duels

import (
	"errors"
	"time"

	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
)

// The duel log's records: what the rooms of the duel server write and read back (the server's
// DuelLog, MatchLog and MoveReader are these types), owned here with the tables that hold them.

// ErrNoDuel is returned by a DuelLog for a duel it does not hold (or that is not finished).
var ErrNoDuel = errors.New("no such finished duel")

// Header is what a duel starts from: with its answers it is the whole duel.
type Header struct {
	Room    string           // the room's code
	DuelNo  int              // the duel's number in its room, from 1
	Ruleset string           // a ruleset id
	Seed    uint64           // the engine's seed (never sent to a client)
	First   engine.FirstMode // how the first player is chosen
	// AlwaysAsk: every chain window was offered to both seats (engine.Config.AlwaysAsk). Every
	// duel the server starts sets it; a log written before it did has false and replays so.
	AlwaysAsk bool
	TimeLimit time.Duration      // the seats' time bank
	AI        bool               // seat B is the server's AI
	Decks     [2]engine.DeckList // A's and B's decks
	Names     [2]string          // the seats' display names
	TokenHash [2]string          // hex SHA-256 of each seat's token ("" for the AI)
	Accounts  [2]int64           // the seats' accounts, 0 for a guest or the AI
	Started   time.Time
	Rated     bool   `json:",omitempty"` // its end is reported to Options.OnFinish (rated.go)
	Format    string `json:",omitempty"` // a rated duel's format: bo1 (a bo3 match is rated at its end)
	Match     int64  `json:",omitempty"` // the best-of-3 match it belongs to (its MatchLog id), bo3.go
	MatchDuel int    `json:",omitempty"` // its number in the match, from 1
	Banlist   string `json:",omitempty"` // the room's banlist ("" for the default), roomdecks.go
	FreeCards bool   `json:",omitempty"` // the room plays free cards
	// AILevel is the level of the room's AI (agent.Levels; "" for the greedy agent), so that a
	// rebuilt room plays on at the level it was created with.
	AILevel string `json:",omitempty"`
	// Engine is the engine.Version that wrote the log ("" before versions were recorded): only
	// an engine of the same version replays it (Hub.Recover refuses another).
	Engine string `json:",omitempty"`
	// Tag is a tag duel's (docs/tag.md): the partners' seats A2 and B2 and which of the four
	// seats are the server's AI; nil for a duel of two. Decks, Names, TokenHash and Accounts
	// above are then A1's and B1's.
	Tag *TagHeader `json:",omitempty"`
}

// TagHeader is what a tag duel's header adds: the partners' seats (A2, B2).
type TagHeader struct {
	Decks     [2]engine.DeckList // A2's and B2's decks
	Names     [2]string
	TokenHash [2]string // "" for the AI
	Accounts  [2]int64
	AI        [4]bool // A1, B1, A2, B2: the seat is the server's AI
}

// Entry kinds.
const (
	EntryAnswer  = 0 // Seat answered option Option of the pending prompt
	EntryConcede = 1 // Seat conceded (or lost on time, on leaving, on not coming back): Reason
)

// Entry is one accepted move of a duel and the time banks it left.
type Entry struct {
	Seq    int // from 0 in the duel
	Kind   int // EntryAnswer or EntryConcede
	Seat   int
	Option int    // the option's index (answers)
	Reason string // time, disconnected, left, conceded (concedes)
	// BankA and BankB are the seats' time banks once the move was made, milliseconds.
	BankA, BankB int64
	// Partners is a tag duel's A2 and B2 banks once the move was made, milliseconds; nil when
	// not logged (a duel of two seats, or a tag duel logged before migration 00056).
	Partners *[2]int64
	At       time.Time
}

// Result is how a duel ended.
type Result struct {
	Winner   string // A, B or draw
	Reason   string
	Finished time.Time
	// Play is how much of the duel was played (fairplay.Play), measured by the server from its
	// moves: what the duel earns depends on it (not stored: the moves are).
	Play fairplay.Play
}

// OpenDuel is an unfinished duel as its log holds it.
type OpenDuel struct {
	ID      int64
	Header  Header
	Entries []Entry
}

// Summary describes a finished duel for its players' lists.
type Summary struct {
	ID       int64     `json:"id"`
	Room     string    `json:"room"`
	Ruleset  string    `json:"ruleset"`
	Names    [2]string `json:"names"`
	Accounts [2]int64  `json:"accounts"`
	AI       bool      `json:"ai"`
	Winner   string    `json:"winner"`
	Reason   string    `json:"reason"`
	Answers  int       `json:"answers"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	// Match and MatchDuel: the best-of-3 match the duel belongs to and its number in it.
	Match     int64 `json:"match,omitempty"`
	MatchDuel int   `json:"matchDuel,omitempty"`
	// TokenHash is not sent: it lets a guest download its replay with its seat token.
	TokenHash [2]string `json:"-"`
	// Tag is a tag duel's partners (A2, B2; Names, Accounts and AI above are A1's and B1's);
	// nil for a duel of two.
	Tag *TagSummary `json:"tag,omitempty"`
}

// TagSummary is what a tag duel's Summary adds: the partners' seats A2 and B2.
type TagSummary struct {
	Names     [2]string `json:"names"`
	Accounts  [2]int64  `json:"accounts"`
	AI        [4]bool   `json:"ai"` // A1, B1, A2, B2: the seat was the server's AI
	TokenHash [2]string `json:"-"`
}

// Summary is the TagSummary of a tag duel's header; nil for nil (a duel of two).
func (t *TagHeader) Summary() *TagSummary {
	if t == nil {
		return nil
	}
	return &TagSummary{Names: t.Names, Accounts: t.Accounts, AI: t.AI, TokenHash: t.TokenHash}
}

// Played reports whether the account (not 0) or the seat token's hash ("" for none) is one of
// the duel's players, the partners of a tag duel included.
func (s Summary) Played(account int64, tokenHash func(hash string) bool) bool {
	accounts, hashes := s.Accounts[:], s.TokenHash[:]
	if s.Tag != nil {
		accounts = append(accounts[:2:2], s.Tag.Accounts[:]...)
		hashes = append(hashes[:2:2], s.Tag.TokenHash[:]...)
	}
	for i := range accounts {
		if account != 0 && accounts[i] == account {
			return true
		}
		if hashes[i] != "" && tokenHash(hashes[i]) {
			return true
		}
	}
	return false
}

// OpenMatch is a match that is not over, as its log holds it.
type OpenMatch struct {
	ID    int64
	State MatchState
}

// MatchState is a best-of-3 match as its log holds it: with the duels' own logs it is the whole
// room.
type MatchState struct {
	Room       string
	Ruleset    string
	TimeLimit  time.Duration
	First      engine.FirstMode // how duel 1's first player was decided
	AI         bool
	AIDeck     engine.DeckList `json:",omitempty"`
	AILevel    string          `json:",omitempty"` // the AI's level (Header.AILevel)
	Banlist    string
	FreeCards  bool `json:",omitempty"`
	Private    bool `json:",omitempty"`
	NoWatch    bool `json:",omitempty"`
	Names      [2]string
	TokenHash  [2]string
	Accounts   [2]int64
	Registered [2]deck.Deck // the decks the match began with (Side Decks included)
	Decks      [2]deck.Deck // the decks of the duel going on or just played (side: as sided so far)
	DuelNo     int          // the room's duels so far
	DuelIDs    []int64      // the duels begun, in the DuelLog
	Outcomes   []string     // the finished duels' winners: A, B, draw
	Reasons    []string
	Phase      string  // duel, side, over
	Ready      [2]bool // side: sided
	Chooser    int     // side: the seat that chooses first or second, -1 none
	FirstSeat  int     // side: the seat chosen to go first, -1 not yet
	LastPick   int     // who chose for the last duel, -1 nobody
	SideLeft   int64   // side: milliseconds left of the step
	Rated      bool
	Result     string `json:",omitempty"` // over: A, B, draw
	Reason     string `json:",omitempty"`
	// Play is the finished duels' play together (fairplay.Play), kept for the match's rating.
	Play fairplay.Play `json:",omitempty"`
}
