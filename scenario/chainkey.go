package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// checkChain checks the `chain` key: the cards of the links that have not finished resolving,
// chain link 1 first. An entry is a card name, or a map {card: NAME, place: PLACE} that also
// names where the link's card is now (`A:S1`, `B:M2`, `A:GY`; `A1:S1` in a tag duel), so that two
// links of the same card can be told apart (docs/notation.md "Extra keys").
func checkChain(d *engine.Duel, e Expectation) error {
	want, placed, err := chainEntries(e.Value)
	if err != nil {
		return fmt.Errorf("%s: %v", e.Key, err)
	}
	links := d.ChainView()
	got := make([]string, len(links))
	for i, l := range links {
		got[i] = strconv.Quote(l.Name)
		if i < len(placed) && placed[i] {
			got[i] += "@" + l.Place.Text(d.Tag())
		}
	}
	w, g := "["+strings.Join(want, ", ")+"]", "["+strings.Join(got, ", ")+"]"
	if w != g {
		return fmt.Errorf("%s: want %s, got %s", e.Key, w, g)
	}
	return nil
}

// chainEntries reads the `chain` key's list: each entry as the check writes it (`"Name"` or
// `"Name"@PLACE`) and whether it names a place.
func chainEntries(v any) (want []string, placed []bool, err error) {
	if v == nil {
		return nil, nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, nil, fmt.Errorf("want a list of card names or {card: NAME, place: PLACE} maps")
	}
	for i, x := range list {
		where := fmt.Sprintf("[%d]", i)
		m, isMap := x.(map[string]any)
		if !isMap {
			names, err := nameList([]any{x})
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", where, err)
			}
			want, placed = append(want, strconv.Quote(names[0])), append(placed, false)
			continue
		}
		for _, k := range sortedKeys(m) {
			if k != "card" && k != "place" {
				return nil, nil, fmt.Errorf("%s: unknown key %q (card, place)", where, k)
			}
		}
		names, err := nameList([]any{m["card"]})
		if err != nil || len(names) != 1 {
			return nil, nil, fmt.Errorf("%s.card: %v", where, err)
		}
		place, ok := m["place"].(string)
		if !ok || !validPlace(place) {
			return nil, nil, fmt.Errorf("%s.place: want a place such as A:S1, B:M2, A:GY, got %v", where, m["place"])
		}
		want, placed = append(want, strconv.Quote(names[0])+"@"+place), append(placed, true)
	}
	return want, placed, nil
}

// validPlace reports whether s is written as a place of the notation: SEAT:ZONE (M1, S2, F) or
// SEAT:PILE (H, D, GY, BN, X, R, OV).
func validPlace(s string) bool {
	seat, loc, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	if _, err := engine.ParseSeat(seat); err != nil {
		return false
	}
	switch loc {
	case "H", "D", "GY", "BN", "X", "R", "OV", "F":
		return true
	}
	if len(loc) >= 2 && (loc[0] == 'M' || loc[0] == 'S') {
		n, err := strconv.Atoi(loc[1:])
		return err == nil && n >= 1
	}
	return false
}
