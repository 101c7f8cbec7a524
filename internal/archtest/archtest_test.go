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
		"social":     {"server"},                       // a service imports the transport
		"ladder":     {"helper"},                       // ... through another package
		"helper":     {"server"},                       //
		"server":     {"duels", "store", "collection"}, // the transport imports a service's tables
		"duels":      nil,
		"collection": {"store"},
		"store":      nil,
		"account":    {"store"},
		"wsnet":      {"presence"}, // the connections know a service
	}
	bad := g.Check(Platform)
	want := []string{"ladder depends on server", "social depends on server", "wsnet depends on presence", "server depends on store", "server depends on collection"}
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

// TestOneRouteTable: no package but the route table (and the profiler's own listener) makes an
// http.ServeMux or adds to the default one: every route of the game is in the one table.
func TestOneRouteTable(t *testing.T) {
	bad, err := MuxUses("../..", MuxMakers)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	// The makers do make muxes: the rule is not vacuous.
	if all, err := MuxUses("../..", nil); err != nil || len(all) < 2 {
		t.Errorf("with no maker allowed, %d uses found (%v): the check finds nothing", len(all), err)
	}
}

// TestRouteRuleCatchesPlantedViolations plants a mux made, a mux named (under another import
// name), a route on the default mux, and the allowed cases (a test file, the route table, the
// profiler, a plain http.Handler): the three are found, each once.
func TestRouteRuleCatchesPlantedViolations(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"server/a.go":                 "package server\n\nimport \"net/http\"\n\nvar m = http.NewServeMux()\n",
		"social/b.go":                 "package social\n\nimport h \"net/http\"\n\nfunc Routes(m *h.ServeMux) {}\n",
		"ladder/c.go":                 "package ladder\n\nimport \"net/http\"\n\nfunc init() {\n\thttp.HandleFunc(\"/x\", nil)\n}\n",
		"account/d_test.go":           "package account\n\nimport \"net/http\"\n\nvar m = http.NewServeMux()\n",
		"internal/routetable/e.go":    "package routetable\n\nimport \"net/http\"\n\nvar m = http.NewServeMux()\n",
		"cmd/duelist/profile.go":      "package main\n\nimport \"net/http\"\n\nvar m = http.NewServeMux()\n",
		"decklib/f.go":                "package decklib\n\nimport \"net/http\"\n\nvar h http.Handler = http.NotFoundHandler()\n",
		"catalog/testdata/planted.go": "package x\n\nimport \"net/http\"\n\nvar m = http.NewServeMux()\n",
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
	bad, err := MuxUses(root, MuxMakers)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ladder/c.go:6: http.HandleFunc", "server/a.go:5: http.NewServeMux", "social/b.go:5: http.ServeMux"}
	slices.Sort(bad)
	if len(bad) != len(want) {
		t.Fatalf("found %q, want %q", bad, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w+" ") {
			t.Errorf("use %d: %q, want %q...", i, bad[i], w)
		}
	}
}

// TestReadmeMapNamesEveryPackage: the README's map names every package of the module.
func TestReadmeMapNamesEveryPackage(t *testing.T) {
	miss, err := MapMisses("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range miss {
		t.Errorf("README.md's map does not name package %s", p)
	}
	if pkgs, err := Packages("../.."); err != nil || len(pkgs) < 50 || !slices.Contains(pkgs, "cmd/duelist") || !slices.Contains(pkgs, ".") {
		t.Errorf("%d packages found (%v): the check reads no tree", len(pkgs), err)
	}
}

// TestReadmeMapFindsMissingPackages: a planted map that forgets a package, a set and an internal
// package is caught on each, and the forms it allows (a path, "cards/<set>", the module root,
// "internal/..." with its names) name what they should.
func TestReadmeMapFindsMissingPackages(t *testing.T) {
	root := t.TempDir()
	readme := "# X\n\n## The map\n\n| package | job |\n| --- | --- |\n| `engine`, the module root | kernel |\n" +
		"| `cards`, `cards/<set>` | sets |\n| `internal/...` | `archtest` (rules), `httpjson` |\n\n## Other\n\n| `server` | not the map |\n"
	files := []string{"x.go", "engine/a.go", "engine/a_test.go", "cards/k.go", "cards/lob/l.go", "cards/lob/deep/d.go",
		"internal/archtest/a.go", "internal/strictjson/s.go", "server/s.go", "web/testdata/t.go", "tools/only_test.go"}
	for _, name := range append(files, "README.md") {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		text := "package x\n"
		if name == "README.md" {
			text = readme
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	miss, err := MapMisses(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"cards/lob/deep", "internal/strictjson", "server"}; !slices.Equal(miss, want) {
		t.Errorf("missing %q, want %q", miss, want)
	}
}

// TestOneResponseHelper: no package but internal/httpjson writes a JSON answer by hand; the
// rule finds the helper's own when nothing is allowed (it is not vacuous).
func TestOneResponseHelper(t *testing.T) {
	bad, err := JSONAnswers("../..", JSONWriters)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	if all, err := JSONAnswers("../..", nil); err != nil || len(all) < 2 { // Write and WriteCompressed
		t.Errorf("with no writer allowed, %d found (%v): the check finds nothing", len(all), err)
	}
}

// TestResponseRuleCatchesPlantedViolations plants two JSON answers by hand (one with a charset,
// one through a header held in a variable) beside the allowed cases (the helper, a test file, a request's
// header, a text answer): the two are found.
func TestResponseRuleCatchesPlantedViolations(t *testing.T) {
	root := t.TempDir()
	const head = "import \"net/http\"\n\n"
	files := map[string]string{
		"ladder/a.go":            "package ladder\n\n" + head + "func f(w http.ResponseWriter) {\n\tw.Header().Set(\"Content-Type\", \"application/json; charset=utf-8\")\n}\n",
		"server/b.go":            "package server\n\n" + head + "func f(rw http.ResponseWriter) {\n\th := rw.Header()\n\th.Set(\"content-type\", \"application/json\")\n}\n",
		"internal/httpjson/c.go": "package httpjson\n\n" + head + "func f(w http.ResponseWriter) { w.Header().Set(\"Content-Type\", \"application/json\") }\n",
		"social/d_test.go":       "package social\n\n" + head + "func f(w http.ResponseWriter) { w.Header().Set(\"Content-Type\", \"application/json\") }\n",
		"loadgen/e.go":           "package loadgen\n\n" + head + "func f(r *http.Request) { r.Header.Set(\"Content-Type\", \"application/json\") }\n",
		"server/f.go":            "package server\n\n" + head + "func g(w http.ResponseWriter) { w.Header().Set(\"Content-Type\", \"text/plain\") }\n",
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
	bad, err := JSONAnswers(root, JSONWriters)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ladder/a.go:6: a JSON answer", "server/b.go:7: a JSON answer"}
	slices.Sort(bad)
	if len(bad) != len(want) {
		t.Fatalf("found %q, want %q", bad, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(bad[i], w) {
			t.Errorf("answer %d: %q, want %q...", i, bad[i], w)
		}
	}
}
