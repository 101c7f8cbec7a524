package scenario_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/scenario"
)

// FuzzParse feeds a `.duel` text to the scenario parser (issue 34: every parser fuzzed), seeded
// with files of the corpus: it is refused with an error, or read into a File whose duel either
// fails to start with an error or starts in a state that passes the engine's checks (Verify,
// VerifyViews). Nothing panics.
func FuzzParse(f *testing.F) {
	n := 0 // every 40th file of the corpus
	err := filepath.WalkDir("../testdata", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".duel" {
			return err
		}
		if n++; n%40 != 1 {
			return nil
		}
		src, err := os.ReadFile(p)
		if err == nil {
			f.Add(src)
		}
		return err
	})
	if err != nil || n < 100 {
		f.Fatalf("the corpus: %d files, %v", n, err)
	}
	f.Add([]byte("ruleset: ocg\nA: {hand: [Dark Magician]}\nmoves: [summon Dark Magician]\n"))
	f.Add([]byte("turn: -1\nphase: nowhere\n"))
	f.Add([]byte("A: [1, 2\n"))
	lib := all.Library()
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := scenario.Parse(src)
		if err != nil {
			return
		}
		file.Cards = lib
		d, err := file.Start()
		if err != nil {
			return
		}
		defer d.Close()
		if err := d.Verify(); err != nil {
			t.Fatalf("a started duel breaks the engine's invariants: %v\n%s", err, src)
		}
		if err := d.VerifyViews(); err != nil {
			t.Fatalf("a started duel's views: %v\n%s", err, src)
		}
	})
}
