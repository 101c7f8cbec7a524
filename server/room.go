package server

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/ruleset"
)

// roomConfig is what a room is created with; it does not change afterwards, so any goroutine may
// read it.
type roomConfig struct {
	ruleset    ruleset.Ruleset
	timeLimit  time.Duration
	ai         bool
	aiDeck     engine.DeckList
	aiLevel    string // the AI's level (agent.Levels), or "" for the greedy agent
	first      engine.FirstMode
	rated      bool      // a quick-match room: its first duel (bo3: match) is rated (rated.go)
	format     string    // bo1 or bo3 (bo3.go)
	ratedOffer bool      // the host offers a rated duel, which the guest must accept (agree.go)
	decks      roomDecks // the banlist and free cards (roomdecks.go)
	private    bool      // not in the room list (roomlist.go): joined by its code only
	noWatch    bool      // spectators are refused
	// tag makes a tag duel of four seats (A1, B1, A2, B2: seats 0 to 3, docs/tag.md); tagAI says
	// which of them are the server's AI, each with its deck in tagDecks.
	tag      bool
	tagAI    [4]bool
	tagDecks [4]engine.DeckList
}

// seatCount is the number of the room's seats: 2, or 4 for a tag duel.
func (c *roomConfig) seatCount() int {
	if c.tag {
		return 4
	}
	return 2
}

// seatState is one seat of a room.
type seatState struct {
	taken        bool
	name         string
	token        string
	conn         *Conn // nil while the player is away (or for the AI)
	ai           agent.Agent
	deck         engine.DeckList
	left         bool // the player left for good: the seat cannot be rejoined
	graceGen     int
	grace        *time.Timer
	rematch      bool
	rematchRated bool            // asked for a rated rematch (agree.go)
	side         []card.Passcode // the Side Deck it brought (bo3.go)
	pasted       bool            // the deck was pasted (.ydk, ydke), not preconstructed: it keeps the banlist (roomdecks.go)
	takeover     []time.Time     // when the seat was last taken over by another connection (limited)
}

// Room is one duel table: two seats, its spectators, the duel and its answer log. One actor
// goroutine owns everything in it; connections and timers post messages to its inbox. A room only
// holds a duel, its answer log and its connections, so that accounts, persistence and matchmaking
// can be built around it.
type Room struct {
	code  string
	hub   *Hub
	cfg   roomConfig
	inbox chan any
	done  chan struct{}

	// Owned by the actor.
	claimed   bool        // the fenced log holds the room for this node (fenced.go)
	status    string      // waiting, dueling, over, closed
	seats     []seatState // two, or four in a tag duel (A1, B1, A2, B2)
	specs     map[*Conn]struct{}
	duel      *engine.Duel
	aiGen     int  // numbers the AI's decisions sent to the pool (aipool.go)
	aiBusy    bool // a decision of the AI is in the pool
	duelNo    int
	seed      uint64
	past      history            // the events of the current duel, for the state sent on joining (history.go)
	promptN   int                // the number of the pending prompt
	pv        *engine.PromptView // the pending prompt as its seat sees it (cached)
	updateSeq int
	clock     clock
	endReason string        // why the duel ended, when the room ended it (time, disconnected)
	dur       durState      // the duel's answer log (durable.go)
	tokenHash [4]string     // a room rebuilt from the log knows its seats' tokens by their hashes
	m         *roomMatch    // the best-of-3 match (bo3.go), nil in a bo1 room
	ratedNext bool          // the next duel (bo3: match) is rated, if its players can be (agree.go)
	ratedAsk  bool          // waiting for the guest to accept the host's rated offer
	wire      [5]wireStream // what the version 2 receivers of each view hold (wire.go, wire_room.go)

	born    time.Time                   // when the room was made (the room list's order)
	listing atomic.Pointer[RoomListing] // the room as the room list shows it, nil: not listed (roomlist.go)

	// onSend, when set (tests), sees every message the room sends, on the actor's goroutine.
	onSend func(c *Conn, seat int, msg []byte, events []engine.Event)
}

// The messages a room's inbox takes.
type (
	joinReq struct {
		c      *Conn
		id     int
		deck   engine.DeckList
		side   []card.Passcode
		pasted bool   // the deck was pasted, not preconstructed (tagTeamCheck)
		team   string // a tag room's team chosen, A or B (joinTeamOK); "" the first seat free
	}
	watchReq struct {
		c  *Conn
		id int
	}
	rejoinReq struct {
		c     *Conn
		id    int
		token string
	}
	clientReq struct {
		c  *Conn
		t  string
		id int
		m  clientMsg
	}
	disconnected struct{ c *Conn }
	clockExpired struct{ gen int }
	graceExpired struct{ seat, gen int }
	// A func(*Room) runs on the actor (tests use it to look inside a room).
)

