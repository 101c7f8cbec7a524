// Package httpjson is the one way every JSON API of the server answers (miniflux's shape: one
// response helper): the status, a JSON body, and Cache-Control no-store (answers are per player
// and change; the catalog's cacheable answers set their own headers).
package httpjson

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/duelistgame/duelist/internal/strictjson"
)

// Write answers status with v as JSON.
func Write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // the client went away: nothing to do
}

// WriteCompressed answers 200 with v as JSON, as Write does, gzipped (gzip.BestSpeed) when the
// request accepts gzip (Vary: Accept-Encoding): for the long answers, the replay viewer's states.
func WriteCompressed(w http.ResponseWriter, r *http.Request, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Accept-Encoding")
	if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		_ = json.NewEncoder(w).Encode(v)
		return
	}
	h.Set("Content-Encoding", "gzip")
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	_ = json.NewEncoder(zw).Encode(v)
	zw.Close()
}

// Error answers status with {"error": msg}: msg is a sentence for the player.
func Error(w http.ResponseWriter, status int, msg string) {
	Write(w, status, map[string]string{"error": msg})
}

// Err answers status with {"error": err's message}.
func Err(w http.ResponseWriter, status int, err error) { Error(w, status, err.Error()) }

// ErrorCode answers status with {"error": msg, "code": code}: code is for programs.
func ErrorCode(w http.ResponseWriter, status int, msg, code string) {
	Write(w, status, map[string]string{"error": msg, "code": code})
}

// Read reads a request body of at most max bytes into v with the one strict decoder
// (strictjson.Decode: one value, no unknown, repeated or case-folded key); the error says why.
func Read(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		return fmt.Errorf("the request body: %w", err)
	}
	return strictjson.Decode(data, v)
}
