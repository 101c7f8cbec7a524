package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestModulesResolve: the page's script, the import map's vendored modules and every relative
// ES module import name embedded files, so the client loads with no build step.
func TestModulesResolve(t *testing.T) {
	files := FS()
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`src="js/main.js"`, `href="app.css"`, `"preact": "./vendor/preact.module.js"`,
		`"preact/hooks": "./vendor/hooks.module.js"`, `"htm": "./vendor/htm.module.js"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	for _, v := range []string{"vendor/preact.module.js", "vendor/hooks.module.js", "vendor/htm.module.js",
		"vendor/LICENSE.preact", "vendor/LICENSE.htm"} {
		if _, err := fs.Stat(files, v); err != nil {
			t.Errorf("vendored file missing: %v", err)
		}
	}
	imp := regexp.MustCompile(`(?m)^(?:import|export) .* from '(\.\.?/[a-zA-Z0-9/._-]+\.js)';$`)
	bare := regexp.MustCompile(`(?m)^import .* from '([^.][^']*)';$`)
	var mods []string
	fs.WalkDir(files, "js", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".js") {
			mods = append(mods, p)
		}
		return err
	})
	if len(mods) < 10 {
		t.Fatalf("only %d modules", len(mods))
	}
	for _, m := range mods {
		src, _ := fs.ReadFile(files, m)
		for _, sm := range imp.FindAllStringSubmatch(string(src), -1) {
			if _, err := fs.Stat(files, path.Join(path.Dir(m), sm[1])); err != nil {
				t.Errorf("%s imports missing %s", m, sm[1])
			}
		}
		for _, sm := range bare.FindAllStringSubmatch(string(src), -1) {
			switch sm[1] {
			case "preact", "preact/hooks", "htm":
			default:
				t.Errorf("%s imports %q, which the import map does not name", m, sm[1])
			}
		}
	}
}
