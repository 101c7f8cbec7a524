package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/scenario"
)

// playLines plays `duelist play` with the given lines as input and returns its output.
func playLines(t *testing.T, lines string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	args = append([]string{"play"}, args...)
	if code := run(args, strings.NewReader(lines), &out, &errOut); code != 0 {
		t.Fatalf("%v exited %d: %s", args, code, errOut.String())
	}
	return out.String()
}

// TestPlayForgivingAnswers: answers without quotes or capitals, cut to prefixes, without the
// verb, or with the card's Chinese name are understood; an answer that fits several options
// lists them.
func TestPlayForgivingAnswers(t *testing.T) {
	// Seed 3, A first: A holds Great White and later Mystical Elf (see the output in a failure).
	for _, tc := range []struct{ in, want string }{
		{"SUMMON great white", `A Normal Summons "Great White"`},
		{"sum gre", `A Normal Summons "Great White"`},
		{"summon 大白鲨", `A Normal Summons "Great White"`},
		{"set 大白", `A Sets "Great White"`},
		{"great", `which one? "great" fits 2 options: 1) summon "Great White"@A:H, 2) set "Great White"@A:H; type its number`},
		{"frob", `"frob" matches none of the options: type a number 1-8, 'board' or 'help'`},
	} {
		out := playLines(t, tc.in+"\n", "--seed", "3", "--first", "A")
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q: the output lacks %q:\n%s", tc.in, tc.want, tail(out))
		}
	}
}

// TestFindCard: info finds a card by any of its names, forgivingly, in kouhu's set too.
func TestFindCard(t *testing.T) {
	for q, want := range map[string]string{
		"Dark Magician": "Dark Magician", `"dark magician"`: "Dark Magician", "dark mag": "Dark Magician",
		"dark magician g": "Dark Magician Girl", "青眼白龙": "Blue-Eyes White Dragon", "#46986414": "Dark Magician",
		"mystical e": "Mystical Elf",
	} {
		d, err := findCard(q, cardDBs(false))
		if err != nil || d.Name != want {
			t.Errorf("findCard(%q) = %v, %v; want %s", q, d, err, want)
		}
	}
	if _, err := findCard("blue", cardDBs(false)); err == nil || !strings.Contains(err.Error(), "fits") {
		t.Errorf("findCard(blue) = %v, want a list of the cards it fits", err)
	}
	if _, err := findCard("zzzz", cardDBs(false)); err == nil || err.Error() != `no card is named "zzzz"` {
		t.Errorf("findCard(zzzz) = %v", err)
	}
	kc := kouhu.Cards().All()[0]
	for _, q := range []string{strings.ToLower(kc.Name), kc.NameZH} {
		if s := cardInfoIn(q, nil, true); !strings.Contains(s, kc.Name) || !strings.Contains(s, kc.Text) {
			t.Errorf("info %s (kouhu) reads %q", q, s)
		}
	}
	// Every Traditional name of a card of the pool (and of kouhu's set, which is looked in first
	// under kouhu) finds that card, or one of the same name.
	for _, kouhuFirst := range []bool{false, true} {
		dbs := cardDBs(kouhuFirst)
		for _, want := range dbs[0].All() {
			if got, err := findCard(want.NameTW, dbs); err != nil || got.Name != want.Name {
				t.Errorf("findCard(%q), the Traditional name of %s, = %v, %v", want.NameTW, want.Name, got, err)
			}
		}
	}
}

// never shows none; a bad setting or language is refused.
func TestPlayChainSettings(t *testing.T) {
	lines := strings.Repeat("end\npass\n", 60)
	always := playLines(t, lines, "--seed", "7", "--first", "A", "--chain", "always")
	if !strings.Contains(always, "Chain window") || !strings.Contains(always, "Respond to: ") {
		t.Errorf("--chain always showed no chain window:\n%s", tail(always))
	}
	never := playLines(t, lines, "--seed", "7", "--first", "A", "--chain", "never", "--always-ask")
	if strings.Contains(never, "Chain window") {
		t.Errorf("--chain never showed a chain window:\n%s", tail(never))
	}
	if !strings.Contains(never, "Game over:") {
		t.Errorf("--chain never did not finish:\n%s", tail(never))
	}
	for _, bad := range [][]string{{"--chain", "sometimes"}, {"--lang", "fr"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"play"}, bad...), strings.NewReader(""), &out, &errOut); code != 2 {
			t.Errorf("play %v exited %d, want 2", bad, code)
		}
	}
}

// TestPlayLanguages: under zh-CN and zh-TW the log and the cards' names are Chinese.
func TestPlayLanguages(t *testing.T) {
	cn := playLines(t, "end\n", "--seed", "3", "--first", "A", "--lang", "zh-CN")
	for _, want := range []string{"== 第 1 回合：A ==", "A 抽了 「黑魔术师」。", "黑魔术师 Lv7", "你的主要1阶段 — 请选择："} {
		if !strings.Contains(cn, want) {
			t.Errorf("zh-CN output lacks %q:\n%s", want, tail(cn))
		}
	}
	tw := playLines(t, "end\n", "--seed", "3", "--first", "A", "--lang", "zh-TW")
	for _, want := range []string{"== 第 1 回合：A ==", "-- 抽牌階段 --", "你的主要1階段 — 請選擇："} {
		if !strings.Contains(tw, want) {
			t.Errorf("zh-TW output lacks %q:\n%s", want, tail(tw))
		}
	}
}

// startPosition starts a duel at a scenario's position.
func startPosition(t *testing.T, src string) *engine.Duel {
	t.Helper()
	f, err := scenario.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f.Cards = all.Library()
	d, err := f.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Close)
	return d
}

// TestForgivingWordsOfTheName: the verb and any words of the card's name, in their order, name
// an option (`sum elf` for Mystical Elf, the example of docs/terminal.md; `attack skull`; `set
// elf`); an answer that fits several asks which one.
func TestForgivingWordsOfTheName(t *testing.T) {
	d := startPosition(t, `ruleset: ocg
turn: 3
player: A
phase: main1
A:
  deck: ["Celtic Guardian"]
  hand: ["Mystical Elf", "Dark Magician", "Magician of Faith"]
  monsters: ["Summoned Skull"]
B:
  deck: ["Celtic Guardian"]
  monsters: ["Celtic Guardian"]
`)
	answer := func(line string) (string, error) {
		o, err := forgivingAnswer(d, d.Prompt(), engine.A, line)
		if err != nil {
			return "", err
		}
		return d.OptionTextFor(engine.A, o), nil
	}
	for line, want := range map[string]string{"sum elf": `summon "Mystical Elf"@A:H`, "set elf": `set "Mystical Elf"@A:H`,
		"sum faith": `summon "Magician of Faith"@A:H`} {
		if got, err := answer(line); err != nil || got != want {
			t.Errorf("%q is %q, %v; want %q", line, got, err, want)
		}
	}
	if got, err := answer("sum m"); err == nil || !strings.Contains(err.Error(), `which one? "sum m" fits 2 options`) {
		t.Errorf("an ambiguous answer says %q, %v", got, err)
	}
	if err := d.AnswerText("battle"); err != nil {
		t.Fatal(err)
	}
	if got, err := answer("attack skull"); err != nil || got != `attack "Summoned Skull"@A:M1` {
		t.Errorf("attack skull is %q, %v", got, err)
	}
}
