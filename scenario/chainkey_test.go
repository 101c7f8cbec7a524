package scenario

import (
	"os"
	"strings"
	"testing"
)

// TestChainPlaceCanFail: a `chain` entry with a place fails when the link's card is elsewhere,
// and a malformed entry is an error, not a pass.
func TestChainPlaceCanFail(t *testing.T) {
	src, err := os.ReadFile("../testdata/ocg/chain/rules/chain-links-of-the-same-card-told-apart-by-place.duel")
	if err != nil {
		t.Fatal(err)
	}
	good := `? chain = [{card: "Mystical Space Typhoon", place: "A:S2"}, {card: "Mystical Space Typhoon", place: "A:S1"}]`
	if !strings.Contains(string(src), good) {
		t.Fatalf("the scenario no longer has the line %s", good)
	}
	for line, want := range map[string]string{
		`? chain = [{card: "Mystical Space Typhoon", place: "A:S1"}, {card: "Mystical Space Typhoon", place: "A:S2"}]`: `want ["Mystical Space Typhoon"@A:S1, "Mystical Space Typhoon"@A:S2], got ["Mystical Space Typhoon"@A:S2, "Mystical Space Typhoon"@A:S1]`,
		`? chain = [{card: "Mystical Space Typhoon", place: "A:S2"}]`:                                                  "want",
		`? chain = [{card: "Mystical Space Typhoon", at: "A:S2"}, "Mystical Space Typhoon"]`:                           `unknown key "at"`,
		`? chain = [{card: "Mystical Space Typhoon", place: "S2"}, "Mystical Space Typhoon"]`:                          "want a place",
		`? chain = [{card: "Mystical Space Typhoon", place: "A:Q9"}, "Mystical Space Typhoon"]`:                        "want a place",
	} {
		f, err := parse([]byte(strings.Replace(string(src), good, line, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Run(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", line, err, want)
		}
	}
}
