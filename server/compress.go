package server

import "github.com/coder/websocket"

// Compression is how the server compresses the WebSocket messages it sends (permessage-deflate,
// RFC 7692), where the client offers it (every browser but Safari does). docs/protocol.md "Bytes
// on the wire" has the measurements behind the default.
type Compression int

const (
	// CompressDefault is CompressMessages.
	CompressDefault Compression = iota
	// CompressOff negotiates no compression.
	CompressOff
	// CompressMessages compresses each message larger than the threshold on its own ("no
	// context takeover"): a compressor is borrowed from a pool for the write, so an idle
	// connection holds none.
	CompressMessages
	// CompressContext keeps one compressor and its 32 KB window per connection ("context
	// takeover"): later messages refer to earlier ones, at a fixed cost in memory per connection.
	CompressContext
)

// defaultCompressThreshold is the smallest message CompressMessages compresses: smaller ones gain
// a few bytes at most. Measured (loadgen BenchmarkWireBytes): a seat of a random duel reads 227 kB
// with 128, 252 kB with 256, 299 kB with 512 (370 kB uncompressed).
const defaultCompressThreshold = 128

// acceptOptions are the WebSocket upgrade's options of a server with these options.
func (o *Options) acceptOptions() *websocket.AcceptOptions {
	a := &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled}
	switch o.Compression {
	case CompressDefault, CompressMessages:
		a.CompressionMode = websocket.CompressionNoContextTakeover
	case CompressContext:
		a.CompressionMode = websocket.CompressionContextTakeover
	}
	a.CompressionThreshold = o.CompressThreshold
	if a.CompressionThreshold <= 0 && a.CompressionMode == websocket.CompressionNoContextTakeover {
		a.CompressionThreshold = defaultCompressThreshold
	}
	return a
}
