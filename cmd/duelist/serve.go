package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/bus"
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/cluster"
	"github.com/duelistgame/duelist/collection"
	"github.com/duelistgame/duelist/decklib"
	"github.com/duelistgame/duelist/duels"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/fairplay"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/ladder"
	"github.com/duelistgame/duelist/limit"
	"github.com/duelistgame/duelist/loadgen"
	"github.com/duelistgame/duelist/presence"
	"github.com/duelistgame/duelist/server"
	"github.com/duelistgame/duelist/social"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/web"
)

// cmdServe runs the duel server and serves the browser client.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	timeLimit := fs.Duration("time-limit", 180*time.Second, "default time bank of a seat, refilled each turn")
	grace := fs.Duration("grace", 90*time.Second, "how long a dropped player's seat waits for a rejoin")
	rate := fs.Float64("rate", 20, "messages a connection may send a second")
	hosts := fs.String("host", "", "comma-separated Host names the server answers (default: the loopback names on a loopback --addr, any otherwise)")
	proxyHeader := fs.String("proxy-header", "", "behind a reverse proxy: the header it writes the client's address into (X-Forwarded-For or X-Real-IP)")
	webDir := fs.String("web-dir", "", "serve the web client from this directory instead of the binary (for editing it)")
	picsDir := fs.String("pics", "", "a folder of card pictures named <passcode>.jpg (YGOPro's pics folder): every card shows its picture (default: generated illustrations)")
	dbName := fs.String("db", store.DefaultFile, "the database: a SQLite file (created on first run) or a postgres://... URL")
	dbConns := fs.Int("db-conns", store.MaxPostgresConns, "PostgreSQL: the most connections this node holds open (all nodes together, plus one each, must stay below the server's max_connections)")
	secureCookies := fs.Bool("secure-cookies", false, "always use the Secure __Host- session cookie (behind a TLS-terminating proxy)")
	testSeed := fs.Uint64("test-seed", 0, "tests only, on a loopback --addr: every duel uses this seed, so every deal is the same (e2e/visual.test.js)")
	connsPerAddr := fs.Int("conns-per-addr", 64, "connections one address may hold at once (-1: no limit; raise it for players behind one NAT)")
	roomsPerAddr := fs.Int("rooms-per-addr", 8, "open rooms one address may have created (-1: no limit; raise it for players behind one NAT)")
	regsPerAddr := fs.Int("registrations-per-addr", account.DefaultLimits.RegisterBurst, "accounts one address may register at once, then one every 6 min (-1: no limit)")
	loginsPerAddr := fs.Int("logins-per-addr", account.DefaultLimits.AddrBurst, "password checks (logins, registrations, password changes) one address may make at once, then one every 3 s (-1: no limit)")
	realDuel := fs.String("real-duel", fmt.Sprintf("%d,%d", fairplay.Real.Turns, fairplay.Real.Decisions), "TURNS,DECISIONS: the minimum of a duel that earns gems or moves a rating (docs/security.md \"Fair play\"; tests may lower it)")
	pprofAddr := fs.String("pprof", "", "serve the runtime profiles (/debug/pprof/) on this loopback address, e.g. 127.0.0.1:6060 (off by default)")
	natsURL := fs.String("nats", "", "run as a node of a game whose nodes share the --db PostgreSQL database and this NATS server (nats://host:4222); see docs/deploy.md")
	game := fs.String("game", "duelist", "with --nats: the game's name (its NATS subjects and lease bucket), so that games can share a NATS server")
	nodeID := fs.String("node", "", "with --nats: this node's id (default: the host name and random digits)")
	keepMoves := fs.Duration("keep-moves", defaultKeepMoves, "how long a finished duel's move log is kept; then it is deleted and the duel's replay kept compressed (0: keep them forever; docs/durability.md \"Retention\")")
	leaseTTL := fs.Duration("lease-ttl", cluster.DefaultTTL, "with --nats: how long a node's lease lasts without a renewal (its rooms are taken over after it)")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if w := toolchainWarning(builtWith()); w != "" {
		fmt.Fprintf(stderr, "duelist serve: %s\n", w)
	}
	if *dbConns < 1 {
		fmt.Fprintf(stderr, "duelist serve: --db-conns is a count of at least 1, not %d\n", *dbConns)
		return 2
	}
	if *keepMoves < 0 {
		fmt.Fprintf(stderr, "duelist serve: --keep-moves is a duration of at least 0 (0: keep the move logs forever)\n")
		return 2
	}
	if *connsPerAddr == 0 || *connsPerAddr < -1 || *roomsPerAddr == 0 || *roomsPerAddr < -1 {
		fmt.Fprintf(stderr, "duelist serve: --conns-per-addr and --rooms-per-addr take a count of at least 1, or -1 for no limit\n")
		return 2
	}
	if *pprofAddr != "" {
		a, err := servePprof(*pprofAddr)
		if err != nil {
			fmt.Fprintf(stderr, "duelist serve: %v\n", err)
			return 2
		}
		fmt.Fprintf(stdout, "Profiles on http://%s/debug/pprof/\n", a)
	}
	hold := store.Exclusive
	var nd *node
	if *natsURL != "" {
		if !strings.HasPrefix(*dbName, "postgres://") && !strings.HasPrefix(*dbName, "postgresql://") {
			fmt.Fprintf(stderr, "duelist serve: --nats needs a PostgreSQL --db (postgres://...): the nodes share it\n")
			return 2
		}
		hold = store.Shared
		nd = &node{id: *nodeID, ttl: *leaseTTL, logf: func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) },
			cut: make(chan struct{})}
		if nd.id == "" {
			nd.id = newNodeID()
		}
		nc, err := dialNATS(*natsURL, nd.id)
		if err != nil {
			fmt.Fprintf(stderr, "duelist serve: %v\n", err)
			return 1
		}
		nd.nc = nc
		defer nd.close()
	}
	octx, ocancel := context.WithTimeout(context.Background(), time.Minute)
	// One server per database: a second one is refused while this one lives (store.OpenHeld);
	// the nodes of a --nats game hold it shared.
	db, err := store.OpenHeld(octx, *dbName, hold)
	ocancel()
	if err != nil {
		fmt.Fprintf(stderr, "duelist serve: %v\n", err)
		return 1
	}
	defer db.Close()
	db.SetMaxConns(*dbConns) // at least 1: checked above
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "duelist serve: %v\n", err)
		return 1
	}
	if *testSeed != 0 {
		if ip, err := netip.ParseAddrPort(ln.Addr().String()); err != nil || !ip.Addr().IsLoopback() {
			ln.Close()
			fmt.Fprintf(stderr, "duelist serve: --test-seed is for tests on a loopback address only, not %s\n", *addr)
			return 2
		}
		fmt.Fprintf(stdout, "Test seed %d: every duel is dealt the same (tests only).\n", *testSeed)
	}
	static := web.FileSystem()
	if *webDir != "" {
		static = http.Dir(*webDir)
	}
	lim := server.Limits{ProxyHeader: *proxyHeader, MaxConnsPerAddr: *connsPerAddr, MaxRoomsPerAddr: *roomsPerAddr}
	if *hosts != "" {
		lim.AllowedHosts = strings.Split(*hosts, ",")
	} else if ip, err := netip.ParseAddrPort(ln.Addr().String()); err == nil && ip.Addr().IsLoopback() {
		lim.AllowedHosts = server.LoopbackHosts() // no DNS rebinding onto a local server
	}
	so := server.Options{TimeLimit: *timeLimit, Grace: *grace, RatePerSec: *rate,
		RateBurst: 2 * *rate, Limits: lim, TestSeed: *testSeed}
	if *picsDir != "" {
		if so.Pics, err = server.OpenPics(*picsDir); err != nil {
			ln.Close()
			fmt.Fprintf(stderr, "duelist serve: %v\n", err)
			return 2
		}
	}
	if nd != nil {
		so.Bus = cluster.NewBus(nd.nc, *game, nd.logf)
		so.Peers = cluster.NewPeers(nd.nc, *game, nd.id, nd.liveIDs, nd.logf) // the game's lists, presence and routes
		so.NodeID = nd.id
		so.Handoff = nd.handoff // a SIGTERM drains the node: its rooms go to the others first
	}
	nodeName := ""
	if nd != nil {
		nodeName = nd.id
	}
	real, err := parseRealDuel(*realDuel)
	if err != nil || *regsPerAddr == 0 || *regsPerAddr < -1 || *loginsPerAddr == 0 || *loginsPerAddr < -1 {
		fmt.Fprintf(stderr, "duelist serve: --real-duel takes TURNS,DECISIONS (0 or more); --registrations-per-addr and --logins-per-addr a count of at least 1, or -1\n")
		return 2
	}
	st, err := newStack(db, so, account.Options{SecureCookies: *secureCookies,
		Limits: account.Limits{RegisterBurst: *regsPerAddr, AddrBurst: *loginsPerAddr}}, static, nodeName, real)
	if err != nil {
		fmt.Fprintf(stderr, "duelist serve: %v\n", err)
		return 1
	}
	srv, accounts := st.srv, st.accounts
	// The log's writer drains every queued move after the rooms stop and before the database
	// closes (deferred earlier, so it runs later): no acknowledged move is lost.
	defer st.log.Close()
	defer st.runRatings(func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) })() // before the database closes
	// A node cut from the database for a lease TTL must stop serving (node.cutFromDB).
	var dbCut <-chan struct{}
	var lost <-chan struct{} // a node's lease ended: it must stop serving
	if nd == nil {
		// Every duel the last run left unfinished comes back before the first connection.
		t0 := time.Now()
		rst, err := srv.Hub().Recover(context.Background())
		if err != nil {
			fmt.Fprintf(stderr, "duelist serve: %v\n", err)
			return 1
		}
		if rst.Rooms+rst.Finished+rst.Failed > 0 {
			fmt.Fprintf(stdout, "Recovered from the log: %v in %v.\n", rst, time.Since(t0).Round(time.Millisecond))
		}
	} else {
		// A node: its lease first, then the rooms of dead nodes (and those with no owner).
		nd.log, nd.hub, nd.db = st.log, srv.Hub(), db.SQL()
		jctx, jcancel := context.WithTimeout(context.Background(), time.Minute)
		err := nd.joinGame(jctx, *game, ln.Addr().String())
		if err == nil {
			_, err = nd.sweep(jctx)
		}
		jcancel()
		if err != nil {
			fmt.Fprintf(stderr, "duelist serve: node %s: %v\n", nd.id, err)
			return 1
		}
		nd.stop, nd.done = make(chan struct{}), make(chan struct{})
		go nd.run()
		lost = nd.lease.Lost()
		dbCut = nd.cutFromDB()
		fmt.Fprintf(stdout, "Node %s of game %s (lease %v, engine %s).\n", nd.id, *game, *leaseTTL, engine.Version)
	}
	hs := &http.Server{Handler: st.handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Duelist is serving on http://%s/ (Ctrl-C stops it)\n", ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	purge := time.NewTicker(sessionPurgeEvery) // expired login sessions go every hour
	defer purge.Stop()
	purged := make(chan struct{})
	go func() {
		defer close(purged)
		purgeSessions(ctx, accounts, purge.C, func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) })
	}()
	defer func() { stop(); <-purged }() // before the database closes
	if *keepMoves > 0 {
		prune := time.NewTicker(movePruneEvery)
		defer prune.Stop()
		pruned := make(chan struct{})
		go func() {
			defer close(pruned)
			pruneMoves(ctx, st.log, *keepMoves, time.Now, prune.C, func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) })
		}()
		defer func() { stop(); <-pruned }() // before the duel log and the database close
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	code := 0
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "duelist serve: %v\n", err)
			return 1
		}
	case <-dbCut:
		// It can write nothing, and while its lease lives nobody takes its rooms over: it
		// gives the lease up now, so that a node that reaches the database takes them, and stops.
		nd.releaseLease()
		code = 1
	case <-lost:
		// No renewal of the lease for a whole TTL by this node's clock (cut from NATS), or
		// another took it: the survivors take its rooms over, so it stops serving now.
		fmt.Fprintf(stderr, "duelist serve: node %s lost its lease; stopping\n", nd.id)
		code = 1
	case <-db.Lost():
		// The database's connection broke and another server took it meanwhile: two servers
		// must not serve one database's duels, so this one stops (its moves are in the log).
		fmt.Fprintf(stderr, "duelist serve: lost the hold on the database to another server; stopping\n")
		code = 1
	case <-ctx.Done():
	}
	if code == 1 || ctx.Err() != nil {
		// Stop accepting, let every room finish the move it is on (moves are in the log before
		// anyone sees them), tell every client "restarting" and close (docs/durability.md).
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx) // WebSockets are hijacked: Shutdown does not wait for them
		if err := srv.Shutdown(sctx); err != nil {
			fmt.Fprintf(stderr, "duelist serve: shutting down: %v\n", err)
		}
		fmt.Fprintln(stdout, "Duelist stopped.")
	}
	return code
}

