package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/fairplay"
)

// TestToolchainMatchesGoMod: the version serve compares itself with is go.mod's toolchain line.
func TestToolchainMatchesGoMod(t *testing.T) {
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^toolchain (\S+)$`).FindSubmatch(b)
	if m == nil || string(m[1]) != wantToolchain {
		t.Fatalf("go.mod's toolchain line %q, wantToolchain %q: change them together", m, wantToolchain)
	}
}

// TestToolchainWarning is issue 35's distribution build: a binary built with GOTOOLCHAIN=local on
// an older Go (go1.26.8 had 11 reachable standard-library vulnerabilities) says so at start-up.
func TestToolchainWarning(t *testing.T) {
	if w := toolchainWarning("go1.26.8"); !strings.Contains(w, "go1.26.8") || !strings.Contains(w, wantToolchain) {
		t.Fatalf("go1.26.8: %q, want a warning naming both versions", w)
	}
	for _, v := range []string{wantToolchain, "go1.27.0", "devel +abc"} {
		if w := toolchainWarning(v); w != "" {
			t.Fatalf("%s: %q, want no warning", v, w)
		}
	}
}

func TestParseRealDuel(t *testing.T) {
	if m, err := parseRealDuel("5,10"); err != nil || m.Turns != 5 || m.Decisions != 10 {
		t.Fatalf("5,10: %+v %v", m, err)
	}
	if m, err := parseRealDuel("0,0"); err != nil || m != fairplay.Every {
		t.Fatalf("0,0: %+v %v, want fairplay.Every", m, err)
	}
	for _, bad := range []string{"", "5", "-1,3", "x,y"} {
		if _, err := parseRealDuel(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
