package server

import "testing"

// TestClientMessagesStrict: a WebSocket message with a key given twice, a key that matches a
// field only by case, or data after the object is malformed (the one strict decoder of
// internal/strictjson, as the HTTP APIs' bodies).
func TestClientMessagesStrict(t *testing.T) {
	for _, m := range []string{
		`{"t":"join","room":"AAAAAAAA","room":"BBBBBBBB"}`,
		`{"t":"join","ROOM":"AAAAAAAA"}`,
		`{"t":"hello","v":1,"name":"a"} {"t":"hello"}`,
		`{"t":"answer","prompt":1,"i":0,"i":1}`,
	} {
		if _, _, _, e := decodeClient([]byte(m)); e == nil || e.Code != ErrMalformed {
			t.Errorf("%s: %v, want malformed", m, e)
		}
	}
	if _, _, _, e := decodeClient([]byte(`{"t":"join","room":"AAAAAAAA"}`)); e != nil {
		t.Fatalf("a good message: %v", e)
	}
}