// stack is the whole online game over one store: the duel server, the accounts and every JSON
// API, as `duelist serve` runs it (and `duelist loadtest --rated` measures it).
type stack struct {
	srv      *server.Server
	accounts *account.Service
	ladder   *ladder.Ladder    // its queue of ratings runs beside the server (runRatings)
	routes   *routetable.Table // the game's one route table: the server's routes and every service's
	handler  http.Handler      // every route, behind the Host check and the security headers
	log      *duels.Log        // the durable duel log: Close it after the server's rooms stop, before the database
}

// newStack builds the online game over db. so are the duel server's options (its duel log,
// account, rating, quick-match and OnFinish hooks are set here); ao the accounts'. node, when
// not "", is the node's id in a --nats game: its duel log is fenced (duels.Log.Fenced).
// real is the minimum of a real duel (fairplay.Real when zero), for the earnings and the ladder.
func newStack(db *store.DB, so server.Options, ao account.Options, static http.FileSystem, node string, real fairplay.Minimum) (*stack, error) {
	// One client address everywhere: the account API's limits count the address the duel
	// server's do (limit.Addr with the same trusted proxy header).
	ao.ProxyHeader = so.Limits.ProxyHeader
	// The server reports its connections' places to the presence registry and delivers the
	// services' messages from the bus; social reads the one and publishes to the other. Neither
	// knows the other (wire.go adapts their types). A bus given (NATS: several nodes) is kept.
	so.Presence = presence.New()
	if so.Bus == nil {
		so.Bus = bus.NewLocal()
	}
	// A session that ends (logout, log out everywhere, a password change, a deletion) closes the
	// WebSockets opened with it, on every node the bus reaches (wire.go).
	ao.OnRevoke = revokeOnBus(so.Bus)
	accounts, err := account.New(db, ao)
	if err != nil {
		return nil, err
	}
	eco := collection.DefaultEconomy
	eco.Real = real
	coll := collection.New(db, collection.Options{Economy: &eco})
	ladLog := so.Logf
	if ladLog == nil {
		ladLog = log.Printf
	}
	// Social before the ladder, which shows a friend's profile (AreFriends): no closure over a
	// service built later.
	var pres social.Presence = so.Presence
	if so.Peers != nil { // a node: who is online, and where, on every node (server/peers.go)
		pres = server.NewNodesPresence(so.Presence, so.Peers, ladLog)
	}
	soc := social.New(db, social.Options{Presence: pres, Bus: so.Bus})
	lad := ladder.New(db, ladder.Options{Logf: ladLog, Real: real, Friends: soc.AreFriends})
	dl := duels.New(db)
	so.Log = earningLog{servingLog: dl, pay: coll}
	if node != "" {
		dl.Fenced(node, engine.Version)
		so.Claims = dl
	}
	so.Account = requestAccount
	so.AccountName = requestAccountName
	so.Session = func(r *http.Request) string { return account.SessionFromContext(r.Context()) }
	so.OnFinish = func(ctx context.Context, d server.FinishedDuel) error {
		return lad.OnFinish(ctx, ladder.FinishedDuel(d))
	}
	// Quick match, and the rooms that are not free cards, take only decks of cards the account owns.
	owned := func(ctx context.Context, acc int64) (map[card.Passcode]int, error) {
		return coll.Owned(ctx, account.ID(acc))
	}
	so.Owned = owned
	so.QuickMatch = server.QuickMatchOptions{Rating: lad.RatingOf, Owned: owned}
	so.Chat = roomChat{soc.Rooms()}
	// The game's one route table: the duel server adds its routes to it, then each service its own.
	so.Routes = routetable.New()
	srv := server.New(so, static)
	cat, err := catalog.DefaultWith(cards.Implemented)
	if err != nil {
		dl.Close()
		return nil, err
	}
	// The collection, the card centre, the saved decks (owned counts from the collection), the
	// ladder and the social APIs.
	// Every route, the APIs beside the server too, gets the Host check and the security headers,
	// and its client address (limit.RequestAddr) from the one definition the server uses.
	h := limit.WithAddr(so.Limits.ProxyHeader, srv.Guard(withAccounts(so.Routes, accounts,
		coll,
		catalog.NewHTTP(cat, coll),
		decklib.New(db, cat, coll).WithStarters(eco.StarterDecks),
		lad,
		soc,
	)))
	return &stack{srv: srv, accounts: accounts, ladder: lad, routes: so.Routes, handler: h, log: dl}, nil
}

