//go:build mutation

package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/internal/mutate"
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
	if err := mutate.CopyModule(root, tmp); err != nil {
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
			defer applyMutation(t, tmp, m)()
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

// TestMutationsBuild applies every mutation, whatever the shard, and vets the package it
// changes: a mutation that no longer applies (its line changed) or no longer compiles (a variable
// it leaves unused) fails here in a minute, where TestMutation would find it only on the commit
// whose shard holds it (CI once failed so, eight commits after the card file changed).
//
// Vetting each mutation on its own took 86 runs of go vet, 20 minutes of CI's analysis lane; the
// mutations are applied together instead, in as few rounds as keep every line to mutate intact
// (mutationRounds), and a round is vetted in one go vet. A round that fails is halved until the
// mutation that does not build is found (two mutations that build alone but not together fail
// nothing).
func TestMutationsBuild(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := mutate.CopyModule(root, tmp); err != nil {
		t.Fatal(err)
	}
	for _, m := range mutations {
		src, err := os.ReadFile(filepath.Join(tmp, m.file))
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		if n := strings.Count(string(src), m.old); n != 1 {
			t.Errorf("%s: %s: the line to mutate occurs %d times, want once: %q", m.name, m.file, n, m.old)
		}
	}
	if t.Failed() {
		return
	}
	rounds, err := mutationRounds(tmp, mutations)
	if err != nil {
		t.Fatal(err)
	}
	for i, round := range rounds {
		t.Logf("round %d: %d mutations applied together", i+1, len(round))
		vetMutations(t, tmp, round)
	}
}

// vetMutations applies ms together and vets the packages they change; when that fails, it halves
// ms and vets each half so, down to the mutation that does not build (about 2·log2(len(ms)) runs
// of go vet for one such mutation, not one a mutation).
func vetMutations(t *testing.T, tmp string, ms []mutation) {
	t.Helper()
	undo := func() {}
	for _, m := range ms {
		u := applyMutation(t, tmp, m)
		prev := undo
		undo = func() { u(); prev() }
	}
	out, err := vetMutated(tmp, ms)
	undo()
	switch {
	case err == nil:
	case len(ms) == 1:
		t.Errorf("%s: the mutation does not build:\n%s", ms[0].name, out)
	default:
		vetMutations(t, tmp, ms[:len(ms)/2])
		vetMutations(t, tmp, ms[len(ms)/2:])
	}
}

// mutationRounds splits ms into rounds whose mutations can be applied one after another in the
// module at dir: each line to mutate still occurs exactly once after the round's earlier
// mutations. Mutations of different files always share a round.
func mutationRounds(dir string, ms []mutation) ([][]mutation, error) {
	var rounds [][]mutation
	var texts []map[string]string // per round, each file's text after its mutations so far
	for _, m := range ms {
		placed := false
		for i := range rounds {
			text, ok := texts[i][m.file]
			if !ok {
				b, err := os.ReadFile(filepath.Join(dir, m.file))
				if err != nil {
					return nil, err
				}
				text = string(b)
			}
			if strings.Count(text, m.old) != 1 {
				continue
			}
			texts[i][m.file] = strings.Replace(text, m.old, m.new, 1)
			rounds[i] = append(rounds[i], m)
			placed = true
			break
		}
		if !placed {
			b, err := os.ReadFile(filepath.Join(dir, m.file))
			if err != nil {
				return nil, err
			}
			rounds = append(rounds, []mutation{m})
			texts = append(texts, map[string]string{m.file: strings.Replace(string(b), m.old, m.new, 1)})
		}
	}
	return rounds, nil
}

// vetMutated runs go vet in dir on the packages that ms change.
func vetMutated(dir string, ms []mutation) ([]byte, error) {
	args := []string{"vet"}
	seen := map[string]bool{}
	for _, m := range ms {
		if pkg := "./" + filepath.Dir(m.file); !seen[pkg] {
			seen[pkg] = true
			args = append(args, pkg)
		}
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// applyMutation applies m to the module copied to tmp and returns the function that undoes it; a
// line that does not occur exactly once fails the test.
func applyMutation(t *testing.T, tmp string, m mutation) (undo func()) {
	t.Helper()
	u, err := mutate.Apply(tmp, m.file, m.old, m.new)
	if err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := u(); err != nil {
			t.Error(err)
		}
	}
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
