package duels

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/duelistgame/duelist/store"
	"github.com/duelistgame/duelist/store/storetest"
)

// TestTagPartnersListed: a tag duel is in the lists of all four of its players: the partners A2
// and B2 (accounts 9 and 10) find it among their open rooms and, once finished, among their past
// duels, with the four names in its summary (Tag); a duel of two has no Tag.
func TestTagPartnersListed(t *testing.T) { storetest.Each(t, testTagPartnersListed) }

func testTagPartnersListed(t *testing.T, db *store.DB) {
	ctx := context.Background()
	for id := int64(7); id <= 10; id++ {
		anAccount(t, db, id)
	}
	l := New(db)
	h := tagHeader()
	id, err := l.Begin(ctx, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, acc := range []int64{7, 8, 9, 10} {
		if rooms, err := l.OpenRooms(ctx, acc); err != nil || len(rooms) != 1 || rooms[0] != "TAGROOM1" {
			t.Fatalf("account %d's open rooms: %v %v", acc, rooms, err)
		}
	}
	if err := l.Finish(ctx, id, Result{Winner: "B", Reason: "conceded", Finished: h.Started}, []byte("replay")); err != nil {
		t.Fatal(err)
	}
	for _, acc := range []int64{7, 8, 9, 10} {
		past, err := l.Past(ctx, acc, 10)
		if err != nil || len(past) != 1 || past[0].ID != id {
			t.Fatalf("account %d's past duels: %+v %v", acc, past, err)
		}
		s := past[0]
		if s.Names != [2]string{"Yugi", "Kaiba"} || s.Tag == nil || s.Tag.Names != [2]string{"Joey", "Mai"} ||
			s.Tag.Accounts != [2]int64{9, 10} || !s.Played(acc, func(string) bool { return false }) {
			t.Fatalf("account %d's summary: %+v tag %+v", acc, s, s.Tag)
		}
	}
	sum, _, err := l.Replay(ctx, id)
	if err != nil || sum.Tag == nil || !sum.Played(0, func(h string) bool { return h == "hb2" }) {
		t.Fatalf("the replay's summary: %+v %v (B2's token hash lets B2 watch it)", sum, err)
	}
	if past, _ := l.Past(ctx, 11, 10); len(past) != 0 {
		t.Fatalf("an account that did not play: %+v", past)
	}
}

// tagHeader is a tag duel's header: Yugi (7) and Joey (9) against Kaiba (8) and Mai (10).
func tagHeader() Header {
	return Header{Room: "TAGROOM1", DuelNo: 1, Ruleset: "ocg", Seed: 3, TimeLimit: time.Minute,
		Names: [2]string{"Yugi", "Kaiba"}, TokenHash: [2]string{"ha1", "hb1"}, Accounts: [2]int64{7, 8},
		Started: time.UnixMilli(1700000000000),
		Tag:     &TagHeader{Names: [2]string{"Joey", "Mai"}, TokenHash: [2]string{"ha2", "hb2"}, Accounts: [2]int64{9, 10}}}
}

// TestTagPartnersMigrated: a tag duel logged before migration 00055 (no partner columns) is
// listed for its partners once the migration has run: it copies the partners' accounts from the
// header, leaving out one whose account no longer exists. The database is taken back to before
// the migration with the migration's own Down.
func TestTagPartnersMigrated(t *testing.T) {
	storetest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		db, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{7, 8, 9, 10} {
			anAccount(t, db, id)
		}
		l := New(db)
		id, err := l.Begin(ctx, tagHeader())
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Finish(ctx, id, Result{Winner: "A", Reason: "conceded", Finished: time.UnixMilli(1700000001000)}, []byte("r")); err != nil {
			t.Fatal(err)
		}
		l.Close()
		file, err := os.ReadFile("../store/migrations/00055_duel_log_partners.sql")
		if err != nil {
			t.Fatal(err)
		}
		_, down, ok := strings.Cut(string(file), "-- +goose Down")
		if !ok {
			t.Fatal("migration 00055 has no Down")
		}
		for _, stmt := range strings.Split(down, ";") {
			if stmt = strings.TrimSpace(stmt); stmt != "" {
				if _, err := db.SQL().ExecContext(ctx, stmt); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
			}
		}
		if _, err := db.SQL().ExecContext(ctx, `DELETE FROM goose_db_version WHERE version_id = 55`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, `DELETE FROM accounts WHERE id = 10`); err != nil {
			t.Fatal(err)
		}
		db.Close()

		db, err = store.Open(ctx, dsn) // migration 00055 runs again
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		l = New(db)
		defer l.Close()
		for _, acc := range []int64{7, 8, 9} {
			if past, err := l.Past(ctx, acc, 10); err != nil || len(past) != 1 || past[0].ID != id {
				t.Fatalf("after the migration, account %d's past duels: %+v %v", acc, past, err)
			}
		}
		var b2 *int64
		if err := db.SQL().QueryRowContext(ctx, `SELECT account_b2 FROM duel_logs WHERE id = $1`, id).Scan(&b2); err != nil || b2 != nil {
			t.Fatalf("the deleted account's column: %v %v", b2, err)
		}
	})
}

