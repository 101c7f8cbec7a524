package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/duelistgame/duelist/server"
)

// RatedLoadConfig configures a rated load test against the whole online game (`duelist loadtest
// --rated`): bots that register an account over HTTP, queue for quick match, play the rated
// duel to its end (answering at random, auto-passing as the web client does), say something in
// the room's chat now and then through the social API, leave and queue again.
type RatedLoadConfig struct {
	BaseURL  string        // the server's address, http://127.0.0.1:PORT: loopback only
	Players  int           // bots, each its own account
	Duration time.Duration // how long to measure once every bot has logged in and queued
	Think    time.Duration // a bot's mean time before it answers (uniform in [Think/2, 3*Think/2])
	Ramp     time.Duration // the bots log in over this time
	// Chat is a bot's mean time between two room chat messages (0: no chat).
	Chat time.Duration
	// DuelTime, when set, makes a bot concede a duel after a time uniform in [DuelTime/2,
	// 3*DuelTime/2], so that duels end, are rated and the bots queue again within a measurement:
	// random play takes minutes to end a duel (some 900 prompts, two thirds of them auto-passed
	// after server.AutoPassDelay). 0: every duel is played to its end.
	DuelTime time.Duration
	Seed     uint64
	// Ratings, when set, counts the ratings recorded (the ladder's result rows) after the bots
	// have stopped, to check it against the rated duels the bots saw end.
	Ratings func(ctx context.Context) (int64, error)
	// Progress, when set, is called about once a second during the measurement.
	Progress func(r RatedLoadReport)
	// Logf, when set, is told each bot error.
	Logf func(format string, a ...any)
}

// RatedLoadReport is what a rated load test measured.
type RatedLoadReport struct {
	Players  int
	Dueling  int   // duels going on at the end of the measurement
	Finished int64 // rated duels that ended during the measurement
	// Rated is every rated duel the bots saw end over the whole run (the last ones conceded when
	// the measurement is over); Ratings is what the ladder recorded (-1: not counted).
	Rated, Ratings     int64
	Answers            int64
	Elapsed            time.Duration
	AnswersPerSec      float64
	P50, P95, P99, Max time.Duration // from sending an answer to receiving the resulting state
	// WaitP50, WaitP99 and WaitMax are matchmaking waits, from "queue" to "matched", over the
	// whole run (the first queueing of every bot included).
	Waits                     int
	WaitP50, WaitP99, WaitMax time.Duration
	// ChatSent and ChatRefused are the room chat messages accepted and refused (the social API's
	// rate limit: 429), ChatRead the opponent's messages read back at each duel's end, over the
	// whole run. ChatLate are those refused with 403 because they crossed the duel's end (sent
	// as the bot was leaving the room).
	ChatSent, ChatRefused, ChatRead, ChatLate int64
	Errors                                    int64
	LastError                                 string // the last error's text, for the report
}

// RatingsMatch tells whether the ladder recorded exactly the rated duels the bots saw end.
func (r RatedLoadReport) RatingsMatch() bool { return r.Ratings == r.Rated }

// String writes the report.
func (r RatedLoadReport) String() string {
	check := "ratings not counted"
	if r.Ratings >= 0 {
		check = fmt.Sprintf("ladder rows %d for %d rated duels seen: ", r.Ratings, r.Rated)
		if r.RatingsMatch() {
			check += "ok"
		} else {
			check += "MISMATCH"
		}
	}
	return fmt.Sprintf("%d players, %d duels going on, %d rated duels finished in %.1f s; %d answers = %.0f answers/s; "+
		"latency p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms; matchmaking wait (%d) p50 %.2f s, p99 %.2f s, max %.2f s; "+
		"chat %d sent, %d refused, %d late, %d read by the opponent; %s; %d errors",
		r.Players, r.Dueling, r.Finished, r.Elapsed.Seconds(), r.Answers, r.AnswersPerSec,
		ms(r.P50), ms(r.P95), ms(r.P99), ms(r.Max), r.Waits, r.WaitP50.Seconds(), r.WaitP99.Seconds(), r.WaitMax.Seconds(),
		r.ChatSent, r.ChatRefused, r.ChatLate, r.ChatRead, check, r.Errors) + lastErr(r.LastError)
}

