package main

import (
	"sort"
	"strings"

	"github.com/duelistgame/duelist/agent"
)

// agentMaker makes an agent for one seat from a seed.
type agentMaker func(seed uint64) agent.Agent

// agentKinds are the agents the commands know by name (arena's --x and --y). A new agent adds
// its line here.
func agentKinds() map[string]agentMaker {
	return map[string]agentMaker{
		"random":      func(s uint64) agent.Agent { return agent.NewRandom(s) },
		"random-kind": func(s uint64) agent.Agent { return agent.NewRandomKind(s) },
		"greedy":      func(s uint64) agent.Agent { return agent.NewGreedy(s) },
		"easy":        func(s uint64) agent.Agent { return agent.NewEasy(s) },
		"normal":      func(s uint64) agent.Agent { return level(agent.LevelNormal, s) },
		"hard":        func(s uint64) agent.Agent { return level(agent.LevelHard, s) },
	}
}

// level is a search level by name with no time limit, so that a tournament's decisions depend
// only on the seeds.
func level(name string, seed uint64) agent.Agent {
	a, err := agent.NewLevel(name, seed, false)
	if err != nil {
		panic(err) // the names above are agent's level names
	}
	return a
}

// agentNames lists the known agents' names, sorted and joined for a flag's help or an error.
func agentNames(kinds map[string]agentMaker) string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
