package scenario

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/engine"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the goldens of the scenarios that have one (docs/testing.md)")

// goldenMode is the mode TestCorpus runs the corpus in: checking goldens, or rewriting them
// with -rewrite.
func goldenMode() GoldenMode {
	if *rewrite {
		return GoldenRewrite
	}
	return GoldenCheck
}

// goldenScenario is a corpus scenario with a golden whose event log has a battle and a
// destruction; the tests below mutate its run.
const goldenScenario = "../testdata/ocg/battle/attack-one-of-two-identical-targets.duel"

// TestGoldenCatchesAMutatedEvent: a run whose event log differs from the golden in one field of
// one event fails, naming the events block and showing the line; the unchanged run passes.
func TestGoldenCatchesAMutatedEvent(t *testing.T) {
	want, err := os.ReadFile(GoldenPath(goldenScenario))
	if err != nil {
		t.Fatalf("the golden of %s: %v", goldenScenario, err)
	}
	f, err := readFile(goldenScenario)
	if err != nil {
		t.Fatal(err)
	}
	mutations := map[string]func(e *engine.Event) bool{
		"a destruction not by battle": func(e *engine.Event) bool {
			if e.Kind != engine.EvDestroy {
				return false
			}
			e.Battle = false
			return true
		},
		"an attack from another zone": func(e *engine.Event) bool {
			if e.Kind != engine.EvAttack {
				return false
			}
			e.From.Seq++
			e.To.Seq++
			return true
		},
		"a destruction sent elsewhere": func(e *engine.Event) bool {
			if e.Kind != engine.EvDestroy {
				return false
			}
			e.To.Loc = engine.Banished
			return true
		},
	}
	for name, mutate := range mutations {
		t.Run(name, func(t *testing.T) {
			d, marks, err := f.runMarked()
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if err := compareGolden("golden", want, f.renderGolden(d, marks)); err != nil {
				t.Fatalf("the unchanged run: %v", err)
			}
			mutated := false
			for i := range d.Events() {
				if mutate(&d.Events()[i]) {
					mutated = true
					break
				}
			}
			if !mutated {
				t.Fatal("no event to mutate")
			}
			err = compareGolden("golden", want, f.renderGolden(d, marks))
			if err == nil {
				t.Fatal("the mutated run matches the golden")
			}
			if msg := err.Error(); !strings.Contains(msg, `in block "events"`) || !strings.Contains(msg, "run") {
				t.Errorf("the mismatch does not show the events block: %v", err)
			}
		})
	}
}

