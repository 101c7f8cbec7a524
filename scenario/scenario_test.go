package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus runs every scenario of the project's corpus (testdata/**/*.duel).
func TestCorpus(t *testing.T) {
	files, err := Collect([]string{"../testdata"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios under testdata")
	}
	for _, path := range files {
		t.Run(strings.TrimPrefix(path, "../testdata/"), func(t *testing.T) {
			r := RunFileGolden(path, goldenMode(), testCards)
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			if r.Wrote {
				t.Logf("wrote %s", GoldenPath(path))
			}
		})
	}
}

// TestSharedExamples runs the examples every engine build must pass (../shared/scenarios).
func TestSharedExamples(t *testing.T) {
	dir := "../../shared/scenarios"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared scenarios not found at %s: %v", dir, err)
	}
	files, err := Collect([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 8 {
		t.Fatalf("%d shared examples under %s, want all 8", len(files), dir)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			if r := RunFile(path, testCards); r.Err != nil {
				t.Fatal(r.Err)
			}
		})
	}
}

// TestNotLineMustBeCheckable: a `! P: TEXT` line checked where TEXT could never be offered (a
// prompt of another seat, or of a kind without that verb) fails the scenario instead of holding.
func TestNotLineMustBeCheckable(t *testing.T) {
	head := `title: t
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["Celtic Guardian"]
B:
  deck: ["Celtic Guardian"]
  spells: [{card: "Trap Hole", pos: set}]
moves: |
`
	for line, want := range map[string]string{
		`  ! B: activate "Trap Hole"`:     "prompt of A",
		`  ! A: select "Celtic Guardian"`: "never offers",
		`  ! A: summon "Celtic Guardian"`: "has the option",
		`  ! A: summon "Axe Raider"`:      "",
	} {
		f, err := parse([]byte(head + line + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.Run()
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v, want it to hold", line, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want an error with %q", line, err, want)
		}
	}
}
