//go:build mutation

package engine

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutation copies the module to a temporary directory and, for each mutation, applies it
// there and runs the scenario corpus, then the engine's tests and the kouhu procedures' and
// cards' (without the long random duels), each stopping at its first failure: a mutation that no
// test catches fails the test. CI runs it in its tests lane (.ci/run), with the goldens' own
// (scenario, TestGoldensCatchEngineMutations):
//
//	go test -tags mutation -run 'TestMutation$|TestGoldensCatchEngineMutations' -timeout 60m ./engine ./scenario
func TestMutation(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := copyTree(root, tmp); err != nil {
		t.Fatal(err)
	}
	runs := [][]string{
		{"test", "-count=1", "-failfast", "./scenario", "-run", "TestCorpus|TestNotLine|TestInexperienced|TestMonsterReborn"},
		{"test", "-count=1", "-failfast", "-short", "./engine", "-skip", "TestRandomDuels|TestMutation"},
		{"test", "-count=1", "-failfast", "-short", "./kouhu/rules", "./cards/kouhu"},
	}
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			path := filepath.Join(tmp, m.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(src), m.old); n != 1 {
				t.Fatalf("%s: the line to mutate occurs %d times, want once: %q", m.file, n, m.old)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(src), m.old, m.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(path, src, 0o644)
			for _, args := range runs {
				cmd := exec.Command("go", args...)
				cmd.Dir = tmp
				if out, err := cmd.CombinedOutput(); err != nil {
					if strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "setup failed") {
						t.Fatalf("the mutation does not build:\n%s", out)
					}
					return // killed
				}
			}
			t.Errorf("survived: no test fails when %s", m.name)
		})
	}
}

// copyTree copies the module's files (not .git) from src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if e.IsDir() {
			if e.Name() == ".git" || e.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !e.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
