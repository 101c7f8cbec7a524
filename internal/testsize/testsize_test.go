package testsize

import (
	"testing"
)

func TestN(t *testing.T) {
	t.Setenv(Env, "")
	want := 2
	if testing.Short() {
		want = 1
	}
	if got := N(1, 2, 3); got != want {
		t.Errorf("N(1, 2, 3) without %s = %d, want %d", Env, got, want)
	}
	t.Setenv(Env, "1")
	want = 3
	if testing.Short() {
		want = 1
	}
	if got := N(1, 2, 3); got != want {
		t.Errorf("N(1, 2, 3) with %s=1 = %d, want %d", Env, got, want)
	}
}
