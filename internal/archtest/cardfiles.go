package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// CardFileReaders are the packages that may read the card files (cards/<set>/<set>.cards, one
// per set, a card's one source): the module's root package, which embeds them; card, which reads
// the pool from them; kouhu, which reads its own set; and internal/cardgen, the set authors'
// generator. Every other package gets card data, names and texts through card.Pool(),
// kouhu.CardDB() or the catalog, never from a file.
var CardFileReaders = []string{".", "card", "kouhu", "internal/cardgen"}

// cardFileName matches a string that names a card file, or a file the card files replaced (the
// old per-kind tables and the browser's generated names).
var cardFileName = regexp.MustCompile(`\.cards\b|\bcards\.tsv\b|\brarity\.tsv\b|\bnames_tw\.tsv\b|\btexts_(zh|tw)\.tsv\b|\bkouhu_texts_tw\.tsv\b|names-tw\.js\b`)

// CardFileUses returns one line per place of the module under root, outside the packages
// readers, that reads card files: an import of the module's root package (it hands out the
// embedded card files), a go:embed of a .cards file or of the cards/ folder, a string that is the
// path of a card file (or of a file the card files replaced), or card.FilePattern. Test files count as
// their package's. This package, which names the files to find them, is not read.
func CardFileUses(root string, readers []string) ([]string, error) {
	var bad []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata" || rel == "internal/archtest") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || slices.Contains(readers, filepath.ToSlash(filepath.Dir(rel))) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		at := func(p token.Pos) string {
			pos := fset.Position(p)
			return fmt.Sprintf("%s:%d", rel, pos.Line)
		}
		for _, imp := range f.Imports {
			if v, _ := strconv.Unquote(imp.Path.Value); v == Module {
				bad = append(bad, at(imp.Pos())+": imports the module's root package, which hands out the card files")
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if pat, ok := strings.CutPrefix(c.Text, "//go:embed "); ok &&
					(strings.Contains(pat, ".cards") || slices.ContainsFunc(strings.Fields(pat), func(p string) bool {
						p = strings.Trim(p, `"`)
						return p == "cards" || strings.HasPrefix(p, "cards/")
					})) {
					bad = append(bad, at(c.Pos())+": embeds card files ("+pat+")")
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					// A path has no white space; prose that mentions a file (a usage text) does.
					if s, err := strconv.Unquote(n.Value); err == nil && cardFileName.MatchString(s) && !strings.ContainsAny(s, " \t\n") {
						bad = append(bad, at(n.Pos())+fmt.Sprintf(": names a card file (%q)", s))
					}
				}
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "card" && n.Sel.Name == "FilePattern" {
					bad = append(bad, at(n.Pos())+": globs the card files (card.FilePattern)")
				}
			}
			return true
		})
		return nil
	})
	return bad, err
}
