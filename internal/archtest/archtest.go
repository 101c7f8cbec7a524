// Package archtest checks the module's import graph against the layers of the design
// (ARCHITECTURE.md, issue 18): the kernel (engine, with the card data types of card) ← the
// rulesets (kouhu/rules, ruleset) ← the card scripts (cards/...) ← the drivers (scenario, match,
// agent, server, cmd ...), with no arrow back. Its test reads the graph with go/build, so a
// package that grows an import against the layers fails `go test ./internal/archtest`. Beside
// the layers: the platform's rules (Platform), the card files' readers (CardFileUses), the one
// route table (MuxUses) and the README's map of the packages (MapMisses).
package archtest

import (
	"fmt"
	"go/build"
	"path"
	"slices"
	"sort"
	"strings"
)

// Module is the module path whose packages the graph holds.
const Module = "github.com/duelistgame/duelist"

// Graph maps each package of the module (its path relative to the module: "engine",
// "kouhu/rules") to the packages of the module it imports (non-test imports).
type Graph map[string][]string

// Load reads the graph of the packages named (relative paths) and of every package of the module
// they import, from the module's root directory.
func Load(root string, pkgs ...string) (Graph, error) {
	g := Graph{}
	todo := slices.Clone(pkgs)
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if _, ok := g[p]; ok {
			continue
		}
		bp, err := build.ImportDir(path.Join(root, p), 0)
		if err != nil {
			return nil, fmt.Errorf("archtest: package %s: %w", p, err)
		}
		var deps []string
		for _, imp := range bp.Imports {
			if rel, ok := strings.CutPrefix(imp, Module+"/"); ok {
				deps = append(deps, rel)
				todo = append(todo, rel)
			}
		}
		g[p] = deps
	}
	return g, nil
}

// Deps returns every package of the module that p imports, directly or not, sorted.
func (g Graph) Deps(p string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(q string) {
		for _, d := range g[q] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(p)
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// Rule says that a package may not depend (directly or not) on any package matched by Forbid: a
// pattern is a package path, or a path ending in "/..." for the package and everything under it.
type Rule struct {
	Pkg    string
	Forbid []string
	Why    string
	// Direct checks only the package's own imports, not what they import in turn.
	Direct bool
}

// Layers are the rules of the design's import graph.
var Layers = []Rule{
	{Pkg: "engine", Forbid: []string{"kouhu/...", "ruleset/...", "cards/...", "scenario", "match", "agent", "server/...", "cmd/..."},
		Why: "the kernel never asks which ruleset it runs (Rules.Procedures)"},
	{Pkg: "card", Forbid: []string{"engine"}, Why: "card data sits below the kernel"},
	{Pkg: "kouhu", Forbid: []string{"engine", "kouhu/rules"}, Why: "kouhu's card data sits below the kernel"},
	{Pkg: "kouhu/rules", Forbid: []string{"ruleset/...", "cards/...", "scenario", "match", "agent", "server/...", "cmd/..."},
		Why: "a ruleset's procedures know the kernel and their card data, not the card scripts"},
	{Pkg: "ruleset", Forbid: []string{"cards/...", "scenario", "match", "agent", "server/...", "cmd/..."},
		Why: "the rulesets are below the card scripts"},
	{Pkg: "scenario", Forbid: []string{"cards/...", "match", "server/...", "cmd/..."},
		Why: "scenario is given its card library by the caller (File.Cards)"},
	{Pkg: "match", Forbid: []string{"cards/...", "server/...", "cmd/..."},
		Why: "match is given its card library by the caller (Config.Cards)"},
	{Pkg: "catalog", Forbid: []string{"cards/..."},
		Why: "the card centre reads names and texts from the card data (card.Pool, kouhu.CardDB), not from the behaviour"},
}

// Services are the packages of the platform that own their types and their tables (and the
// helpers beside them); the transport is the duel server (server), which routes messages.
var Services = []string{"account", "bus", "cluster", "collection", "decklib", "duels", "fairplay", "ladder", "limit", "matchmaking",
	"presence", "rating", "social", "store"}

// Platform are the rules of the platform (issue 34, lila-ws's shape): the connections (wsnet)
// know no service and no game; no service imports the transport, directly or not (services reach the sockets through the bus and the presence
// registry; cmd/duelist adapts their types to the server's), and the transport imports no
// service that keeps tables: it is given a duel log, a chat and hooks as interfaces.
var Platform = platformRules()

func platformRules() []Rule {
	var rs []Rule
	for _, s := range Services {
		rs = append(rs, Rule{Pkg: s, Forbid: []string{"server/...", "loadgen", "cmd/..."},
			Why: "a service never imports the transport; it publishes on the bus"})
	}
	rs = append(rs, Rule{Pkg: "wsnet", Forbid: append(slices.Clone(Services), "server/...", "engine", "card/...", "cards/...", "deck", "ruleset"),
		Why: "the transport's connections carry messages; they know no service and no game"})
	return append(rs, Rule{Pkg: "server", Direct: true, Forbid: []string{"store/...", "account", "collection", "ladder", "social", "decklib"},
		Why: "the transport is given its services as interfaces (Options), never their tables"})
}

// matches reports whether a package path matches a pattern of Rule.Forbid.
func matches(pattern, p string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

// Check returns one line per arrow back: a package of a rule that depends on a forbidden one.
func (g Graph) Check(rules []Rule) []string {
	var bad []string
	for _, r := range rules {
		deps := g.Deps(r.Pkg)
		if r.Direct {
			deps = g[r.Pkg]
		}
		for _, d := range deps {
			for _, f := range r.Forbid {
				if matches(f, d) {
					bad = append(bad, fmt.Sprintf("%s depends on %s (%s)", r.Pkg, d, r.Why))
					break
				}
			}
		}
	}
	return bad
}