func newRoom(h *Hub, code string, cfg roomConfig) *Room {
	r := &Room{code: code, hub: h, cfg: cfg, inbox: make(chan any, 64), done: make(chan struct{}),
		status: "waiting", specs: map[*Conn]struct{}{}, born: h.opts.Now(), ratedNext: cfg.rated,
		seats: make([]seatState, cfg.seatCount())}
	r.clock.reset(cfg.timeLimit)
	if cfg.ai {
		r.seats[1] = seatState{taken: true, name: "AI", deck: cfg.aiDeck, ai: r.newAI(0)}
	}
	for s := range r.seats {
		if cfg.tag && cfg.tagAI[s] {
			r.seats[s] = seatState{taken: true, name: "AI " + seatName(s), deck: cfg.tagDecks[s], ai: r.newAI(0)}
		}
	}
	return r
}

// post hands a message to the room's actor; false if the room has closed.
func (r *Room) post(m any) bool {
	select {
	case r.inbox <- m:
		return true
	case <-r.done:
		return false
	}
}

// run is the room's actor: it handles one message at a time until the room closes. A panic in a
// duel or in the room's code ends this room with an error, never the server.
func (r *Room) run() {
	defer r.hub.remove(r)
	r.publish()
	for r.status != "closed" {
		r.safeHandle(<-r.inbox)
		r.publish()
	}
}

func (r *Room) safeHandle(m any) {
	defer func() {
		if p := recover(); p != nil {
			r.hub.logf("room %s: panic: %v\n%s", r.code, p, debug.Stack())
			r.fail(ErrInternal, "the room stopped on an internal error")
		}
	}()
	r.handle(m)
}

func (r *Room) handle(m any) {
	switch m := m.(type) {
	case joinReq:
		r.join(m)
	case watchReq:
		r.watch(m)
	case rejoinReq:
		r.rejoin(m)
	case clientReq:
		r.client(m)
	case disconnected:
		r.disconnect(m.c)
	case clockExpired:
		r.clockExpired(m.gen)
	case aiAnswered:
		r.aiDecided(m)
	case graceExpired:
		r.graceExpired(m.seat, m.gen)
	case stopReq:
		r.stop()
	case func(*Room):
		m(r)
	}
}

// setStatus changes the room's status and keeps the hub's count of duels going on.
func (r *Room) setStatus(st string) {
	if (r.status == "dueling") != (st == "dueling") {
		if st == "dueling" {
			r.hub.dueling.Add(1)
		} else {
			r.hub.dueling.Add(-1)
		}
	}
	r.status = st
}

// now reads the hub's clock.
func (r *Room) now() time.Time { return r.hub.opts.Now() }

// send sends one message to a connection.
func (r *Room) send(c *Conn, seat int, b []byte, events []engine.Event) {
	if r.onSend != nil {
		r.onSend(c, seat, b, events)
	}
	c.send(b)
}

func (r *Room) sendJSON(c *Conn, seat int, v any) { r.send(c, seat, mustJSON(v), nil) }

func (r *Room) sendErr(c *Conn, re string, id int, e *protoError) {
	r.sendJSON(c, -2, errorMsg{T: "error", Re: re, ID: id, Code: e.Code, Msg: e.Msg})
}

// seatOf returns the seat a connection holds, or -1.
func (r *Room) seatOf(c *Conn) int {
	for s := range r.seats {
		if r.seats[s].conn == c {
			return s
		}
	}
	return -1
}

