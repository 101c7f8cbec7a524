// Package cardgen is the set authors' generator: it writes the card files (cards/<set>/<set>.cards,
// docs/cards.md "How to add a card") on disk. NewSet adds the data of a set's passcodes from the
// YGOPro databases (English names and stats from one, Simplified Chinese names from the other;
// never a database's card text: the project writes its own), Sync fills in every Traditional
// Chinese name and text by converting the Simplified one with OpenCC, and Stale lists the ones
// that are out of date (a test runs it). Besides packages card and kouhu, which read the files
// the binary embeds, it is the only package that reads card files (internal/archtest).
package cardgen

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// OpenCCConfig is the OpenCC conversion the Traditional Chinese names and texts are made with:
// Simplified to Traditional (Taiwan standard), character by character.
const OpenCCConfig = "s2tw.json"

// ErrNoOpenCC is returned when the opencc command is not installed (Debian package opencc).
var ErrNoOpenCC = errors.New("cardgen: opencc is not installed (apt-get install opencc)")

// Converter turns Simplified Chinese lines into Traditional ones. The default runs opencc;
// tests may give another.
type Converter func(lines []string) ([]string, error)

// OpenCC converts lines with the opencc command and OpenCCConfig, all in one run.
func OpenCC(lines []string) ([]string, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	path, err := exec.LookPath("opencc")
	if err != nil {
		return nil, ErrNoOpenCC
	}
	for _, l := range lines {
		if strings.ContainsAny(l, "\n\r") {
			return nil, fmt.Errorf("cardgen: a line to convert holds a line break: %q", l)
		}
	}
	cmd := exec.Command(path, "-c", OpenCCConfig)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("cardgen: opencc: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(lines) {
		return nil, fmt.Errorf("cardgen: opencc gave %d lines for %d", len(got), len(lines))
	}
	return got, nil
}

// termRules are seed 004's Traditional Chinese terms, applied to converted texts (not names): the
// words a Taiwanese player reads on cards (怪物 for 怪獸, 覆蓋 for 蓋放, 正面/背面表示, 隻 as the
// measure word of monsters).
var termRules = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`怪獸`), "怪物"},
	{regexp.MustCompile(`蓋放`), "覆蓋"},
	{regexp.MustCompile(`表側`), "正面"},
	{regexp.MustCompile(`裡側`), "背面"},
	{regexp.MustCompile(`里側`), "背面"},
	{regexp.MustCompile(`([0-9一兩二三四五多幾每那這哪])只`), "${1}隻"},
}

// Terms applies seed 004's terms to a converted text, outside the card names quoted in 「」:
// a name keeps its own conversion (「怪獸蛋」 stays the name of Monster Egg).
func Terms(s string) string {
	var b strings.Builder
	for s != "" {
		open := strings.Index(s, "「")
		if open < 0 {
			b.WriteString(termsOf(s))
			break
		}
		b.WriteString(termsOf(s[:open]))
		s = s[open:]
		end := strings.Index(s, "」")
		if end < 0 {
			b.WriteString(termsOf(s))
			break
		}
		end += len("」")
		b.WriteString(s[:end])
		s = s[end:]
	}
	return b.String()
}

// termsOf applies termRules to a text with no quoted name.
func termsOf(s string) string {
	for _, r := range termRules {
		s = r.re.ReplaceAllString(s, r.with)
	}
	return s
}
