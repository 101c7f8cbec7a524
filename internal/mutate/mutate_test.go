package mutate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestApplyAndUndo: a line that stands once is replaced and put back; one that stands twice or
// not at all is refused and the file is left as it was.
func TestApplyAndUndo(t *testing.T) {
	dir := t.TempDir()
	const src = "a := 1\nb := 2\nb := 2\n"
	path := filepath.Join(dir, "f.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	undo, err := Apply(dir, "f.go", "a := 1", "a := 0")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !strings.HasPrefix(string(b), "a := 0\n") {
		t.Fatalf("mutated file: %q", b)
	}
	if err := undo(); err != nil {
		t.Fatal(err)
	}
	for _, old := range []string{"b := 2", "c := 3"} {
		if _, err := Apply(dir, "f.go", old, "x"); err == nil {
			t.Fatalf("Apply(%q) did not refuse a line that does not stand once", old)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != src {
		t.Fatalf("after the undo and the refusals the file is %q, want %q", b, src)
	}
}

// TestCopyModuleLeavesOutGitAndTestBinaries: .git, node_modules and *.test stay behind.
func TestCopyModuleLeavesOutGitAndTestBinaries(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	for _, f := range []string{"go.mod", "a/b.go", ".git/HEAD", "node_modules/x.js", "a/a.test"} {
		p := filepath.Join(src, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CopyModule(src, dst); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{"go.mod": true, "a/b.go": true, ".git/HEAD": false, "node_modules/x.js": false, "a/a.test": false} {
		_, err := os.Stat(filepath.Join(dst, f))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %v, want %v", f, got, want)
		}
	}
}