// TestGoldenCoversEveryEventField changes each field of an event in turn and fails when its line
// does not change, so that no change of the engine's events can pass a golden unseen.
func TestGoldenCoversEveryEventField(t *testing.T) {
	f, err := readFile(goldenScenario)
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	w := goldenWriter{d: d, db: f.cardDB()}
	// Cards of different names, for the fields that hold a card.
	var ids []engine.CardID
	seen := map[string]bool{}
	for id := engine.CardID(0); int(id) < d.NumCards() && len(ids) < 3; id++ {
		if n := d.Card(id).Data.Name; !seen[n] {
			seen[n] = true
			ids = append(ids, id)
		}
	}
	if len(ids) < 3 {
		t.Fatalf("the scenario has %d card names, want 3", len(ids))
	}
	base := engine.Event{Kind: engine.EvMove, Seat: engine.A, Card: ids[0], Code: d.Card(ids[0]).Data.Passcode,
		Target: ids[1], From: engine.Place{Seat: engine.A, Loc: engine.MZone, Seq: 0},
		To: engine.Place{Seat: engine.B, Loc: engine.MZone, Seq: 1}, FromUp: true, ToUp: false,
		FromCtrl: engine.A, ToCtrl: engine.B, TargetAt: engine.Place{Seat: engine.B, Loc: engine.MZone, Seq: 2},
		Pos: engine.FaceUpAtk, Phase: engine.Main1, Amount: 5, Turn: 3, Reason: engine.NoCard}
	// Not written, with the reason.
	skip := map[string]string{
		"Card":   "an engine id; the card is written by its name (Code) and its places",
		"Turn":   "emit sets it from the duel's turn, which the turn lines of the log show",
		"Phase":  "emit sets it from the duel's phase, which the phase lines show (checked below)",
		"Timing": "the duel's Battle Phase timing, which the step lines show (checked below)",
	}
	typ := reflect.TypeFor[engine.Event]()
	for i := range typ.NumField() {
		fd := typ.Field(i)
		if _, ok := skip[fd.Name]; ok {
			continue
		}
		e := base
		v := reflect.ValueOf(&e).Elem().Field(i)
		switch {
		case fd.Type == reflect.TypeFor[engine.CardID]():
			if v.Int() == int64(ids[1]) {
				v.SetInt(int64(ids[2]))
			} else {
				v.SetInt(int64(ids[1]))
			}
		case fd.Type == reflect.TypeFor[engine.Place]():
			p := v.Addr().Interface().(*engine.Place)
			p.Seq++
		case v.Kind() == reflect.Bool:
			v.SetBool(!v.Bool())
		case v.CanInt():
			v.SetInt(v.Int() + 1)
		case v.CanUint():
			v.SetUint(v.Uint() + 1)
		case v.Kind() == reflect.Array && v.Index(0).CanUint():
			v.Index(0).SetUint(v.Index(0).Uint() + 1)
		default:
			t.Fatalf("field %s of type %s: the test does not know how to change it", fd.Name, fd.Type)
		}
		if w.event(e) == w.event(base) {
			t.Errorf("changing Event.%s leaves its golden line %q", fd.Name, w.event(base))
		}
	}
	for _, c := range []struct {
		name string
		a, b engine.Event
	}{
		{"phase", engine.Event{Kind: engine.EvPhase, Phase: engine.Main1}, engine.Event{Kind: engine.EvPhase, Phase: engine.Main2}},
		{"step", engine.Event{Kind: engine.EvStep, Timing: engine.BattleStep}, engine.Event{Kind: engine.EvStep, Timing: engine.DamageStart}},
		{"turn", engine.Event{Kind: engine.EvTurn, Turn: 3}, engine.Event{Kind: engine.EvTurn, Turn: 4}},
	} {
		if w.event(c.a) == w.event(c.b) {
			t.Errorf("%s lines do not tell %v from %v", c.name, c.a, c.b)
		}
	}
}

