package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// A golden pins everything a scenario does, not only the keys its `expect` names: the whole event
// log, the prompt the duel stops at and the final view of every seat and of a spectator. The
// golden of `x.duel` is `x.golden` beside it (docs/testing.md "Goldens"); the `.duel` format is
// unchanged. A golden is plain text in blocks, each a header line, a `----` line and its lines,
// blocks separated by a blank line (the layout of etcd raft's datadriven test files):
//
//	events
//	----
//	> start
//	turn 3 A
//	> A: summon "Celtic Guardian"
//	A summoning "Celtic Guardian" A:H -> A:M1 atk
//	...
//
//	prompt
//	----
//	...
//
//	view A
//	----
//	...
//
// The event lines are written from the engine's events, which name every card (the log is not a
// seat's view); the views are what each seat and a spectator see. Regenerate goldens with
// `go test ./scenario -rewrite` or `duelist scenario run --rewrite PATH`.

// GoldenExt is the file extension of a golden.
const GoldenExt = ".golden"

// GoldenPath returns the path of the golden of a `.duel` file.
func GoldenPath(duelPath string) string {
	return strings.TrimSuffix(duelPath, ".duel") + GoldenExt
}

// GoldenMode says what running a file does with its golden.
type GoldenMode uint8

// The golden modes.
const (
	GoldenCheck   GoldenMode = iota // compare with the golden when the file has one
	GoldenRewrite                   // rewrite the golden when the file has one
	GoldenCreate                    // write the golden, creating it when missing
)

// ErrGoldenMismatch is wrapped by the error of a file whose run differs from its golden.
var ErrGoldenMismatch = errors.New("the run differs from its golden")

// mark ends a stretch of the event log: the events before index end, since the previous mark,
// followed the line text (the start, a line of the moves block, the closing passes).
type mark struct {
	end  int
	text string
}

// runMarked runs the file as Run does and returns, besides, the marks of the start, of every line
// of the moves block and of the closing passes.
func (f *File) runMarked() (*engine.Duel, []mark, error) {
	var marks []mark
	d, err := f.run(func(d *engine.Duel, line int) {
		text := "start"
		switch {
		case line == len(f.Moves):
			text = "end of moves"
		case line >= 0:
			text = f.Moves[line].text(f.Tag)
		}
		marks = append(marks, mark{len(d.Events()), text})
	})
	return d, marks, err
}

// Golden runs the file and returns its golden text. A file that fails is an error: a golden pins
// only a passing run.
func (f *File) Golden() ([]byte, error) {
	d, marks, err := f.runMarked()
	if d != nil {
		defer d.Close()
	}
	if err != nil {
		return nil, err
	}
	return f.renderGolden(d, marks), nil
}

// runGolden runs a file and checks, rewrites or creates its golden as mode says. wrote reports a
// golden written.
func runGolden(f *File, mode GoldenMode) (wrote bool, err error) {
	gp := GoldenPath(f.Path)
	want, readErr := os.ReadFile(gp)
	has := readErr == nil
	if readErr != nil && !errors.Is(readErr, os.ErrNotExist) {
		return false, fmt.Errorf("golden: %w", readErr)
	}
	if !has && mode != GoldenCreate {
		d, err := f.Run()
		if d != nil {
			d.Close()
		}
		return false, err
	}
	got, err := f.Golden()
	if err != nil {
		return false, err
	}
	if mode == GoldenCheck {
		return false, compareGolden(gp, want, got)
	}
	if has && bytes.Equal(want, got) {
		return false, nil
	}
	if err := os.WriteFile(gp, got, 0o644); err != nil {
		return false, fmt.Errorf("golden: %w", err)
	}
	return true, nil
}

// compareGolden returns nil when got equals the golden want, or an error that names the golden's
// block and shows the first lines that differ.
func compareGolden(path string, want, got []byte) error {
	if bytes.Equal(want, got) {
		return nil
	}
	w := strings.Split(string(want), "\n")
	g := strings.Split(string(got), "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	block := ""
	for j := min(i, len(g)-1); j >= 1; j-- {
		if g[j] == "----" {
			block = g[j-1]
			break
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v (rewrite with -rewrite if the change is meant)\n", path, ErrGoldenMismatch)
	fmt.Fprintf(&b, "first difference at line %d", i+1)
	if block != "" {
		fmt.Fprintf(&b, ", in block %q", block)
	}
	b.WriteString(":")
	for k := max(0, i-diffContext); k < i; k++ {
		fmt.Fprintf(&b, "\n  both   %4d  %s", k+1, w[k])
	}
	show := func(sign string, lines []string) {
		if i >= len(lines) {
			fmt.Fprintf(&b, "\n  %s (end of file)", sign)
			return
		}
		for k := i; k < min(i+diffLines, len(lines)); k++ {
			fmt.Fprintf(&b, "\n  %s %4d  %s", sign, k+1, lines[k])
		}
	}
	show("golden", w)
	show("run   ", g)
	return errors.New(b.String())
}

// diffLines is how many lines from the first difference a mismatch shows of each side, after
// diffContext lines the two share.
const (
	diffLines   = 6
	diffContext = 2
)

// renderGolden writes the golden text of a duel run with its marks.
func (f *File) renderGolden(d *engine.Duel, marks []mark) []byte {
	r := goldenWriter{d: d, tag: d.PublicView().Tag, db: f.cardDB()}
	var b strings.Builder
	b.WriteString("# Golden (docs/testing.md): do not edit; regenerate with `duelist scenario run --rewrite FILE`.\n\n")
	b.WriteString("events\n----\n")
	ev := d.Events()
	from := 0
	for _, m := range marks {
		fmt.Fprintf(&b, "> %s\n", m.text)
		for _, e := range ev[from:m.end] {
			b.WriteString(r.event(e) + "\n")
		}
		from = m.end
	}
	b.WriteString("\nprompt\n----\n")
	for _, l := range r.prompt() {
		b.WriteString(l + "\n")
	}
	n := len(d.PublicView().Seats)
	for s := engine.Seat(0); int(s) < n; s++ {
		fmt.Fprintf(&b, "\nview %s\n----\n", engine.SeatName(s, r.tag))
		for _, l := range r.view(d.View(s)) {
			b.WriteString(l + "\n")
		}
	}
	b.WriteString("\nview spectator\n----\n")
	for _, l := range r.view(d.PublicView()) {
		b.WriteString(l + "\n")
	}
	return []byte(b.String())
}

// cardDB returns the card set the file's ruleset plays.
func (f *File) cardDB() *card.DB {
	if f.Ruleset.Kouhu() {
		return kouhu.CardDB()
	}
	return card.Pool()
}

// text writes a line of the moves block as the file has it (its answer text as written).
func (m Move) text(tag bool) string {
	seat := engine.SeatName(m.Seat, tag)
	switch m.Kind {
	case MoveCheck:
		return fmt.Sprintf("? %s = %v", m.Expect.Key, m.Expect.Value)
	case MoveNot:
		return fmt.Sprintf("! %s: %s", seat, m.Text)
	case MoveAt:
		return fmt.Sprintf("%s@%s: %s", seat, m.Timing, m.Text)
	}
	return fmt.Sprintf("%s: %s", seat, m.Text)
}