func lastErr(s string) string {
	if s == "" {
		return ""
	}
	return " (the last: " + s + ")"
}

// ratedState is shared by a rated load test's bots.
type ratedState struct {
	cfg       RatedLoadConfig
	http      *http.Client
	measuring atomic.Bool
	stopping  chan struct{} // closed when the measurement is over: bots concede and stop
	dueling   atomic.Int64
	finished  atomic.Int64
	answers   atomic.Int64
	chatSent  atomic.Int64
	chatRef   atomic.Int64
	chatRead  atomic.Int64
	chatLate  atomic.Int64
	errors    atomic.Int64
	mu        sync.Mutex
	lat       []time.Duration
	waits     []time.Duration
	rated     map[string]bool // rooms whose rated duel was seen to end
	lastErr   string
}

func (rs *ratedState) fail(err error) {
	rs.errors.Add(1)
	rs.mu.Lock()
	rs.lastErr = err.Error()
	rs.mu.Unlock()
	if rs.cfg.Logf != nil {
		rs.cfg.Logf("bot: %v", err)
	}
}

// RunRatedLoad runs a rated load test: it measures for cfg.Duration once every bot has queued,
// then every bot concedes the duel it is in and stops, and the ladder's rows are counted.
func RunRatedLoad(ctx context.Context, cfg RatedLoadConfig) (RatedLoadReport, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return RatedLoadReport{}, err
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return RatedLoadReport{}, errors.New("server: a load test only dials loopback addresses")
	}
	if cfg.Players < 2 || cfg.Think <= 0 {
		return RatedLoadReport{}, errors.New("server: a rated load test needs at least 2 players and a think time > 0")
	}
	rs := &ratedState{cfg: cfg, stopping: make(chan struct{}), rated: map[string]bool{},
		http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	queued := make(chan struct{}, cfg.Players)
	start := time.Now()
	for i := range cfg.Players {
		if cfg.Ramp > 0 {
			select {
			case <-time.After(time.Until(start.Add(cfg.Ramp * time.Duration(i) / time.Duration(cfg.Players)))):
			case <-ctx.Done():
				return RatedLoadReport{}, ctx.Err()
			}
		}
		wg.Go(func() {
			rs.bot(ctx, i, rand.New(rand.NewPCG(cfg.Seed, uint64(i))), queued)
		})
	}
	for range cfg.Players {
		select {
		case <-queued:
		case <-ctx.Done():
			return RatedLoadReport{}, ctx.Err()
		}
	}
	rs.measuring.Store(true)
	t0 := time.Now()
	tick := time.NewTicker(time.Second)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
			if cfg.Progress != nil {
				cfg.Progress(rs.report(time.Since(t0), false))
			}
			done = time.Since(t0) >= cfg.Duration
		}
	}
	tick.Stop()
	rs.measuring.Store(false)
	rep := rs.report(time.Since(t0), true)
	// Every bot concedes the duel it is in and stops; then every rated duel has ended.
	close(rs.stopping)
	wg.Wait()
	rs.mu.Lock()
	rep.Rated = int64(len(rs.rated))
	last := rs.lastErr
	rs.mu.Unlock()
	rep.Errors = rs.errors.Load()
	rep.ChatSent, rep.ChatRefused, rep.ChatRead = rs.chatSent.Load(), rs.chatRef.Load(), rs.chatRead.Load()
	rep.ChatLate = rs.chatLate.Load()
	rep.Ratings = -1
	if cfg.Ratings != nil {
		if rep.Ratings, err = cfg.Ratings(context.Background()); err != nil {
			return rep, fmt.Errorf("server: counting the ratings: %w", err)
		}
	}
	rep.LastError = last
	return rep, ctx.Err()
}

