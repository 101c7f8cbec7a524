package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestPlayKeepsCommands: a Main Phase command typed at a chain window (here with --chain always:
// the Draw and Standby Phase windows, the windows after A's own summon) is not swallowed: the
// window is passed and the command is the answer of A's next Main Phase decision.
func TestPlayKeepsCommands(t *testing.T) {
	out := playLines(t, "summon great white\nend\npass\npass\n", "--seed", "3", "--first", "A", "--chain", "always")
	for _, want := range []string{`(the chain window is passed; "summon great white" is kept for your next Main or Battle Phase decision)`,
		`A Normal Summons "Great White"`, `"end" is kept`, "-- End Phase --"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, tail(out))
		}
	}
	if strings.Contains(out, "matches none") {
		t.Errorf("a command was refused at a chain window:\n%s", tail(out))
	}
}

// TestPlaySkip: `skip` at a chain window passes the windows after it until something concerns the
// player or their next Main or Battle Phase decision.
func TestPlaySkip(t *testing.T) {
	out := playLines(t, "skip\nend\n", "--seed", "3", "--first", "A", "--chain", "always")
	if !strings.Contains(out, "(chain windows are passed until something concerns you)") {
		t.Errorf("skip is not understood:\n%s", tail(out))
	}
	if strings.Contains(out, "Respond to: the Standby Phase") {
		t.Errorf("the Standby Phase window was shown after skip:\n%s", tail(out))
	}
	if !strings.Contains(out, "Your Main 1") {
		t.Errorf("skip passed the Main Phase decision:\n%s", tail(out))
	}
}

// reactive is a player's input that answers each prompt as it appears (tmuxAnswer), reading the
// output written so far: pass at chain windows, a summon a turn, Sets, attacks.
type reactive struct {
	out      *bytes.Buffer
	answered int
	summoned int
	typed    []string
}

func (r *reactive) Read(b []byte) (int, error) {
	s := r.out.String()
	if strings.Count(s, "— choose:") <= r.answered || len(r.typed) > 600 {
		return 0, errEOF{}
	}
	r.answered = strings.Count(s, "— choose:")
	title, opts := lastPrompt(s)
	turn := strings.Count(s, "== Turn ")
	ans := tmuxAnswer(title, opts, r.summoned == turn)
	if strings.HasPrefix(title, "Your Main 1") && r.summoned == turn {
		for _, o := range opts { // after the summon, Set the Spells and Traps
			if strings.HasPrefix(o, "set ") {
				ans = o
				break
			}
		}
	}
	if strings.HasPrefix(ans, "sum ") {
		r.summoned = turn
	}
	r.typed = append(r.typed, ans)
	return copy(b, ans+"\n"), nil
}

type errEOF struct{}

func (errEOF) Error() string { return "EOF" }

// TestPlayAutoChain: the default chain setting, auto, asks at a chain window only when the
// opponent did something (its play is what the window responds to, or its chain link); the
// windows after A's own plays are passed, and fewer of A's answers are passes than with respond.
func TestPlayAutoChain(t *testing.T) {
	share := map[string]float64{}
	for _, mode := range []string{"respond", "auto"} {
		var out, errOut bytes.Buffer
		r := &reactive{out: &out}
		if code := run([]string{"play", "--seed", "8", "--first", "A", "--chain", mode}, r, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errOut.String())
		}
		if !strings.Contains(out.String(), "Game over:") {
			t.Fatalf("%s: the duel did not end (%q):\n%s", mode, r.typed, tail(out.String()))
		}
		passes := 0
		for _, a := range r.typed {
			if a == "pass" {
				passes++
			}
		}
		share[mode] = float64(passes) / float64(len(r.typed))
		t.Logf("--chain %s: %d of %d answers are passes (%.0f %%)", mode, passes, len(r.typed), 100*share[mode])
		if mode != "auto" {
			continue
		}
		own := regexp.MustCompile(`(?m)^Respond to: (A |A's |chain link \d+, A:|the )`)
		if m := own.FindString(out.String()); m != "" {
			t.Errorf("auto showed a window that answers A's own play or a phase: %q", m)
		}
	}
	if share["auto"] >= share["respond"] {
		t.Errorf("auto: %.2f of the answers are passes, respond %.2f", share["auto"], share["respond"])
	}
}

// TestPlayChineseThroughout: under zh-CN and zh-TW the client's own sentences (the introduction,
// help, errors, the questions before conceding, `info`, "Game over", a match's results) are
// Chinese: none of the English ones is printed; every sentence exists in every language.
func TestPlayChineseThroughout(t *testing.T) {
	for key := range termMsgs["en"] {
		for _, lang := range termLangs[1:] {
			if _, ok := termMsgs[lang][key]; !ok {
				t.Errorf("%s lacks the sentence %q", lang, key)
			}
		}
	}
	english := []string{"Type ", "matches none", "there is no option", "Concede", "conceded", "Game over", "The duel goes on",
		"Level ", "Spellcaster", "Match over", "Duel 1", "Score", "Replay written", "choose:", "agent",
		"Opponent", "Hand:", " LP ", "Deck ", "Field ", "Phase"}
	for _, lang := range termLangs[1:] {
		out := playLines(t, "help\nfrob\n99\ninfo dark magician\ninfo zzzz\nquit\nn\nquit\ny\n", "--seed", "3", "--first", "A", "--lang", lang)
		out += playLines(t, "concede\nn\nconcede\ny\nresign\ny\n", "--match", "--seed", "5", "--first", "A", "--lang", lang)
		for _, e := range english {
			if i := strings.Index(out, e); i >= 0 {
				t.Errorf("%s: English %q is printed: …%s…", lang, e, out[max(0, i-80):min(len(out), i+80)])
			}
		}
		for _, want := range []string{"决斗", "7 星", "魔法师族"} {
			if lang == "zh-TW" {
				want = strings.NewReplacer("决斗", "決鬥", "魔法师族", "魔法使族").Replace(want)
			}
			if !strings.Contains(out, want) {
				t.Errorf("%s: the output lacks %q:\n%s", lang, want, tail(out))
			}
		}
	}
}
