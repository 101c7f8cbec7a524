package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/duelistgame/duelist/server"
)

// QueueLoadConfig configures a quick-match load test: bots that each log in (header), queue,
// and wait to be matched.
type QueueLoadConfig struct {
	URL     string        // the server's WebSocket URL: loopback only
	Players int           // bots, each its own account
	Ramp    time.Duration // the bots queue over this time (0: all at once)
	Timeout time.Duration // how long a bot waits to be matched (default 2 min)
	// Header gives bot i's handshake headers (its login); the in-process server of `duelist
	// loadtest --queue` reads the account from it.
	Header func(i int) http.Header
}

// QueueLoadReport is what a quick-match load test measured: the time from sending "queue" to
// receiving "matched", over real WebSockets and the server's matchmaker.
type QueueLoadReport struct {
	Players, Matched int
	P50, P99, Max    time.Duration
	Errors           int
}

// String writes the report.
func (r QueueLoadReport) String() string {
	return fmt.Sprintf("%d players queued, %d matched; wait p50 %.2f s, p99 %.2f s, max %.2f s; %d errors",
		r.Players, r.Matched, r.P50.Seconds(), r.P99.Seconds(), r.Max.Seconds(), r.Errors)
}

// LoadAccountHeader is the header a load bot's account travels in (in-process servers only).
const LoadAccountHeader = "X-Duelist-Load-Account"

// RunQueueLoad runs the bots until each is matched, times out, or ctx ends.
func RunQueueLoad(ctx context.Context, cfg QueueLoadConfig) (QueueLoadReport, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return QueueLoadReport{}, err
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return QueueLoadReport{}, fmt.Errorf("loadtest: %s is not a loopback address", u.Hostname())
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.Header == nil {
		cfg.Header = func(i int) http.Header {
			return http.Header{LoadAccountHeader: {strconv.Itoa(i + 1)}}
		}
	}
	var mu sync.Mutex
	var waits []time.Duration
	errs := 0
	var wg sync.WaitGroup
	start := time.Now()
	for i := range cfg.Players {
		if cfg.Ramp > 0 {
			at := start.Add(cfg.Ramp * time.Duration(i) / time.Duration(cfg.Players))
			select {
			case <-time.After(time.Until(at)):
			case <-ctx.Done():
			}
		}
		wg.Go(func() {
			w, err := queueBot(ctx, cfg, i)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs++
				return
			}
			waits = append(waits, w)
		})
	}
	wg.Wait()
	slices.Sort(waits)
	rep := QueueLoadReport{Players: cfg.Players, Matched: len(waits), Errors: errs}
	if n := len(waits); n > 0 {
		rep.P50, rep.P99, rep.Max = waits[n/2], waits[min(n-1, n*99/100)], waits[n-1]
	}
	return rep, nil
}

// queueBot is one bot: it queues and returns how long it waited for "matched".
func queueBot(ctx context.Context, cfg QueueLoadConfig, i int) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, cfg.URL, &websocket.DialOptions{HTTPHeader: cfg.Header(i),
		CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return 0, err
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 22)
	send := func(v any) error {
		b, _ := json.Marshal(v)
		return ws.Write(ctx, websocket.MessageText, b)
	}
	if err := send(map[string]any{"t": "hello", "v": server.Version, "name": "bot" + strconv.Itoa(i)}); err != nil {
		return 0, err
	}
	t0 := time.Time{}
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			return 0, err
		}
		var m struct {
			T, Msg string
		}
		json.Unmarshal(b, &m)
		switch m.T {
		case "welcome":
			t0 = time.Now()
			if err := send(map[string]any{"t": "queue", "ruleset": "ocg", "format": "bo1"}); err != nil {
				return 0, err
			}
		case "matched":
			return time.Since(t0), nil
		case "error":
			return 0, fmt.Errorf("bot %d: %s", i, m.Msg)
		}
	}
}
