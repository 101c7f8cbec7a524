// Package loadgen is Duelist's load generator: bot clients that play the duel server over
// WebSockets as players do (random duels with rematches, rated quick match with chat, a
// quick-match queue), for `duelist loadtest`. It is a client of the server's protocol and lives
// apart from the server, which does not compile it in.
package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/duelistgame/duelist/server"
)

// LoadConfig configures a load test: bot clients over WebSockets, two per room, answering their
// prompts at random and asking for a rematch at the end of each duel. A chain window whose only
// option is pass is passed after server.AutoPassDelay, as the web client does (every server duel asks
// every window: docs/protocol.md "Chain windows").
type LoadConfig struct {
	URL      string        // the server's WebSocket URL (ws://127.0.0.1:PORT/ws), loopback only; several, comma-separated: room i on the i-th mod n (nodes of one game)
	Duels    int           // rooms, each with two bot players
	Duration time.Duration // how long to measure once every room is dueling
	Think    time.Duration // a bot's mean time before it answers (uniform in [Think/2, 3*Think/2])
	Ramp     time.Duration // the rooms are opened over this time
	Deck     string        // the preconstructed deck of every bot
	Seed     uint64
	// NoDeflate: the bots do not offer permessage-deflate (browsers do, and the server takes it).
	NoDeflate bool
	// Routed, with several URLs: room i's seat B dials node i+1 mod n, not the room's node i, so
	// that every message of one socket a room goes through NATS (docs/deploy.md "Routing").
	Routed bool
	// Progress, when set, is called about once a second during the measurement.
	Progress func(r LoadReport)
	// Measured, when set, is called once the measurement is over, before the bots stop (while
	// every room is still live: a heap profile then shows what the duels keep).
	Measured func()
}

// resultJSON is a finished duel's result in a state message.
type resultJSON struct {
	Winner string `json:"winner"` // "A", "B" or "draw"
	Reason string `json:"reason"`
}

// LoadReport is what a load test measured.
type LoadReport struct {
	Duels              int           // rooms opened
	Dueling            int           // duels going on at the end of the measurement
	MinDueling         int           // the fewest duels going on at any sample of the measurement
	Finished           int64         // duels played to their end during the measurement
	Answers            int64         // answers given during the measurement
	Passes             int64         // of them, chain windows with nothing but pass, passed after server.AutoPassDelay
	Elapsed            time.Duration // the measurement's length
	AnswersPerSec      float64
	P50, P95, P99, Max time.Duration // from sending an answer to receiving the resulting state
	Errors             int64         // error messages and broken connections
	// WireKB is what the bots read from their sockets during the measurement (kB: frames,
	// compressed payloads), WirePerAnswer its bytes per answer given.
	WireKB        float64
	WirePerAnswer float64
	// CPUPerAnswer is the process's CPU time per answer (runtime/metrics: server and bots when
	// they share the process).
	CPUPerAnswer time.Duration
}