func (r *Room) join(m joinReq) {
	s := 0 // the first seat free (a tag room: A1, B1, A2, B2 in turn)
	for s < len(r.seats)-1 && r.seats[s].taken {
		s++
	}
	if m.c.closed() { // the client went before its join was handled: it is a disconnect
		r.refused(m.c)
		return
	}
	if r.status != "waiting" || r.seats[s].taken {
		r.sendErr(m.c, "join", m.id, perr(ErrRoomFull, "room %s has all its players; watch it instead", r.code))
		r.refused(m.c)
		return
	}
	if m.team != "" { // a tag room's team chosen: its first seat free (A: A2; B: B, then B2)
		s = teamSeat(m.team)
		if r.seats[s].taken {
			s += 2
		}
		if s >= len(r.seats) || r.seats[s].taken {
			r.sendErr(m.c, "join", m.id, perr(ErrTeamFull, "team %s of room %s has both its players; join the other team or watch", m.team, r.code))
			r.refused(m.c)
			return
		}
	}
	if cur, _ := m.c.place(); cur != nil && cur != r { // (nil: a test drives the room)
		r.sendErr(m.c, "join", m.id, perr(ErrInRoom, "leave your room first"))
		return
	}
	if p := s ^ 2; r.cfg.tag && r.seats[p].taken { // the seat completes a team: its decks share the banlist's limits
		st := &r.seats[p]
		if e := tagTeamCheck(r.cfg, teamDeck{m.c.name, m.deck, m.side, m.pasted}, teamDeck{st.name, st.deck, st.side, st.pasted}); e != nil {
			r.sendErr(m.c, "join", m.id, e)
			r.refused(m.c)
			return
		}
	}
	r.seats[s] = seatState{taken: true, name: m.c.name, token: newToken(), conn: m.c, deck: m.deck, side: m.side, pasted: m.pasted}
	m.c.setPlace(r, s)
	r.sendJSON(m.c, s, joinedMsg{T: "joined", Room: r.code, Role: "player", Seat: seatName(s),
		Token: r.seats[s].token})
	if r.allSeated() {
		r.seated()
		return
	}
	r.broadcastRoom()
}

// allSeated reports whether every seat is taken.
func (r *Room) allSeated() bool {
	for s := range r.seats {
		if !r.seats[s].taken {
			return false
		}
	}
	return true
}

// refused forgets the reservation of a connection the room did not take, and closes the room
// when that was its first join (nobody else will come to it).
func (r *Room) refused(c *Conn) {
	c.release(r)
	r.closeIfEmpty()
}

func (r *Room) watch(m watchReq) {
	if m.c.closed() {
		m.c.release(r)
		return
	}
	if cur, _ := m.c.place(); cur != nil && cur != r { // (nil: a test drives the room)
		r.sendErr(m.c, "watch", m.id, perr(ErrInRoom, "leave your room first"))
		return
	}
	r.specs[m.c] = struct{}{}
	m.c.setPlace(r, -1)
	r.sendJSON(m.c, -1, joinedMsg{T: "joined", Room: r.code, Role: "spectator"})
	r.broadcastRoom()
	if r.duel != nil {
		r.sendState(m.c, -1)
	}
	r.sendMatch(m.c, -1)
}

func (r *Room) rejoin(m rejoinReq) {
	s := -1
	for i := range r.seats {
		st := &r.seats[i]
		if st.taken && st.ai == nil && !st.left && r.tokenMatches(i, m.token) {
			s = i
		}
	}
	cur, _ := m.c.place()
	held := r.seatOf(m.c)
	switch {
	case m.c.closed(): // gone before its rejoin was handled: nothing to give a seat to
		r.releaseUnseated(m.c)
		return
	case s < 0:
		r.sendErr(m.c, "rejoin", m.id, perr(ErrBadToken, "no seat of room %s has that token", r.code))
		r.releaseUnseated(m.c)
		return
	case cur != nil && cur != r:
		r.sendErr(m.c, "rejoin", m.id, perr(ErrInRoom, "leave your room first"))
		return
	case held >= 0 && held != s:
		r.sendErr(m.c, "rejoin", m.id, perr(ErrInRoom, "you hold seat %s of this room already", seatName(held)))
		return
	}
	st := &r.seats[s]
	if old := st.conn; old != nil && old != m.c && !old.closed() {
		if !r.mayTakeOver(st) {
			r.sendErr(m.c, "rejoin", m.id, perr(ErrTakeover, "seat %s is open on another connection and was taken over "+
				"%d times lately; close the other tab or wait", seatName(s), len(st.takeover)))
			r.releaseUnseated(m.c)
			return
		}
		// A second tab takes the seat over; the first is told why before it is closed.
		old.setPlace(nil, -1)
		old.sendAndClose(mustJSON(closedMsg{T: "closed", Code: "replaced",
			Reason: "this seat was taken over by another connection"}))
	}
	delete(r.specs, m.c) // a spectator with a seat's token becomes that seat
	st.conn = m.c
	st.graceGen++
	if st.grace != nil {
		st.grace.Stop()
		st.grace = nil
	}
	m.c.setPlace(r, s)
	r.sendJSON(m.c, s, joinedMsg{T: "joined", Room: r.code, Role: "player", Seat: seatName(s), Token: st.token})
	r.broadcastRoom()
	if r.duel != nil {
		r.sendState(m.c, s)
	}
	r.sendMatch(m.c, s)
}

