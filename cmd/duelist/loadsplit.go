package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/store"
)

// `duelist loadtest --split` runs the load test's server in a child process of its own
// (`duelist loadtest --serve-only`), so that its heap, its collections and its profile are the
// server's alone, not also the bots' (4,000 client sockets with their buffers in the same heap
// as the server's 4,000).

// loadServerLine starts the line a --serve-only child prints once it serves: the WebSocket URL
// and the profiles' address.
const loadServerLine = "load server: "

// newLoadServer is the server of the plain load test: no limits a load test would reach, and
// no store unless db is set; then every duel is kept in db's durable duel log (duels.New, as
// `duelist serve` keeps it: every answer written before it is broadcast, group-committed). The
// returned func closes the log (its writer drains the queued moves); call it after the server
// stops and before db closes.
func newLoadServer(db *store.DB) (*server.Server, func()) {
	so := server.Options{Logf: func(string, ...any) {}, Limits: server.Unlimited()}
	closeLog := func() {}
	if db != nil {
		l := duels.New(db)
		so.Log = l
		closeLog = func() { l.Close() }
	}
	return server.New(so, nil), closeLog
}

// openLoadDB opens the plain load test's database (--db: a SQLite file or a postgres://... URL),
// nil for none ("").
func openLoadDB(dsn string) (*store.DB, error) {
	if dsn == "" {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return store.Open(ctx, dsn)
}

// serveOnly runs `duelist loadtest --serve-only [--db DSN]`: the load test's server on a
// loopback port, and its profiles on another, until its standard input closes (the parent is
// done or gone).
func serveOnly(dsn string, stdin io.Reader, stdout, stderr io.Writer) int {
	db, err := openLoadDB(dsn)
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	if db != nil {
		defer db.Close()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	srv, closeLog := newLoadServer(db)
	defer closeLog() // after the server stops, before the database closes
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	defer hs.Close()
	pp, err := servePprof("127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%sws://%s/ws http://%s\n", loadServerLine, ln.Addr(), pp)
	_, _ = io.Copy(io.Discard, stdin)
	return 0
}

// loadChild is a running --serve-only child.
type loadChild struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	url   string // its WebSocket URL
	pprof string // its profiles' base URL
}

// startLoadChild starts the child (its duel log in the database dsn, none for "") and waits for
// its address; its standard error (GODEBUG=gctrace lines, say) goes to stderr, each line after
// "server| ".
func startLoadChild(ctx context.Context, dsn string, stderr io.Writer) (*loadChild, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, exe, "loadtest", "--serve-only", "--db="+dsn)
	errs, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	go func() { // each line marked as the server's (GODEBUG=gctrace lines come from both processes)
		sc := bufio.NewScanner(errs)
		for sc.Scan() {
			fmt.Fprintf(stderr, "server| %s\n", sc.Bytes())
		}
	}()
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, loadServerLine) {
		in.Close()
		_ = cmd.Wait()
		return nil, fmt.Errorf("the load server did not start: %q %v", line, err)
	}
	f := strings.Fields(strings.TrimPrefix(line, loadServerLine))
	if len(f) != 2 {
		in.Close()
		_ = cmd.Wait()
		return nil, errors.New("the load server said " + line)
	}
	return &loadChild{cmd: cmd, stdin: in, url: f[0], pprof: f[1]}, nil
}

// heapProfile writes the child's heap profile (after a collection) to file.
func (c *loadChild) heapProfile(file string) error {
	resp, err := http.Get(c.pprof + "/debug/pprof/heap?gc=1")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the load server's heap profile: %s", resp.Status)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// stop ends the child and waits for it.
func (c *loadChild) stop() {
	c.stdin.Close()
	_ = c.cmd.Wait()
}