// String writes the report.
func (r LoadReport) String() string {
	lat := "latency measured at the end"
	if r.Max > 0 {
		lat = fmt.Sprintf("latency p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms", ms(r.P50), ms(r.P95), ms(r.P99), ms(r.Max))
	}
	return fmt.Sprintf("%d rooms, %d duels going on (min %d during the run), %d finished; %d answers (%d of them auto-passes) in %.1f s = %.0f answers/s; %s; %.0f kB read by the bots (%.0f bytes an answer), CPU %.1f us an answer; %d errors",
		r.Duels, r.Dueling, r.MinDueling, r.Finished, r.Answers, r.Passes, r.Elapsed.Seconds(), r.AnswersPerSec,
		lat, r.WireKB, r.WirePerAnswer, float64(r.CPUPerAnswer)/float64(time.Microsecond), r.Errors)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// loadState is shared by a load test's bots.
type loadState struct {
	cfg       LoadConfig
	measuring atomic.Bool
	dueling   atomic.Int64
	finished  atomic.Int64
	answers   atomic.Int64
	passes    atomic.Int64
	errors    atomic.Int64
	mu        sync.Mutex
	lat       []time.Duration
	wire      atomic.Int64  // bytes the bots read from their sockets
	wire0     int64         // ... when the measurement began
	cpu0      time.Duration // the process's CPU time then
}

// RunLoad runs a load test until its measurement is over (or ctx ends). It only dials loopback
// addresses.
func RunLoad(ctx context.Context, cfg LoadConfig) (LoadReport, error) {
	for _, raw := range strings.Split(cfg.URL, ",") {
		u, err := url.Parse(raw)
		if err != nil {
			return LoadReport{}, err
		}
		if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return LoadReport{}, errors.New("server: a load test only dials loopback addresses")
		}
	}
	if cfg.Duels <= 0 || cfg.Think <= 0 {
		return LoadReport{}, errors.New("server: a load test needs duels > 0 and a think time > 0")
	}
	if cfg.Deck == "" {
		cfg.Deck = "yugi-40"
	}
	ls := &loadState{cfg: cfg}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	ready := make(chan struct{}, cfg.Duels)
	for i := range cfg.Duels {
		if cfg.Ramp > 0 {
			select {
			case <-time.After(cfg.Ramp / time.Duration(cfg.Duels)):
			case <-ctx.Done():
				return LoadReport{}, ctx.Err()
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ls.room(ctx, uint64(i), ready)
		}()
	}
	for range cfg.Duels {
		select {
		case <-ready:
		case <-ctx.Done():
			return LoadReport{}, ctx.Err()
		}
	}
	ls.wire0, ls.cpu0 = ls.wire.Load(), processCPU()
	ls.measuring.Store(true)
	start := time.Now()
	minDueling := int(ls.dueling.Load())
	tick := time.NewTicker(time.Second)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
			minDueling = min(minDueling, int(ls.dueling.Load()))
			if cfg.Progress != nil {
				cfg.Progress(ls.counts(cfg.Duels, time.Since(start), minDueling))
			}
			done = time.Since(start) >= cfg.Duration
		}
	}
	tick.Stop()
	ls.measuring.Store(false)
	rep := ls.report(cfg.Duels, time.Since(start), minDueling)
	if cfg.Measured != nil {
		cfg.Measured()
	}
	cancel()
	wg.Wait()
	return rep, nil
}

// counts is the report without the latency percentiles (cheap: for progress lines).
func (ls *loadState) counts(duels int, elapsed time.Duration, minDueling int) LoadReport {
	r := LoadReport{Duels: duels, Dueling: int(ls.dueling.Load()), MinDueling: minDueling,
		Finished: ls.finished.Load(), Answers: ls.answers.Load(), Passes: ls.passes.Load(), Elapsed: elapsed, Errors: ls.errors.Load()}
	r.AnswersPerSec = float64(r.Answers) / elapsed.Seconds()
	wire := ls.wire.Load() - ls.wire0
	r.WireKB = float64(wire) / 1000
	if r.Answers > 0 {
		r.WirePerAnswer = float64(wire) / float64(r.Answers)
		r.CPUPerAnswer = (processCPU() - ls.cpu0) / time.Duration(r.Answers)
	}
	return r
}

// processCPU is the CPU time the process's Go code and runtime have used (runtime/metrics'
// estimate: user code, collection and scavenging; time in system calls is not in it).
func processCPU() time.Duration {
	s := []metrics.Sample{{Name: "/cpu/classes/user:cpu-seconds"}, {Name: "/cpu/classes/gc/total:cpu-seconds"},
		{Name: "/cpu/classes/scavenge/total:cpu-seconds"}}
	metrics.Read(s)
	var sec float64
	for _, x := range s {
		if x.Value.Kind() == metrics.KindFloat64 {
			sec += x.Value.Float64()
		}
	}
	return time.Duration(sec * float64(time.Second))
}

