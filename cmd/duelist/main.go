// Command duelist plays, simulates, checks and replays Yu-Gi-Oh! duels.
//
//	duelist play                 a duel in the terminal against the greedy agent
//	duelist sim --games N        random-vs-random duels, with speed figures
//	duelist arena --x A --y B    a tournament between two agents: score, splits, times, mistakes
//	duelist scenario run PATH... run .duel scenario files
//	duelist replay verify FILE   re-run a replay and check it
//	duelist deck check|show      deck files (.ydk, ydke://)
//	duelist cards import FILE    report on a YGOPro card database
//	duelist rulesets             list the rulesets
//	duelist serve                the duel server and the browser client
//	duelist loadtest             bot clients over WebSockets; duels held, answers/s, latency
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: duelist COMMAND [flags]

commands:
  play              play a duel in the terminal against the greedy agent (--ai easy, normal or hard: a level)
  sim               run random-vs-random duels and report duels/s and answers/s
  arena             a tournament between two agents (--x easy --y greedy): score, mistakes
  scenario run P..  run .duel scenario files or directories, checking their goldens (--rewrite)
  replay verify F   re-run a replay and check every move and its expectations
  deck check F      check a deck (.ydk file, ydke:// URL or a preconstructed deck name)
  deck show F       print a deck with card names
  cards import F    report which cards of a YGOPro .cdb database the engine implements
  rulesets          list the rulesets
  serve             serve duels and the browser client (--addr 127.0.0.1:8080)
  loadtest          bot clients playing random duels against a server; reports load figures

Run "duelist COMMAND -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command line; it returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "play":
		return cmdPlay(rest, stdin, stdout, stderr)
	case "sim":
		return cmdSim(rest, stdout, stderr)
	case "arena":
		return cmdArena(rest, stdout, stderr)
	case "scenario":
		return cmdScenario(rest, stdout, stderr)
	case "replay":
		return cmdReplay(rest, stdout, stderr)
	case "deck":
		return cmdDeck(rest, stdout, stderr)
	case "cards":
		return cmdCards(rest, stdout, stderr)
	case "rulesets":
		return cmdRulesets(rest, stdout, stderr)
	case "serve":
		return cmdServe(rest, stdout, stderr)
	case "loadtest":
		return cmdLoadtest(rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "duelist: unknown command %q\n\n%s", cmd, usage)
	return 2
}
