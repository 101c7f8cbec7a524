package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/ruleset"
	"github.com/duelistgame/duelist/scenario"
)

// parseFlags parses flags that may come before or after positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func cmdScenario(args []string, stdout, stderr io.Writer) int {
	const usage = "usage: duelist scenario run [--rewrite] FILE|DIR..."
	if len(args) == 0 || args[0] != "run" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("scenario run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rewrite := fs.Bool("rewrite", false, "rewrite the goldens (docs/testing.md): of every file under a directory that has one, and of every file named, creating it")
	paths, err := parseFlags(fs, args[1:])
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	run := scenario.RunAll
	if *rewrite {
		run = scenario.RewriteAll
	}
	_, failed, err := run(paths, stdout, all.Library())
	if err != nil {
		fmt.Fprintf(stderr, "duelist: %v\n", err)
		return 2
	}
	if failed > 0 {
		return 1
	}
	return 0
}

func cmdReplay(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: duelist replay verify FILE...")
		return 2
	}
	bad := 0
	for _, path := range args[1:] {
		if ok, summary, err := verifyMatchReplay(path); ok { // a match replay (docs/match.md)
			if err != nil {
				bad++
				fmt.Fprintf(stdout, "FAIL %s: %v\n", path, err)
			} else {
				fmt.Fprintf(stdout, "ok   %s (%s)\n", path, summary)
			}
			continue
		}
		f, err := scenario.ReadFile(path)
		if err == nil && !f.HasDecks {
			err = fmt.Errorf("not a replay: it has a position, not decks and a seed")
		}
		if err == nil {
			r := scenario.RunFile(path, all.Library())
			err = r.Err
		}
		if err != nil {
			bad++
			fmt.Fprintf(stdout, "FAIL %s: %v\n", path, err)
			continue
		}
		fmt.Fprintf(stdout, "ok   %s (%d moves)\n", path, len(f.Moves))
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", len(args)-1-bad, bad)
	if bad > 0 {
		return 1
	}
	return 0
}

func cmdRulesets(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: duelist rulesets")
		return 2
	}
	for _, r := range ruleset.All() {
		fmt.Fprintf(stdout, "%-8s %s\n", r.ID, r.Description)
	}
	return 0
}
