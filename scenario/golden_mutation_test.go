//go:build mutation

package scenario

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/internal/mutate"
)

// goldenMutations change what the engine's events say, one line each; the goldens must catch
// every one (most change nothing an `expect` key can see).
var goldenMutations = []struct {
	name, file, old, new string
}{
	{"the step events name the other seat", "engine/battle.go",
		"g.emit(Event{Kind: EvStep, Seat: g.turnPlayer, Timing: t,",
		"g.emit(Event{Kind: EvStep, Seat: g.turnPlayer.Other(), Timing: t,"},
	{"the end of a chain is B's", "engine/chain.go",
		"g.emit(Event{Kind: EvChainEnd, Card: NoCard,",
		"g.emit(Event{Kind: EvChainEnd, Seat: B, Card: NoCard,"},
	{"damage is never battle damage in the log", "engine/turn.go",
		"Amount: amount, Battle: battle, Card: NoCard,",
		"Amount: amount, Battle: false, Card: NoCard,"},
}

// TestGoldensCatchEngineMutations copies the module, applies each mutation of goldenMutations to
// the engine and runs the scenario corpus twice: with its goldens, which must fail, and without
// them, to report which mutations only the goldens catch (at least one must be). A developer's
// check, not for every CI run (a few minutes):
//
//	go test -tags mutation ./scenario -run GoldensCatch -timeout 30m
func TestGoldensCatchEngineMutations(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := mutate.CopyModule(root, tmp); err != nil {
		t.Fatal(err)
	}
	onlyGoldens := 0
	for _, m := range goldenMutations {
		t.Run(m.name, func(t *testing.T) {
			work := tmp
			undo, err := mutate.Apply(work, m.file, m.old, m.new)
			if err != nil {
				t.Fatal(err)
			}
			defer undo()
			defer restoreGoldens(t, root, work)
			bin := filepath.Join(work, "scenario.test")
			build := exec.Command("go", "test", "-c", "-o", bin, "./scenario")
			build.Dir = work
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("the mutation does not build:\n%s", out)
			}
			corpus := func() (string, bool) {
				cmd := exec.Command(bin, "-test.run", "^TestCorpus$", "-test.count=1")
				cmd.Dir = filepath.Join(work, "scenario")
				out, err := cmd.CombinedOutput()
				return string(out), err == nil
			}
			out, passed := corpus()
			if passed {
				t.Fatalf("survived: the corpus with its goldens passes when %s", m.name)
			}
			if !strings.Contains(out, ErrGoldenMismatch.Error()) {
				t.Logf("killed by an expectation, not a golden:\n%s", firstLines(out, 8))
			}
			if err := filepath.WalkDir(filepath.Join(work, "testdata"), func(p string, e fs.DirEntry, err error) error {
				if err == nil && strings.HasSuffix(p, GoldenExt) {
					err = os.Remove(p)
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if _, passed := corpus(); passed {
				onlyGoldens++
				t.Logf("only the goldens catch it")
			}
		})
	}
	if onlyGoldens == 0 {
		t.Error("every mutation is caught without the goldens too: add one that only a golden sees")
	}
}

// restoreGoldens copies the goldens of the module at root back into the copy at work.
func restoreGoldens(t *testing.T, root, work string) {
	err := filepath.WalkDir(filepath.Join(root, "testdata"), func(p string, e fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, GoldenExt) {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		return os.WriteFile(filepath.Join(work, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