// disconnect handles a connection that dropped: a spectator is gone; a player's seat waits for a
// rejoin during the grace period (the duel waits, the clock does not).
func (r *Room) disconnect(c *Conn) {
	if _, ok := r.specs[c]; ok {
		delete(r.specs, c)
		r.broadcastRoom()
		return
	}
	s := r.seatOf(c)
	if s < 0 {
		return
	}
	st := &r.seats[s]
	st.conn = nil
	st.graceGen++
	gen := st.graceGen
	st.grace = time.AfterFunc(r.hub.opts.Grace, func() { r.post(graceExpired{seat: s, gen: gen}) })
	r.broadcastRoom()
}

func (r *Room) graceExpired(s, gen int) {
	st := &r.seats[s]
	if st.graceGen != gen || st.conn != nil {
		return
	}
	st.grace = nil
	st.left = true
	r.abandon(s, "disconnected")
	r.broadcastRoom()
	r.closeIfEmpty()
}

// client handles a message of a connection in the room.
func (r *Room) client(m clientReq) {
	s := r.seatOf(m.c)
	_, spectator := r.specs[m.c]
	if s < 0 && !spectator {
		r.sendErr(m.c, m.t, m.id, perr(ErrNoRoom, "you are not in room %s", r.code))
		return
	}
	if m.t == "board" {
		r.sendBoard(m.c, s, m.id)
		return
	}
	if spectator && m.t != "leave" {
		r.sendErr(m.c, m.t, m.id, perr(ErrSpectator, "spectators can only watch (and leave)"))
		return
	}
	switch m.t {
	case "answer":
		r.answer(m.c, s, m.id, m.m.(*answerMsg))
	case "concede":
		if r.m != nil && (m.m.(*concedeMsg).Match || r.status == "siding") && (r.status == "dueling" || r.status == "siding") {
			r.forfeitMatch(s, "conceded")
			return
		}
		if r.status != "dueling" {
			r.sendErr(m.c, m.t, m.id, perr(ErrState, "there is no duel going on to concede"))
			return
		}
		r.concede(s, "conceded")
		r.advanced()
	case "leave":
		r.leave(m.c, s)
	case "rematch":
		r.rematch(m.c, s, m.id, m.m.(*rematchMsg))
	case "side":
		r.side(m.c, s, m.id, m.m.(*sideMsg))
	case "first":
		r.chooseFirst(m.c, s, m.id, m.m.(*firstMsg))
	case "rated":
		r.agree(m.c, s, m.id, m.m.(*agreeMsg))
	}
}

// leave takes a connection out of the room; a player who leaves a duel concedes it.
func (r *Room) leave(c *Conn, s int) {
	c.setPlace(nil, -1)
	r.sendJSON(c, s, closedMsg{T: "closed", Code: "left", Reason: "you left the room"})
	if s < 0 {
		delete(r.specs, c)
		r.broadcastRoom()
		return
	}
	st := &r.seats[s]
	st.conn, st.left = nil, true
	r.abandon(s, "left")
	r.broadcastRoom()
	r.closeIfEmpty()
}

// closeIfEmpty closes the room when no player is in it or may come back to it.
func (r *Room) closeIfEmpty() {
	for s := range r.seats {
		st := &r.seats[s]
		if st.taken && st.ai == nil && !st.left && (st.conn != nil || st.grace != nil) {
			return
		}
	}
	r.close("the players left")
}

// close ends the room: everyone still in it is told and taken out.
func (r *Room) close(reason string) {
	if r.status == "closed" {
		return
	}
	r.setStatus("closed")
	r.clock.halt()
	msg := mustJSON(closedMsg{T: "closed", Code: "closed", Reason: reason})
	for s := range r.seats {
		st := &r.seats[s]
		if st.grace != nil {
			st.grace.Stop()
		}
		if c := st.conn; c != nil {
			c.setPlace(nil, -1)
			r.send(c, s, msg, nil)
			st.conn = nil
		}
	}
	for c := range r.specs {
		c.setPlace(nil, -1)
		r.send(c, -1, msg, nil)
	}
	r.specs = map[*Conn]struct{}{}
	if r.duel != nil {
		r.duel.Close()
	}
	close(r.done)
}

// fail ends the room on an error, telling everyone why.
func (r *Room) fail(code, msg string) {
	defer func() {
		if p := recover(); p != nil && r.status != "closed" {
			r.setStatus("closed")
			close(r.done)
		}
	}()
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil {
			r.sendJSON(c, s, closedMsg{T: "closed", Code: code, Reason: msg})
		}
	}
	for c := range r.specs {
		r.sendJSON(c, -1, closedMsg{T: "closed", Code: code, Reason: msg})
	}
	r.close(msg)
}

