package engine

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

func code(t testing.TB, name string) card.Passcode {
	t.Helper()
	d, ok := card.Pool().ByName(name)
	if !ok {
		t.Fatalf("no card %q", name)
	}
	return d.Passcode
}

// perftPosition is a small fixed position: A to move in Main Phase 1 of turn 3 with two monsters
// in hand (one needs a tribute) and one on the field; B has a face-down and a face-up monster.
func perftPosition(t testing.TB) Position {
	c := func(n string) card.Passcode { return code(t, n) }
	return Position{
		Rules: OCG(), Turn: 3, Player: A, Phase: Main1,
		Seats: [MaxSeats]SeatSetup{
			{Deck: []card.Passcode{c("Celtic Guardian"), c("Celtic Guardian")},
				Hand:     []card.Passcode{c("Summoned Skull"), c("Feral Imp"), c("Feral Imp")},
				Monsters: []MonsterSetup{{Code: c("Mystical Elf"), Pos: FaceUpDef}}},
			{Deck: []card.Passcode{c("Celtic Guardian"), c("Celtic Guardian")},
				Monsters: []MonsterSetup{{Code: c("Dark Magician"), Pos: FaceUpAtk},
					{Code: c("Giant Soldier of Stone"), Pos: FaceDownDef}}},
		},
	}
}

// perft counts the distinct answer sequences of the given depth from a position (a duel that
// ends counts as a leaf). Each leaf is reached by replaying its answers on a fresh duel, so the
// count also checks that every listed option is accepted.
func perft(t *testing.T, pos Position, path []int, depth int) int {
	d, err := NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, i := range path {
		if err := d.AnswerIndex(i); err != nil {
			t.Fatalf("path %v: %v", path, err)
		}
	}
	p := d.Prompt()
	if depth == 0 || p == nil {
		return 1
	}
	n := 0
	for i := range p.Options() {
		n += perft(t, pos, append(path[:len(path):len(path)], i), depth-1)
	}
	return n
}

// TestPerft pins the number of answer sequences from a fixed position: a change in a count is a
// change in the rules (or in the option order), and must be explained. Depth 2 by hand: summon
// Skull -> 1 tribute choice; summon Imp -> 3; set Skull -> 1; set Imp -> 3; position Elf -> 6;
// battle -> 2 (main2, end); end -> B draws and has 6 options: 22.
func TestPerft(t *testing.T) {
	want := []int{1, 7, 22, 82, 355}
	for depth, w := range want {
		if got := perft(t, perftPosition(t), nil, depth); got != w {
			t.Errorf("perft(%d) = %d, want %d", depth, got, w)
		}
	}
}

// TestOptionOrder pins the order of a prompt's options: replays and AIs may store indices.
func TestOptionOrder(t *testing.T) {
	d, err := NewFromPosition(perftPosition(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var got []string
	for _, o := range d.Prompt().Options() {
		got = append(got, d.OptionText(o))
	}
	want := []string{
		`summon "Summoned Skull"@A:H`, `summon "Feral Imp"@A:H`,
		`set "Summoned Skull"@A:H`, `set "Feral Imp"@A:H`,
		`position "Mystical Elf"@A:M1`, `battle`, `end`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("idle options:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPerftMatchesReplay checks Perft, which expands each position once by Clone, against perft
// above, which replays every answer sequence on a fresh duel: the path counts must agree.
func TestPerftMatchesReplay(t *testing.T) {
	pos := perftPosition(t)
	pos.KeepOpenStates = true
	d, err := NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got, err := Perft(d, 4)
	if err != nil {
		t.Fatal(err)
	}
	for depth, c := range got {
		if want := perft(t, perftPosition(t), nil, depth); c.Paths != want {
			t.Errorf("Perft(%d) = %d paths; replaying gives %d", depth, c.Paths, want)
		}
	}
}
