package plaintext

import (
	"strings"
	"testing"
)

// TestCheckRefuses is issue 35's list: bidi isolates and overrides, RLM/ALM/LRM, zero-width
// characters, blank-looking characters, combining towers, and texts that show nothing.
func TestCheckRefuses(t *testing.T) {
	for name, s := range map[string]string{
		"right-to-left override":  "ab\u202Ecd",
		"left-to-right isolate":   "ab\u2066cd\u2069",
		"first strong isolate":    "ab\u2068cd",
		"right-to-left mark":      "ab\u200Fcd",
		"left-to-right mark":      "ab\u200Ecd",
		"Arabic letter mark":      "ab\u061Ccd",
		"zero-width space":        "ab\u200Bcd",
		"zero-width joiner":       "ab\u200Dcd",
		"word joiner":             "ab\u2060cd",
		"byte order mark":         "ab\uFEFFcd",
		"Hangul filler":           "ab\u3164cd",
		"halfwidth Hangul filler": "ab\uFFA0cd",
		"braille blank":           "ab\u2800cd",
		"ideographic space":       "ab\u3000cd",
		"no-break space":          "ab\u00A0cd",
		"tag character":           "ab\U000E0041cd",
		"private use":             "ab\uE000cd",
		"combining tower":         "a" + strings.Repeat("\u0301", MaxMarks+1),
		"only blank":              "\u2800\u2800\u2800",
		"only marks":              "\u0301\u0302\u0303",
		"invalid UTF-8":           "ab\xffcd",
	} {
		if err := Check(s); err == nil {
			t.Errorf("%s: Check(%q) accepted it", name, s)
		}
	}
	for _, s := range []string{"Yugi", "遊戯王", "Tiến Lên", "x\u0301y", "Zoë!", "♠♥", "a b"} {
		if err := Check(s); err != nil {
			t.Errorf("Check(%q): %v", s, err)
		}
	}
}

// TestMessage: a chat text is tidied (tabs, line ends, runs of blank lines) and bounded in
// characters and lines; emoji sequences keep their joiners; the refused characters of Check are
// refused on any line.
func TestMessage(t *testing.T) {
	got, err := Message("  hello\t there  \r\n\n\n\n\nsecond line \n\n", 300, 10)
	if err != nil || got != "hello  there\n\nsecond line" {
		t.Errorf("Message = %q, %v; want the runs of blank lines collapsed and the ends trimmed", got, err)
	}
	if got, err := Message("family 👨\u200D👩\u200D👧 love ❤\uFE0F", 300, 10); err != nil || !strings.Contains(got, "\u200D") {
		t.Errorf("an emoji sequence: %q, %v; want it kept", got, err)
	}
	for name, s := range map[string]string{
		"300 lines":      strings.Repeat("spam\n", 300),
		"11 lines":       strings.Repeat("line\n", 11),
		"301 characters": strings.Repeat("a", 301),
		"empty":          " \n\t\n ",
		"a blank line":   "\u3164",
		"an isolate":     "ok\n\u2067evil\u2069",
		"a joiner alone": "a\u200Db",
		"a tower":        "fine\nZ" + strings.Repeat("\u0336", 30),
		"RLM":            "\u200Fhello",
	} {
		if got, err := Message(s, 300, 10); err == nil {
			t.Errorf("%s: Message accepted %q", name, got)
		}
	}
	if _, err := Message(strings.Repeat("line\n", 10), 300, 10); err != nil {
		t.Errorf("10 lines: %v", err)
	}
}
