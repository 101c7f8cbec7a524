package bus

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, subject string
		want             bool
	}{
		{"chat.room.ABC", "chat.room.ABC", true},
		{"chat.room.ABC", "chat.room.ABD", false},
		{"chat.room.*", "chat.room.ABC", true},
		{"chat.room.*", "chat.room.ABC.x", false},
		{"chat.>", "chat.room.ABC", true},
		{"chat.>", "chat", false},
		{"chat.*.ABC", "chat.friend.ABC", true},
		{"chat.room", "chat.room.ABC", false},
		{"chat.room.ABC", "chat.room", false},
	} {
		if got := Match(strings.Split(tt.pattern, "."), strings.Split(tt.subject, ".")); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.subject, got, tt.want)
		}
	}
}

func TestLocalDeliversToMatchingSubscribersUntilUnsubscribed(t *testing.T) {
	b := NewLocal()
	var got []string
	stop := b.Subscribe("chat.room.*", func(s string, d []byte) { got = append(got, s+"="+string(d)) })
	b.Subscribe("chat.friend.>", func(s string, d []byte) { got = append(got, "f:"+s) })
	b.Publish("chat.room.R1", []byte("a"))
	b.Publish("chat.friend.7", []byte("b"))
	b.Publish("other", []byte("c"))
	stop()
	b.Publish("chat.room.R1", []byte("d"))
	if strings.Join(got, ",") != "chat.room.R1=a,f:chat.friend.7" {
		t.Fatalf("delivered %v", got)
	}
}
