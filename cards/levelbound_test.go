package cards

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// levelBound finds a Level compared with an ordering operator: `c.Level(id) <= 4`,
// `c.Data(id).Level < 5`, `3 >= lv` is not caught (name Levels by c.Level).
var levelBound = regexp.MustCompile(`\bLevel(\([^()]*\))?\s*(<=|<|>=|>)|(<=|<|>=|>)\s*c\.(Level\(|Data\([^()]*\)\.Level)`)

// TestLevelBoundsUseLevelAtMost: no card compares a Level with < or <= (or > and >=) itself.
// An Xyz Monster has no Level (0): "Level 4 or lower" compared by hand lets it through (issue 32,
// Junk Synchron, Junk Warrior); LevelAtMost refuses a monster with none.
func TestLevelBoundsUseLevelAtMost(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if levelBound.MatchString(line) && !strings.Contains(line, "lv > 0 && lv <= n") {
				t.Errorf("%s:%d compares a Level by hand (use LevelAtMost): %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !levelBound.MatchString("return cards.IsMonster(c, id) && c.Data(id).Level <= 2 &&") ||
		!levelBound.MatchString("if c.Level(id) <= 2 {") {
		t.Error("the pattern misses the comparisons it was written for")
	}
}
