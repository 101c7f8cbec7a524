package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
)

// ErrHeld is the error (wrapped, with which database and what to do) of OpenHeld when another
// live server holds the database.
var ErrHeld = errors.New("store: the database is held by another server")

// Hold says how a server holds its database while it runs.
type Hold int

// The ways to hold a database.
const (
	// Exclusive: the only server on the database (`duelist serve` without --nats). It is refused
	// while any other server holds the database, either way.
	Exclusive Hold = iota + 1
	// Shared: one of several nodes of one game (`duelist serve --nats`), which fence each
	// other's rooms themselves. It is refused while an Exclusive server holds the database.
	Shared
)

// String returns the hold's name.
func (h Hold) String() string {
	switch h {
	case Exclusive:
		return "exclusive"
	case Shared:
		return "shared"
	}
	return fmt.Sprintf("Hold(%d)", int(h))
}

// holder is the lock a server keeps on its database for its whole life: a session advisory lock
// on a dedicated PostgreSQL connection, or an OS file lock on SQLite (lock_unix.go,
// lock_windows.go). Both are released by the database server or the OS when the process dies,
// however it dies.
type holder interface {
	release() error
}

// OpenHeld opens the database as Open does, but first takes the server's hold on it, before
// migrating: with Exclusive it fails with ErrHeld (saying which database, who holds it and what
// to do) while another live server holds it. The hold lasts until Close, or until the process
// dies. On PostgreSQL the hold is per schema (the search_path of dsn): servers on different
// schemas of one database do not see each other. Lost (the returned DB's) reports a hold that
// was lost while the server ran.
func OpenHeld(ctx context.Context, dsn string, how Hold) (*DB, error) {
	if how != Exclusive && how != Shared {
		return nil, fmt.Errorf("store: OpenHeld: unknown hold %v", how)
	}
	db, err := openRaw(dsn)
	if err != nil {
		return nil, err
	}
	if err := db.sql.PingContext(ctx); err != nil {
		db.sql.Close()
		return nil, fmt.Errorf("store: opening %s: %w", describe(dsn), err)
	}
	db.lost = make(chan struct{})
	var h holder
	if db.dialect == Postgres {
		h, err = holdPostgres(ctx, dsn, how, db.lost)
	} else {
		h, err = holdFile(dsn, how)
	}
	if err != nil {
		db.sql.Close()
		return nil, err
	}
	db.hold = h
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrating %s: %w", describe(dsn), err)
	}
	return db, nil
}

// Lost is closed when a database opened by OpenHeld lost its hold while the server ran (its
// PostgreSQL connection broke and another server took the database before it could take it
// back): the server must stop serving. Nil (never closed) for a database opened by Open.
func (db *DB) Lost() <-chan struct{} { return db.lost }

// heldAdvice is what the error of a held database tells its reader to do.
const heldAdvice = "stop that server first: one `duelist serve` per database, " +
	"or run every server as a node of one game with --nats (docs/deploy.md)"

// pgHoldKey is the advisory lock key of the server hold on a schema: advisory locks are per
// database already, and the schema makes two games in one database (tests, staging) independent.
func pgHoldKey(schema string) int64 {
	f := fnv.New64a()
	f.Write([]byte("duelist-server-hold\x00" + schema))
	return int64(f.Sum64())
}

// pgHolder holds the advisory lock on a connection of its own, pinging it so that a lost
// connection is seen, and taking the lock back on a new connection if it can.
type pgHolder struct {
	dsn, schema string
	how         Hold
	key         int64
	lostCh      chan struct{}

	mu   sync.Mutex
	pool *sql.DB
	conn *sql.Conn
	stop chan struct{}
	done chan struct{}
}

// holdPingEvery is how often a PostgreSQL hold checks its connection.
const holdPingEvery = 5 * time.Second

func holdPostgres(ctx context.Context, dsn string, how Hold, lost chan struct{}) (*pgHolder, error) {
	h := &pgHolder{dsn: holdDSN(dsn), how: how, lostCh: lost, stop: make(chan struct{}), done: make(chan struct{})}
	if err := h.take(ctx); err != nil {
		return nil, err
	}
	go h.watch()
	return h, nil
}

// holdDSN names the hold's connection in pg_stat_activity, so that the error of a server
// refused shows who holds the database.
func holdDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	q := u.Query()
	if q.Get("application_name") == "" {
		host, _ := os.Hostname()
		q.Set("application_name", fmt.Sprintf("duelist serve pid %d on %s", os.Getpid(), host))
	}
	u.RawQuery = strings.ReplaceAll(q.Encode(), "+", "%20") // pgx reads + as itself
	return u.String()
}

