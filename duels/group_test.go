package duels

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// gatedDB is a store whose transactions wait at a gate while it is shut, so that a test can fill
// the log's queue while the writer is held; it counts the transactions begun.
type gatedDB struct {
	*store.DB
	mu      sync.Mutex
	gate    chan struct{} // nil: open
	txs     atomic.Int64
	waiting atomic.Int64 // transactions held at the gate now
}

func (g *gatedDB) shut() {
	g.mu.Lock()
	g.gate = make(chan struct{})
	g.mu.Unlock()
}

func (g *gatedDB) open() {
	g.mu.Lock()
	if g.gate != nil {
		close(g.gate)
		g.gate = nil
	}
	g.mu.Unlock()
}

func (g *gatedDB) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	g.mu.Lock()
	gate := g.gate
	g.mu.Unlock()
	if gate != nil {
		g.waiting.Add(1)
		<-gate
		g.waiting.Add(-1)
	}
	g.txs.Add(1)
	return g.DB.InTx(ctx, fn)
}

// queued waits until the log's queue holds n Appends.
func queued(t *testing.T, l *Log, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		l.w.mu.Lock()
		got := len(l.w.queue)
		l.w.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the queue holds %d Appends, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// hold shuts the gate and appends a move that the writer takes and holds at the gate, so that
// what is appended next waits in the queue; the returned channel gets that Append's outcome.
func hold(t *testing.T, l *Log, g *gatedDB, duel int64, seq int) chan error {
	t.Helper()
	g.shut()
	done := make(chan error, 1)
	go func() { done <- l.Append(context.Background(), duel, move(seq)) }()
	atGate(t, g)
	return done
}

// appendHeld appends move 0 to every duel of ids while the writer is held: the first Append is
// taken and held at the gate, the others queue behind it, then the gate opens. It returns each
// Append's outcome and how many transactions were begun once the gate opened.
func appendHeld(t *testing.T, l *Log, g *gatedDB, ids []int64) ([]error, int64) {
	t.Helper()
	held := hold(t, l, g, ids[0], 0)
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids[1:] {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i+1] = l.Append(context.Background(), id, move(0)) }()
	}
	queued(t, l, len(ids)-1)
	before := g.txs.Load()
	g.open()
	errs[0] = <-held
	wg.Wait()
	return errs, g.txs.Load() - before
}

// begin starts n duels in the log.
func begin(t *testing.T, l *Log, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		id, err := l.Begin(context.Background(), Header{Room: "G" + strconv.Itoa(i), DuelNo: 1, Ruleset: "ocg", Started: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

func move(seq int) []Entry {
	return []Entry{{Seq: seq, Option: seq % 5, BankA: 1000 + int64(seq), BankB: 2000, At: time.UnixMilli(1700000000000 + int64(seq))}}
}

// moves reads the moves of every open duel from the log.
func moves(t *testing.T, l *Log) map[int64][]Entry {
	t.Helper()
	open, err := l.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64][]Entry{}
	for _, od := range open {
		out[od.ID] = od.Entries
	}
	return out
}

// TestGroupCommitSharesTransactions: Appends of many duels queued while the writer is busy go
// into one transaction, and every move lands in its duel in order, with its fields.
func TestGroupCommitSharesTransactions(t *testing.T) { storetest.Each(t, testGroupCommitShares) }

func testGroupCommitShares(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer l.Close()
	defer g.open()
	ids := begin(t, l, 300)
	errs, n := appendHeld(t, l, g, ids)
	for i, err := range errs {
		if err != nil {
			t.Fatalf("duel %d: %v", ids[i], err)
		}
	}
	if n != 2 {
		t.Errorf("the held Append and 299 queued behind it took %d transactions, want 2", n)
	}
	// Then each duel appends 20 more moves, one at a time, all duels at once.
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= 20; seq++ {
				if err := l.Append(context.Background(), id, move(seq)); err != nil {
					t.Errorf("duel %d move %d: %v", id, seq, err)
					return
				}
			}
		}()
	}
	before := g.txs.Load()
	wg.Wait()
	if n := g.txs.Load() - before; n >= int64(len(ids)*20) {
		t.Errorf("%d Appends took %d transactions: none was shared", len(ids)*20, n)
	}
	got := moves(t, l)
	for _, id := range ids {
		es := got[id]
		if len(es) != 21 {
			t.Fatalf("duel %d has %d moves, want 21", id, len(es))
		}
		for seq, e := range es {
			if want := move(seq)[0]; e.Seq != seq || e.Option != want.Option || e.BankA != want.BankA || !e.At.Equal(want.At) {
				t.Fatalf("duel %d move %d: got %+v, want %+v", id, seq, e, want)
			}
		}
	}
}

