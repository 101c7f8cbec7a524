package store_test

import (
	"bufio"
	"context"
	"errors"
	"hash/fnv"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestOpenHeldRefusesASecondServer: while a server holds a database, a second one is refused
// with an error that names the database and says what to do; once the first closes, it starts.
func TestOpenHeldRefusesASecondServer(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		first, err := store.OpenHeld(ctx, dsn, store.Exclusive)
		if err != nil {
			t.Fatal(err)
		}
		_, err = store.OpenHeld(ctx, dsn, store.Exclusive)
		if !errors.Is(err, store.ErrHeld) {
			t.Fatalf("second server: %v, want ErrHeld", err)
		}
		for _, want := range []string{"is held by", "duelist serve pid", "stop that server first", "--nats"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
		}
		// A node of a --nats game is refused too, and a plain Open (tools, tests) is not.
		if _, err := store.OpenHeld(ctx, dsn, store.Shared); !errors.Is(err, store.ErrHeld) {
			t.Fatalf("shared beside exclusive: %v, want ErrHeld", err)
		}
		other, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatalf("plain Open beside a held database: %v", err)
		}
		other.Close()
		if err := first.Close(); err != nil {
			t.Fatal(err)
		}
		again, err := store.OpenHeld(ctx, dsn, store.Exclusive)
		if err != nil {
			t.Fatalf("after the first server closed: %v", err)
		}
		again.Close()
	})
}

// TestOpenHeldSharedNodes: nodes of one game share the hold; an exclusive server is refused
// while any holds it, and saying so names it a node.
func TestOpenHeldSharedNodes(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		a, err := store.OpenHeld(ctx, dsn, store.Shared)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b, err := store.OpenHeld(ctx, dsn, store.Shared)
		if err != nil {
			t.Fatalf("second node: %v", err)
		}
		_, err = store.OpenHeld(ctx, dsn, store.Exclusive)
		if !errors.Is(err, store.ErrHeld) {
			t.Fatalf("exclusive beside two nodes: %v, want ErrHeld", err)
		}
		b.Close()
		if _, err := store.OpenHeld(ctx, dsn, store.Exclusive); !errors.Is(err, store.ErrHeld) {
			t.Fatalf("exclusive beside one node: %v, want ErrHeld", err)
		}
	})
}

// TestOpenHeldReleasedWhenTheHolderDies: a server SIGKILLed mid-run leaves no hold behind (the
// OS releases the file lock, PostgreSQL the dead session's advisory lock).
func TestOpenHeldReleasedWhenTheHolderDies(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		cmd := exec.Command(os.Args[0], "-test.run=^TestHoldChild$")
		cmd.Env = append(os.Environ(), "DUELIST_HOLD_CHILD="+dsn)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		held := make(chan bool, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if sc.Text() == "held" {
					held <- true
				}
			}
			held <- false
		}()
		select {
		case ok := <-held:
			if !ok {
				t.Fatal("the child exited without holding the database")
			}
		case <-time.After(time.Minute):
			t.Fatal("the child did not hold the database within a minute")
		}
		if _, err := store.OpenHeld(ctx, dsn, store.Exclusive); !errors.Is(err, store.ErrHeld) {
			t.Fatalf("beside the live child: %v, want ErrHeld", err)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		// The kernel closes the dead process's socket at once; PostgreSQL ends the session
		// when it reads the EOF, which takes a moment.
		deadline := time.Now().Add(30 * time.Second)
		for {
			db, err := store.OpenHeld(ctx, dsn, store.Exclusive)
			if err == nil {
				db.Close()
				return
			}
			if !errors.Is(err, store.ErrHeld) || time.Now().After(deadline) {
				t.Fatalf("after the holder was killed: %v", err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

// TestHoldChild is the child process of TestOpenHeldReleasedWhenTheHolderDies: it holds the
// database named by DUELIST_HOLD_CHILD and waits to be killed.
func TestHoldChild(t *testing.T) {
	dsn := os.Getenv("DUELIST_HOLD_CHILD")
	if dsn == "" {
		t.Skip("the child of TestOpenHeldReleasedWhenTheHolderDies")
	}
	db, err := store.OpenHeld(context.Background(), dsn, store.Exclusive)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	os.Stdout.WriteString("held\n")
	time.Sleep(10 * time.Minute)
}

// TestOpenHeldLost: when the hold's PostgreSQL session ends (here terminated by an operator)
// and another server takes the database before the holder can take it back, Lost is closed so
// that the holder stops serving.
func TestOpenHeldLost(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		if !strings.HasPrefix(dsn, "postgres") {
			t.Skip("a SQLite file lock cannot be lost while its process lives")
		}
		ctx := context.Background()
		db, err := store.OpenHeld(ctx, dsn, store.Exclusive)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		admin, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		// Only this schema's hold (others run tests on the same database at the same time).
		var schema string
		if err := admin.SQL().QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
			t.Fatal(err)
		}
		f := fnv.New64a()
		f.Write([]byte("duelist-server-hold\x00" + schema))
		key := f.Sum64()
		var n int
		if err := admin.SQL().QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_locks
			WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND classid::bigint = $1 AND objid::bigint = $2
			  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
			int64(key>>32), int64(key&0xffffffff)).Scan(&n); err != nil || n == 0 {
			t.Fatalf("terminating the holder's session: %d, %v", n, err)
		}
		var other *store.DB
		for deadline := time.Now().Add(10 * time.Second); ; {
			other, err = store.OpenHeld(ctx, dsn, store.Exclusive)
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("taking the database after the holder's session ended: %v", err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		defer other.Close()
		select {
		case <-db.Lost():
		case <-time.After(30 * time.Second):
			t.Fatal("the first server was not told it lost the database")
		}
	})
}