// broadcastRoom sends the room's roster and status to everyone in it.
func (r *Room) broadcastRoom() {
	if r.status == "closed" {
		return
	}
	rm := roomMsg{T: "room", Room: r.code, Status: r.status, Ruleset: r.cfg.ruleset.ID,
		TimeLimit: int(r.cfg.timeLimit / time.Second), Opponent: "player", Spectators: len(r.specs),
		Duel: r.duelNo, Banlist: r.cfg.decks.banlist, FreeCards: r.cfg.decks.freeCards,
		Format: r.cfg.format, Rated: r.ratedNow(), RatedAsk: r.ratedAsk}
	if rm.Format == "" {
		rm.Format = FormatBo1
	}
	if r.cfg.ai {
		rm.Opponent = "ai"
	}
	rm.Tag = r.cfg.tag
	for s := range r.seats {
		st := &r.seats[s]
		if st.taken {
			rm.Players = append(rm.Players, playerInfo{Seat: seatName(s), Name: st.name, AI: st.ai != nil,
				Connected: st.ai != nil || st.conn != nil, Rematch: st.rematch, Rated: st.rematch && st.rematchRated})
		}
	}
	b := mustJSON(rm)
	for s := range r.seats {
		if c := r.seats[s].conn; c != nil {
			r.send(c, s, b, nil)
		}
	}
	for c := range r.specs {
		r.send(c, -1, b, nil)
	}
}

func (r *Room) String() string { return fmt.Sprintf("room %s (%s)", r.code, r.status) }

// joinTeamOK checks a join's team against the room: only a tag room has teams, A or B ("" is
// the first seat free).
func joinTeamOK(r *Room, team string) *protoError {
	switch {
	case team == "":
		return nil
	case !r.cfg.tag:
		return perr(ErrBadRequest, "room %s is a duel of two: team is for a tag room", r.code)
	case team != "A" && team != "B":
		return perr(ErrBadRequest, `team is "A" or "B", not %q`, team)
	}
	return nil
}

// teamSeat is a team's first seat: A (A1, seat 0) or B (B1, seat 1); its partner's is 2 more.
func teamSeat(team string) int {
	if team == "B" {
		return 1
	}
	return 0
}

// tagDeckNames are the preconstructed decks of a tag room's AI seats, A1, B1, A2, B2 (A1 is
// never the AI): two teams of different decks, so that a team holds no card twice over its
// banlist limit (deck.ValidateTeam).
var tagDeckNames = [4]string{"yugi-40", "kaiba-40", "5ds", "fusion"}

// tagRoom reads a create message's tag duel into the room's configuration (docs/tag.md): the
// host is A1; Opponent "ai" makes B1 and B2 the AI, Partners "ai" makes A2 and B2 the AI. A tag
// room is a single duel (no best of 3), never rated, and not of kouhu.
func tagRoom(cfg *roomConfig, m *createMsg, rs ruleset.Ruleset) *protoError {
	if !m.Tag {
		if m.Partners != "" {
			return perr(ErrBadRequest, "partners are for a tag duel (tag: true)")
		}
		return nil
	}
	switch {
	case rs.Kouhu() || rs.Rules.NoTag:
		return perr(ErrRuleset, "ruleset %s has no tag duels", rs.ID)
	case cfg.format == FormatBo3:
		return perr(ErrBadRequest, "a tag duel is a single duel, not a best of 3")
	case m.Rated || cfg.rated:
		return perr(ErrBadRequest, "a tag duel is never rated")
	}
	partnersAI := false
	switch m.Partners {
	case "", "player":
	case "ai":
		partnersAI = true
	default:
		return perr(ErrBadRequest, `partners is "player" or "ai", not %q`, m.Partners)
	}
	oppAI := cfg.ai
	cfg.tag, cfg.ai = true, false
	cfg.tagAI = [4]bool{false, oppAI, partnersAI, oppAI || partnersAI}
	for s, ai := range cfg.tagAI {
		if !ai {
			continue
		}
		var dc *DeckChoice
		if s == 1 && m.AIDeck != nil {
			dc = m.AIDeck
		}
		dl, err := loadDeck(dc, rs, tagDeckNames[s])
		if err != nil {
			return perr(ErrDeck, "the AI's deck: %v", err)
		}
		cfg.tagDecks[s] = dl
	}
	if oppAI { // the AI makes team B: its pasted deck keeps the team's limits
		return tagTeamCheck(*cfg, teamDeck{"AI " + seatName(1), cfg.tagDecks[1], nil, pasted(m.AIDeck)},
			teamDeck{"AI " + seatName(3), cfg.tagDecks[3], nil, false})
	}
	return nil
}