// TestGoldenCoversEveryViewField changes each field of a view, of a seat's side and of a card in
// turn and fails when the golden's view lines do not change.
func TestGoldenCoversEveryViewField(t *testing.T) {
	f, err := readFile(goldenScenario)
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	w := goldenWriter{d: d, db: f.cardDB()}
	base := d.View(engine.A)
	mon := base.Seats[engine.A].Monsters[0]
	if mon.Empty || mon.Hidden() {
		t.Fatalf("%s: want a face-up monster in A:M1", goldenScenario)
	}
	text := func(v engine.View) string { return strings.Join(w.view(v), "\n") }
	baseText := text(base)
	// copyView copies the view deeply enough to change one seat's side and its first monster.
	copyView := func() engine.View {
		v := base
		v.Seats = append([]engine.SeatView(nil), base.Seats...)
		v.Seats[engine.A].Monsters = append([]engine.CardView(nil), base.Seats[engine.A].Monsters...)
		return v
	}
	skip := map[string]string{
		"View.Viewer":   "the block header names the viewer",
		"CardView.Code": "the card is written by its Name",
		"CardView.Kind": "fixed by the card's name",
	}
	change := func(v reflect.Value, name string) {
		switch {
		case v.Kind() == reflect.Bool:
			v.SetBool(!v.Bool())
		case v.CanInt():
			v.SetInt(v.Int() + 1)
		case v.CanUint():
			v.SetUint(v.Uint() + 1)
		case v.Kind() == reflect.String:
			v.SetString(v.String() + "x")
		case v.Type() == reflect.TypeFor[engine.Place]():
			v.Addr().Interface().(*engine.Place).Seq++
		case v.Type() == reflect.TypeFor[[]engine.CardView]():
			v.Set(reflect.Append(v, reflect.ValueOf(mon)))
		case v.Type() == reflect.TypeFor[*engine.CardView]():
			c := mon
			c.Place = engine.Place{Loc: engine.FZone}
			v.Set(reflect.ValueOf(&c))
		case v.Type() == reflect.TypeFor[*engine.Place]():
			v.Set(reflect.ValueOf(&engine.Place{Seat: engine.A, Loc: engine.MZone}))
		case v.Type() == reflect.TypeFor[map[string]int]():
			v.Set(reflect.ValueOf(map[string]int{"spell": 1}))
		case v.Type() == reflect.TypeFor[[]engine.SeatView]():
			v.Set(reflect.Append(v, v.Index(0)))
		default:
			t.Fatalf("%s of type %s: the test does not know how to change it", name, v.Type())
		}
	}
	for _, level := range []struct {
		name string
		get  func(v *engine.View) reflect.Value
	}{
		{"View", func(v *engine.View) reflect.Value { return reflect.ValueOf(v).Elem() }},
		{"SeatView", func(v *engine.View) reflect.Value { return reflect.ValueOf(&v.Seats[engine.A]).Elem() }},
		{"CardView", func(v *engine.View) reflect.Value {
			return reflect.ValueOf(&v.Seats[engine.A].Monsters[0]).Elem()
		}},
	} {
		probe := copyView()
		typ := level.get(&probe).Type()
		for i := range typ.NumField() {
			name := level.name + "." + typ.Field(i).Name
			if _, ok := skip[name]; ok {
				continue
			}
			v := copyView()
			change(level.get(&v).Field(i), name)
			if text(v) == baseText {
				t.Errorf("changing %s leaves the view lines unchanged", name)
			}
		}
	}
}

// TestCompareGolden: equal texts pass; different ones fail with the first differing line of both,
// a missing line shown as the end of the file.
func TestCompareGolden(t *testing.T) {
	want := []byte("events\n----\n> start\nturn 1 A\n\nview A\n----\nturn 1 A main1\n")
	if err := compareGolden("x.golden", want, want); err != nil {
		t.Fatalf("equal texts: %v", err)
	}
	got := bytes.Replace(want, []byte("turn 1 A main1"), []byte("turn 1 A main2"), 1)
	err := compareGolden("x.golden", want, got)
	if err == nil {
		t.Fatal("different texts pass")
	}
	for _, s := range []string{"x.golden", "line 8", `block "view A"`, "turn 1 A main1", "turn 1 A main2"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the mismatch does not say %q:\n%v", s, err)
		}
	}
	err = compareGolden("x.golden", want, want[:len(want)-len("turn 1 A main1\n")])
	if err == nil || !strings.Contains(err.Error(), "(end of file)") && !strings.Contains(err.Error(), "line 8") {
		t.Errorf("a shorter run: %v", err)
	}
}

