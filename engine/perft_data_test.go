package engine_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/scenario"
)

var rewritePerft = flag.Bool("perft.rewrite", false, "rewrite testdata/perft/perft.txt with the counts the engine gives")

// perftFile is where the perft counts are kept.
const perftFile = "../testdata/perft/perft.txt"

// perftEntry is one position of perft.txt with its counts.
type perftEntry struct {
	id, position string
	counts       []engine.PerftCount
}

// readPerft parses perft.txt: entries of `id NAME`, `position FILE.duel` (beside perft.txt) and
// `perft DEPTH PATHS POSITIONS` lines; # starts a comment. It returns the entries and the
// file's comment header.
func readPerft(t testing.TB) ([]perftEntry, string) {
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftEntry
	var header strings.Builder
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") && len(out) == 0 {
			header.WriteString(line + "\n")
		}
		if i := strings.Index(line, "#"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch {
		case fields[0] == "id" && len(fields) == 2:
			out = append(out, perftEntry{id: fields[1]})
		case len(out) == 0:
			t.Fatalf("%s:%d: %q before the first id", perftFile, n, line)
		case fields[0] == "position" && len(fields) == 2:
			out[len(out)-1].position = fields[1]
		case fields[0] == "perft" && len(fields) == 4:
			var c [3]int
			for i := range c {
				if c[i], err = strconv.Atoi(fields[i+1]); err != nil {
					t.Fatalf("%s:%d: %v", perftFile, n, err)
				}
			}
			e := &out[len(out)-1]
			if c[0] != len(e.counts) {
				t.Fatalf("%s:%d: depth %d after %d depths: list every depth from 0", perftFile, n, c[0], len(e.counts))
			}
			e.counts = append(e.counts, engine.PerftCount{Depth: c[0], Paths: c[1], Positions: c[2]})
		default:
			t.Fatalf("%s:%d: cannot read %q (id NAME, position FILE, perft DEPTH PATHS POSITIONS)", perftFile, n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out, header.String()
}

// perftDuel starts the duel of a perft entry's position, keeping its open states.
func perftDuel(t testing.TB, e perftEntry) *engine.Duel {
	f, err := scenario.ReadFile(filepath.Join(filepath.Dir(perftFile), e.position))
	if err != nil {
		t.Fatal(err)
	}
	if !f.HasPosition {
		t.Fatalf("%s: %s has no position", e.id, e.position)
	}
	pos := f.Position
	pos.Cards, pos.AlwaysAsk, pos.KeepOpenStates = all.Library(), f.AlwaysAsk, true
	d, err := engine.NewFromPosition(pos)
	if err != nil {
		t.Fatalf("%s: %v", e.id, err)
	}
	return d
}

// TestPerftData checks the perft counts of testdata/perft/perft.txt: a change in a count is a
// change in the rules (or in the options listed) and must be explained. With -perft.rewrite
// the file is written again with the engine's counts (review the diff).
func TestPerftData(t *testing.T) {
	entries, header := readPerft(t)
	if len(entries) == 0 {
		t.Fatal("no perft entries")
	}
	var out strings.Builder
	out.WriteString(header)
	for _, e := range entries {
		d := perftDuel(t, e)
		depth := len(e.counts) - 1
		if depth < 0 {
			t.Fatalf("%s: no counts", e.id)
		}
		got, err := engine.Perft(d, depth)
		d.Close()
		if err != nil {
			t.Fatalf("%s: %v", e.id, err)
		}
		fmt.Fprintf(&out, "\nid %s\nposition %s\n", e.id, e.position)
		for i, c := range got {
			fmt.Fprintf(&out, "perft %d %d %d\n", c.Depth, c.Paths, c.Positions)
			if !*rewritePerft && c != e.counts[i] {
				t.Errorf("%s: perft %d: %d paths, %d positions; perft.txt says %d, %d",
					e.id, i, c.Paths, c.Positions, e.counts[i].Paths, e.counts[i].Positions)
			}
		}
	}
	if *rewritePerft {
		if err := os.WriteFile(perftFile, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkPerft times the perft counts of every position of perft.txt to its depth.
func BenchmarkPerft(b *testing.B) {
	entries, _ := readPerft(b)
	for _, e := range entries {
		b.Run(e.id, func(b *testing.B) {
			d := perftDuel(b, e)
			defer d.Close()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := engine.Perft(d, len(e.counts)-1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
