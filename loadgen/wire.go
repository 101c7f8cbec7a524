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
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/coder/websocket"
	"github.com/duelistgame/duelist/server"
)

// This file measures the bytes on the wire of a duel (docs/protocol.md "Bytes on the wire"): two
// bots over loopback WebSockets play one duel, answering at random from their own seeded
// generators, and every byte each seat's socket reads is counted as it came off the TCP
// connection (the upgrade's answer, frame headers and permessage-deflate included), beside the
// messages' own (uncompressed) bytes. With the server's test seed the deal is fixed, so the same
// bots play the same duel under every protocol version and compression mode.

// WireConfig is one measured duel.
type WireConfig struct {
	URL      string // the server's WebSocket URL (ws://127.0.0.1:PORT/ws); its test seed fixes the deal
	Version  int    // the protocol version the bots speak (1: a state per change; 2: deltas)
	Compress bool   // offer permessage-deflate (the server decides whether to take it)
	Seed     uint64 // the bots' answers
	Ruleset  string // default ocg
	Decks    [2]string
	// MaxAnswers stops a duel that runs longer than this many answers (0: 20,000); it is then
	// conceded, and the report says so.
	MaxAnswers int
}

// WireSeat is what one seat received.
type WireSeat struct {
	Wire     int64 // bytes read from the TCP connection: handshake, frames, compressed payloads
	Payload  int64 // the messages' bytes as decoded (uncompressed JSON)
	Messages int   // messages received
	Boards   int   // of them, full states (v1: every state; v2: boards)
	Deltas   int   // of them, deltas (v2)
	Passes   int   // of the messages with this seat's prompt, chain windows whose only option is pass
	Answers  int   // answers this seat gave
}

// WireReport is a measured duel.
type WireReport struct {
	Seats    [2]WireSeat
	Result   string // the duel's winner and reason, as the last state says
	Conceded bool   // the duel ran over MaxAnswers and was conceded
}

// countingConn counts the bytes read from a connection.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// MeasureWire plays one duel between two bots and counts what each seat receives.
func MeasureWire(ctx context.Context, cfg WireConfig) (WireReport, error) {
	if cfg.Version == 0 {
		cfg.Version = server.Version
	}
	if cfg.Ruleset == "" {
		cfg.Ruleset = "ocg"
	}
	for i := range cfg.Decks {
		if cfg.Decks[i] == "" {
			cfg.Decks[i] = "yugi-40"
		}
	}
	if cfg.MaxAnswers <= 0 {
		cfg.MaxAnswers = 20000
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var rep WireReport
	var counts [2]atomic.Int64
	var conns [2]*websocket.Conn
	for s := range conns {
		c, err := wireDial(ctx, cfg, &counts[s])
		if err != nil {
			return rep, err
		}
		defer c.CloseNow()
		conns[s] = c
	}
	deck := func(s int) string { return `{"precon":"` + cfg.Decks[s] + `"}` }
	if err := conns[0].Write(ctx, websocket.MessageText, []byte(`{"t":"create","first":"A","ruleset":"`+cfg.Ruleset+`","deck":`+deck(0)+`}`)); err != nil {
		return rep, err
	}
	bots := [2]*wireBot{{c: conns[0]}, {c: conns[1]}}
	code, err := bots[0].untilJoined(ctx)
	if err != nil {
		return rep, err
	}
	if err := conns[1].Write(ctx, websocket.MessageText, []byte(`{"t":"join","room":"`+code+`","deck":`+deck(1)+`}`)); err != nil {
		return rep, err
	}
	var wg sync.WaitGroup
	var errs [2]error
	var answers atomic.Int64
	for s, b := range bots {
		b.rng = rand.New(rand.NewPCG(cfg.Seed, uint64(s)))
		b.max, b.answers = int64(cfg.MaxAnswers), &answers
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[s] = b.play(ctx)
			if errs[s] != nil {
				cancel() // the other bot waits for messages that will not come
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return rep, err
	}
	for s, b := range bots {
		b.seat.Wire = counts[s].Load()
		rep.Seats[s] = b.seat
	}
	rep.Result, rep.Conceded = bots[0].result, bots[0].conceded || bots[1].conceded
	return rep, nil
}

func wireDial(ctx context.Context, cfg WireConfig, n *atomic.Int64) (*websocket.Conn, error) {
	var d net.Dialer
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{Conn: c, n: n}, nil
	}}}
	mode := websocket.CompressionDisabled
	if cfg.Compress {
		mode = websocket.CompressionContextTakeover // offered as browsers offer it: the server chooses the mode
	}
	c, _, err := websocket.Dial(ctx, cfg.URL, &websocket.DialOptions{HTTPClient: hc, CompressionMode: mode})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 24)
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"t":"hello","v":`+strconv.Itoa(cfg.Version)+`,"name":"bot"}`)); err != nil {
		c.CloseNow()
		return nil, err
	}
	return c, nil
}

// wireBot is one seat of a measured duel.
type wireBot struct {
	c        *websocket.Conn
	rng      *rand.Rand
	seat     WireSeat
	max      int64
	answers  *atomic.Int64 // both seats' answers
	result   string
	conceded bool
	rd       msgReader
}

func (b *wireBot) read(ctx context.Context) (botMsg, error) {
	data, err := b.rd.read(ctx, b.c)
	if err != nil {
		return botMsg{}, err
	}
	b.seat.Messages++
	b.seat.Payload += int64(len(data))
	m, err := decodeBot(data)
	if err == nil && m.T == "error" {
		err = fmt.Errorf("server error: %s", data)
	}
	return m, err
}

// untilJoined reads until the joined message and returns the room's code.
func (b *wireBot) untilJoined(ctx context.Context) (string, error) {
	for {
		data, err := b.rd.read(ctx, b.c)
		if err != nil {
			return "", err
		}
		b.seat.Messages++
		b.seat.Payload += int64(len(data))
		var m struct{ T, Room, Code, Msg string }
		if err := json.Unmarshal(data, &m); err != nil {
			return "", err
		}
		switch m.T {
		case "joined":
			return m.Room, nil
		case "error":
			return "", fmt.Errorf("server error %s: %s", m.Code, m.Msg)
		}
	}
}

// play answers the seat's prompts at random until the duel's result.
func (b *wireBot) play(ctx context.Context) error {
	for {
		m, err := b.read(ctx)
		if err != nil {
			return err
		}
		if m.T != "state" {
			continue
		}
		if bytes.HasPrefix(b.rd.buf.Bytes(), []byte(`{"t":"delta"`)) {
			b.seat.Deltas++
		} else {
			b.seat.Boards++
		}
		if m.Result != nil {
			b.result = m.Result.Winner + " (" + m.Result.Reason + ")"
			return nil
		}
		p := m.Prompt
		if p == nil {
			continue
		}
		if p.Kind == "chain" && len(p.Options) == 1 && p.Options[0].Verb == "pass" {
			b.seat.Passes++
		}
		msg := `{"t":"answer","prompt":` + strconv.Itoa(p.N) + `,"i":` + strconv.Itoa(p.Options[b.rng.IntN(len(p.Options))].I) + `}`
		if b.answers.Add(1) > b.max {
			msg, b.conceded = `{"t":"concede"}`, true
		}
		if err := b.c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			return err
		}
		b.seat.Answers++
	}
}