// take opens the hold's connection and takes the lock (ErrHeld if another server has it).
func (h *pgHolder) take(ctx context.Context) error {
	pool, err := sql.Open("pgx", h.dsn)
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", describe(h.dsn), err)
	}
	pool.SetMaxOpenConns(1)
	conn, err := pool.Conn(ctx)
	if err != nil {
		pool.Close()
		return fmt.Errorf("store: opening %s for its server lock: %w", describe(h.dsn), err)
	}
	var schema sql.NullString
	if err := conn.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		conn.Close()
		pool.Close()
		return fmt.Errorf("store: reading the schema of %s: %w", describe(h.dsn), err)
	}
	h.schema = schema.String
	h.key = pgHoldKey(h.schema)
	fn := "pg_try_advisory_lock"
	if h.how == Shared {
		fn = "pg_try_advisory_lock_shared"
	}
	var ok bool
	if err := conn.QueryRowContext(ctx, "SELECT "+fn+"($1)", h.key).Scan(&ok); err != nil {
		conn.Close()
		pool.Close()
		return fmt.Errorf("store: taking the server lock of %s: %w", describe(h.dsn), err)
	}
	if !ok {
		who := h.holders(ctx, conn)
		conn.Close()
		pool.Close()
		return fmt.Errorf("%w: %s (schema %s) is held by %s; %s", ErrHeld, describe(h.dsn), h.schema, who, heldAdvice)
	}
	h.mu.Lock()
	h.pool, h.conn = pool, conn
	h.mu.Unlock()
	return nil
}

// holders describes the sessions that hold the lock (their application names, addresses and
// start times), or says it could not tell.
func (h *pgHolder) holders(ctx context.Context, conn *sql.Conn) string {
	u := uint64(h.key)
	rows, err := conn.QueryContext(ctx, `SELECT a.pid, COALESCE(a.application_name, ''), COALESCE(host(a.client_addr), 'local'),
		a.backend_start, l.mode
		FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
		  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
		  AND l.classid::bigint = $1 AND l.objid::bigint = $2 AND a.pid <> pg_backend_pid()`,
		int64(u>>32), int64(u&0xffffffff))
	if err != nil {
		return "another live server (" + err.Error() + ")"
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var pid int64
		var app, addr, mode string
		var since time.Time
		if err := rows.Scan(&pid, &app, &addr, &since, &mode); err != nil {
			return "another live server"
		}
		kind := "a server"
		if strings.HasPrefix(mode, "Share") {
			kind = "a node of a --nats game"
		}
		out = append(out, fmt.Sprintf("%s (%q, from %s, connected since %s, backend pid %d)",
			kind, app, addr, since.UTC().Format(time.RFC3339), pid))
	}
	if len(out) == 0 {
		return "another live server"
	}
	return strings.Join(out, ", ")
}

// watch pings the hold's connection; when it breaks, it takes the lock again on a new one, and
// closes lostCh if another server took the database meanwhile.
func (h *pgHolder) watch() {
	defer close(h.done)
	t := time.NewTicker(holdPingEvery)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), holdPingEvery)
		h.mu.Lock()
		conn := h.conn
		h.mu.Unlock()
		err := conn.PingContext(ctx)
		cancel()
		if err == nil {
			continue
		}
		h.mu.Lock()
		h.conn.Close()
		h.pool.Close()
		h.mu.Unlock()
		for {
			ctx, cancel := context.WithTimeout(context.Background(), holdPingEvery)
			err := h.take(ctx)
			cancel()
			if err == nil {
				break
			}
			if errors.Is(err, ErrHeld) {
				close(h.lostCh)
				return
			}
			select { // the database is unreachable: try again
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}
}

func (h *pgHolder) release() error {
	close(h.stop)
	<-h.done
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.lostCh:
		return nil // nothing held
	default:
	}
	// Closing the session releases its locks; unlocking first says so at once.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	fn := "pg_advisory_unlock"
	if h.how == Shared {
		fn = "pg_advisory_unlock_shared"
	}
	_, _ = h.conn.ExecContext(ctx, "SELECT "+fn+"($1)", h.key)
	h.conn.Close()
	return h.pool.Close()
}

// sqlitePath is the file a SQLite data source name opens, "" for an in-memory database (which
// no other process can open, so needs no hold).
func sqlitePath(dsn string) string {
	if dsn == "" {
		dsn = DefaultFile
	}
	p := strings.TrimPrefix(dsn, "file:")
	q := ""
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p, q = p[:i], p[i+1:]
	}
	if p == "" || p == ":memory:" || strings.Contains(q, "mode=memory") {
		return ""
	}
	return p
}

// holdFile takes the OS lock of a SQLite database: the file beside it named DB.lock (never the
// database file itself, whose POSIX locks are SQLite's: closing another descriptor of it would
// drop them). The OS releases it when the process dies.
func holdFile(dsn string, how Hold) (holder, error) {
	p := sqlitePath(dsn)
	if p == "" {
		return noHold{}, nil
	}
	h, err := lockFile(p+".lock", how == Shared)
	if err != nil {
		if errors.Is(err, errLocked) {
			who := "another live server"
			if b, rerr := os.ReadFile(p + ".lock"); rerr == nil && len(strings.TrimSpace(string(b))) > 0 {
				who = strings.TrimSpace(string(b))
			}
			return nil, fmt.Errorf("%w: %s is held by %s (lock file %s.lock); %s", ErrHeld, describe(dsn), who, p, heldAdvice)
		}
		return nil, fmt.Errorf("store: locking %s: %w", describe(dsn), err)
	}
	return h, nil
}

// errLocked is lockFile's error when another process holds the lock.
var errLocked = errors.New("locked by another process")

// holderLine is what a server writes into its SQLite lock file, for the error of the next one.
func holderLine() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("duelist serve pid %d on %s since %s", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
}

// noHold holds nothing (an in-memory database).
type noHold struct{}

func (noHold) release() error { return nil }