// requestAccount is the logged-in account of a request (set by the accounts' middleware), 0 for
// none.
func requestAccount(r *http.Request) int64 {
	if u, ok := account.FromContext(r.Context()); ok {
		return int64(u.ID)
	}
	return 0
}

// requestAccountName is the logged-in account's name of a request, "" for none.
func requestAccountName(r *http.Request) string {
	if u, ok := account.FromContext(r.Context()); ok {
		return u.Name
	}
	return ""
}

// withAccounts adds the account API and the other JSON APIs (apis, each adding its routes under
// /api/<its name>/: the collection and packs, the card centre, the saved decks, the ladder,
// social) to the game's route table, which holds the duel server's, and sets every request's
// logged-in user (account.FromContext) from its session cookie, the WebSocket upgrade included.
func withAccounts(table *routetable.Table, accounts *account.Service, apis ...interface{ Routes(*routetable.Table) }) http.Handler {
	accounts.Routes(table)
	for _, api := range apis {
		api.Routes(table) // each under its own /api/<name>/
	}
	return accounts.Middleware(table)
}

// cmdLoadtest runs bot clients against a duel server over loopback WebSockets (an in-process
// server unless --url names one) and reports duels held, answers/s and latency.
func cmdLoadtest(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	duels := fs.Int("duels", 2000, "rooms, each with two bot players")
	duration := fs.Duration("duration", 60*time.Second, "how long to measure once every room is dueling")
	think := fs.Duration("think", time.Second, "a bot's mean time before answering")
	ramp := fs.Duration("ramp", 20*time.Second, "the rooms are opened over this time")
	target := fs.String("url", "", "a running server's WebSocket URL (ws://127.0.0.1:PORT/ws), or several nodes' comma-separated (room i on the i-th mod n); empty = an in-process server")
	deckName := fs.String("deck", "yugi-40", "the bots' preconstructed deck")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measurement to this file")
	memProfile := fs.String("memprofile", "", "write a heap profile to this file at the end of the measurement (every room still live)")
	queue := fs.Int("queue", 0, "instead: this many logged-in bots queue for quick match at once (in-process server); report their waits")
	rated := fs.Int("rated", 0, "instead: this many bots register, play rated quick-match duels and chat on the whole in-process game (see --db)")
	dbName := fs.String("db", "", "the database, a SQLite file or a postgres://... URL; plain load test: its server keeps every duel in this durable duel log, every answer written before it is broadcast (default: no log); with --rated: default a new SQLite file in a temporary directory")
	chat := fs.Duration("chat", 10*time.Second, "with --rated: a bot's mean time between two room chat messages (0: none)")
	duelTime := fs.Duration("duel-time", time.Minute, "with --rated: a bot concedes a duel after about this long, so duels end and bots queue again (0: play every duel to its end, minutes of random play)")
	fastLogin := fs.Bool("fast-login", false, "with --rated: hash the bots' passwords with a cheap argon2id (64 KiB, 1 pass) so thousands can register quickly; the logins are not what is measured")
	split := fs.Bool("split", false, "run the in-process server in a child process of its own (its heap and collections apart from the bots'; --memprofile then profiles the server)")
	serveOnlyFlag := fs.Bool("serve-only", false, "(used by --split) only serve the load test's server and print its address")
	routed := fs.Bool("routed", false, "with several --url nodes: each room's seat B connects through the next node, so its messages are routed over NATS")
	noDeflate := fs.Bool("no-deflate", false, "the bots do not offer WebSocket compression (browsers do; the server compresses each message over 128 bytes)")
	if _, err := parseFlags(fs, args); err != nil {
		return 2
	}
	if *serveOnlyFlag {
		return serveOnly(*dbName, os.Stdin, stdout, stderr)
	}
	if *queue > 0 {
		return queueLoad(*queue, *ramp, stdout, stderr)
	}
	if *rated > 0 {
		return ratedLoad(ratedLoadFlags{players: *rated, db: *dbName, think: *think, ramp: *ramp,
			duration: *duration, chat: *chat, duelTime: *duelTime, fastLogin: *fastLogin}, stdout, stderr)
	}
	if *dbName != "" && *target != "" {
		fmt.Fprintln(stderr, "duelist loadtest: --db is for the load test's own server, not with --url")
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	u := *target
	measured := func() { writeHeapProfile(*memProfile, stderr) }
	if u == "" && *split {
		child, err := startLoadChild(context.Background(), *dbName, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
			return 1
		}
		defer child.stop()
		u = child.url
		measured = func() {
			if *memProfile != "" {
				if err := child.heapProfile(*memProfile); err != nil {
					fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
				}
			}
		}
	} else if u == "" {
		db, err := openLoadDB(*dbName)
		if err != nil {
			fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
			return 1
		}
		if db != nil {
			defer db.Close() // after the server's (deferred below, so run first)
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
		u = "ws://" + ln.Addr().String() + "/ws"
	}
	logged := "no duel log"
	if *dbName != "" {
		logged = "duel log in " + *dbName
	}
	fmt.Fprintf(stdout, "loadtest: %d duels (%d bot connections) against %s (%s), think %v, ramp %v, measuring %v\n",
		*duels, 2**duels, u, logged, *think, *ramp, *duration)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadgen.RunLoad(ctx, loadgen.LoadConfig{URL: u, Duels: *duels, Duration: *duration,
		Think: *think, Ramp: *ramp, Deck: *deckName, Seed: 1, NoDeflate: *noDeflate, Routed: *routed,
		Progress: func(r loadgen.LoadReport) { fmt.Fprintf(stderr, "  %v\n", r) },
		Measured: measured})
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "result: %v\n", rep)
	return 0
}

// queueLoad runs `duelist loadtest --queue N`: an in-process server whose connections log in by
// a header (loadgen.LoadAccountHeader, only here), and N bots that queue for quick match.
func queueLoad(n int, ramp time.Duration, stdout, stderr io.Writer) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	// All the bots come from 127.0.0.1: no per-address caps.
	srv := server.New(server.Options{Logf: func(string, ...any) {}, MaxRooms: n, RatePerSec: -1, Limits: server.Unlimited(),
		Account: func(r *http.Request) int64 {
			id, _ := strconv.ParseInt(r.Header.Get(loadgen.LoadAccountHeader), 10, 64)
			return id
		}}, nil)
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	defer hs.Close()
	fmt.Fprintf(stdout, "loadtest: %d bots queue for quick match (ramp %v)\n", n, ramp)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadgen.RunQueueLoad(ctx, loadgen.QueueLoadConfig{URL: "ws://" + ln.Addr().String() + "/ws", Players: n, Ramp: ramp})
	if err != nil {
		fmt.Fprintf(stderr, "duelist loadtest: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "result: %v\n", rep)
	return 0
}

// parseRealDuel reads --real-duel's TURNS,DECISIONS.
func parseRealDuel(s string) (fairplay.Minimum, error) {
	var m fairplay.Minimum
	if _, err := fmt.Sscanf(s, "%d,%d", &m.Turns, &m.Decisions); err != nil || m.Turns < 0 || m.Decisions < 0 {
		return m, fmt.Errorf("--real-duel %q: want TURNS,DECISIONS", s)
	}
	if m == (fairplay.Minimum{}) {
		m = fairplay.Every // "0,0": every duel counts (the zero Minimum would mean the default)
	}
	return m, nil
}
