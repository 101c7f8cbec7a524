package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// MuxMakers are the places (a package's folder, or one file) that may make an http.ServeMux:
// the game's one route table (internal/routetable), which the duel server and every service add
// their routes to, and the profiler's listener (duelist serve --pprof: a loopback port of its
// own, not the game's). Every other route goes through the table, which lists it and refuses a
// state-changing route without the cross-origin check.
var MuxMakers = []string{"internal/routetable", "cmd/duelist/profile.go"}

// muxNames are the names of net/http that make a mux or add a route beside the route table:
// a ServeMux (made or named) and the default mux (http.Handle, http.HandleFunc).
var muxNames = []string{"NewServeMux", "ServeMux", "DefaultServeMux", "Handle", "HandleFunc"}

// MuxUses returns one line per place of the module under root, outside makers, where a non-test
// Go file makes or names an http.ServeMux or adds a route to the default one. Test files may (a
// test mounts what it needs).
func MuxUses(root string, makers []string) ([]string, error) {
	var bad []string
	err := nonTestFiles(root, makers, func(rel string, fset *token.FileSet, f *ast.File) {
		httpName := importName(f, "net/http")
		if httpName == "" {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == httpName && slices.Contains(muxNames, s.Sel.Name) {
					bad = append(bad, fmt.Sprintf("%s:%d: http.%s beside the route table (internal/routetable)", rel, fset.Position(s.Pos()).Line, s.Sel.Name))
				}
			}
			return true
		})
	})
	return bad, err
}

// JSONWriters are the places that may write a JSON answer by hand: the one response helper.
var JSONWriters = []string{"internal/httpjson"}

// JSONAnswers returns one line per place of the module under root, outside writers, where a
// non-test Go file sets an answer's Content-Type to JSON (w.Header().Set("Content-Type",
// "application/json..."), or the Set of a header held in a variable): a JSON answer written
// beside the one response helper (httpjson.Write, Error, WriteCompressed). A request's header
// (req.Header.Set, a field) is not an answer's.
func JSONAnswers(root string, writers []string) ([]string, error) {
	var bad []string
	err := nonTestFiles(root, writers, func(rel string, fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			set, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || set.Sel.Name != "Set" {
				return true
			}
			if sel, ok := set.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" {
				return true // req.Header.Set: a request's header (a field), not an answer's
			}
			key, val := stringLit(call.Args[0]), stringLit(call.Args[1])
			if strings.EqualFold(key, "Content-Type") && strings.HasPrefix(val, "application/json") {
				bad = append(bad, fmt.Sprintf("%s:%d: a JSON answer written by hand (use internal/httpjson)", rel, fset.Position(call.Pos()).Line))
			}
			return true
		})
	})
	return bad, err
}

// stringLit is the value of a string literal, "" for anything else.
func stringLit(e ast.Expr) string {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
		s, _ := strconv.Unquote(b.Value)
		return s
	}
	return ""
}

// importName is the name a file gives the package imported from path, "" when it does not
// import it (or imports it for its side effects only).
func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if v, _ := strconv.Unquote(imp.Path.Value); v == path {
			if imp.Name == nil {
				return path[strings.LastIndex(path, "/")+1:]
			}
			if imp.Name.Name != "_" {
				return imp.Name.Name
			}
		}
	}
	return ""
}

// nonTestFiles parses every non-test Go file of the module under root, outside the places
// allowed (a package's folder, or one file), and hands it to visit with its path relative to
// root. Hidden folders, testdata and node_modules are not read.
func nonTestFiles(root string, allowed []string, visit func(rel string, fset *token.FileSet, f *ast.File)) error {
	fset := token.NewFileSet()
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") ||
			slices.Contains(allowed, rel) || slices.Contains(allowed, filepath.ToSlash(filepath.Dir(rel))) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		visit(rel, fset, f)
		return nil
	})
}