// TestGroupCommitFailureIsTheAppendersOwn: a move already written (the same duel and seq) fails
// the shared transaction; the batch is retried Append by Append, so only that Append fails and
// the others of its batch land.
func TestGroupCommitFailureIsTheAppendersOwn(t *testing.T) {
	storetest.Each(t, testGroupCommitFailure)
}

func testGroupCommitFailure(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer l.Close()
	ids := begin(t, l, 5)
	defer g.open()
	if err := l.Append(context.Background(), ids[2], move(0)); err != nil {
		t.Fatal(err)
	}
	errs, _ := appendHeld(t, l, g, ids)
	for i, err := range errs {
		if (err != nil) != (i == 2) {
			t.Errorf("duel %d (the %d-th): Append gave %v", ids[i], i, err)
		}
	}
	got := moves(t, l)
	for _, id := range ids {
		if len(got[id]) != 1 {
			t.Errorf("duel %d has %d moves, want 1", id, len(got[id]))
		}
	}
}

// TestGroupCommitCancelledWhileQueued: an Append whose context ends while its moves wait in the
// queue returns the context's error and writes nothing; the others are written.
func TestGroupCommitCancelledWhileQueued(t *testing.T) { storetest.Each(t, testGroupCommitCancelled) }

func testGroupCommitCancelled(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer l.Close()
	defer g.open()
	ids := begin(t, l, 2)
	// The first Append is taken and held at the gate; the next two wait in the queue.
	firstDone := hold(t, l, g, ids[0], 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancelled := make(chan error, 1)
	go func() { cancelled <- l.Append(ctx, ids[1], move(0)) }()
	kept := make(chan error, 1)
	go func() { kept <- l.Append(context.Background(), ids[0], move(1)) }()
	queued(t, l, 2)
	cancel()
	if err := <-cancelled; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled Append gave %v, want context.Canceled", err)
	}
	queued(t, l, 1)
	g.open()
	if err := <-firstDone; err != nil {
		t.Fatal(err)
	}
	if err := <-kept; err != nil {
		t.Fatal(err)
	}
	got := moves(t, l)
	if len(got[ids[0]]) != 2 || len(got[ids[1]]) != 0 {
		t.Fatalf("moves: duel %d has %d (want 2), duel %d has %d (want 0)", ids[0], len(got[ids[0]]), ids[1], len(got[ids[1]]))
	}
}

// atGate waits until the writer has taken what was queued and holds at the gate.
func atGate(t *testing.T, g *gatedDB) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for g.waiting.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the writer never reached the gate")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestGroupCommitCancelledOnceTaken: an Append whose context ends after the writer took its
// moves waits for the outcome and reports it: the moves are written and it returns nil.
func TestGroupCommitCancelledOnceTaken(t *testing.T) { storetest.Each(t, testGroupCommitTaken) }

func testGroupCommitTaken(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer l.Close()
	defer g.open()
	ids := begin(t, l, 1)
	g.shut()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Append(ctx, ids[0], move(0)) }()
	atGate(t, g) // the writer took it and waits at the gate
	cancel()
	select {
	case err := <-done:
		t.Fatalf("Append returned %v before its transaction ended", err)
	case <-time.After(50 * time.Millisecond):
	}
	g.open()
	if err := <-done; err != nil {
		t.Fatalf("a taken Append whose context ended: %v, want nil (its moves are written)", err)
	}
	if got := moves(t, l); len(got[ids[0]]) != 1 {
		t.Fatalf("duel %d has %d moves, want 1", ids[0], len(got[ids[0]]))
	}
}

