package httpjson

import (
	"errors"
	"net/http/httptest"
	"testing"
)

func TestAnswers(t *testing.T) {
	for _, tt := range []struct {
		write func(*httptest.ResponseRecorder)
		code  int
		body  string
	}{
		{func(w *httptest.ResponseRecorder) { Write(w, 201, map[string]int{"n": 1}) }, 201, `{"n":1}` + "\n"},
		{func(w *httptest.ResponseRecorder) { Error(w, 400, "bad <deck>") }, 400, `{"error":"bad \u003cdeck\u003e"}` + "\n"},
		{func(w *httptest.ResponseRecorder) { Err(w, 404, errors.New("no such duel")) }, 404, `{"error":"no such duel"}` + "\n"},
		{func(w *httptest.ResponseRecorder) { ErrorCode(w, 402, "not enough gems", "gems") }, 402, `{"code":"gems","error":"not enough gems"}` + "\n"},
	} {
		w := httptest.NewRecorder()
		tt.write(w)
		if w.Code != tt.code || w.Body.String() != tt.body || w.Header().Get("Content-Type") != "application/json" ||
			w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("got %d %q %v, want %d %q as JSON, no-store", w.Code, w.Body.String(), w.Header(), tt.code, tt.body)
		}
	}
}
