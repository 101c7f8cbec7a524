package main

import (
	"fmt"
	"go/version"
	"runtime"
)

// wantToolchain is the toolchain line of go.mod (TestToolchainMatchesGoMod keeps them equal):
// the oldest Go whose standard library has the security fixes the server needs.
const wantToolchain = "go1.26.10"

// toolchainWarning is what `duelist serve` says at start-up when the binary was built with a Go
// older than wantToolchain (GOTOOLCHAIN=local, common in distributions, builds with the
// installed Go even when go.mod asks for a newer one): "" when it was not.
func toolchainWarning(built string) string {
	if !version.IsValid(built) || version.Compare(built, wantToolchain) >= 0 {
		return ""
	}
	return fmt.Sprintf("warning: this duelist was built with %s, older than %s that go.mod names: the "+
		"standard library it was built with has known vulnerabilities fixed since (govulncheck lists "+
		"them; docs/security.md). Rebuild with GOTOOLCHAIN=auto (go env -w GOTOOLCHAIN=auto) or a newer Go.",
		built, wantToolchain)
}

// builtWith is the Go the running binary was built with.
func builtWith() string { return runtime.Version() }