func (ls *loadState) report(duels int, elapsed time.Duration, minDueling int) LoadReport {
	r := ls.counts(duels, elapsed, minDueling)
	ls.mu.Lock()
	lat := slices.Clone(ls.lat)
	ls.mu.Unlock()
	if len(lat) > 0 {
		slices.Sort(lat)
		n := len(lat)
		r.P50, r.P95, r.P99, r.Max = lat[n/2], lat[n*95/100], lat[n*99/100], lat[n-1]
	}
	return r
}

// room opens one room with two bots; ready is signalled once its first duel is going on.
func (ls *loadState) room(ctx context.Context, i uint64, ready chan<- struct{}) {
	a, err := ls.dial(ctx, i, 0)
	if err != nil {
		ls.errors.Add(1)
		ready <- struct{}{}
		return
	}
	defer a.CloseNow()
	deck := `{"precon":"` + ls.cfg.Deck + `"}`
	if err := a.Write(ctx, websocket.MessageText, []byte(`{"t":"create","first":"A","deck":`+deck+`}`)); err != nil {
		ls.errors.Add(1)
		ready <- struct{}{}
		return
	}
	var code string
	for code == "" {
		_, b, err := a.Read(ctx)
		if err != nil {
			ls.errors.Add(1)
			ready <- struct{}{}
			return
		}
		var m struct{ T, Room string }
		_ = json.Unmarshal(b, &m)
		if m.T == "joined" {
			code = m.Room
		}
	}
	b, err := ls.dial(ctx, i, 1)
	if err != nil {
		ls.errors.Add(1)
		ready <- struct{}{}
		return
	}
	defer b.CloseNow()
	if err := b.Write(ctx, websocket.MessageText, []byte(`{"t":"join","room":"`+code+`","deck":`+deck+`}`)); err != nil {
		ls.errors.Add(1)
		ready <- struct{}{}
		return
	}
	var once sync.Once
	signal := func() { once.Do(func() { ready <- struct{}{} }) }
	var wg sync.WaitGroup
	for k, c := range []*websocket.Conn{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ls.bot(ctx, c, k == 0, rand.New(rand.NewPCG(ls.cfg.Seed+i, uint64(k))), signal)
		}()
	}
	wg.Wait()
	signal()
}

