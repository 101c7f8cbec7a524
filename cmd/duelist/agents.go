package main

import (
	"fmt"
	"sort"
	"strconv"
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

// searchVariant makes a search level with its budget changed, from a name such as
// "normal:playouts=600,worlds=16,turns=4,margin=0.05" (the arena's way to measure a budget
// before it becomes a level's); ok=false when name is no such variant.
func searchVariant(name string) (agentMaker, bool, error) {
	base, params, found := strings.Cut(name, ":")
	if !found || (base != agent.LevelNormal && base != agent.LevelHard) {
		return nil, false, nil
	}
	type setting struct {
		key string
		val float64
	}
	var sets []setting
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return nil, true, fmt.Errorf("agent %q: want key=number, got %q", name, kv)
		}
		switch k {
		case "playouts", "worlds", "turns", "margin":
		default:
			return nil, true, fmt.Errorf("agent %q: no setting %q (playouts, worlds, turns, margin)", name, k)
		}
		sets = append(sets, setting{k, f})
	}
	return func(seed uint64) agent.Agent {
		s := level(base, seed).(*agent.Search)
		for _, st := range sets {
			switch st.key {
			case "playouts":
				s.Playouts = int(st.val)
			case "worlds":
				s.Worlds = int(st.val)
			case "turns":
				s.Turns = int(st.val)
			case "margin":
				s.Margin = st.val
			}
		}
		return s
	}, true, nil
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
