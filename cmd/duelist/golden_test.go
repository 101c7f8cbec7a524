package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioRewrite: `scenario run --rewrite FILE` writes a golden, `scenario run` checks it and
// fails (exit 1) once it is stale, and `--rewrite DIR` brings it up to date.
func TestScenarioRewrite(t *testing.T) {
	src, err := os.ReadFile("../../testdata/ocg/battle/attack-one-of-two-identical-targets.duel")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	x := filepath.Join(dir, "x.duel")
	if err := os.WriteFile(x, src, 0o644); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(dir, "x.golden")
	var out, errOut bytes.Buffer
	if code := run([]string{"scenario", "run", "--rewrite", x}, nil, &out, &errOut); code != 0 {
		t.Fatalf("--rewrite FILE exited %d: %s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "wrote "+golden) {
		t.Errorf("--rewrite FILE does not say it wrote the golden:\n%s", out.String())
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"scenario", "run", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("a fresh golden fails: %s", out.String())
	}
	stale := bytes.Replace(want, []byte("destroy"), []byte("banish"), 1)
	if err := os.WriteFile(golden, stale, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"scenario", "run", dir}, nil, &out, &errOut); code != 1 {
		t.Fatalf("a stale golden exited %d, want 1:\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), `in block "events"`) {
		t.Errorf("the failure does not show the block:\n%s", out.String())
	}
	if code := run([]string{"scenario", "run", "--rewrite", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("--rewrite DIR exited %d", code)
	}
	if got, _ := os.ReadFile(golden); !bytes.Equal(got, want) {
		t.Error("--rewrite DIR did not restore the golden")
	}
}
