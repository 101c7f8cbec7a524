package engine

import (
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nilProcedureChecks lists, in a file of the engine, every comparison of the duel's procedures with
// nil (issue 34: "the Master Rule is no procedures", a nil-means-default branch): of a call of
// procs, of a Procedures field, or of a variable the function assigned one of them to. The one
// place allowed is newGame, which refuses rules without procedures.
func nilProcedureChecks(fset *gotoken.FileSet, f *ast.File) []string {
	isProcs := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.CallExpr:
			switch fn := x.Fun.(type) {
			case *ast.SelectorExpr:
				return fn.Sel.Name == "procs"
			case *ast.Ident:
				return fn.Name == "procs"
			}
		case *ast.SelectorExpr:
			return x.Sel.Name == "Procedures"
		}
		return false
	}
	var bad []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil || fn.Name.Name == "newGame" {
			continue
		}
		vars := map[string]bool{} // the variables holding procedures in this function
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for i, rhs := range x.Rhs {
					if i >= len(x.Lhs) || !isProcs(rhs) {
						continue
					}
					if id, ok := x.Lhs[i].(*ast.Ident); ok {
						vars[id.Name] = true
					}
				}
			case *ast.ValueSpec:
				for i, v := range x.Values {
					if i < len(x.Names) && isProcs(v) {
						vars[x.Names[i].Name] = true
					}
				}
			}
			return true
		})
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != gotoken.EQL && b.Op != gotoken.NEQ {
				return true
			}
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if id, ok := pair[1].(*ast.Ident); !ok || id.Name != "nil" {
					continue
				}
				id, isVar := pair[0].(*ast.Ident)
				if isProcs(pair[0]) || isVar && vars[id.Name] {
					bad = append(bad, fmt.Sprintf("%s: %s compares the procedures with nil", fset.Position(b.Pos()), fn.Name.Name))
				}
			}
			return true
		})
	}
	return bad
}

// TestNoNilProcedures: every ruleset implements Procedures (the Master Rule too, MasterRule), so
// the kernel calls through them everywhere and never asks whether a duel has any.
func TestNoNilProcedures(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := gotoken.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		n++
		for _, b := range nilProcedureChecks(fset, f) {
			t.Error(b)
		}
	}
	if n < 20 {
		t.Fatalf("read %d files of the engine: not its sources", n)
	}
}

// TestNoNilProceduresFindsPlanted shows the check failing on the branches it forbids.
func TestNoNilProceduresFindsPlanted(t *testing.T) {
	planted := map[string]string{
		"if-init": `func (g *game) f() { if p := g.procs(); p != nil { p.RunPhase(g.kernel()) } }`,
		"direct":  `func (g *game) f() bool { return g.procs() == nil }`,
		"field":   `func (g *game) f() bool { return nil != g.rules.Procedures }`,
		"var":     `func (g *game) f() { var p = g.procs(); if p == nil { return } }`,
	}
	for name, src := range planted {
		fset := gotoken.NewFileSet()
		f, err := parser.ParseFile(fset, name+".go", "package engine\n"+src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(nilProcedureChecks(fset, f)) != 1 {
			t.Errorf("%s: the planted nil check is not found", name)
		}
	}
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "ok.go", `package engine
func (g *game) f() bool { p := g.procs(); return p.NonMonster(g.kernel(), 0) || g.pending == nil }`, 0)
	if err != nil {
		t.Fatal(err)
	}
	if bad := nilProcedureChecks(fset, f); len(bad) > 0 {
		t.Errorf("a call through the procedures is taken for a nil check: %v", bad)
	}
}

// TestRulesWithoutProceduresRefused: a duel is refused rules without procedures (the Master
// Rule is an implementation, never their absence).
func TestRulesWithoutProceduresRefused(t *testing.T) {
	r := OCG()
	r.Procedures = nil
	if _, err := newGame(r, nil, 1); err == nil || !strings.Contains(err.Error(), "no procedures") {
		t.Fatalf("rules without procedures: got %v, want a refusal", err)
	}
	for _, r := range []Rules{OCG(), Classic(), Anime()} {
		if r.Procedures != MasterRule() {
			t.Errorf("%s: procedures %T, want the Master Rule's", r.Name, r.Procedures)
		}
	}
}