func (rs *ratedState) report(elapsed time.Duration, full bool) RatedLoadReport {
	r := RatedLoadReport{Players: rs.cfg.Players, Dueling: int(rs.dueling.Load() / 2), Finished: rs.finished.Load(),
		Answers: rs.answers.Load(), Elapsed: elapsed, ChatSent: rs.chatSent.Load(), ChatRefused: rs.chatRef.Load(),
		ChatRead: rs.chatRead.Load(), Errors: rs.errors.Load(), Ratings: -1}
	r.AnswersPerSec = float64(r.Answers) / elapsed.Seconds()
	if !full {
		return r
	}
	rs.mu.Lock()
	lat, waits := slices.Clone(rs.lat), slices.Clone(rs.waits)
	rs.mu.Unlock()
	slices.Sort(lat)
	slices.Sort(waits)
	if n := len(lat); n > 0 {
		r.P50, r.P95, r.P99, r.Max = lat[n/2], lat[min(n-1, n*95/100)], lat[min(n-1, n*99/100)], lat[n-1]
	}
	if n := len(waits); n > 0 {
		r.Waits = n
		r.WaitP50, r.WaitP99, r.WaitMax = waits[n/2], waits[min(n-1, n*99/100)], waits[n-1]
	}
	return r
}

// register creates bot i's account (or logs in to it) and returns its session cookie
// ("name=value") and its account id.
func (rs *ratedState) register(ctx context.Context, i int) (string, int64, error) {
	name := fmt.Sprintf("bot%d-%d", rs.cfg.Seed, i)
	body := `{"name":"` + name + `","password":"load-test-password-` + strconv.Itoa(i) + `"}`
	for _, path := range []string{"register", "login"} { // login: the name exists (a reused database)
		req, err := http.NewRequestWithContext(ctx, "POST", rs.cfg.BaseURL+"/api/account/"+path, strings.NewReader(body))
		if err != nil {
			return "", 0, err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := rs.http.Do(req)
		if err != nil {
			return "", 0, err
		}
		msg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode/100 == 2 {
			var u struct {
				ID int64 `json:"id"`
			}
			if err := json.Unmarshal(msg, &u); err != nil {
				return "", 0, fmt.Errorf("%s %s: %w", path, name, err)
			}
			for _, c := range resp.Cookies() {
				if c.Value != "" {
					return c.Name + "=" + c.Value, u.ID, nil
				}
			}
			return "", 0, fmt.Errorf("%s %s: no session cookie", path, name)
		}
		if path == "login" || resp.StatusCode != http.StatusConflict {
			return "", 0, fmt.Errorf("%s %s: %s: %s", path, name, resp.Status, bytes.TrimSpace(msg))
		}
	}
	return "", 0, errors.New("not reached")
}

// say posts a room chat message; 429 counts as refused.
func (rs *ratedState) say(ctx context.Context, cookie, room, text string) {
	req, err := http.NewRequestWithContext(ctx, "POST", rs.cfg.BaseURL+"/api/social/chat/room/"+room,
		strings.NewReader(`{"text":"`+text+`"}`))
	if err != nil {
		rs.fail(err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", cookie)
	resp, err := rs.http.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			rs.fail(err)
		}
		return
	}
	msg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	switch {
	case resp.StatusCode/100 == 2:
		rs.chatSent.Add(1)
	case resp.StatusCode == http.StatusTooManyRequests:
		rs.chatRef.Add(1)
	case resp.StatusCode == http.StatusForbidden:
		rs.chatLate.Add(1) // the message crossed the duel's end: the bot had left the room
	default:
		rs.fail(fmt.Errorf("room chat: %s: %s", resp.Status, bytes.TrimSpace(msg)))
	}
}

// readChat counts the room chat messages another player sent.
func (rs *ratedState) readChat(ctx context.Context, cookie, room string, me int64) {
	req, err := http.NewRequestWithContext(ctx, "GET", rs.cfg.BaseURL+"/api/social/chat/room/"+room, nil)
	if err != nil {
		rs.fail(err)
		return
	}
	req.Header.Set("Cookie", cookie)
	resp, err := rs.http.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			rs.fail(err)
		}
		return
	}
	defer resp.Body.Close()
	var page struct {
		Messages []struct {
			Sender int64 `json:"sender"`
		} `json:"messages"`
	}
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(resp.Body)
		rs.fail(fmt.Errorf("reading room chat: %s: %s", resp.Status, bytes.TrimSpace(msg)))
		return
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		rs.fail(fmt.Errorf("reading room chat: %w", err))
		return
	}
	for _, m := range page.Messages {
		if m.Sender != me {
			rs.chatRead.Add(1)
		}
	}
}