// dial opens seat's socket of room: to node room mod n (seat B to the next node when Routed).
func (ls *loadState) dial(ctx context.Context, room uint64, seat int) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var d net.Dialer
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{Conn: c, n: &ls.wire}, nil
	}}}
	mode := websocket.CompressionContextTakeover // offered as a browser offers it; the server chooses
	if ls.cfg.NoDeflate {
		mode = websocket.CompressionDisabled
	}
	urls := strings.Split(ls.cfg.URL, ",") // several nodes: room i on node i mod n, both its players
	node := room
	if ls.cfg.Routed && seat == 1 {
		node++ // seat B through another node: its room's messages are routed
	}
	c, _, err := websocket.Dial(dctx, urls[node%uint64(len(urls))], &websocket.DialOptions{HTTPClient: hc, CompressionMode: mode})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 22)
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"hello","v":`+strconv.Itoa(server.Version)+`,"name":"bot"}`)); err != nil {
		c.CloseNow()
		return nil, err
	}
	return c, nil
}

// botMsg is the part of a server message a bot reads.
type botMsg struct {
	T      string `json:"t"`
	Prompt *struct {
		N       int    `json:"n"`
		Kind    string `json:"kind"`
		Options []struct {
			I    int    `json:"i"`
			Verb string `json:"verb"`
		} `json:"options"`
	} `json:"prompt"`
	Result *resultJSON `json:"result"`
}

// decodeBot reads the type, the prompt and whether there is a result, without decoding the view
// (a bot does not look at it). A delta (protocol version 2) reads as the state it makes: a bot
// needs only its prompt and result, which a delta carries whole.
func decodeBot(b []byte) (botMsg, error) {
	var m botMsg
	if bytes.HasPrefix(b, []byte(`{"t":"delta"`)) {
		err := json.Unmarshal(b, &m)
		m.T = "state"
		return m, err
	}
	if !bytes.HasPrefix(b, []byte(`{"t":"state"`)) {
		return m, json.Unmarshal(b, &m)
	}
	m.T = "state"
	if i := bytes.Index(b, []byte(`"prompt":{`)); i >= 0 {
		dec := json.NewDecoder(bytes.NewReader(b[i+len(`"prompt":`):]))
		if err := dec.Decode(&m.Prompt); err != nil {
			return m, err
		}
	}
	if bytes.Contains(b, []byte(`"result":{`)) {
		m.Result = &resultJSON{}
	}
	return m, nil
}

// bot plays one seat: it answers its prompts at random after its think time, measures the time
// from each answer to the state it brings, and asks for a rematch after each duel. The seat A bot
// keeps the room's count of duels going on.
func (ls *loadState) bot(ctx context.Context, c *websocket.Conn, counts bool, rng *rand.Rand, started func()) {
	// Each bot has its own context: every Read and Write registers on the context it is given,
	// and thousands of bots sharing one would queue on its lock.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var sent time.Time
	sentPass := false // the answer sent was an auto-pass
	inDuel := false
	defer func() {
		if inDuel && counts {
			ls.dueling.Add(-1)
		}
	}()
	var rd msgReader
	for {
		b, err := rd.read(ctx, c)
		if err != nil {
			if ctx.Err() == nil {
				ls.errors.Add(1)
			}
			return
		}
		m, err := decodeBot(b)
		if err != nil {
			ls.errors.Add(1)
			return
		}
		switch m.T {
		case "error":
			ls.errors.Add(1)
		case "state":
			if !sent.IsZero() {
				if ls.measuring.Load() {
					d := time.Since(sent)
					ls.mu.Lock()
					ls.lat = append(ls.lat, d)
					ls.mu.Unlock()
					ls.answers.Add(1)
					if sentPass {
						ls.passes.Add(1)
					}
				}
				sent = time.Time{}
			}
			if !inDuel && m.Result == nil {
				inDuel = true
				if counts {
					ls.dueling.Add(1)
				}
				started()
			}
			if m.Result != nil {
				if inDuel && counts {
					ls.dueling.Add(-1)
					if ls.measuring.Load() {
						ls.finished.Add(1)
					}
				}
				inDuel = false
				if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"rematch"}`)); err != nil {
					return
				}
				continue
			}
			if m.Prompt == nil {
				continue
			}
			think := ls.cfg.Think/2 + time.Duration(rng.Int64N(int64(ls.cfg.Think)+1))
			p := m.Prompt
			sentPass = p.Kind == "chain" && len(p.Options) == 1 && p.Options[0].Verb == "pass"
			if sentPass {
				think = server.AutoPassDelay // what the web client does
			}
			select {
			case <-time.After(think):
			case <-ctx.Done():
				return
			}
			o := m.Prompt.Options[rng.IntN(len(m.Prompt.Options))]
			msg := `{"t":"answer","prompt":` + strconv.Itoa(m.Prompt.N) + `,"i":` + strconv.Itoa(o.I) + `}`
			sent = time.Now()
			if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
				return
			}
		}
	}
}

// msgReader reads a bot's messages into one buffer it reuses (a bot is done with a message
// before it reads the next): websocket.Conn.Read allocates every message anew, which was the
// largest allocation of the bots' side of a load test.
type msgReader struct{ buf bytes.Buffer }

func (m *msgReader) read(ctx context.Context, c *websocket.Conn) ([]byte, error) {
	_, r, err := c.Reader(ctx)
	if err != nil {
		return nil, err
	}
	m.buf.Reset()
	if _, err := m.buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return m.buf.Bytes(), nil
}
