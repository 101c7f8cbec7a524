package archtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLayers: the module's import graph has no arrow back from the kernel to a ruleset, from a
// ruleset to the card scripts, or from scenario and match to a card set.
func TestLayers(t *testing.T) {
	var pkgs []string
	for _, r := range Layers {
		pkgs = append(pkgs, r.Pkg)
	}
	g, err := Load("../..", pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range g.Check(Layers) {
		t.Error(b)
	}
	// The graph is the real one: the kernel's only package of the module is card, the kouhu
	// procedures import the kernel and their data.
	if got := g.Deps("engine"); !slices.Equal(got, []string{"card"}) {
		t.Errorf("engine depends on %v, want [card]", got)
	}
	for _, want := range []string{"engine", "kouhu"} {
		if !slices.Contains(g["kouhu/rules"], want) {
			t.Errorf("kouhu/rules does not import %s: %v", want, g["kouhu/rules"])
		}
	}
}

// TestCheckFindsArrowsBack: a graph with arrows back, direct and indirect, breaks the rules, each
// arrow once.
func TestCheckFindsArrowsBack(t *testing.T) {
	g := Graph{
		"engine":      {"card", "kouhu"},    // direct: the kernel imports card data of a ruleset
		"kouhu":       {"card"},             //
		"ruleset":     {"engine", "helper"}, // indirect: through helper to a card set
		"helper":      {"cards/all"},
		"cards/all":   {"engine"},
		"scenario":    {"engine"},
		"kouhu/rules": {"engine", "kouhu"},
	}
	bad := g.Check(Layers)
	want := []string{"engine depends on kouhu", "ruleset depends on cards/all"}
	if len(bad) != len(want) {
		t.Fatalf("Check found %d arrows back, want %d: %q", len(bad), len(want), bad)
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w+" ") {
			t.Errorf("arrow %d: %q, want %q", i, bad[i], w)
		}
	}
	if bad := (Graph{"engine": {"card"}, "card": nil}).Check(Layers); len(bad) != 0 {
		t.Errorf("a clean graph breaks rules: %q", bad)
	}
}

// TestOnlyCardPackagesReadCardFiles: no package but the root (which embeds them), card, kouhu
// and the generator reads the card files; the rest of the module gets card data from them.
func TestOnlyCardPackagesReadCardFiles(t *testing.T) {
	bad, err := CardFileUses("../..", CardFileReaders)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	// The readers do read them: the rule is not vacuous.
	if all, err := CardFileUses("../..", nil); err != nil || len(all) < 3 {
		t.Errorf("with no reader allowed, %d uses found (%v): the check finds nothing", len(all), err)
	}
}

// TestCardFileRuleCatchesPlantedViolations plants each kind of card-file read in a package that
// may not, and one in card, which may: the four are found, each once, and card's is allowed.
func TestCardFileRuleCatchesPlantedViolations(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"server/a.go":   "package server\n\nimport duelist \"" + Module + "\"\n\nvar _ = duelist.CardFiles\n",
		"catalog/b.go":  "package catalog\n\nimport \"embed\"\n\n//go:embed cards/lob/lob.cards\nvar f embed.FS\n",
		"cmd/play/c.go": "package main\n\nimport \"os\"\n\nfunc main() { os.ReadFile(\"../cards/lob/lob.cards\"); _ = \"prose about cards/lob/lob.cards is fine\" }\n",
		"web/d.go":      "package web\n\nconst namesFile = \"js/i18n/names-tw.js\"\n",
		"deck/e.go":     "package deck\n\nimport (\n\t\"io/fs\"\n\n\t\"" + Module + "/card\"\n)\n\nfunc f(x fs.FS) { fs.Glob(x, card.FilePattern) }\n",
		"card/ok.go":    "package card\n\nimport \"embed\"\n\n//go:embed x.cards\nvar f embed.FS\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad, err := CardFileUses(root, CardFileReaders)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"catalog/b.go:5: embeds", "cmd/play/c.go:5: names a card file", "deck/e.go:9: globs", "server/a.go:3: imports the module's root", "web/d.go:3: names a card file"}
	slices.Sort(bad)
	if len(bad) != len(want) {
		t.Fatalf("found %d uses, want %d: %q", len(bad), len(want), bad)
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w) {
			t.Errorf("use %d: %q, want %q...", i, bad[i], w)
		}
	}
}

// TestPlatform: no service imports the transport, and the transport imports no service's tables.
func TestPlatform(t *testing.T) {
	g, err := Load("../..", append(slices.Clone(Services), "server", "wsnet")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range g.Check(Platform) {
		t.Error(b)
	}
	// The graph is the real one: the server takes its duel log's records from duels, and social
	// reaches the sockets through the bus and the presence registry.
	if !slices.Contains(g["server"], "wsnet") || len(g["wsnet"]) != 0 || !slices.Contains(g["server"], "duels") || !slices.Contains(g["social"], "bus") || !slices.Contains(g["social"], "presence") {
		t.Errorf("server imports %v, social %v", g["server"], g["social"])
	}
}

// TestPlatformFindsViolations: planted violations of the platform's rules are found, a
// service's indirect import of the transport included, and a transport that imports a service
// through another package is not (the rule is on its own imports).
func TestPlatformFindsViolations(t *testing.T) {
	g := Graph{
		"social":  {"server"},         // a service imports the transport
		"ladder":  {"helper"},         // ... through another package
		"helper":  {"server"},         //
		"server":  {"duels", "store"}, // the transport imports a service's tables
		"duels":   nil,
		"store":   nil,
		"account": {"store"},
		"wsnet":   {"presence"}, // the connections know a service
	}
	bad := g.Check(Platform)
	want := []string{"ladder depends on server", "social depends on server", "wsnet depends on presence", "server depends on store"}
	if len(bad) != len(want) {
		t.Fatalf("Check found %q, want %q", bad, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w+" ") {
			t.Errorf("violation %d: %q, want %q", i, bad[i], w)
		}
	}
	clean := Graph{"social": {"bus", "presence", "store"}, "server": {"duels", "bus", "presence"}, "duels": nil,
		"bus": nil, "presence": nil, "store": nil}
	if bad := clean.Check(Platform); len(bad) != 0 {
		t.Errorf("a clean graph breaks rules: %q", bad)
	}
}
