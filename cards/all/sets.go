package all

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// SetStats is how far the project is with one set (docs/sets.md).
type SetStats struct {
	Set *card.Set
	// Cards is the number of the set's cards in the data (those listing it in their sets).
	Cards int
	// Normal counts the Normal Monsters among them: they need no behaviour.
	Normal int
	// Need counts the cards that need behaviour (every card but a Normal Monster); Scripted those
	// of them with a registered Script, WithScenario those with at least one scenario.
	Need, Scripted, WithScenario int
	// Unscripted and NoScenario list the cards of Need without behaviour, or without scenario.
	Unscripted, NoScenario []*card.Data
}

// Stats gives the stats of every set of db, in release order: behaviour from lib, scenarios
// from counts (ScenarioCounts).
func Stats(db *card.DB, lib engine.Library, counts map[card.Passcode]int) []SetStats {
	var out []SetStats
	for _, s := range db.Sets() {
		st := SetStats{Set: s}
		for _, d := range db.InSet(s.Code) {
			st.Cards++
			if d.IsNormalMonster() {
				st.Normal++
				continue
			}
			st.Need++
			if lib.Script(d.Passcode) != nil {
				st.Scripted++
			} else {
				st.Unscripted = append(st.Unscripted, d)
			}
			if counts[d.Passcode] > 0 {
				st.WithScenario++
			} else {
				st.NoScenario = append(st.NoScenario, d)
			}
		}
		out = append(out, st)
	}
	return out
}

// slugRun is what a slug replaces by one '-'.
var slugRun = regexp.MustCompile(`[^a-z0-9]+`)

// Slug is a card's name as the file names of its scenarios start with it: lower case, every run
// of other characters one '-' ("Pot of Greed" → pot-of-greed, `Spirit Message "I"` →
// spirit-message-i).
func Slug(name string) string {
	return strings.Trim(slugRun.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

// ScenarioCounts counts the scenarios (.duel files) under dir by the card they check: a file
// counts for the card whose Slug starts its name, followed by '-' or nothing (a leading "the-" of
// the slug may be left out: wicked-worm-beast-... is The Wicked Worm Beast's), the longest such
// slug when several fit. The convention is docs/cards.md "How to add a card": card scenarios are
// testdata/ocg/cards/<set>/<card slug>-<the ruling>.duel.
func ScenarioCounts(db *card.DB, dir string) (map[card.Passcode]int, error) {
	type key struct {
		slug string
		code card.Passcode
	}
	var keys []key
	for _, d := range db.All() {
		s := Slug(d.Name)
		keys = append(keys, key{s, d.Passcode})
		if t, ok := strings.CutPrefix(s, "the-"); ok {
			keys = append(keys, key{t, d.Passcode})
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return len(keys[i].slug) > len(keys[j].slug) })
	out := map[card.Passcode]int{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".duel") {
			return err
		}
		base := strings.TrimSuffix(e.Name(), ".duel")
		for _, k := range keys {
			if base == k.slug || strings.HasPrefix(base, k.slug+"-") {
				out[k.code]++
				break
			}
		}
		return nil
	})
	return out, err
}

// FinishedProblems lists what keeps each set marked finished (card.Set.Finished) from being so:
// fewer cards in the data than the set's size, a card of it that needs behaviour and has none,
// has no text in one of the three languages or no scenario, and a Normal Monster with
// behaviour. Empty when every finished set is complete.
func FinishedProblems(db *card.DB, lib engine.Library, counts map[card.Passcode]int) []string {
	var bad []string
	for _, st := range Stats(db, lib, counts) {
		s := st.Set
		if !s.Finished {
			continue
		}
		if st.Cards != s.Size {
			bad = append(bad, fmt.Sprintf("%s: %d cards in the data, the set printed %d", s.Code, st.Cards, s.Size))
		}
		for _, d := range db.InSet(s.Code) {
			sc := lib.Script(d.Passcode)
			switch {
			case d.IsNormalMonster() && sc != nil:
				bad = append(bad, fmt.Sprintf("%s: %s (%d) is a Normal Monster with behaviour", s.Code, d.Name, d.Passcode))
			case d.IsNormalMonster():
			case sc == nil:
				bad = append(bad, fmt.Sprintf("%s: %s (%d) has no behaviour", s.Code, d.Name, d.Passcode))
			}
			if !d.IsNormalMonster() && (d.Text.EN == "" || d.Text.ZHCN == "" || d.Text.ZHTW == "") {
				bad = append(bad, fmt.Sprintf("%s: %s (%d) has no text in every language", s.Code, d.Name, d.Passcode))
			}
			if !d.IsNormalMonster() && counts[d.Passcode] == 0 {
				bad = append(bad, fmt.Sprintf("%s: %s (%d) has no scenario (%s-*.duel)", s.Code, d.Name, d.Passcode, Slug(d.Name)))
			}
		}
	}
	return bad
}

// Table writes the sets' stats as the Markdown table of docs/sets.md.
func Table(stats []SetStats) string {
	var b strings.Builder
	b.WriteString("| set | name | released | cards (of) | Normal Monsters | need behaviour | implemented | with scenarios | finished |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, st := range stats {
		fin := "no"
		if st.Set.Finished {
			fin = "yes"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d (%d) | %d | %d | %d | %d | %s |\n", st.Set.Code, st.Set.Name,
			st.Set.Released, st.Cards, st.Set.Size, st.Normal, st.Need, st.Scripted, st.WithScenario, fin)
	}
	return b.String()
}

// ProjectStats gives the stats of the card pool's sets with the registered behaviour and the
// scenarios of the module's testdata (dir, normally testdata/ocg/cards of the checkout).
func ProjectStats(dir string) ([]SetStats, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	counts, err := ScenarioCounts(card.Pool(), dir)
	if err != nil {
		return nil, err
	}
	return Stats(card.Pool(), Library(), counts), nil
}