// ratedMsg is the part of a server message other than a state a rated bot reads.
type ratedMsg struct {
	T     string `json:"t"`
	Room  string `json:"room"`
	Rated bool   `json:"rated"`
	Msg   string `json:"msg"`
	Code  string `json:"code"`
}

// bot is one player: it registers, then queues, plays and chats until the measurement is over,
// when it concedes the duel it is in (or leaves the queue) and stops once that is done.
func (rs *ratedState) bot(ctx context.Context, i int, rng *rand.Rand, queued chan<- struct{}) {
	// Each bot has its own context (thousands sharing one would queue on its lock).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var once sync.Once
	signal := func() { once.Do(func() { queued <- struct{}{} }) }
	defer signal()
	cookie, me, err := rs.register(ctx, i)
	if err != nil {
		rs.fail(err)
		return
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(rs.cfg.BaseURL, "http")+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie}}, CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		rs.fail(err)
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	// wmu orders the bot's own writes against the stop: once stopped is set, the bot neither
	// queues again nor answers.
	var wmu sync.Mutex
	stopped := false
	write := func(s string) error { return c.Write(ctx, websocket.MessageText, []byte(s)) }
	// When the measurement is over the bot leaves the queue and concedes the duel it is in (one of
	// the two fails harmlessly); it stops on the result or on "unqueued", or after 30 s.
	go func() {
		select {
		case <-rs.stopping:
		case <-ctx.Done():
			return
		}
		wmu.Lock()
		stopped = true
		_ = write(`{"t":"unqueue"}`)
		_ = write(`{"t":"concede"}`)
		wmu.Unlock()
		t := time.AfterFunc(30*time.Second, func() { rs.fail(fmt.Errorf("bot %d did not stop", i)); cancel() })
		<-ctx.Done()
		t.Stop()
	}()
	isStopped := func() bool { wmu.Lock(); defer wmu.Unlock(); return stopped }
	if err := write(`{"t":"hello","v":` + strconv.Itoa(server.Version) + `,"name":"bot"}`); err != nil {
		rs.fail(err)
		return
	}
	var (
		queuedAt       time.Time
		room           string
		rated, inDuel  bool
		conceded       bool
		concedeAt      time.Time
		sent, nextChat time.Time
		chatWG         sync.WaitGroup
	)
	defer chatWG.Wait()
	// queue queues the bot unless it is stopped.
	queue := func() (bool, error) {
		wmu.Lock()
		defer wmu.Unlock()
		if stopped {
			return false, nil
		}
		queuedAt = time.Now()
		return true, write(`{"t":"queue","ruleset":"ocg","format":"bo1"}`)
	}
	// leave leaves the room unless the bot is stopped; it queues again on "closed".
	leave := func() (bool, error) {
		wmu.Lock()
		defer wmu.Unlock()
		if stopped {
			return false, nil
		}
		return true, write(`{"t":"leave"}`)
	}
	var rd msgReader
	for {
		b, err := rd.read(ctx, c)
		if err != nil {
			if ctx.Err() == nil {
				rs.fail(err)
			}
			return
		}
		if !bytes.HasPrefix(b, []byte(`{"t":"state"`)) && !bytes.HasPrefix(b, []byte(`{"t":"delta"`)) {
			var m ratedMsg
			if err := json.Unmarshal(b, &m); err != nil {
				rs.fail(err)
				return
			}
			switch m.T {
			case "welcome", "closed": // closed: the bot left its room
				room = ""
				ok, err := queue()
				if err != nil {
					rs.fail(err)
					return
				}
				if !ok {
					return
				}
				signal()
			case "matched":
				wmu.Lock()
				w := time.Since(queuedAt)
				wmu.Unlock()
				rs.mu.Lock()
				rs.waits = append(rs.waits, w)
				rs.mu.Unlock()
				room, rated, conceded = m.Room, m.Rated, false
			case "unqueued":
				if isStopped() {
					return
				}
				rs.fail(fmt.Errorf("bot %d: taken out of the queue: %s", i, b))
				return
			case "error":
				if m.Code == server.ErrUnavailable && !isStopped() && !inDuel && room == "" {
					// The queue could not be joined now ("try again"): so the bot does, in a second.
					rs.fail(fmt.Errorf("bot %d: queueing: %s", i, m.Msg))
					time.AfterFunc(time.Second, func() {
						if _, err := queue(); err != nil && ctx.Err() == nil {
							rs.fail(err)
						}
					})
					continue
				}
				// After the stop, the unqueue or the concede that did not apply; a concede that
				// crossed the duel's end, and an answer that crossed the opponent's concede.
				crossed := (conceded && m.Code == server.ErrState) || (!inDuel && (m.Code == server.ErrStale || m.Code == server.ErrNoPrompt))
				if !isStopped() && !crossed {
					rs.fail(fmt.Errorf("bot %d: server error %s: %s", i, m.Code, m.Msg))
				}
			}
			continue
		}
		m, err := decodeBot(b)
		if err != nil {
			rs.fail(err)
			return
		}
		if !sent.IsZero() {
			if rs.measuring.Load() {
				d := time.Since(sent)
				rs.mu.Lock()
				rs.lat = append(rs.lat, d)
				rs.mu.Unlock()
				rs.answers.Add(1)
			}
			sent = time.Time{}
		}
		if m.Result != nil {
			if !inDuel {
				continue
			}
			inDuel = false
			rs.dueling.Add(-1)
			if rated {
				rs.mu.Lock()
				first := !rs.rated[room]
				rs.rated[room] = true
				rs.mu.Unlock()
				if first && rs.measuring.Load() {
					rs.finished.Add(1)
				}
			}
			if rs.cfg.Chat > 0 {
				rs.readChat(ctx, cookie, room, me)
			}
			ok, err := leave()
			if err != nil {
				if ctx.Err() == nil {
					rs.fail(err)
				}
				return
			}
			if !ok {
				return // stopped
			}
			continue
		}
		if !inDuel {
			inDuel = true
			rs.dueling.Add(1)
			if rs.cfg.Chat > 0 {
				nextChat = time.Now().Add(time.Duration(rng.Int64N(2*int64(rs.cfg.Chat) + 1)))
			}
			if rs.cfg.DuelTime > 0 {
				concedeAt = time.Now().Add(rs.cfg.DuelTime/2 + time.Duration(rng.Int64N(int64(rs.cfg.DuelTime)+1)))
			}
		}
		if isStopped() {
			// A duel that began as the measurement ended: concede it too.
			if !conceded {
				conceded = true
				_ = write(`{"t":"concede"}`)
			}
			continue
		}
		if rs.cfg.DuelTime > 0 && !conceded && time.Now().After(concedeAt) {
			conceded = true
			if err := write(`{"t":"concede"}`); err != nil {
				if ctx.Err() == nil {
					rs.fail(err)
				}
				return
			}
			continue
		}
		if rs.cfg.Chat > 0 && time.Now().After(nextChat) {
			nextChat = time.Now().Add(time.Duration(rng.Int64N(2*int64(rs.cfg.Chat) + 1)))
			code := room
			chatWG.Go(func() { rs.say(ctx, cookie, code, "gl hf") })
		}
		if m.Prompt == nil {
			continue
		}
		p := m.Prompt
		think := rs.cfg.Think/2 + time.Duration(rng.Int64N(int64(rs.cfg.Think)+1))
		if p.Kind == "chain" && len(p.Options) == 1 && p.Options[0].Verb == "pass" {
			think = server.AutoPassDelay // what the web client does
		}
		select {
		case <-time.After(think):
		case <-rs.stopping:
			continue // the stop concedes
		case <-ctx.Done():
			return
		}
		o := p.Options[rng.IntN(len(p.Options))]
		msg := `{"t":"answer","prompt":` + strconv.Itoa(p.N) + `,"i":` + strconv.Itoa(o.I) + `}`
		wmu.Lock()
		if stopped {
			wmu.Unlock()
			continue
		}
		sent = time.Now()
		err = write(msg)
		wmu.Unlock()
		if err != nil {
			if ctx.Err() == nil {
				rs.fail(err)
			}
			return
		}
	}
}
