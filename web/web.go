// Package web is the browser client of "duelist serve": an HTML page, plain ES modules and CSS,
// embedded in the binary. Browsers load the modules as they are, so there is no bundler, no npm
// install and no build step, and no generated file is committed.
package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var files embed.FS

// FS returns the client's files, index.html at the root.
func FS() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // "static" is embedded above
	}
	return sub
}

// FileSystem returns the client's files for an http.FileServer.
func FileSystem() http.FileSystem { return http.FS(FS()) }
