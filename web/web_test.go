package web

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// TestModulesResolve: the page's script and every ES module import name embedded files, so the
// client loads with no build step.
func TestModulesResolve(t *testing.T) {
	files := FS()
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`src="js/main.js"`, `href="app.css"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	imp := regexp.MustCompile(`(?m)^import .* from '\./([a-z0-9-]+\.js)';$`)
	mods, _ := fs.Glob(files, "js/*.js")
	if len(mods) < 5 {
		t.Fatalf("only %d modules", len(mods))
	}
	for _, m := range mods {
		src, _ := fs.ReadFile(files, m)
		for _, sm := range imp.FindAllStringSubmatch(string(src), -1) {
			if _, err := fs.Stat(files, "js/"+sm[1]); err != nil {
				t.Errorf("%s imports missing %s", m, sm[1])
			}
		}
	}
}
