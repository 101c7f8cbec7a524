package all

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/engine"
)

var update = flag.Bool("update", false, "rewrite docs/sets.md")

// scenarioDir is the folder of the card scenarios, from this package's folder.
const scenarioDir = "../../testdata/ocg/cards"

const setsDoc = "../../docs/sets.md"

// setsDocHead is the text of docs/sets.md above its generated table.
const setsDocHead = `# The sets: cards, behaviour, scenarios

Generated from the card files and the card behaviour by ` + "`go test ./cards/all -run TestSetTableCurrent -update`" + `
(TestSetTableCurrent fails when this page is not current). Per set of the card pool, in release
order: its cards in the data (and how many the set printed), the Normal Monsters among them (no
behaviour needed), the cards that need behaviour, how many of those are implemented (a Script is
registered) and how many have a scenario (a file of testdata/ocg/cards named after the card:
docs/cards.md "How to add a card"), and whether the set is finished (` + "`finished yes`" + ` in its header:
then TestFinishedSets holds it to every card implemented, with texts and scenarios, and its stats
equal to cards-2015.cdb's). A card printed in several sets counts in each. A finished booster
is a pack product (docs/collection.md); its lockstep figures against ygopro-core are in
docs/testing.md, "Last runs".

`

// TestSetTableCurrent fails when docs/sets.md is not the table of the sets as they are.
func TestSetTableCurrent(t *testing.T) {
	stats, err := ProjectStats(scenarioDir)
	if err != nil {
		t.Fatal(err)
	}
	want := setsDocHead + Table(stats)
	if *update {
		if err := os.WriteFile(setsDoc, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(setsDoc)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("docs/sets.md is not current: go test ./cards/all -run TestSetTableCurrent -update\nwant:\n%s", want)
	}
}

// TestFinishedSets: every set marked finished is complete (FinishedProblems), and its cards'
// data equals the 2015 English database's (name, kind, Level or Rank, Attribute, Type, ATK/DEF).
func TestFinishedSets(t *testing.T) {
	counts, err := ScenarioCounts(card.Pool(), scenarioDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range FinishedProblems(card.Pool(), Library(), counts) {
		t.Error(p)
	}
	rows, err := cdb.ReadCards("../../../shared/cards/cards-2015.cdb")
	if err != nil {
		t.Skipf("no cards-2015.cdb to compare the finished sets' data with: %v", err)
	}
	byCode := map[card.Passcode]cdb.Card{}
	for _, r := range rows {
		byCode[r.Passcode] = r
	}
	for _, s := range card.Pool().Sets() {
		if !s.Finished {
			continue
		}
		for _, d := range card.Pool().InSet(s.Code) {
			r, ok := byCode[d.Passcode]
			if !ok {
				t.Errorf("%s: %s (%d) is not in cards-2015.cdb", s.Code, d.Name, d.Passcode)
				continue
			}
			w, err := r.Data()
			if err != nil {
				t.Errorf("%s: %v", s.Code, err)
				continue
			}
			if strings.Join(strings.Fields(w.Name), " ") != strings.Join(strings.Fields(d.Name), " ") || w.Kind != d.Kind ||
				w.Level != d.Level || w.Rank != d.Rank || w.Attribute != d.Attribute || w.Race != d.Race || w.ATK != d.ATK || w.DEF != d.DEF {
				t.Errorf("%s: %s (%d) differs from cards-2015.cdb: %+v", s.Code, d.Name, d.Passcode, *w)
			}
		}
	}
}

// testLibrary is a card library of a test: the scripts by passcode.
type testLibrary map[card.Passcode]*engine.Script

func (l testLibrary) Script(p card.Passcode) *engine.Script { return l[p] }

// TestFinishedProblemsCatchesPlanted plants each problem in a set marked finished and checks
// FinishedProblems names it, and the stats count it; the same set marked unfinished raises none.
func TestFinishedProblemsCatchesPlanted(t *testing.T) {
	set := "set TST\nname Test\nproduct booster\nreleased 2002-03-08\nsize 5\nfinished yes\n\n"
	cards := "card 1\nname Plain Golem\nname.zh-CN 甲\nkind Normal Monster\nlevel 4\nattribute EARTH\ntype Rock\natk 1\ndef 1\nsets TST\nrarity N\n\n" +
		"card 2\nname Scripted Golem\nname.zh-CN 乙\nkind Normal Monster\nlevel 4\nattribute EARTH\ntype Rock\natk 1\ndef 1\nsets TST\nrarity N\n\n" +
		"card 3\nname No Script\nname.zh-CN 丙\nname.zh-TW 丙\nkind Normal Spell\nsets TST\nrarity R\ntext X.\ntext.zh-CN 甲。\ntext.zh-TW 甲。\n\n" +
		"card 4\nname No Text\nname.zh-CN 丁\nkind Normal Trap\nsets TST\nrarity R\n\n"
	load := func(s string) *card.DB {
		db, err := card.Load(card.SetFS("TST", s+cards))
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	db := load(set)
	lib := testLibrary{2: {}, 4: {}}
	counts := map[card.Passcode]int{3: 1}
	bad := FinishedProblems(db, lib, counts)
	want := []string{"TST: 4 cards in the data, the set printed 5", "Scripted Golem (2) is a Normal Monster with behaviour",
		"No Script (3) has no behaviour", "No Text (4) has no text in every language", "No Text (4) has no scenario (no-text-*.duel)"}
	for _, w := range want {
		if !slices.ContainsFunc(bad, func(b string) bool { return strings.Contains(b, w) }) {
			t.Errorf("FinishedProblems misses %q: %q", w, bad)
		}
	}
	if len(bad) != len(want) {
		t.Errorf("FinishedProblems = %q, want %d problems", bad, len(want))
	}
	st := Stats(db, lib, counts)[0]
	if st.Cards != 4 || st.Normal != 2 || st.Need != 2 || st.Scripted != 1 || st.WithScenario != 1 {
		t.Errorf("stats %+v", st)
	}
	if bad := FinishedProblems(load(strings.Replace(set, "finished yes\n", "", 1)), lib, counts); len(bad) != 0 {
		t.Errorf("an unfinished set has problems: %q", bad)
	}
}

// TestScenarioCounts: a scenario counts for the card whose name starts its file name (the longest
// such name; a leading "the-" may be left out), and nothing else counts.
func TestScenarioCounts(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"lob/dark-magician-girl-gains-atk.duel", "lob/dark-magician-is-normal.duel",
		"sdk/wicked-worm-beast-returns.duel", "sdk/the-wicked-worm-beast-stays.duel", "rules/synchro-levels.duel",
		"lob/pot-of-greed.duel", "lob/pot-of-greedy-not-a-card.duel", "lob/notes.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	counts, err := ScenarioCounts(card.Pool(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[card.Passcode]int{38033121: 1, 46986414: 1, 6285791: 2, 55144522: 1}
	if len(counts) != len(want) {
		t.Errorf("counts %v, want %v", counts, want)
	}
	for p, n := range want {
		if counts[p] != n {
			t.Errorf("card %d: %d scenarios, want %d", p, counts[p], n)
		}
	}
	if _, err := ScenarioCounts(card.Pool(), filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing folder: %v", err)
	}
}
