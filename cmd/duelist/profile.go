package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	runpprof "runtime/pprof"
)

// writeHeapProfile writes a heap profile to file after a collection, so it shows the live heap
// (nothing when file is ""). A failure is reported on stderr: the load figures still count.
func writeHeapProfile(file string, stderr io.Writer) {
	if file == "" {
		return
	}
	if err := heapProfile(file); err != nil {
		fmt.Fprintf(stderr, "duelist: heap profile: %v\n", err)
	}
}

func heapProfile(file string) error {
	runtime.GC()
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := runpprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// pprofHandler serves the runtime profiles (net/http/pprof) under /debug/pprof/.
func pprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// servePprof serves the runtime profiles on addr, which must be a loopback address (the
// profiles show the server's memory: never on a public port). It returns the listener's address.
func servePprof(addr string) (string, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--pprof %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", fmt.Errorf("--pprof %q: only a loopback address (127.0.0.1:PORT)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", err
	}
	go http.Serve(ln, pprofHandler())
	return ln.Addr().String(), nil
}