// TestGroupCommitCloseDrains: Close returns once every queued move is written; Appends after it
// get ErrClosed and write nothing; Finish still counts every move.
func TestGroupCommitCloseDrains(t *testing.T) { storetest.Each(t, testGroupCommitClose) }

func testGroupCommitClose(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer g.open()
	ids := begin(t, l, 50)
	held := hold(t, l, g, ids[0], 0)
	var wg sync.WaitGroup
	var failed atomic.Int64
	for _, id := range ids[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if l.Append(context.Background(), id, move(0)) != nil {
				failed.Add(1)
			}
		}()
	}
	queued(t, l, len(ids)-1)
	closed := make(chan struct{})
	go func() { l.Close(); close(closed) }()
	select {
	case <-closed:
		t.Fatal("Close returned with moves still queued")
	case <-time.After(50 * time.Millisecond):
	}
	g.open()
	<-closed
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if failed.Load() != 0 {
		t.Fatalf("%d Appends queued before Close failed", failed.Load())
	}
	if err := l.Append(context.Background(), ids[0], move(1)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close: %v, want ErrClosed", err)
	}
	l.Close() // a second Close is harmless
	got := moves(t, l)
	for _, id := range ids {
		if len(got[id]) != 1 {
			t.Fatalf("duel %d has %d moves, want 1", id, len(got[id]))
		}
	}
	if err := l.Finish(context.Background(), ids[0], Result{Winner: "A", Reason: "test", Finished: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	s, _, err := l.Replay(context.Background(), ids[0])
	if err != nil || s.Answers != 1 {
		t.Fatalf("the finished duel: %+v %v, want 1 answer", s, err)
	}
}

// TestInsertSQL: the multi-row INSERT numbers its parameters across rows.
func TestInsertSQL(t *testing.T) {
	want := `INSERT INTO duel_moves (duel_id, seq, kind, seat, opt, reason, bank_a, bank_b, bank_a2, bank_b2, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11), ($12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`
	if got := insertSQL(2); got != want {
		t.Fatalf("insertSQL(2) =\n%s\nwant\n%s", got, want)
	}
}

// TestGroupCommitFinishWaits: a Finish called while the duel's moves are in flight and queued
// (its caller did not wait for them) waits for them and counts them all; it does not even reach
// the store before they are written.
func TestGroupCommitFinishWaits(t *testing.T) { storetest.Each(t, testGroupCommitFinishWaits) }

func testGroupCommitFinishWaits(t *testing.T, db *store.DB) {
	g := &gatedDB{DB: db}
	l := New(g)
	defer l.Close()
	defer g.open()
	ids := begin(t, l, 1)
	ctx := context.Background()
	first := hold(t, l, g, ids[0], 0) // in flight, held at the gate
	second := make(chan error, 1)
	go func() { second <- l.Append(ctx, ids[0], move(1)) }()
	queued(t, l, 1)
	res := Result{Winner: "A", Reason: "lp", Finished: time.UnixMilli(1700000001000)}
	finished := make(chan error, 1)
	go func() { finished <- l.Finish(ctx, ids[0], res, []byte("replay")) }()
	time.Sleep(100 * time.Millisecond)
	if n := g.waiting.Load(); n != 1 {
		t.Fatalf("%d transactions at the gate, want 1 (the writer's): Finish went to the store before the duel's moves", n)
	}
	select {
	case err := <-finished:
		t.Fatalf("Finish returned (%v) while the duel's moves were queued", err)
	default:
	}
	g.open()
	for _, c := range []chan error{first, second, finished} {
		if err := <-c; err != nil {
			t.Fatal(err)
		}
	}
	sum, _, err := l.Replay(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if sum.Answers != 2 {
		t.Fatalf("Finish counted %d answers, want 2", sum.Answers)
	}
}
