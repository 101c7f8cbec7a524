package catalog_test

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite" // the "sqlite" driver, to write the synthetic database

	"github.com/duelistgame/duelist/catalog"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/internal/routetable"
)

// syntheticCDB writes a YGOPro database of n made-up cards (a fixed seed): monsters of every
// Attribute and Type with Levels 1-12, Spells and Traps of every sub-kind, English names and
// texts, a few alternate artworks and Pendulum monsters (which an import skips). The project
// may not ship a real database, so the benchmark makes its own.
func syntheticCDB(tb testing.TB, n int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "synthetic.cdb")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE datas (id integer PRIMARY KEY, ot integer, alias integer,
		setcode integer, type integer, atk integer, def integer, level integer, race integer,
		attribute integer, category integer);
		CREATE TABLE texts (id integer PRIMARY KEY, name varchar(128), desc varchar(1024), str1 varchar(256));`); err != nil {
		tb.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		tb.Fatal(err)
	}
	insD, _ := tx.Prepare(`INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)`)
	insT, _ := tx.Prepare(`INSERT INTO texts VALUES (?, ?, ?, '')`)
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"Dragon", "Knight", "Sorcerer", "Shadow", "Flame", "Storm", "Crystal", "Iron",
		"Ancient", "Phantom", "Guardian", "Beast", "Spirit", "Thunder", "Ocean", "Blade"}
	verbs := []string{"draw 1 card", "destroy 1 monster", "gain 1000 LP", "Special Summon 1 monster",
		"banish 1 card", "add 1 Spell to your hand", "inflict 500 damage", "negate the attack"}
	spells := []uint32{0x2, 0x10002, 0x20002, 0x40002, 0x80002, 0x82}
	traps := []uint32{0x4, 0x20004, 0x100004}
	monsters := []uint32{0x11, 0x21, 0x1021, 0x200021, 0x61, 0x2021, 0x800021, 0xa1}
	for i := range n {
		code := 10000000 + i*7
		name := fmt.Sprintf("%s %s %s No.%d", words[rng.IntN(len(words))], words[rng.IntN(len(words))], words[rng.IntN(len(words))], i)
		desc := fmt.Sprintf("When this card is summoned: you can %s. Once per turn: %s.", verbs[rng.IntN(len(verbs))], verbs[rng.IntN(len(verbs))])
		var typ uint32
		var atk, def, level, race, attr int
		switch r := rng.IntN(10); {
		case r < 6:
			typ = monsters[rng.IntN(len(monsters))]
			atk, def, level = rng.IntN(31)*100, rng.IntN(31)*100, 1+rng.IntN(12)
			race, attr = 1<<rng.IntN(21), 1<<rng.IntN(6)
		case r < 8:
			typ = spells[rng.IntN(len(spells))]
		default:
			typ = traps[rng.IntN(len(traps))]
		}
		alias := 0
		if i%500 == 499 { // an alternate artwork of the card before
			alias = code - 7
		}
		if i%1000 == 999 && typ&1 != 0 { // a Pendulum monster
			typ |= 0x1000000
			level |= 4<<24 | 4<<16
		}
		if _, err := insD.Exec(code, alias, typ, atk, def, level, race, attr); err != nil {
			tb.Fatal(err)
		}
		if _, err := insT.Exec(code, name, desc); err != nil {
			tb.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
	return path
}

func syntheticIndex(tb testing.TB, n int) (*catalog.Index, catalog.Imported) {
	tb.Helper()
	imp, err := catalog.FromCDB(syntheticCDB(tb, n), "cdb", catalog.EN)
	if err != nil {
		tb.Fatal(err)
	}
	ix, err := catalog.New(catalog.Lists(deck.DefaultBanlists()), imp.Source)
	if err != nil {
		tb.Fatal(err)
	}
	return ix, imp
}

func TestFromCDB(t *testing.T) {
	ix, imp := syntheticIndex(t, 2000)
	if imp.Skipped == 0 || ix.Len()+imp.Skipped != 2000 {
		t.Fatalf("imported %d, skipped %d of 2000", ix.Len(), imp.Skipped)
	}
	q, _ := catalog.Parse(`text:"draw 1 card" kind:monster atk>=1500 sort:-atk`)
	res, err := ix.Search(q, nil)
	if err != nil || res.Total == 0 {
		t.Fatalf("search: %v, %d hits", err, res.Total)
	}
	for _, c := range res.Cards {
		if c.ATK < 1500 || !c.IsMonster() || c.Game != "cdb" || len(c.Sets) != 1 || c.Sets[0] != "cdb" {
			t.Errorf("hit %+v", c.Data)
		}
	}
}

// BenchmarkSearch runs typical card centre searches on the pool and kouhu (225 cards) and on a
// synthetic 10,000-card imported database. Run:
//
//	go test ./catalog -run '^$' -bench Search -benchtime 200x
func BenchmarkSearch(b *testing.B) {
	queries := []string{"", "dragon", "atk>=2000 level<=4 sort:-atk", `text:"draw 1 card"`,
		"kind:spell,quick-play", "limit:limited,semi", "黑魔", "sort:name"}
	pool := index(b)
	big, _ := syntheticIndex(b, 10000)
	for _, set := range []struct {
		name string
		ix   *catalog.Index
	}{{"pool", pool}, {"cdb10k", big}} {
		for _, qs := range queries {
			q, err := catalog.Parse(qs)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%q", set.name, qs), func(b *testing.B) {
				for b.Loop() {
					if _, err := set.ix.Search(q, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkHTTPSearch is a whole GET /api/cards/search on the 10,000-card set: parsing the URL,
// searching, one page of 60 cards as JSON.
func BenchmarkHTTPSearch(b *testing.B) {
	big, _ := syntheticIndex(b, 10000)
	mux := routetable.New()
	h := catalog.NewHTTP(big, nil)
	h.SearchLimit = nil // one client searching as fast as it can
	h.Routes(mux)
	for _, qs := range []string{"", "q=dragon&atk=>=1500&sort=-atk"} {
		b.Run(fmt.Sprintf("%q", qs), func(b *testing.B) {
			for b.Loop() {
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/cards/search?"+qs, nil))
				if rec.Code != 200 {
					b.Fatal(rec.Body.String())
				}
			}
		})
	}
}
