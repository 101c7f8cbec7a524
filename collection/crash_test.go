package collection

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// The crash test runs this test binary again as a child process (TestCrashChild, which does
// nothing unless the environment names a database) that buys a 10-pack and stops, printing
// "midway", inside the purchase's transaction after the gems were debited and before the cards
// were added; the parent kills it there with SIGKILL and checks that nothing of the purchase
// remains. A second child is killed just after its purchase committed: all of it remains.

const (
	envCrashDSN  = "DUELIST_COLLECTION_CRASH_DSN"
	envCrashWhen = "DUELIST_COLLECTION_CRASH_WHEN" // "midway" or "after"
	envCrashKey  = "DUELIST_COLLECTION_CRASH_KEY"
)

// TestCrashChild is the child of TestCrashMidPurchase; it is a no-op in a normal test run.
func TestCrashChild(t *testing.T) {
	dsn := os.Getenv(envCrashDSN)
	if dsn == "" {
		t.Skip("the child process of TestCrashMidPurchase")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	s := New(db, Options{})
	when := os.Getenv(envCrashWhen)
	if when == "midway" {
		s.midway = func() {
			fmt.Println("midway")
			time.Sleep(time.Minute) // killed here
		}
	}
	o, err := s.Buy(ctx, 1, Purchase{Product: "pool", Count: 10, Key: os.Getenv(envCrashKey)})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("bought", o.Op)
	time.Sleep(time.Minute) // killed here
}

// TestCrashMidPurchase: SIGKILL in the middle of a purchase leaves none of it; just after it
// leaves all of it; the balances equal the ledger either way.
func TestCrashMidPurchase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes")
	}
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		acc := anAccount(t, db, 1)
		s := New(db, Options{})
		w0, err := s.Wallet(ctx, acc)
		if err != nil {
			t.Fatal(err)
		}
		own0, _ := s.Owned(ctx, acc)

		key := newKey()
		runChild(t, dsn, "midway", key, "midway")
		w, _ := s.Wallet(ctx, acc)
		own, _ := s.Owned(ctx, acc)
		if w.Gems != w0.Gems || total(own) != total(own0) {
			t.Errorf("after a kill mid-purchase: %d gems, %d cards; want the %d and %d of before", w.Gems, total(own), w0.Gems, total(own0))
		}
		if n := countOps(t, db, acc); n != 0 {
			t.Errorf("after a kill mid-purchase: %d purchases recorded; want 0", n)
		}
		mustAudit(t, s, acc)

		// The same key again, now killed after the commit: the purchase is whole.
		runChild(t, dsn, "after", key, "bought")
		w, _ = s.Wallet(ctx, acc)
		own, _ = s.Owned(ctx, acc)
		if w.Gems != w0.Gems-1000 || total(own) != total(own0)+80 {
			t.Errorf("after a kill after the purchase: %d gems, %d cards; want %d and %d", w.Gems, total(own), w0.Gems-1000, total(own0)+80)
		}
		if n := countOps(t, db, acc); n != 1 {
			t.Errorf("%d purchases recorded; want 1", n)
		}
		mustAudit(t, s, acc)
	})
}

func countOps(t *testing.T, db *store.DB, acc account.ID) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM collection_ops WHERE account_id = $1 AND kind = 'buy'`, int64(acc)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// runChild starts the child, waits for it to print a line starting with want, kills it with
// SIGKILL and waits for it to end.
func runChild(t *testing.T, dsn, when, key, want string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), envCrashDSN+"="+dsn, envCrashWhen+"="+when, envCrashKey+"="+key)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(30 * time.Second)
	for done := false; !done; {
		select {
		case l, ok := <-lines:
			if !ok {
				_ = cmd.Wait()
				t.Fatalf("the child ended before printing %q", want)
			}
			if strings.HasPrefix(l, "error:") {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
				t.Fatalf("child: %s", l)
			}
			done = strings.HasPrefix(l, want)
		case <-timeout:
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("the child did not print %q in 30s", want)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range lines {
		}
	}()
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the child ended with %v; want killed", err)
	}
}