// TestTagPartnerBanks: a tag duel's moves keep the partners' time banks (A2, B2; migration
// 00056) beside A's and B's, for the open duel a restart rebuilds and for the finished duel's
// replay viewer; a duel of two seats keeps none (nil, NULL in the table).
func TestTagPartnerBanks(t *testing.T) { storetest.Each(t, testTagPartnerBanks) }

func testTagPartnerBanks(t *testing.T, db *store.DB) {
	ctx := context.Background()
	l := New(db)
	start := time.UnixMilli(1700000000000)
	id, err := l.Begin(ctx, Header{Room: "BANKS2", DuelNo: 1, Ruleset: "ocg", TimeLimit: time.Minute,
		Names: [2]string{"a", "b"}, Started: start,
		Tag: &TagHeader{Names: [2]string{"a2", "b2"}}})
	if err != nil {
		t.Fatal(err)
	}
	es := []Entry{{Seq: 0, Seat: 2, BankA: 60000, BankB: 60000, Partners: &[2]int64{51234, 60000}, At: start},
		{Seq: 1, Seat: 3, BankA: 60000, BankB: 60000, Partners: &[2]int64{51234, 42000}, At: start},
		{Seq: 2, Seat: 0, BankA: 59000, BankB: 60000, At: start}} // a row without them: NULL
	if err := l.Append(ctx, id, es); err != nil {
		t.Fatal(err)
	}
	open, err := l.Open(ctx)
	if err != nil || len(open) != 1 || len(open[0].Entries) != 3 {
		t.Fatalf("open: %+v %v", open, err)
	}
	check := func(what string, got []Entry) {
		t.Helper()
		if p := got[1].Partners; p == nil || *p != [2]int64{51234, 42000} || got[1].BankB != 60000 {
			t.Fatalf("%s: move 1's partners' banks %v (%+v)", what, p, got[1])
		}
		if p := got[0].Partners; p == nil || *p != [2]int64{51234, 60000} {
			t.Fatalf("%s: move 0's partners' banks %v", what, p)
		}
		if got[2].Partners != nil {
			t.Fatalf("%s: a move logged without partners' banks reads %v", what, *got[2].Partners)
		}
	}
	check("Open", open[0].Entries)
	if err := l.Finish(ctx, id, Result{Winner: "A", Reason: "conceded", Finished: start}, []byte("r")); err != nil {
		t.Fatal(err)
	}
	_, got, err := l.Moves(ctx, id)
	if err != nil || len(got) != 3 {
		t.Fatalf("moves: %+v %v", got, err)
	}
	check("Moves", got)
}
