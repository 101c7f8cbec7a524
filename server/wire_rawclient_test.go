package server

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// rawWS is a WebSocket client written on a bare TCP socket: it offers permessage-deflate as a
// browser does, sends text frames and reads nothing but discards what comes, so that a memory
// measurement sees the server's side only.
type rawWS struct{ c net.Conn }

func dialRaw(t testing.TB, addr string) *rawWS {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(c, "GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n"+
		"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n",
		addr, base64.StdEncoding.EncodeToString(key))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	go io.Copy(io.Discard, br) // the frames that come are not read, only drained
	return &rawWS{c: c}
}

// text sends a masked text frame (shorter than 126 bytes, uncompressed).
func (w *rawWS) text(t testing.TB, s string) {
	if len(s) >= 126 {
		t.Fatalf("rawWS sends short frames only")
	}
	mask := []byte{1, 2, 3, 4}
	f := []byte{0x81, 0x80 | byte(len(s))}
	f = append(f, mask...)
	for i := range len(s) {
		f = append(f, s[i]^mask[i%4])
	}
	if _, err := w.c.Write(f); err != nil {
		t.Fatal(err)
	}
}

// wireHeap opens n duels against the AI on a server compressing in a mode, each with a raw
// client, and returns how much the heap in use grew once every client has its board.
func wireHeap(t testing.TB, mode Compression, n int) int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := int64(ms.HeapInuse)
	srv := New(Options{Logf: t.Logf, Compression: mode, Limits: Unlimited(), RatePerSec: 1e6, RateBurst: 1e6}, nil)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	addr := strings.TrimPrefix(hs.URL, "http://")
	conns := make([]*rawWS, n)
	for i := range conns {
		conns[i] = dialRaw(t, addr)
		conns[i].text(t, `{"t":"hello","v":2}`)
		conns[i].text(t, `{"t":"create","opponent":"ai"}`)
	}
	defer func() {
		for _, c := range conns {
			c.c.Close()
		}
	}()
	for deadline := time.Now().Add(time.Minute); srv.Hub().Stats().Dueling < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d duels of %d started", srv.Hub().Stats().Dueling, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // the boards are written
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapInuse) - before
}
