//go:build mutation

package engine

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutation copies the module to a temporary directory and, for each mutation, applies it
// there and runs the scenario corpus, then the engine's tests and the kouhu procedures' and
// cards' (without the long random duels), each stopping at its first failure, and reports how
// many mutations a test catches: a mutation that no test catches fails the test, unless
// equivalentMutations says why none can (it is reported). Every mutation, with the goldens' own
// (scenario, TestGoldensCatchEngineMutations), about 45 minutes on the shared machine:
//
//	go test -tags mutation -run 'TestMutation$|TestGoldensCatchEngineMutations' -timeout 90m ./engine ./scenario
//
// DUELIST_MUTATION_SHARD=i/n runs only the mutations whose index in the list is i modulo n: CI
// runs one shard a run, chosen by the commit (.ci/run), so that every mutation is tried over n
// commits without a 45-minute stage.
func TestMutation(t *testing.T) {
	shard, shards, err := mutationShard(os.Getenv("DUELIST_MUTATION_SHARD"))
	if err != nil {
		t.Fatal(err)
	}
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
	caught, ran := 0, 0
	var explained []string
	defer func() {
		t.Logf("%d of %d mutations caught; %d survived as equivalentMutations explains (%s)",
			caught, ran, len(explained), strings.Join(explained, "; "))
	}()
	for i, m := range mutations {
		if i%shards != shard {
			continue
		}
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
			ran++
			for _, args := range runs {
				cmd := exec.Command("go", args...)
				cmd.Dir = tmp
				if out, err := cmd.CombinedOutput(); err != nil {
					if strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "setup failed") {
						t.Fatalf("the mutation does not build:\n%s", out)
					}
					caught++
					t.Logf("caught by go %s", strings.Join(args, " "))
					return
				}
			}
			if why, ok := equivalentMutations[m.name]; ok {
				explained = append(explained, m.name)
				t.Logf("survived, as explained: %s", why)
				return
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

// mutationShard reads DUELIST_MUTATION_SHARD ("i/n", 0 <= i < n; empty: every mutation, 0/1).
func mutationShard(v string) (shard, shards int, err error) {
	if v == "" {
		return 0, 1, nil
	}
	if _, err := fmt.Sscanf(v, "%d/%d", &shard, &shards); err != nil || shards < 1 || shard < 0 || shard >= shards {
		return 0, 0, fmt.Errorf("DUELIST_MUTATION_SHARD=%q: want i/n with 0 <= i < n", v)
	}
	return shard, shards, nil
}