// TestRewriteAll: a named file gets a golden, a directory's files keep theirs checked and
// rewritten, a stale golden fails the check until rewritten, and a failing file keeps its golden.
func TestRewriteAll(t *testing.T) {
	src, err := os.ReadFile(goldenScenario)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	x := filepath.Join(dir, "x.duel")
	y := filepath.Join(dir, "y.duel")
	for _, p := range []string{x, y} {
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if _, failed, err := RewriteAll([]string{dir}, &out, testCards); err != nil || failed != 0 {
		t.Fatalf("RewriteAll(dir): %d failed, %v\n%s", failed, err, out.String())
	}
	if _, err := os.Stat(GoldenPath(x)); err == nil {
		t.Fatal("a directory's file without a golden got one")
	}
	if _, failed, err := RewriteAll([]string{x}, &out, testCards); err != nil || failed != 0 {
		t.Fatalf("RewriteAll(x): %d failed, %v\n%s", failed, err, out.String())
	}
	golden, err := os.ReadFile(GoldenPath(x))
	if err != nil {
		t.Fatalf("a named file got no golden: %v", err)
	}
	want, _ := os.ReadFile(GoldenPath(goldenScenario))
	if !bytes.Equal(golden, want) {
		t.Errorf("the written golden differs from the corpus's:\n%v", compareGolden("corpus", want, golden))
	}
	stale := bytes.Replace(golden, []byte("battle"), []byte("battel"), 1)
	if err := os.WriteFile(GoldenPath(x), stale, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := RunFile(x, testCards); r.Err == nil {
		t.Fatal("a stale golden passes the check")
	}
	out.Reset()
	if passed, failed, _ := RunAll([]string{dir}, &out, testCards); passed != 1 || failed != 1 ||
		!strings.Contains(out.String(), "FAIL "+x) {
		t.Errorf("RunAll with a stale golden: %d passed, %d failed:\n%s", passed, failed, out.String())
	}
	if r := RunFileGolden(x, GoldenRewrite, testCards); r.Err != nil || !r.Wrote {
		t.Fatalf("rewrite: wrote %v, %v", r.Wrote, r.Err)
	}
	if r := RunFile(x, testCards); r.Err != nil {
		t.Fatalf("after the rewrite: %v", r.Err)
	}
	// A file that fails keeps its golden.
	broken := bytes.Replace(src, []byte("B.lp: 8000"), []byte("B.lp: 1"), 1)
	if err := os.WriteFile(x, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := RunFileGolden(x, GoldenRewrite, testCards); r.Err == nil || r.Wrote {
		t.Fatalf("a failing file: wrote %v, %v", r.Wrote, r.Err)
	}
	if after, _ := os.ReadFile(GoldenPath(x)); !bytes.Equal(after, golden) {
		t.Error("a failing file's golden changed")
	}
}

// TestGoldenCoversThePrompt changes each field of the pending prompt in turn and fails when the
// golden's prompt lines do not change.
func TestGoldenCoversThePrompt(t *testing.T) {
	f, err := readFile(goldenScenario)
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	w := goldenWriter{d: d, db: f.cardDB()}
	p := d.Prompt()
	if p == nil {
		t.Fatal("no prompt")
	}
	text := func() string { return strings.Join(w.prompt(), "\n") }
	base := text()
	skip := map[string]string{
		"Candidates": "the options name them (select, target)",
	}
	saved := *p
	typ := reflect.TypeFor[engine.Prompt]()
	for i := range typ.NumField() {
		fd := typ.Field(i)
		if _, ok := skip[fd.Name]; ok || !fd.IsExported() {
			continue
		}
		v := reflect.ValueOf(p).Elem().Field(i)
		switch {
		case fd.Type == reflect.TypeFor[engine.CardID]():
			v.SetInt(0)
		case v.Kind() == reflect.Bool:
			v.SetBool(!v.Bool())
		case v.CanInt():
			v.SetInt(v.Int() + 1)
		case v.CanUint():
			v.SetUint(v.Uint() + 1)
		default:
			t.Fatalf("Prompt.%s of type %s: the test does not know how to change it", fd.Name, fd.Type)
		}
		if text() == base {
			t.Errorf("changing Prompt.%s leaves the prompt lines %q", fd.Name, base)
		}
		*p = saved
	}
	// The options: one fewer shows.
	opts := p.Options()
	if len(opts) < 2 {
		t.Fatalf("the prompt has %d options, want 2 or more", len(opts))
	}
	a, b := d.OptionText(opts[0]), d.OptionText(opts[1])
	if !strings.Contains(base, "- "+a+"\n- "+b) {
		t.Errorf("the prompt lines do not list the options in order:\n%s", base)
	}
}
